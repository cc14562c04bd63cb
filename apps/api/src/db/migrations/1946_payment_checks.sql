-- A card charge whose outcome is unknown (the gateway timed out or failed with a 5xx,
-- issue 19): the payment row stays 'pending' with the idempotency key it was sent
-- with, the booking keeps its car, and a job asks the gateway by that key until
-- it knows. Never a decline: the card may have been charged.
ALTER TABLE payments ADD COLUMN gateway_key text;
ALTER TABLE payments ADD COLUMN checked_at timestamptz;
ALTER TABLE payments ADD COLUMN check_count integer NOT NULL DEFAULT 0;
CREATE INDEX payments_pending_charge_idx ON payments (created_at) WHERE status = 'pending' AND kind = 'charge';
