-- Money the gateway took that paid no booking (paid after the booking ended, or not its total) goes
-- back to the customer by itself (issue 16): the refund's id at the gateway, and when. A refund being
-- made is claimed first (refund_ref 'claimed:…'), so two instances never refund the same charge twice.
ALTER TABLE gateway_charges ADD COLUMN refund_ref text;
ALTER TABLE gateway_charges ADD COLUMN refunded_at timestamptz;
