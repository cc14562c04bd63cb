-- What payments publishes for the modules below it to read (issue 33, docs/decisions/3306). Bookings
-- sits below payments in the module map: it may not read payments' tables, but its read model (a
-- booking's page, My bookings, the staff list, the unpaid holds) and its expiry need a few facts of
-- each booking's money. Payments states them here, over its own tables, keyed by booking id; the
-- check of the module map (scripts/check-layers.mjs, PUBLISHED_VIEWS) lets bookings read these views
-- and nothing else of payments'.
--
-- Simple views (no aggregate, DISTINCT or LIMIT at their top), so PostgreSQL pulls them into the
-- reader's statement: a list of 200 bookings stays one statement, each column a subquery run only
-- when the reader names it, in the reader's snapshot and under its row locks, as when the same
-- subqueries were written in bookings' SQL.

-- A booking's payment facts, one row per booking.
CREATE VIEW booking_payment_facts AS
SELECT
  b.id AS booking_id,
  -- A transfer slip waits for staff (the staff list sorts those first).
  EXISTS (SELECT 1 FROM payment_slips s WHERE s.booking_id = b.id AND s.status = 'pending') AS slip_pending,
  (SELECT count(*)::int FROM payment_slips s WHERE s.booking_id = b.id) AS slip_count,
  -- The automatic check's result of each slip still waiting (NULL: its check has not answered yet);
  -- the expiry decides with the contract's slipChecksByStanding which of them keep the car.
  ARRAY(SELECT s.check_result FROM payment_slips s WHERE s.booking_id = b.id AND s.status = 'pending'
        ORDER BY s.id) AS pending_slip_checks,
  -- A QR or wallet charge at the gateway not answered yet (a change's own charge excluded).
  EXISTS (SELECT 1 FROM gateway_charges g
          WHERE g.booking_id = b.id AND g.status = 'pending' AND g.change_ref IS NULL) AS gateway_pending,
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

-- A booking's payments as its page and receipt list them: a deposit's money (a PromptPay deposit's
-- refund, docs/decisions/3650) is not the booking's and is left out.
CREATE VIEW booking_payments AS
SELECT p.booking_id, p.id, p.method, p.kind, p.status, p.amount, p.gateway, p.gateway_ref, p.card_brand,
       p.card_last4, p.failure_code, p.created_at
FROM payments p
WHERE NOT p.for_deposit;
