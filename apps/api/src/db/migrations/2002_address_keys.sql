-- Per-address limits count an IPv6 client by its /64 (issue 31, docs/decisions/3102): one home or
-- phone connection picks any address of its /64. The key is written by lib/address-key.ts
-- (addressKey) beside the address itself, which stays what staff see in full.
ALTER TABLE bookings ADD COLUMN created_address_key text;
ALTER TABLE users ADD COLUMN registered_address_key text;

-- Rows from before: an IPv4 address is its own key, and so is one written as IPv6 (::ffff:a.b.c.d).
-- An IPv6 address keeps itself as its key (as it was counted until now); unpaid holds end within a
-- day, so the /64 counts every hold that matters from the next day on.
UPDATE bookings SET created_address_key = regexp_replace(created_ip, '^::ffff:', '', 'i')
  WHERE created_ip IS NOT NULL;
UPDATE users SET registered_address_key = regexp_replace(registered_ip, '^::ffff:', '', 'i')
  WHERE registered_ip IS NOT NULL;

-- The limits and the back office look holds up by key now.
DROP INDEX IF EXISTS bookings_unpaid_ip_idx;
CREATE INDEX bookings_unpaid_address_key_idx ON bookings (created_address_key) WHERE status = 'awaiting_payment';
