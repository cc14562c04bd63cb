-- A gateway charge still pending is asked after every minute too (issue 16), in case its webhook is
-- lost or the site's webhook address is wrong: the longest-unasked first.
ALTER TABLE gateway_charges ADD COLUMN checked_at timestamptz;
CREATE INDEX gateway_charges_pending_idx ON gateway_charges (checked_at NULLS FIRST) WHERE status = 'pending';
