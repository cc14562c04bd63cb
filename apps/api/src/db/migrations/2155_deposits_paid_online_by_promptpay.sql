-- A deposit paid by PromptPay online before pickup (issue 36 part 3, docs/decisions/3652): a gateway
-- charge of its own method, settled into the deposit (never the booking's payment). Its QR waits
-- beside whatever else the booking has pending at the gateway (a PromptPay charge of the booking left
-- to expire, a card's deposit hold at the bank), so it has its own one-pending index per booking.
ALTER TABLE gateway_charges DROP CONSTRAINT gateway_charges_method_check;
ALTER TABLE gateway_charges ADD CONSTRAINT gateway_charges_method_check
  CHECK (method IN ('promptpay','wechat_pay','alipay','card','deposit','deposit_promptpay'));
DROP INDEX gateway_charges_one_pending_idx;
CREATE UNIQUE INDEX gateway_charges_one_pending_idx ON gateway_charges (booking_id)
  WHERE status = 'pending' AND change_ref IS NULL AND method <> 'deposit_promptpay';
CREATE UNIQUE INDEX gateway_charges_one_pending_deposit_idx ON gateway_charges (booking_id)
  WHERE status = 'pending' AND method = 'deposit_promptpay';

-- The booking's own payment being checked is not its deposit's QR waiting (2151's view, restated).
CREATE OR REPLACE VIEW booking_payment_facts AS
SELECT
  b.id AS booking_id,
  -- A transfer slip waits for staff (the staff list sorts those first).
  EXISTS (SELECT 1 FROM payment_slips s WHERE s.booking_id = b.id AND s.status = 'pending') AS slip_pending,
  (SELECT count(*)::int FROM payment_slips s WHERE s.booking_id = b.id) AS slip_count,
  -- The automatic check's result of each slip still waiting (NULL: its check has not answered yet);
  -- the expiry decides with the contract's slipChecksByStanding which of them keep the car.
  ARRAY(SELECT s.check_result FROM payment_slips s WHERE s.booking_id = b.id AND s.status = 'pending'
        ORDER BY s.id) AS pending_slip_checks,
  -- A QR or wallet charge at the gateway not answered yet (a change's own charge and a deposit's QR excluded).
  EXISTS (SELECT 1 FROM gateway_charges g
          WHERE g.booking_id = b.id AND g.status = 'pending' AND g.change_ref IS NULL
            AND g.method <> 'deposit_promptpay') AS gateway_pending,
  -- Where the customer finishes 3-D Secure for the deposit's hold on their card.
  (SELECT g.authorize_uri FROM gateway_charges g
     WHERE g.booking_id = b.id AND g.status = 'pending' AND g.method = 'deposit') AS deposit_authorize_uri,
  -- A card charge still being checked may have taken the money.
  EXISTS (SELECT 1 FROM payments p
          WHERE p.booking_id = b.id AND p.kind = 'charge' AND p.status = 'pending') AS charge_pending,
  -- The refusal code of the booking's last charge when that charge was refused (docs/decisions/3530).
  (SELECT p.failure_code FROM payments p
     WHERE p.booking_id = b.id AND p.kind = 'charge' AND p.status = 'failed'
       AND p.id = (SELECT max(q.id) FROM payments q WHERE q.booking_id = b.id AND q.kind = 'charge'))
    AS last_charge_refusal
FROM bookings b;
