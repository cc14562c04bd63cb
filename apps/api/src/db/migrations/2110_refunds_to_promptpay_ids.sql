-- Refunds staff pay by hand to a PromptPay ID the customer gives (issue 36 part 3, docs/decisions/3650).
-- A pending refund (payments, kind 'refund') keeps the customer's PromptPay ID and the name on the
-- account; paid, it keeps how staff paid it, when and who (the bank's transfer reference in gateway_ref).
ALTER TABLE payments ADD COLUMN payout_promptpay_id text;
ALTER TABLE payments ADD COLUMN payout_name text;
ALTER TABLE payments ADD COLUMN paid_way text CHECK (paid_way IN ('promptpay','bank_transfer','cash'));
ALTER TABLE payments ADD COLUMN paid_at timestamptz;
CREATE INDEX payments_refunds_to_pay ON payments (created_at) WHERE kind = 'refund' AND status = 'pending';
-- The customer is told on LINE (if linked) that the refund was sent.
ALTER TABLE line_messages DROP CONSTRAINT line_messages_kind_check;
ALTER TABLE line_messages ADD CONSTRAINT line_messages_kind_check
  CHECK (kind IN ('created', 'paid', 'slip_rejected', 'pickup_tomorrow', 'return_today', 'refund_paid'));
