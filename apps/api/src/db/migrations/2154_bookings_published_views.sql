-- What bookings publishes for the modules below it to read (issue 33, docs/decisions/3306): the
-- catalog (below bookings in the module map) counts free cars against the holds that still count.
-- A simple view, pulled into the catalog's statement: its filter is the partial indexes' own
-- (unit_holds_live_period_idx, the exclusion constraint's), so the plans stay those of the table.
CREATE VIEW live_unit_holds AS
SELECT h.id, h.unit_id, h.car_model_id, h.kind, h.starts_at, h.ends_at, h.blocked_until, h.booking_id
FROM unit_holds h
WHERE h.released_at IS NULL;
