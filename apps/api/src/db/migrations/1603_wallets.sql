-- Wallets for Chinese visitors through the payment gateway (issue 16): WeChat Pay (a QR code) and
-- Alipay (a page of Alipay's to approve on), charged like PromptPay through the gateway and confirmed
-- by its webhook. An Alipay charge has no QR code, only the address to send the customer to.
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_method_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_method_check
  CHECK (payment_method IN ('card','bank_transfer','promptpay','wechat_pay','alipay','cash'));
ALTER TABLE payments DROP CONSTRAINT payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check
  CHECK (method IN ('card','bank_transfer','promptpay','wechat_pay','alipay','cash'));
ALTER TABLE gateway_charges DROP CONSTRAINT gateway_charges_method_check;
ALTER TABLE gateway_charges ADD CONSTRAINT gateway_charges_method_check
  CHECK (method IN ('promptpay','wechat_pay','alipay'));
ALTER TABLE gateway_charges ALTER COLUMN qr_svg DROP NOT NULL;
ALTER TABLE gateway_charges ADD COLUMN authorize_uri text;
ALTER TABLE gateway_charges ADD CONSTRAINT gateway_charges_something_to_show
  CHECK (qr_svg IS NOT NULL OR authorize_uri IS NOT NULL);
