import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';

export interface RefundRow {
  id: number;
  booking_id: number;
  booking_number: string;
  user_id: number | null;
  customer_name: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** Satang. */
  amount: number;
  gateway: string | null;
  payout_promptpay_id: string | null;
  payout_name: string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
}

const refundColumns = sql`p.id, p.booking_id, b.booking_number, b.user_id,
  b.driver_first_name || ' ' || b.driver_last_name AS customer_name, p.status,
  (p.amount * 100)::int AS amount, p.gateway, p.payout_promptpay_id, p.payout_name, p.paid_at, p.created_at`;

/**
 * Refunds paid by hand (docs/decisions/3650): the payments table's refunds (payments/ owns it), the
 * PromptPay ID their customer gives, and staff marking them paid.
 */
export class RefundPayoutsRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** A booking's refunds, oldest first; only the given customer's booking (null: nobody's). */
  ofBooking(bookingId: number, userId: number) {
    return rows<RefundRow>(
      this.db,
      sql`SELECT ${refundColumns} FROM payments p JOIN bookings b ON b.id = p.booking_id
          WHERE p.booking_id = ${bookingId} AND b.user_id = ${userId} AND p.kind = 'refund' AND p.status <> 'failed'
          ORDER BY p.id`,
    );
  }

  /** All of a customer's refunds, oldest first: My bookings asks once, not once per booking. */
  ofCustomer(userId: number) {
    return rows<RefundRow>(
      this.db,
      sql`SELECT ${refundColumns} FROM payments p JOIN bookings b ON b.id = p.booking_id
          WHERE b.user_id = ${userId} AND p.kind = 'refund' AND p.status <> 'failed'
          ORDER BY p.id`,
    );
  }

  /** One refund under a lock, for the customer who owns its booking, or for staff (userId null). */
  async find(ex: Executor, refundId: number, owner: { bookingId: number; userId: number } | null) {
    const [row] = await rows<RefundRow>(
      ex,
      sql`SELECT ${refundColumns} FROM payments p JOIN bookings b ON b.id = p.booking_id
          WHERE p.id = ${refundId} AND p.kind = 'refund'
            AND (${owner?.userId ?? null}::int IS NULL
                 OR (b.user_id = ${owner?.userId ?? null}::int AND p.booking_id = ${owner?.bookingId ?? null}::int))
          FOR UPDATE OF p`,
    );
    return row ?? null;
  }

  /** Refunds waiting for staff, oldest first. */
  pending() {
    return rows<RefundRow>(
      this.db,
      sql`SELECT ${refundColumns} FROM payments p JOIN bookings b ON b.id = p.booking_id
          WHERE p.kind = 'refund' AND p.status = 'pending' ORDER BY p.created_at, p.id`,
    );
  }

  /** The customer's PromptPay ID for a refund still waiting; false once it is paid. */
  async setPayout(ex: Executor, refundId: number, promptpayId: string, name: string) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE payments SET payout_promptpay_id = ${promptpayId}, payout_name = ${name}
          WHERE id = ${refundId} AND kind = 'refund' AND status = 'pending' RETURNING id`,
    );
    return done.length > 0;
  }

  /** Staff sent it: the bank's transfer reference, how and when; false when it was no longer pending. */
  async markPaid(ex: Executor, refundId: number, p: { way: string; reference: string; at: Date }) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE payments SET status = 'succeeded', gateway_ref = ${p.reference}, paid_way = ${p.way},
            paid_at = ${p.at.toISOString()}::timestamptz
          WHERE id = ${refundId} AND kind = 'refund' AND status = 'pending' RETURNING id`,
    );
    return done.length > 0;
  }
}
