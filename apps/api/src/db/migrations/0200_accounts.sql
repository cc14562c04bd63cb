-- Accounts (issue 4): an erased account keeps its row, anonymised, so the
-- records the law makes us keep (bookings, invoices) still point at something;
-- deleted_at says when the customer asked for erasure.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
