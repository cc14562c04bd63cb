-- Issue 33 item 3 (decision 3305): "handover" meant three things. A booking's delivery and collection legs
-- (decision 1704) are now called what they are; "hand-over" means the condition reports (decision 1804) only.
-- A rename keeps every row, and the views and foreign keys that point at the table follow it (by its oid).
ALTER TABLE booking_handovers RENAME TO booking_deliveries;
-- The names Postgres gave the constraints in 1704 (table_column_kind), renamed with the table so that an
-- error or a plan names the table that exists (the primary key's index follows its constraint).
ALTER TABLE booking_deliveries RENAME CONSTRAINT booking_handovers_pkey TO booking_deliveries_pkey;
ALTER TABLE booking_deliveries RENAME CONSTRAINT booking_handovers_booking_id_fkey TO booking_deliveries_booking_id_fkey;
ALTER TABLE booking_deliveries RENAME CONSTRAINT booking_handovers_zone_id_fkey TO booking_deliveries_zone_id_fkey;
ALTER TABLE booking_deliveries RENAME CONSTRAINT booking_handovers_leg_check TO booking_deliveries_leg_check;
ALTER TABLE booking_deliveries RENAME CONSTRAINT booking_handovers_kind_check TO booking_deliveries_kind_check;
ALTER TABLE booking_deliveries RENAME CONSTRAINT booking_handovers_fee_check TO booking_deliveries_fee_check;
