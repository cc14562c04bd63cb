-- Cards with 3-D Secure (issue 16, part 1): a card charge the customer's bank must approve waits at
-- the gateway like a PromptPay charge, with the bank's page to send the customer to, and is settled
-- by its final state there (the webhook, or the customer back on the booking's page).
ALTER TABLE gateway_charges DROP CONSTRAINT gateway_charges_method_check;
ALTER TABLE gateway_charges ADD CONSTRAINT gateway_charges_method_check
  CHECK (method IN ('promptpay','wechat_pay','alipay','card'));
