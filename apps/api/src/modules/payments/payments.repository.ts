import type { SlipCheckResult } from '@siam/contract/bookings';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paidNoBooking } from '../../db/money-trail';
import { rows, type Executor } from '../../db/sql-rows';

/**
 * The SQL of the payments tables: payments (charges and refunds), gateway charges and their webhook
 * events, transfer slips. A booking's row is moved only through BookingsService (its status table);
 * the booking's read model reads its payments in bookings.repository.ts.
 */
export class PaymentsRepository {
  constructor(readonly db: Db) {}

  /** Runs `fn` in one transaction (a payment and its booking's status change commit together). */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async insertPayment(
    ex: Executor,
    p: {
      bookingId: number;
      method: string;
      kind?: 'charge' | 'refund';
      status: 'pending' | 'succeeded' | 'failed';
      amount: string;
      gateway?: string | null;
      reference?: string | null;
      brand?: string | null;
      last4?: string | null;
      failureCode?: string | null;
      /** The idempotency key a card charge was sent with (kept for an unknown outcome). */
      gatewayKey?: string | null;
      /** The deposit's money given back (never on the booking's receipt), decision 3650. */
      forDeposit?: boolean;
    },
  ) {
    await ex.execute(
      sql`INSERT INTO payments (booking_id, method, kind, status, amount, gateway, gateway_ref, card_brand, card_last4, failure_code, gateway_key, for_deposit)
          VALUES (${p.bookingId}, ${p.method}, ${p.kind ?? 'charge'}, ${p.status}, ${p.amount}, ${p.gateway ?? null},
                  ${p.reference ?? null}, ${p.brand ?? null}, ${p.last4 ?? null}, ${p.failureCode ?? null}, ${p.gatewayKey ?? null},
                  ${p.forDeposit ?? false})`,
    );
  }

  /**
   * Card charges whose outcome is unknown, oldest first, for the reconciling job and
   * the back office. `before`: only charges sent before then (a charge answered a
   * moment ago may still be on its way).
   */
  async pendingCharges(ex: Executor, before: Date, limit = 50, bookingId?: number) {
    return rows<{
      payment_id: number;
      booking_id: number;
      booking_number: string;
      user_id: number | null;
      customer_name: string;
      gateway: string | null;
      gateway_key: string | null;
      amount: number;
      created_ms: number;
      checked_ms: number | null;
      check_count: number;
    }>(
      ex,
      sql`SELECT p.id AS payment_id, b.id AS booking_id, b.booking_number, b.user_id,
            b.driver_first_name || ' ' || b.driver_last_name AS customer_name, p.gateway, p.gateway_key,
            (p.amount * 100)::int AS amount, (extract(epoch FROM p.created_at) * 1000)::float8 AS created_ms,
            (extract(epoch FROM p.checked_at) * 1000)::float8 AS checked_ms, p.check_count
          FROM payments p JOIN bookings b ON b.id = p.booking_id
          WHERE p.status = 'pending' AND p.kind = 'charge' AND p.created_at < ${before.toISOString()}::timestamptz
            AND (${bookingId ?? null}::int IS NULL OR p.booking_id = ${bookingId ?? null}::int)
          ORDER BY p.created_at LIMIT ${limit}`,
    );
  }

