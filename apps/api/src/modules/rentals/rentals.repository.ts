import { errorHttpStatus, type ErrorCode, type FieldError } from '@siam/contract/errors';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import { sql } from 'drizzle-orm';
import { transactionRetriedIfLost, type Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import type { LocalizedText } from '../../db/schema/localized';

/** What a create request came to: the booking made, or why not (kept for idempotent repeats). */
export type StoredOutcome =
  { ok: true; data: unknown } | { ok: false; code: ErrorCode; msg: string; errors?: FieldError[] };

/**
 * The SQL of the use cases that make and change bookings (checkout, pay again, changes, cancellation):
 * the limits on unpaid holds, idempotency keys and a change's record (booking_changes). The booking's
 * own rows are written through BookingsService (its `writes`), promotion uses through PricingService
 * (its `promotions`): each table is written by its owner only (decision 3304).
 */
export class RentalsRepository {
  constructor(readonly db: Db) {}

  /**
   * Runs `fn` in one transaction. `retryIfLost`: run it again when the connection is lost before
   * COMMIT (db/client.ts transactionRetriedIfLost), for work that is all in the database.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, options: { retryIfLost?: boolean } = {}): Promise<T> {
    return options.retryIfLost ? transactionRetriedIfLost(this.db, fn) : this.db.transaction(fn);
  }

  /**
   * Units of the booking's model at its branch free for the period, the booking's own holds not
   * counted (a change of dates may overlap the period it is leaving).
   */
  async unitsFreeExcept(
    ex: Executor,
    booking: { car_model_id: number; branch_code: string },
    bookingId: number,
    startsAt: Date,
    blockedUntil: Date,
  ) {
    return (await this.freeUnitsExcept(ex, booking, bookingId, startsAt, blockedUntil)).map((u) => u.id);
  }

  /** The same units with their plates (staff choose one: decision 3661). */
  async freeUnitsExcept(
    ex: Executor,
    booking: { car_model_id: number; branch_code: string },
    bookingId: number,
    startsAt: Date,
    blockedUntil: Date,
  ) {
    return rows<{ id: number; plate: string }>(
      ex,
      sql`SELECT u.id, u.plate FROM vehicle_units u
          WHERE u.car_model_id = ${booking.car_model_id} AND u.branch_code = ${booking.branch_code}
            AND u.status = 'in_service'
            AND NOT EXISTS (
              SELECT 1 FROM unit_holds h WHERE h.unit_id = u.id AND h.released_at IS NULL
                AND h.booking_id IS DISTINCT FROM ${bookingId}
                AND tstzrange(h.starts_at, h.blocked_until, '[)') && tstzrange(${startsAt.toISOString()}::timestamptz, ${blockedUntil.toISOString()}::timestamptz, '[)'))
          ORDER BY u.id`,
    );
  }

  /** The company account a customer is a member of (companies.service.ts), or undefined. */
  async companyOf(ex: Executor, userId: number) {
    const [row] = await rows<{ id: number; buyer: TaxBuyer; active: boolean; deposits_on_account: boolean }>(
      ex,
      sql`SELECT c.id, c.buyer, c.active, c.deposits_on_account FROM company_members m JOIN companies c ON c.id = m.company_id
          WHERE m.user_id = ${userId}`,
    );
    return row;
  }

  /** Whether the branch has a car of this model in service (a change of car stays at its branch). */
  async modelAtBranch(ex: Executor, carModelId: number, branchCode: string) {
    const [row] = await rows<{ id: number }>(
      ex,
      sql`SELECT id FROM vehicle_units WHERE car_model_id = ${carModelId} AND branch_code = ${branchCode}
            AND status = 'in_service' LIMIT 1`,
    );
    return row !== undefined;
  }

  /** The models a branch has cars of in service, with today's daily price (satang). */
  async modelsAtBranch(ex: Executor, branchCode: string) {
    return rows<{ id: number; brand: LocalizedText; model: LocalizedText; price_per_day: number }>(
      ex,
      sql`SELECT m.id, m.brand, m.model, (m.price_per_day * 100)::int AS price_per_day FROM car_models m
          WHERE m.is_active AND EXISTS (SELECT 1 FROM vehicle_units u WHERE u.car_model_id = m.id
            AND u.branch_code = ${branchCode} AND u.status = 'in_service')
          ORDER BY m.price_per_day, m.id`,
    );
  }

  /** Claims an idempotency key; a concurrent claim of the same key waits here until the first commits. */
  /**
   * Locks a customer's row for the rest of the transaction, so two bookings they
   * make at the same moment are counted one after the other. It must be the
   * transaction's first lock on that row: the idempotency key's foreign key
   * takes a share lock on it, and upgrading after that deadlocks.
   */
  async lockCustomer(ex: Executor, userId: number): Promise<void> {
    await rows(ex, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
  }

  /** A customer with a verified email or a completed rental: trusted with more unpaid bookings at once. */
  async isEstablishedCustomer(ex: Executor, userId: number): Promise<boolean> {
    const [row] = await rows<{ established: boolean }>(
      ex,
      sql`SELECT (u.email_verified_at IS NOT NULL
                  OR EXISTS (SELECT 1 FROM bookings b WHERE b.user_id = u.id AND b.status = 'completed')) AS established
          FROM users u WHERE u.id = ${userId}`,
    );
    return Boolean(row?.established);
  }

  /**
   * Serialises unpaid creates that share a limit (one address, one device, one
   * model at one branch) for the rest of the transaction, always in the same
   * order so two creates never wait on each other in a circle.
   */
  async lockUnpaidScopes(ex: Executor, scopes: string[]): Promise<void> {
    for (const scope of [...scopes].sort())
      await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`unpaid:${scope}`}))`);
  }

  /** Unpaid bookings made from one address (its key: lib/address-key.ts) or one device (call lockUnpaidScopes first). */
  async countUnpaidFrom(ex: Executor, by: { addressKey: string } | { deviceId: string }): Promise<number> {
    const [row] = await rows<{ n: number }>(
      ex,
      'addressKey' in by
        ? sql`SELECT count(*)::int AS n FROM bookings WHERE status = 'awaiting_payment' AND created_address_key = ${by.addressKey}`
        : sql`SELECT count(*)::int AS n FROM bookings WHERE status = 'awaiting_payment' AND device_id = ${by.deviceId}`,
    );
    return Number(row?.n ?? 0);
  }

  /**
   * A model's cars in service at a branch, and the most of them held unpaid on
   * any one day of the period (call lockUnpaidScopes first).
   */
  async unpaidLoad(
    ex: Executor,
    carModelId: number,
    branchCode: string,
    pickupDate: string,
    returnDate: string,
  ) {
    const [row] = await rows<{ units: number; held: number }>(
      ex,
      sql`SELECT
            (SELECT count(*)::int FROM vehicle_units
              WHERE car_model_id = ${carModelId} AND branch_code = ${branchCode} AND status = 'in_service') AS units,
            (SELECT coalesce(max(n), 0)::int FROM (
               SELECT d, count(b.id) AS n
               FROM generate_series(${pickupDate}::date, ${returnDate}::date, interval '1 day') AS d
               JOIN bookings b ON b.status = 'awaiting_payment' AND b.car_model_id = ${carModelId}
                 AND b.branch_code = ${branchCode} AND b.pickup_date <= d::date AND b.return_date >= d::date
               GROUP BY d) per_day) AS held`,
    );
    return { units: Number(row?.units ?? 0), held: Number(row?.held ?? 0) };
  }

  /** How many bookings a customer has awaiting payment (call lockCustomer first). */
  async countUnpaid(ex: Executor, userId: number): Promise<number> {
    const [row] = await rows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${userId} AND status = 'awaiting_payment'`,
    );
    return Number(row?.n ?? 0);
  }

  async claimIdempotencyKey(ex: Executor, userId: number, key: string, hash: string) {
    const claimed = await rows<{ key: string }>(
      ex,
      sql`INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (${userId}, ${key}, ${hash})
          ON CONFLICT DO NOTHING RETURNING key`,
    );
    return claimed.length === 1;
  }

  async idempotencyRecord(ex: Executor, userId: number, key: string) {
    const [row] = await rows<{
      request_hash: string;
      booking_id: number | null;
      response_status: number | null;
      response_body: unknown;
    }>(
      ex,
      sql`SELECT request_hash, booking_id, response_status, response_body FROM idempotency_keys
          WHERE user_id = ${userId} AND key = ${key}`,
    );
    return row;
  }

  async attachIdempotencyBooking(ex: Executor, userId: number, key: string, bookingId: number) {
    await ex.execute(
      sql`UPDATE idempotency_keys SET booking_id = ${bookingId} WHERE user_id = ${userId} AND key = ${key}`,
    );
  }

  /**
   * Keeps what a create request came to under its key, so a repeat gets the same. Stored as
   * the answer went out (status and envelope): rows kept before services stopped speaking HTTP
   * read the same way.
   */
  async storeIdempotencyOutcome(ex: Executor, userId: number, key: string, outcome: StoredOutcome) {
    const status = outcome.ok ? 200 : errorHttpStatus[outcome.code];
    const body = outcome.ok
      ? { status: true, response: { data: outcome.data } }
      : { status: false, code: outcome.code, msg: outcome.msg, errors: outcome.errors };
    await ex.execute(
      sql`UPDATE idempotency_keys SET response_status = ${status}, response_body = ${JSON.stringify(body)}::jsonb
          WHERE user_id = ${userId} AND key = ${key}`,
    );
  }

  /** The outcome kept under a key, or null while the first request is still at work. */
  storedOutcome(
    record: { response_status: number | null; response_body: unknown } | undefined,
  ): StoredOutcome | null {
    if (!record?.response_status) return null;
    const body = record.response_body as {
      status: boolean;
      response?: { data: unknown };
      code?: ErrorCode;
      msg?: string;
      errors?: FieldError[];
    };
    return body.status
      ? { ok: true, data: body.response!.data }
      : { ok: false, code: body.code ?? 'INTERNAL_ERROR', msg: body.msg ?? '', errors: body.errors };
  }

  /** The record of a change (booking_changes): from what to what, what it cost, who made it. */
  async insertChange(
    ex: Executor,
    c: {
      bookingId: number;
      fromPickup: string;
      fromReturn: string;
      toPickup: string;
      toReturn: string;
      fromTotal: string;
      toTotal: string;
      charged: string;
      byUser: number;
      fromCarModelId: number;
      toCarModelId: number;
      extrasChanged: boolean;
    },
  ) {
    await ex.execute(
      sql`INSERT INTO booking_changes (booking_id, from_pickup, from_return, to_pickup, to_return, from_total, to_total,
            charged, by_user, from_car_model_id, to_car_model_id, extras_changed)
          VALUES (${c.bookingId}, ${c.fromPickup}, ${c.fromReturn}, ${c.toPickup}, ${c.toReturn},
                  ${c.fromTotal}, ${c.toTotal}, ${c.charged}, ${c.byUser},
                  ${c.fromCarModelId}, ${c.toCarModelId}, ${c.extrasChanged})`,
    );
  }

  /** PDPA erasure: the stored answers of a customer's booking requests (they name the driver). */
  async eraseIdempotencyKeys(ex: Executor, userId: number) {
    await ex.execute(sql`DELETE FROM idempotency_keys WHERE user_id = ${userId}`);
  }
}
