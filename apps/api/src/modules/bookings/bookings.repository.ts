import { slipChecksByStanding, type SlipStanding } from '@siam/contract/bookings';
import { businessRules } from '@siam/contract/business-rules';
import { bookingTransitions, type BookingTransition } from './booking-status';
import { sql, type SQL } from 'drizzle-orm';
import { transactionRetriedIfLost, type Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import type { DepositMethod } from '@siam/contract/deposits';
import type { LocalizedText } from '../../db/schema/localized';
import type { BookingRow, PaymentRow } from './booking-row';

export type { BookingRow, PaymentRow };

/** The slip check results of a standing, as an SQL list: `IN (…)`. */
const checks = (standing: SlipStanding) =>
  sql`(${sql.join(
    slipChecksByStanding[standing].map((c) => sql`${c}`),
    sql`, `,
  )})`;

const bookingColumns = sql`
  b.id, b.booking_number, b.user_id, b.car_model_id, b.unit_id, b.branch_code,
  to_char(b.pickup_date, 'YYYY-MM-DD') AS pickup_date, to_char(b.return_date, 'YYYY-MM-DD') AS return_date,
  to_char(b.pickup_at AT TIME ZONE 'Asia/Bangkok', 'HH24:MI') AS pickup_time,
  to_char(b.return_at AT TIME ZONE 'Asia/Bangkok', 'HH24:MI') AS return_time,
  b.tax_buyer, df.tax_invoice_number, df.tax_notes,
  b.days, b.status, b.payment_method, b.driver_first_name, b.driver_last_name, b.driver_email,
  b.driver_phone, b.driver_id_number, b.language,
  (b.price_per_day * 100)::int AS price_per_day, (b.rental_amount * 100)::int AS rental_amount,
  b.hot_deal_percent::text AS hot_deal_percent, (b.hot_deal_discount * 100)::int AS hot_deal_discount,
  (b.addons_amount * 100)::int AS addons_amount, b.promotion_code,
  (b.promotion_discount * 100)::int AS promotion_discount, (b.total_amount * 100)::int AS total_amount,
  (b.vat_amount * 100)::int AS vat_amount, (b.cancellation_fee * 100)::int AS cancellation_fee, b.cancel_reason,
  (extract(epoch FROM b.created_at) * 1000)::float8 AS created_ms,
  (extract(epoch FROM b.paid_at) * 1000)::float8 AS paid_ms,
  (extract(epoch FROM b.payment_due_at) * 1000)::float8 AS payment_due_ms,
  m.brand, m.model, br.name AS branch_name, br.counter_place, rbr.counter_place AS return_counter_place,
  (SELECT i.url FROM car_model_images i WHERE i.car_model_id = m.id ORDER BY i.sort_order LIMIT 1) AS image,
  pf.slip_pending, pf.slip_count, pf.gateway_pending,
  (b.deposit_amount * 100)::int AS deposit_amount, b.deposit_state, b.deposit_method,
  (b.deposit_kept * 100)::int AS deposit_kept, b.deposit_kept_reason,
  (extract(epoch FROM b.deposit_held_at) * 1000)::float8 AS deposit_held_ms,
  (extract(epoch FROM b.deposit_released_at) * 1000)::float8 AS deposit_released_ms, b.deposit_ref,
  pf.deposit_authorize_uri,
  COALESCE((SELECT json_agg(json_build_object('first_name', d.first_name, 'last_name', d.last_name,
      'birth_date', to_char(d.birth_date, 'YYYY-MM-DD'), 'licence_number', d.licence_number,
      'licence_country', d.licence_country, 'licence_issued', to_char(d.licence_issued, 'YYYY-MM-DD'),
      'licence_expiry', to_char(d.licence_expiry, 'YYYY-MM-DD'), 'international_permit', d.international_permit, 'licence_document', d.licence_document)
      ORDER BY d.position) FROM booking_drivers d WHERE d.booking_id = b.id), '[]'::json) AS drivers,
  COALESCE(b.return_branch_code, b.branch_code) AS return_branch_code, rbr.name AS return_branch_name,
  (b.one_way_fee * 100)::int AS one_way_fee, b.price_rules,
  (b.out_of_hours_fee * 100)::int AS out_of_hours_fee, b.flight_number,
  COALESCE((SELECT json_agg(json_build_object('leg', h.leg, 'zone_name', h.zone_name, 'kind', h.kind,
      'address', h.address, 'flight_number', h.flight_number, 'fee', (h.fee * 100)::int) ORDER BY h.leg DESC)
    FROM booking_deliveries h WHERE h.booking_id = b.id), '[]'::json) AS deliveries,
  COALESCE((SELECT json_agg(json_build_object('id', p.id, 'sent_ms', (extract(epoch FROM p.created_at) * 1000)::float8)
      ORDER BY p.id) FROM licence_pictures p WHERE p.booking_id = b.id), '[]'::json) AS licence_pictures,
  ho.condition_reports, ho.charges, ho.agreement`;

/**
 * The facts of modules above bookings come from the views they publish over their own tables, keyed by
 * booking id (payments 2151, documents 2152, the hand-over 2153; docs/decisions/3306): simple views, so
 * PostgreSQL pulls them into this one statement (a list stays one query; the row lock and the snapshot
 * are this statement's).
 */
const bookingFrom = sql`FROM bookings b JOIN car_models m ON m.id = b.car_model_id JOIN branches br ON br.code = b.branch_code
  JOIN branches rbr ON rbr.code = COALESCE(b.return_branch_code, b.branch_code)
  JOIN booking_payment_facts pf ON pf.booking_id = b.id
  JOIN booking_document_facts df ON df.booking_id = b.id
  JOIN booking_hand_over_facts ho ON ho.booking_id = b.id`;

/**
 * The SQL of the booking record: its row and read model, the status table's transitions, its car's
 * holds, deposit, licence pictures, erasure and expiry. Payments, slips and gateway charges are written
 * by payments/payments.repository.ts; a new booking, its changes and idempotency keys by
 * rentals/rentals.repository.ts; prices are read by pricing/pricing.repository.ts.
 */
export class BookingsRepository {
  constructor(readonly db: Db) {}

  /**
   * Runs `fn` in one transaction. `retryIfLost`: run it again when the connection is lost before
   * COMMIT (db/client.ts transactionRetriedIfLost), for work that is all in the database. The
   * transaction has the pool's type (Db): what runs on one runs on the other, audit records included.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, options: { retryIfLost?: boolean } = {}): Promise<T> {
    return options.retryIfLost ? transactionRetriedIfLost(this.db, fn) : this.db.transaction(fn);
  }

  /** Who a booking belongs to: the facts booking-access.ts decides on (undefined: no such booking). */
  async bookingOwner(ex: Executor, bookingId: number) {
    const [row] = await rows<{ user_id: number | null }>(
      ex,
      sql`SELECT user_id FROM bookings WHERE id = ${bookingId}`,
    );
    return row;
  }

  /** The status of a customer's own booking (undefined when it is not theirs). */
  async ownBookingStatus(ex: Executor, userId: number, bookingId: number) {
    const [row] = await rows<{ status: string; car_model_id: number }>(
      ex,
      sql`SELECT status, car_model_id FROM bookings WHERE id = ${bookingId} AND user_id = ${userId}`,
    );
    return row;
  }

  /** Bookings of this customer that count as "a booking" for first-booking codes. */
  async countRealBookings(ex: Executor, userId: number) {
    const [row] = await rows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM bookings
          WHERE user_id = ${userId} AND status NOT IN ('cancelled','expired','payment_failed')`,
    );
    return row?.n ?? 0;
  }

  /** In-service units of the model at the branch, free ones first, in random order so simultaneous bookings spread over the units instead of queueing on one. */
  async candidateUnits(
    ex: Executor,
    carModelId: number,
    branchCode: string,
    startsAt: Date,
    blockedUntil: Date,
  ) {
    return rows<{ id: number; free: boolean }>(
      ex,
      sql`SELECT u.id, NOT EXISTS (
              SELECT 1 FROM unit_holds h WHERE h.unit_id = u.id AND h.released_at IS NULL
                AND tstzrange(h.starts_at, h.blocked_until, '[)') && tstzrange(${startsAt.toISOString()}::timestamptz, ${blockedUntil.toISOString()}::timestamptz, '[)')
            ) AS free
          FROM vehicle_units u
          WHERE u.car_model_id = ${carModelId} AND u.branch_code = ${branchCode} AND u.status = 'in_service'
          ORDER BY 2 DESC, random()`,
    );
  }

  /**
   * Puts a hold on the unit; the EXCLUDE constraint decides. ON CONFLICT DO
   * NOTHING covers exclusion constraints: a clash gives no row (and waits for
   * a competing transaction to finish first), never a broken transaction.
   */
  async insertHold(
    ex: Executor,
    hold: {
      unitId: number;
      bookingId: number;
      startsAt: Date;
      endsAt: Date;
      blockedUntil: Date;
      createdBy: number | null;
    },
  ) {
    const inserted = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO unit_holds (unit_id, kind, starts_at, ends_at, blocked_until, booking_id, created_by)
          VALUES (${hold.unitId}, 'booking', ${hold.startsAt.toISOString()}, ${hold.endsAt.toISOString()},
                  ${hold.blockedUntil.toISOString()}, ${hold.bookingId}, ${hold.createdBy})
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    return inserted[0]?.id;
  }

  async releaseHolds(ex: Executor, bookingId: number, ids?: number[]) {
    await ex.execute(
      sql`UPDATE unit_holds SET released_at = now() WHERE booking_id = ${bookingId} AND released_at IS NULL
            AND ${ids ? sql`id = ANY(${`{${ids.join(',')}}`}::integer[])` : sql`true`}`,
    );
  }

  async liveHold(ex: Executor, bookingId: number) {
    const [row] = await rows<{
      id: number;
      unit_id: number;
      starts_at: string;
      ends_at: string;
      blocked_until: string;
    }>(
      ex,
      sql`SELECT id, unit_id, starts_at::text, ends_at::text, blocked_until::text FROM unit_holds
          WHERE booking_id = ${bookingId} AND released_at IS NULL ORDER BY id LIMIT 1`,
    );
    return row;
  }

  async setUnit(ex: Executor, bookingId: number, unitId: number) {
    await ex.execute(sql`UPDATE bookings SET unit_id = ${unitId} WHERE id = ${bookingId}`);
  }

  /** A licence picture kept; false when the booking has six already (counted under its lock). */
  async insertLicencePicture(ex: Executor, bookingId: number, key: string, size: number) {
    const done = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO licence_pictures (booking_id, storage_key, size)
          SELECT ${bookingId}, ${key}, ${size}
          WHERE (SELECT count(*) FROM licence_pictures WHERE booking_id = ${bookingId}) < 6
          RETURNING id`,
    );
    return done.length === 1;
  }

  async licencePicture(ex: Executor, bookingId: number, pictureId: number) {
    const [row] = await rows<{ storage_key: string }>(
      ex,
      sql`SELECT storage_key FROM licence_pictures WHERE booking_id = ${bookingId} AND id = ${pictureId}`,
    );
    return row;
  }

  async bookingAddons(ex: Executor, bookingId: number) {
    return rows<{
      code: string;
      name: LocalizedText;
      quantity: number;
      price_per_day: number;
      amount: number;
    }>(
      ex,
      sql`SELECT ba.addon_code AS code, a.name, ba.quantity, (ba.price_per_day * 100)::int AS price_per_day,
            (ba.amount * 100)::int AS amount
          FROM booking_addons ba JOIN addons a ON a.code = ba.addon_code
          WHERE ba.booking_id = ${bookingId} ORDER BY a.sort_order`,
    );
  }

  async findBooking(
    ex: Executor,
    where: { id?: number; number?: string; userId?: number; forUpdate?: boolean },
  ) {
    const conditions = [sql`true`];
    if (where.id !== undefined) conditions.push(sql`b.id = ${where.id}`);
    if (where.number !== undefined) conditions.push(sql`b.booking_number = ${where.number}`);
    if (where.userId !== undefined) conditions.push(sql`b.user_id = ${where.userId}`);
    const lock = where.forUpdate ? sql` FOR UPDATE OF b` : sql``;
    const [row] = await rows<BookingRow>(
      ex,
      sql`SELECT ${bookingColumns} ${bookingFrom} WHERE ${sql.join(conditions, sql` AND `)}${lock}`,
    );
    return row;
  }

  async listForUser(ex: Executor, userId: number) {
    return rows<BookingRow>(
      ex,
      sql`SELECT ${bookingColumns} ${bookingFrom} WHERE b.user_id = ${userId} ORDER BY b.created_at DESC, b.id DESC LIMIT 200`,
    );
  }

  /**
   * Moves a booking along one transition of the status table (booking-status.ts), with the
   * columns that go with it (`also`); false when the booking is not in a status it allows.
   */
  async transition(ex: Executor, bookingId: number, name: BookingTransition, also?: SQL) {
    const { from, to } = bookingTransitions[name];
    const updated = await rows<{ id: number }>(
      ex,
      sql`UPDATE bookings SET status = ${to}, ${also ? sql`${also},` : sql``} updated_at = now()
          WHERE id = ${bookingId} AND status IN (${sql.join(
            from.map((s) => sql`${s}`),
            sql`, `,
          )}) RETURNING id`,
    );
    return updated.length === 1;
  }
  /** Paid: awaiting payment → confirmed, with when. */
  confirmPaid(ex: Executor, bookingId: number) {
    return this.transition(ex, bookingId, 'confirm', sql`paid_at = now()`);
  }

  /** Cancelled by the customer or staff, with why and the fee kept (baht). */
  cancel(
    ex: Executor,
    bookingId: number,
    c: { by: 'staff' | 'customer'; reason: string | null; fee: string },
  ) {
    return this.transition(
      ex,
      bookingId,
      'cancel',
      sql`cancelled_at = now(), cancelled_by = ${c.by}, cancel_reason = ${c.reason}, cancellation_fee = ${c.fee}`,
    );
  }

  /** The car was handed over now. */
  pickUp(ex: Executor, bookingId: number) {
    return this.transition(ex, bookingId, 'pickUp', sql`picked_up_at = now()`);
  }

  /** The car came back at `at` (else now). */
  markReturned(ex: Executor, bookingId: number, at?: Date) {
    const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
    return this.transition(ex, bookingId, 'return', sql`returned_at = ${when}`);
  }

  async payments(ex: Executor, bookingId: number) {
    return rows<PaymentRow>(
      ex,
      sql`SELECT id, method, kind, status, (amount * 100)::int AS amount, gateway, gateway_ref, card_brand, card_last4,
            failure_code, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
          FROM booking_payments WHERE booking_id = ${bookingId} ORDER BY id`,
    );
  }

  /**
   * Takes a confirmed or running booking's deposit at pickup; false when it is not due (taken already,
   * or the booking is not one a car is handed over for).
   */
  async takeDeposit(ex: Executor, bookingId: number, method: DepositMethod) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE bookings SET deposit_state = 'held', deposit_method = ${method}, deposit_held_at = now(),
                 updated_at = now()
          WHERE id = ${bookingId} AND deposit_state = 'due' AND status IN ('confirmed','active')
          RETURNING id`,
    );
    return done.length === 1;
  }

  /** The deposit held on the customer's card through the gateway; false when it is not due any more. */
  async holdDepositOnCard(ex: Executor, bookingId: number, reference: string, gateway: string, at: Date) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE bookings SET deposit_state = 'held', deposit_method = 'card', deposit_held_at = ${at.toISOString()},
                 deposit_ref = ${reference}, deposit_gateway = ${gateway}, updated_at = now()
          WHERE id = ${bookingId} AND deposit_state = 'due' AND status IN ('confirmed','active')
          RETURNING id`,
    );
    return done.length === 1;
  }

  /** Deposits held on a card since before `before` whose car is not back yet (a few at a time). */
  async cardDepositsHeldBefore(ex: Executor, before: Date, limit: number) {
    return rows<{ id: number; deposit_ref: string }>(
      ex,
      sql`SELECT id, deposit_ref FROM bookings WHERE deposit_state = 'held' AND deposit_ref IS NOT NULL
            AND status IN ('confirmed','active') AND deposit_held_at <= ${before.toISOString()}::timestamptz
          ORDER BY deposit_held_at LIMIT ${limit}`,
    );
  }

  /** The card hold `reference` of a deposit let go: the deposit is due again; false when it is not that hold's any more. */
  async depositDueAgain(ex: Executor, bookingId: number, reference: string) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE bookings SET deposit_state = 'due', deposit_method = NULL, deposit_held_at = NULL,
                 deposit_ref = NULL, deposit_gateway = NULL, updated_at = now()
          WHERE id = ${bookingId} AND deposit_state = 'held' AND deposit_ref = ${reference} RETURNING id`,
    );
    return done.length === 1;
  }

  /**
   * Gives a held deposit back (all but `keptBaht`, with why); false when none is held or the car is not
   * back. A PromptPay deposit paid online goes back when its booking is cancelled too (decision 3652).
   */
  async releaseDeposit(ex: Executor, bookingId: number, keptBaht: number, reason: string | null) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE bookings SET deposit_kept = ${keptBaht}, deposit_kept_reason = ${reason},
                 deposit_state = CASE WHEN ${keptBaht}::numeric > 0 THEN 'partly_released' ELSE 'released' END,
                 deposit_released_at = now(), updated_at = now()
          WHERE id = ${bookingId} AND deposit_state = 'held'
            AND (status IN ('active','completed') OR (status = 'cancelled' AND deposit_method = 'promptpay'))
            AND ${keptBaht}::numeric <= deposit_amount
          RETURNING id`,
    );
    return done.length === 1;
  }

  /**
   * Expires unpaid bookings past their payment deadline and frees their cars in one statement: safe on
   * several instances at once (row locks make a second runner skip what the first took). A booking
   * whose slip waits for review keeps its car when the bank knows the transfer, or for a few hours more
   * when the provider could not be asked; a slip nothing vouches for keeps nothing (contract
   * slipChecksByStanding, docs/decisions/3102). A slip still being checked (no result yet) keeps it
   * too: its check ends within seconds. The money's facts are payments' published view (2151,
   * docs/decisions/3306); the promotion codes' uses are given back by pricing in the same transaction
   * (BookingsService.expireUnpaid).
   */
  async expireUnpaid(ex: Executor, now: Date) {
    return rows<{ id: number }>(
      ex,
      sql`WITH expired AS (
            -- A booking whose last card try was refused ends as a failed payment, with the refusal's
            -- code (docs/decisions/3530); any other unpaid booking has expired.
            UPDATE bookings b SET
              status = CASE WHEN b.payment_method = 'card' AND f.last_charge_refusal IS NOT NULL
                THEN ${bookingTransitions.failPayment.to} ELSE ${bookingTransitions.expire.to} END,
              cancel_reason = COALESCE(CASE WHEN b.payment_method = 'card' THEN f.last_charge_refusal END, b.cancel_reason),
              cancelled_by = 'system', cancelled_at = ${now.toISOString()}, updated_at = now()
            FROM booking_payment_facts f
            WHERE f.booking_id = b.id AND b.status = ${bookingTransitions.expire.from[0]}
              AND b.payment_due_at < ${now.toISOString()}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM unnest(f.pending_slip_checks) AS s(check_result)
                WHERE s.check_result IS NULL OR s.check_result IN ${checks('bank_confirmed')}
                  OR (s.check_result IN ${checks('unchecked')}
                      AND b.payment_due_at + make_interval(hours => ${businessRules.uncheckedSlipHoldHours}) >= ${now.toISOString()}::timestamptz))
              -- A card charge still being checked may have taken the money: it keeps the car.
              AND NOT f.charge_pending
            RETURNING b.id
          ), released AS (
            UPDATE unit_holds h SET released_at = ${now.toISOString()}
            WHERE h.booking_id IN (SELECT id FROM expired) AND h.released_at IS NULL
            RETURNING h.booking_id
          )
          SELECT id FROM expired`,
    );
  }

  async setCreatedAt(ex: Executor, bookingId: number, at: Date) {
    await ex.execute(sql`UPDATE bookings SET created_at = ${at.toISOString()} WHERE id = ${bookingId}`);
  }

  async userLanguageAndEmail(ex: Executor, userId: number) {
    const [row] = await rows<{ email: string; language: 'th' | 'en' | 'zh' }>(
      ex,
      sql`SELECT email, language FROM users WHERE id = ${userId}`,
    );
    return row;
  }

  /** The registration plate of the car a booking was given (the signed agreement names it). */
  async unitPlate(ex: Executor, unitId: number): Promise<string | null> {
    const [row] = await rows<{ plate: string }>(
      ex,
      sql`SELECT plate FROM vehicle_units WHERE id = ${unitId}`,
    );
    return row?.plate ?? null;
  }

  async otherFreeUnit(ex: Executor, bookingId: number, unitId: number) {
    const [row] = await rows<{ id: number }>(
      ex,
      sql`SELECT u.id FROM vehicle_units u JOIN bookings b ON b.id = ${bookingId}
          WHERE u.id = ${unitId} AND u.car_model_id = b.car_model_id AND u.status = 'in_service'`,
    );
    return row;
  }
}

export type { Db, Executor };