  /** Settles a pending charge once; false when another instance settled it first. */
  async settleCharge(
    ex: Executor,
    paymentId: number,
    outcome: { status: 'succeeded' | 'failed'; reference: string | null; failureCode?: string | null },
  ) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE payments SET status = ${outcome.status}, gateway_ref = coalesce(${outcome.reference}, gateway_ref),
            failure_code = ${outcome.failureCode ?? null}, checked_at = now(), check_count = check_count + 1
          WHERE id = ${paymentId} AND status = 'pending' RETURNING id`,
    );
    return done.length === 1;
  }

  /** `at`: when the gateway was asked (the reconciling job's clock). */
  async markChargeChecked(ex: Executor, paymentId: number, at: Date) {
    await ex.execute(
      sql`UPDATE payments SET checked_at = ${at.toISOString()}::timestamptz, check_count = check_count + 1 WHERE id = ${paymentId}`,
    );
  }

  /**
   * Records an uploaded slip; null when its QR code's transfer is already on a slip (of any
   * booking): the unique index decides, so two uploads of one slip at once cannot both pass.
   */
  async insertSlip(
    ex: Executor,
    s: { bookingId: number; key: string; contentType: string; size: number; qrRef: string | null },
  ): Promise<number | null> {
    const [row] = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO payment_slips (booking_id, storage_key, content_type, size_bytes, qr_ref)
          VALUES (${s.bookingId}, ${s.key}, ${s.contentType}, ${s.size}, ${s.qrRef})
          ON CONFLICT (qr_ref) WHERE qr_ref IS NOT NULL DO NOTHING
          RETURNING id`,
    );
    return row?.id ?? null;
  }

  /** The booking's charge at the gateway (PromptPay, a wallet, a card at 3-D Secure) that can still be paid, if it has one. */
  async liveSourceCharge(ex: Executor, bookingId: number) {
    const [row] = await rows<{ reference: string; qr_svg: string | null; authorize_uri: string | null }>(
      ex,
      sql`SELECT reference, qr_svg, authorize_uri FROM gateway_charges
          WHERE booking_id = ${bookingId} AND status = 'pending' AND change_ref IS NULL
            AND method <> 'deposit_promptpay'`,
    );
    return row;
  }

  /** The booking's deposit QR at the gateway that can still be paid (decision 3652), if it has one. */
  async liveDepositCharge(ex: Executor, bookingId: number) {
    const [row] = await rows<{ reference: string; qr_svg: string; amount: number; created_ms: number }>(
      ex,
      sql`SELECT reference, qr_svg, (amount * 100)::int AS amount,
                 (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
          FROM gateway_charges
          WHERE booking_id = ${bookingId} AND status = 'pending' AND method = 'deposit_promptpay'`,
    );
    return row;
  }

  /**
   * A deposit QR past its window, still unpaid at the gateway, set aside for a new one: false when it
   * was settled meanwhile. Money paid on it later still counts (settleDepositCharge).
   */
  async setAsideDepositCharge(ex: Executor, reference: string) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE gateway_charges SET status = 'expired', settled_at = now()
          WHERE reference = ${reference} AND status = 'pending' AND method = 'deposit_promptpay' RETURNING id`,
    );
    return done.length === 1;
  }

  /**
   * Settles a deposit's PromptPay charge once by its state at the gateway: from pending, or from a QR
   * set aside (expired here) that was paid anyway; false when it was settled already.
   */
  async settleDepositCharge(ex: Executor, reference: string, status: string) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE gateway_charges SET status = ${status}, settled_at = now()
          WHERE reference = ${reference} AND method = 'deposit_promptpay'
            AND (status = 'pending' OR (status = 'expired' AND ${status} = 'successful'))
          RETURNING id`,
    );
    return done.length === 1;
  }

  /**
   * Keeps a new gateway charge; false when the booking already has a pending one of its kind (another
   * request made it): its own, a change's, or its deposit's by PromptPay (decision 3652).
   */
  async insertGatewayCharge(
    ex: Executor,
    c: {
      bookingId: number;
      gateway: string;
      method: string;
      reference: string;
      amountSatang: number;
      qrSvg: string | null;
      authorizeUri: string | null;
      /** The change this charge pays (rentals' booking_change_requests), not the booking's total. */
      changeRef?: number;
      /** When it was made by the site's clock (a deposit QR's window counts from it); else the database's now. */
      createdAt?: Date;
    },
  ): Promise<boolean> {
    const inserted = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO gateway_charges (booking_id, gateway, method, reference, amount, qr_svg, authorize_uri, change_ref, created_at)
          VALUES (${c.bookingId}, ${c.gateway}, ${c.method}, ${c.reference}, ${c.amountSatang / 100}, ${c.qrSvg},
                  ${c.authorizeUri}, ${c.changeRef ?? null}, coalesce(${c.createdAt?.toISOString() ?? null}::timestamptz, now()))
          ${
            c.changeRef !== undefined
              ? sql`ON CONFLICT (change_ref) WHERE status = 'pending' AND change_ref IS NOT NULL`
              : c.method === 'deposit_promptpay'
                ? sql`ON CONFLICT (booking_id) WHERE status = 'pending' AND method = 'deposit_promptpay'`
                : sql`ON CONFLICT (booking_id) WHERE status = 'pending' AND change_ref IS NULL AND method <> 'deposit_promptpay'`
          } DO NOTHING RETURNING id`,
    );
    return inserted.length === 1;
  }

  async gatewayCharge(ex: Executor, reference: string) {
    const [row] = await rows<{
      booking_id: number;
      method: string;
      amount: number;
      status: string;
      change_ref: number | null;
    }>(
      ex,
      sql`SELECT booking_id, method, (amount * 100)::int AS amount, status, change_ref FROM gateway_charges
          WHERE reference = ${reference}`,
    );
    return row;
  }

  /** The charge paying a waiting change (decision 3631), the latest first. */
  async changeCharge(ex: Executor, changeRef: number) {
    const [row] = await rows<{
      reference: string;
      status: string;
      qr_svg: string | null;
      authorize_uri: string | null;
    }>(
      ex,
      sql`SELECT reference, status, qr_svg, authorize_uri FROM gateway_charges
          WHERE change_ref = ${changeRef} ORDER BY id DESC LIMIT 1`,
    );
    return row;
  }

  /**
   * Claims a paid gateway charge that paid no booking, for its refund: false when it is not such money,
   * was refunded, or another request is refunding it. Returns its booking.
   */
  async claimUnmatchedRefund(ex: Executor, reference: string, claim: string) {
    const [row] = await rows<{ booking_id: number }>(
      ex,
      sql`UPDATE gateway_charges c SET refund_ref = ${claim}
          WHERE c.reference = ${reference} AND c.refund_ref IS NULL AND ${paidNoBooking}
          RETURNING c.booking_id`,
    );
    return row ?? null;
  }

  /** The refund made (its id at the gateway), or the claim given up (the gateway refused: staff may try again). */
  async finishUnmatchedRefund(ex: Executor, reference: string, claim: string, refundRef: string | null) {
    await ex.execute(
      sql`UPDATE gateway_charges SET refund_ref = ${refundRef},
                 refunded_at = ${refundRef === null ? null : sql`now()`}
          WHERE reference = ${reference} AND refund_ref = ${claim}`,
    );
  }

  /** Settles a pending gateway charge once; false when it was settled already (an earlier event). */
  async settleGatewayCharge(ex: Executor, reference: string, status: string): Promise<boolean> {
    const updated = await rows<{ id: number }>(
      ex,
      sql`UPDATE gateway_charges SET status = ${status}, settled_at = now()
          WHERE reference = ${reference} AND status = 'pending' RETURNING id`,
    );
    return updated.length === 1;
  }

  /**
   * Pending gateway charges made before `before`, the longest-unasked first, marked asked now: the
   * minute job asks the gateway about each (several instances take different ones).
   */
  async takePendingGatewayCharges(ex: Executor, before: Date, limit: number) {
    const taken = await rows<{ reference: string }>(
      ex,
      sql`UPDATE gateway_charges SET checked_at = now()
          WHERE id IN (SELECT id FROM gateway_charges
                       WHERE status = 'pending' AND created_at < ${before.toISOString()}::timestamptz
                       ORDER BY checked_at NULLS FIRST, id LIMIT ${limit}
                       FOR UPDATE SKIP LOCKED)
          RETURNING reference`,
    );
    return taken.map((t) => t.reference);
  }

  /** Records a webhook event; false when it was recorded before (a duplicate delivery). */
  /**
   * Keeps a webhook delivery once (its id is Omise's event id): true the first time, false for a delivery
   * already kept (a retry), which then changes nothing. No event (the return page, the minute job): true.
   */
  async firstDelivery(
    ex: Executor,
    event: { id: string; key: string } | null,
    gateway: string,
    reference: string,
  ): Promise<boolean> {
    if (!event) return true;
    const inserted = await rows<{ id: string }>(
      ex,
      sql`INSERT INTO gateway_events (id, gateway, kind, reference, outcome)
          VALUES (${event.id}, ${gateway}, ${event.key}, ${reference}, 'received')
          ON CONFLICT (id) DO NOTHING RETURNING id`,
    );
    return inserted.length === 1;
  }

  async setGatewayEventOutcome(ex: Executor, id: string, outcome: string) {
    await ex.execute(sql`UPDATE gateway_events SET outcome = ${outcome} WHERE id = ${id}`);
  }

  /** What the automatic check found, and the transfer as the bank reported it. */
  async setSlipCheck(
    ex: Executor,
    slipId: number,
    check: { result: SlipCheckResult; amountSatang?: number; paidAt?: Date },
  ) {
    await ex.execute(
      sql`UPDATE payment_slips SET check_result = ${check.result},
            slip_amount = ${check.amountSatang === undefined ? null : check.amountSatang / 100},
            slip_paid_at = ${check.paidAt?.toISOString() ?? null}
          WHERE id = ${slipId}`,
    );
  }

  async findSlip(ex: Executor, bookingId: number, slipId: number) {
    const [slip] = await rows<{ storage_key: string; content_type: string }>(
      ex,
      sql`SELECT storage_key, content_type FROM payment_slips WHERE id = ${slipId} AND booking_id = ${bookingId}`,
    );
    return slip;
  }

  /**
   * PDPA erasure: a customer's transfer slips go (the keys returned so the files can be deleted); the
   * payments stay as the money record.
   */
  async eraseSlipsOf(ex: Executor, userId: number) {
    const slips = await rows<{ storage_key: string }>(
      ex,
      sql`DELETE FROM payment_slips s USING bookings b
          WHERE s.booking_id = b.id AND b.user_id = ${userId} RETURNING s.storage_key`,
    );
    return slips.map((s) => s.storage_key);
  }

  /**
   * PDPA erasure: the PromptPay ID and account name a customer gave for refunds staff send by hand
   * (decision 3650) go; the refund rows stay as the money record (a pending one then waits for an ID).
   */
  async erasePayoutsOf(ex: Executor, userId: number) {
    await ex.execute(
      sql`UPDATE payments p SET payout_promptpay_id = NULL, payout_name = NULL FROM bookings b
          WHERE p.booking_id = b.id AND b.user_id = ${userId}
            AND (p.payout_promptpay_id IS NOT NULL OR p.payout_name IS NOT NULL)`,
    );
  }

  async reviewSlips(ex: Executor, bookingId: number, status: 'accepted' | 'rejected', reason: string | null) {
    const updated = await rows<{ id: number }>(
      ex,
      sql`UPDATE payment_slips SET status = ${status}, reject_reason = ${reason}, reviewed_at = now()
          WHERE booking_id = ${bookingId} AND status = 'pending' RETURNING id`,
    );
    return updated.length;
  }
}
