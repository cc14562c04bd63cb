-- A walk-in's receipt sent through LINE when the customer's account is linked (issue 36 part 6,
-- decision 3660): its own kind of booking message, written once per booking like the others.
ALTER TABLE line_messages DROP CONSTRAINT line_messages_kind_check;
ALTER TABLE line_messages ADD CONSTRAINT line_messages_kind_check
  CHECK (kind IN ('created', 'paid', 'slip_rejected', 'pickup_tomorrow', 'return_today', 'refund_paid', 'receipt'));
