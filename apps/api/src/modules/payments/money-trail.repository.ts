import type { SlipCheckResult } from '@siam/contract/bookings';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paidNoBooking } from '../../db/money-trail';
import { rows } from '../../db/sql-rows';

/** Such money not given back yet: the loose ends staff see. */
const unmatchedCharge = sql`${paidNoBooking} AND c.refunded_at IS NULL`;

/**
 * The money trail's reads for the back office (payments/ owns these tables): a booking's payments, slips,
 * gateway charges and their webhook events for the staff's booking page, and the loose ends of
 * "Card payments being checked" (money no booking payment stands for, bookings paid twice).
 */
export class MoneyTrailRepository {
  constructor(readonly db: Db) {}

  async payments(bookingId: number) {
    return rows<{
      id: number;
      method: 'card' | 'bank_transfer' | 'promptpay' | 'wechat_pay' | 'alipay';
      kind: 'charge' | 'refund';
      status: string;
      amount: number;
      gateway_ref: string | null;
      created_at: Date | string;
    }>(
      this.db,
      sql`SELECT id, method, kind, status, (amount * 100)::int AS amount, gateway_ref, created_at
          FROM payments WHERE booking_id = ${bookingId} ORDER BY id`,
    );
  }

  async slips(bookingId: number) {
    return rows<{
      id: number;
      storage_key: string;
      content_type: string;
      size_bytes: number;
      status: 'pending' | 'accepted' | 'rejected';
      reject_reason: string | null;
      created_at: Date | string;
      reviewed_at: Date | string | null;
      check_result: SlipCheckResult | null;
      slip_amount: number | null;
      slip_paid_at: Date | string | null;
    }>(
      this.db,
      sql`SELECT id, storage_key, content_type, size_bytes, status, reject_reason, created_at, reviewed_at,
                 check_result, (slip_amount * 100)::int AS slip_amount, slip_paid_at
          FROM payment_slips WHERE booking_id = ${bookingId} ORDER BY id`,
    );
  }

  /** The booking's PromptPay charges at the gateway. */
  async gatewayCharges(bookingId: number) {
    return rows<{
      reference: string;
      status: string;
      amount: number;
      created_at: Date | string;
      settled_at: Date | string | null;
    }>(
      this.db,
      sql`SELECT reference, status, (amount * 100)::int AS amount, created_at, settled_at
          FROM gateway_charges WHERE booking_id = ${bookingId} ORDER BY id`,
    );
  }

  /** The gateway's webhook events about the booking's charges, as received. */
  async gatewayEvents(bookingId: number) {
    return rows<{ id: string; kind: string; reference: string; outcome: string; received_at: Date | string }>(
      this.db,
      sql`SELECT e.id, e.kind, e.reference, e.outcome, e.received_at
          FROM gateway_events e JOIN gateway_charges c ON c.reference = e.reference
          WHERE c.booking_id = ${bookingId} ORDER BY e.received_at, e.id`,
    );
  }

  /** Gateway charges paid that no payment of a booking stands for (paid late, or not the total). */
  async unmatchedCharges() {
    return rows<{
      reference: string;
      gateway: string;
      booking_id: number;
      booking_number: string;
      booking_status: string;
      amount: number;
      settled_at: Date | string | null;
      outcome: string | null;
    }>(
      this.db,
      sql`SELECT c.reference, c.gateway, c.booking_id, b.booking_number, b.status AS booking_status,
                 (c.amount * 100)::int AS amount, c.settled_at,
                 (SELECT e.outcome FROM gateway_events e WHERE e.reference = c.reference
                   ORDER BY e.received_at DESC LIMIT 1) AS outcome
          FROM gateway_charges c JOIN bookings b ON b.id = c.booking_id
          WHERE ${unmatchedCharge}
          ORDER BY c.settled_at DESC NULLS LAST LIMIT 100`,
    );
  }

  /** Bookings more than one payment came in for: charges, unmatched gateway charges, verified slips not used. */
  async paidTwice() {
    return rows<{ booking_id: number; booking_number: string; booking_status: string; payments_in: number }>(
      this.db,
      sql`SELECT b.id AS booking_id, b.booking_number, b.status AS booking_status, count(*)::int AS payments_in
          FROM (
            SELECT booking_id FROM payments WHERE kind = 'charge' AND status = 'succeeded' AND NOT for_deposit
            UNION ALL
            SELECT c.booking_id FROM gateway_charges c
             WHERE ${unmatchedCharge}
            UNION ALL
            SELECT booking_id FROM payment_slips WHERE check_result = 'verified' AND status <> 'accepted'
          ) money JOIN bookings b ON b.id = money.booking_id
          GROUP BY b.id, b.booking_number, b.status
          HAVING count(*) > 1
          ORDER BY b.id DESC LIMIT 100`,
    );
  }
}
