import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql-rows';

/** A change waiting for its difference at the gateway (booking_change_requests, migration 2080). */
export interface ChangeRequestRow {
  id: number;
  booking_id: number;
  request: Record<string, unknown>;
  /** Satang. */
  amount: number;
  method: 'promptpay' | 'wechat_pay' | 'alipay';
  status: 'awaiting_payment' | 'applied' | 'expired';
  unit_id: number;
  hold_ids: number[];
  pay_by: string;
  created_by: number;
}

const columns = sql`id, booking_id, request, (amount * 100)::int AS amount, method, status, unit_id, hold_ids,
  to_char(pay_by AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS pay_by, created_by`;

/**
 * The SQL of changes paid at the gateway (rentals/ owns booking_change_requests, decision 3631): a
 * change asked for and its new dates' holds, found again when the gateway says it is paid, and let go
 * when it lapses unpaid. The holds themselves are the record's (BookingsService).
 */
export class ChangeRequestsRepository {
  /** Keeps a waiting change; null when the booking already has one (another request made it). */
  async insert(
    ex: Executor,
    c: {
      bookingId: number;
      request: Record<string, unknown>;
      amountSatang: number;
      method: string;
      unitId: number;
      holdIds: number[];
      payBy: Date;
      createdBy: number;
    },
  ): Promise<ChangeRequestRow | null> {
    const [row] = await rows<ChangeRequestRow>(
      ex,
      sql`INSERT INTO booking_change_requests (booking_id, request, amount, method, unit_id, hold_ids, pay_by, created_by)
          VALUES (${c.bookingId}, ${JSON.stringify(c.request)}::jsonb, ${c.amountSatang / 100}, ${c.method}, ${c.unitId},
                  ${`{${c.holdIds.join(',')}}`}::integer[], ${c.payBy.toISOString()}, ${c.createdBy})
          ON CONFLICT (booking_id) WHERE status = 'awaiting_payment' DO NOTHING
          RETURNING ${columns}`,
    );
    return row ?? null;
  }

  /** The booking's change still waiting for its difference, if any. */
  async waiting(ex: Executor, bookingId: number): Promise<ChangeRequestRow | undefined> {
    const [row] = await rows<ChangeRequestRow>(
      ex,
      sql`SELECT ${columns} FROM booking_change_requests WHERE booking_id = ${bookingId} AND status = 'awaiting_payment'`,
    );
    return row;
  }

  /** The booking's latest change paid at the gateway (waiting, made or lapsed). */
  async latest(ex: Executor, bookingId: number): Promise<ChangeRequestRow | undefined> {
    const [row] = await rows<ChangeRequestRow>(
      ex,
      sql`SELECT ${columns} FROM booking_change_requests WHERE booking_id = ${bookingId} ORDER BY id DESC LIMIT 1`,
    );
    return row;
  }

  /** One change, locked for its settling. */
  async lock(ex: Executor, id: number): Promise<ChangeRequestRow | undefined> {
    const [row] = await rows<ChangeRequestRow>(
      ex,
      sql`SELECT ${columns} FROM booking_change_requests WHERE id = ${id} FOR UPDATE`,
    );
    return row;
  }

  async markApplied(ex: Executor, id: number) {
    await ex.execute(
      sql`UPDATE booking_change_requests SET status = 'applied', settled_at = now() WHERE id = ${id}`,
    );
  }

  /** Changes unpaid at their time (or the one given, whatever its time), marked lapsed: their bookings and the holds to let go. */
  async expire(ex: Executor, now: Date, id?: number) {
    return rows<{ id: number; booking_id: number; hold_ids: number[] }>(
      ex,
      sql`UPDATE booking_change_requests SET status = 'expired', settled_at = now()
          WHERE status = 'awaiting_payment'
            AND ${id === undefined ? sql`pay_by <= ${now.toISOString()}` : sql`id = ${id}`}
          RETURNING id, booking_id, hold_ids`,
    );
  }
}
