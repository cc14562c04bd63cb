-- The counter's ways of taking money (issue 36 part 6): the card terminal on the desk is recorded as
-- its own method (never 'card', which is the gateway's and refunded there); PromptPay at the counter
-- is 'promptpay' without a gateway charge, so a refund is left to staff like cash.
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_method_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_method_check
  CHECK (payment_method IN ('card','bank_transfer','promptpay','wechat_pay','alipay','cash','company_account','card_terminal'));
ALTER TABLE payments DROP CONSTRAINT payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check
  CHECK (method IN ('card','bank_transfer','promptpay','wechat_pay','alipay','cash','card_terminal'));
