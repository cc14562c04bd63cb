-- Deposits as Omise runs them (issue 34 part 3, docs/decisions/3413): a deposit hold whose card's bank
-- asks for 3-D Secure waits at the gateway like a card payment, as a gateway charge of method
-- 'deposit' with the bank's page to send the customer to; once the bank has approved it, Omise's
-- charge is authorized and unpaid (nothing taken): the gateway charge is 'authorized' and the
-- deposit is held on it.
ALTER TABLE gateway_charges DROP CONSTRAINT gateway_charges_method_check;
ALTER TABLE gateway_charges ADD CONSTRAINT gateway_charges_method_check
  CHECK (method IN ('promptpay','wechat_pay','alipay','card','deposit'));
ALTER TABLE gateway_charges DROP CONSTRAINT gateway_charges_status_check;
ALTER TABLE gateway_charges ADD CONSTRAINT gateway_charges_status_check
  CHECK (status IN ('pending','successful','failed','expired','reversed','authorized'));
