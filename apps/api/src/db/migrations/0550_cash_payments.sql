-- Back office (issue 7): staff take cash at the counter for walk-in and phone
-- bookings. Customers still choose only card, bank transfer or PromptPay (the API's schema).
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_method_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_method_check
  CHECK (payment_method IN ('card','bank_transfer','promptpay','cash'));
ALTER TABLE payments DROP CONSTRAINT payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check
  CHECK (method IN ('card','bank_transfer','promptpay','cash'));
