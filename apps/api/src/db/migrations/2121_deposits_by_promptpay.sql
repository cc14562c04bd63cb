-- A deposit taken by PromptPay at the counter (issue 36 part 3, docs/decisions/3650): after return,
-- what is not kept goes back to the customer's PromptPay ID as a refund staff send by hand. Such a
-- refund is the deposit's money, not the booking's: it is kept with the booking's payments for the
-- money trail and the staff's refund list, but never on the booking's receipt or in what it paid.
ALTER TABLE bookings DROP CONSTRAINT bookings_deposit_method_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_deposit_method_check
  CHECK (deposit_method IN ('card','cash','promptpay'));
ALTER TABLE payments ADD COLUMN for_deposit boolean NOT NULL DEFAULT false;
