-- Issue 33 item 3 (decision 3305): "handover" meant three things. A booking's delivery and collection legs
-- (decision 1704) are now called what they are; "hand-over" means the condition reports (decision 1804) only.
-- A rename keeps every row, and the views and foreign keys that point at the table follow it (by its oid).
ALTER TABLE booking_handovers RENAME TO booking_deliveries;
-- The names Postgres gave the constraints in 1704 (table_column_kind) follow the table, so that an error or a
-- plan names the table that exists (a primary key's index follows its constraint). Found by name, not listed:
-- PostgreSQL 18 (and PGlite on it) also keeps each NOT NULL as a named constraint; earlier versions do not.
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
           WHERE conrelid = 'booking_deliveries'::regclass AND conname LIKE 'booking\_handovers\_%' LOOP
    EXECUTE format('ALTER TABLE booking_deliveries RENAME CONSTRAINT %I TO %I',
                   c.conname, 'booking_deliveries_' || substr(c.conname, length('booking_handovers_') + 1));
  END LOOP;
END $$;
