-- What the hand-over (condition reports, charges after a return, the signed agreement) publishes for
-- the modules below it to read (issue 33, docs/decisions/3306): the booking's read model shows them.
-- A simple view keyed by booking id, pulled into the reader's one statement (see 2151).
CREATE VIEW booking_hand_over_facts AS
SELECT
  b.id AS booking_id,
  COALESCE((SELECT json_agg(json_build_object('kind', r.kind, 'fuel_eighths', r.fuel_eighths,
      'mileage_km', r.mileage_km, 'damage', r.damage, 'notes', r.notes, 'photo_ids', r.photo_ids,
      'recorded_ms', (extract(epoch FROM r.recorded_at) * 1000)::float8) ORDER BY r.kind)
    FROM condition_reports r WHERE r.booking_id = b.id), '[]'::json) AS condition_reports,
  COALESCE((SELECT json_agg(json_build_object('kind', c.kind, 'amount', (c.amount * 100)::int, 'note', c.note,
      'hours', c.hours) ORDER BY c.id) FROM booking_charges c WHERE c.booking_id = b.id), '[]'::json) AS charges,
  (SELECT json_build_object('signed_ms', (extract(epoch FROM a.signed_at) * 1000)::float8,
      'signer_name', a.signer_name, 'sha256', a.sha256)
    FROM rental_agreements a WHERE a.booking_id = b.id) AS agreement
FROM bookings b;
