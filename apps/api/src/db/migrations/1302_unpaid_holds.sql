-- Holding cars without paying (issue 13). An unpaid booking holds its car until
-- its own deadline (short: PromptPay is instant, a transfer takes a bank visit),
-- and the limits on unpaid holds count by account, by network address, by
-- device and by model per day (docs/decisions/1301-unpaid-holds.md).

-- When an unpaid booking stops holding its car. Bookings from before this
-- migration keep the old rule: 24 hours after they were made.
ALTER TABLE bookings ADD COLUMN payment_due_at timestamptz;
UPDATE bookings SET payment_due_at = created_at + interval '24 hours' WHERE status = 'awaiting_payment';

-- Where an online booking came from: the client's address (TRUST_PROXY decides
-- which one that is) and the browser's device id (a signed cookie), for the
-- per-address and per-device limits and for staff looking at suspicious holds.
ALTER TABLE bookings ADD COLUMN created_ip text;
ALTER TABLE bookings ADD COLUMN device_id text;

CREATE INDEX bookings_unpaid_due_idx ON bookings (payment_due_at) WHERE status = 'awaiting_payment';
CREATE INDEX bookings_unpaid_ip_idx ON bookings (created_ip) WHERE status = 'awaiting_payment';
CREATE INDEX bookings_unpaid_device_idx ON bookings (device_id) WHERE status = 'awaiting_payment';
CREATE INDEX bookings_unpaid_model_idx ON bookings (car_model_id, branch_code) WHERE status = 'awaiting_payment';
DROP INDEX IF EXISTS bookings_unpaid_idx;

-- A verified email raises an account's allowance of unpaid holds (set when a
-- sign-in provider vouches for the address, and by the email verification link).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

-- Where an account was registered from, for staff looking at many new accounts from one address.
ALTER TABLE users ADD COLUMN registered_ip text;
CREATE INDEX users_registered_ip_idx ON users (registered_ip, created_at) WHERE registered_ip IS NOT NULL;
