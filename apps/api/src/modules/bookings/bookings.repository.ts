import type { ChargeKind, DamageMark, ReportKind } from '@siam/contract/condition-reports';
import { errorHttpStatus, type ErrorCode, type FieldError } from '@siam/contract/errors';
import type { StoredRuleLine } from '../pricing/pricing-rules';
import { licenceDocumentOf, type DriverLicence } from '@siam/contract/drivers';
import { slipChecksByStanding, type SlipCheckResult, type SlipStanding } from '@siam/contract/bookings';
import { businessRules } from '@siam/contract/business-rules';
import { bookingTransitions, type BookingTransition } from './booking-status';
import { sql, type SQL } from 'drizzle-orm';
import { transactionRetriedIfLost, type Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import type { LocalizedText } from '../../db/schema/localized';

/**
 * A gateway charge `c` that was paid, and that no payment of a booking stands for (paid after the
 * booking ended, or not its total): money at the gateway that paid nothing.
 */
export const paidNoBooking = sql`c.status = 'successful'
  AND NOT EXISTS (SELECT 1 FROM payments p
                  WHERE p.gateway_ref = c.reference AND p.kind = 'charge' AND p.status = 'succeeded')`;

/** The slip check results of a standing, as an SQL list: `IN (…)`. */
const checks = (standing: SlipStanding) =>
  sql`(${sql.join(
    slipChecksByStanding[standing].map((c) => sql`${c}`),
    sql`, `,
  )})`;

/** What a create request came to: the booking made, or why not (kept for idempotent repeats). */
export type StoredOutcome =
  { ok: true; data: unknown } | { ok: false; code: ErrorCode; msg: string; errors?: FieldError[] };

export type DriverLicenceRow = DriverLicence & { firstName: string; lastName: string };

export interface BookingRow {
  id: number;
  booking_number: string;
  user_id: number | null;
  car_model_id: number;
  unit_id: number | null;
  branch_code: string;
  pickup_date: string;
  return_date: string;
  /** Bangkok wall-clock "HH:MM" of pickup_at and return_at. */
  pickup_time: string;
  return_time: string;
  /** The company a full tax invoice is made out to, and the invoice's number once issued. */
  tax_buyer: TaxBuyer | null;
  tax_invoice_number: string | null;
  /** Credit and debit notes issued against the invoice (1714_tax_notes.sql), oldest first. */
  tax_notes: { number: string; kind: 'credit' | 'debit'; issued_ms: number; total: number }[];
  days: number;
  status: string;
  payment_method:
    'card' | 'bank_transfer' | 'promptpay' | 'wechat_pay' | 'alipay' | 'cash' | 'company_account';
  driver_first_name: string;
  driver_last_name: string;
  driver_email: string;
  driver_phone: string;
  driver_id_number: string;
  language: 'th' | 'en' | 'zh';
  price_per_day: number;
  rental_amount: number;
  hot_deal_percent: string | null;
  hot_deal_discount: number;
  addons_amount: number;
  promotion_code: string | null;
  promotion_discount: number;
  total_amount: number;
  vat_amount: number;
  cancellation_fee: number | null;
  cancel_reason: string | null;
  created_ms: number;
  paid_ms: number | null;
  payment_due_ms: number | null;
  brand: LocalizedText;
  model: LocalizedText;
  branch_name: LocalizedText;
  image: string | null;
  slip_pending: boolean;
  slip_count: number;
  /** A charge at the gateway waits to be paid (PromptPay, a wallet): the gateway confirms it, no slip. */
  gateway_pending: boolean;
  deposit_amount: number;
  deposit_state: 'due' | 'held' | 'released' | 'partly_released';
  deposit_method: 'card' | 'cash' | null;
  deposit_kept: number;
  deposit_kept_reason: string | null;
  deposit_held_ms: number | null;
  deposit_released_ms: number | null;
  /** The deposit's hold on the customer's card at the gateway (null: taken at the counter, or not yet). */
  deposit_ref: string | null;
  return_branch_code: string;
  return_branch_name: LocalizedText;
  /** The pricing rules' lines as agreed (satang amounts). */
  price_rules: StoredRuleLine[];
  one_way_fee: number;
  /** Hand-overs outside the branches' opening hours (satang, in the total; decision 3602). */
  out_of_hours_fee: number;
  /** The flight an airport pickup's customer arrives on. */
  flight_number: string | null;
  /** Delivery first, then collection (booking_handovers). */
  handovers: {
    leg: 'delivery' | 'collection';
    zone_name: LocalizedText;
    kind: 'address' | 'hotel' | 'flight';
    address: string;
    flight_number: string;
    fee: number;
  }[];
  licence_pictures: { id: number; sent_ms: number }[];
  condition_reports: {
    kind: ReportKind;
    fuel_eighths: number;
    mileage_km: number;
    damage: DamageMark[];
    notes: string;
    photo_ids: number[];
    recorded_ms: number;
  }[];
  charges: { kind: ChargeKind; amount: number; note: string; hours: number | null }[];
  agreement: { signed_ms: number; signer_name: string; sha256: string } | null;
  /** Every driver with their licence, the main driver first (booking_drivers). */
  drivers: {
    first_name: string;
    last_name: string;
    birth_date: string;
    licence_number: string;
    licence_country: string;
    licence_issued: string;
    licence_expiry: string;
    international_permit: boolean;
    licence_document: DriverLicence['licenceDocument'];
  }[];
}

export interface PaymentRow {
  id: number;
  method: 'card' | 'bank_transfer' | 'promptpay' | 'wechat_pay' | 'alipay' | 'cash';
  kind: 'charge' | 'refund';
  status: string;
  amount: number;
  gateway: string | null;
  gateway_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** Why the gateway refused a charge (a card's CardRefusal). */
  failure_code: string | null;
  created_ms: number;
}

const bookingColumns = sql`
  b.id, b.booking_number, b.user_id, b.car_model_id, b.unit_id, b.branch_code,
  to_char(b.pickup_date, 'YYYY-MM-DD') AS pickup_date, to_char(b.return_date, 'YYYY-MM-DD') AS return_date,
  to_char(b.pickup_at AT TIME ZONE 'Asia/Bangkok', 'HH24:MI') AS pickup_time,
  to_char(b.return_at AT TIME ZONE 'Asia/Bangkok', 'HH24:MI') AS return_time,
  b.tax_buyer, COALESCE((SELECT t.number FROM tax_invoices t WHERE t.booking_id = b.id),
    (SELECT t.number FROM tax_invoice_bookings l JOIN tax_invoices t ON t.id = l.invoice_id
      WHERE l.booking_id = b.id)) AS tax_invoice_number,
  COALESCE((SELECT json_agg(json_build_object('number', n.number, 'kind', n.kind,
      'issued_ms', (extract(epoch FROM n.issued_at) * 1000)::float8, 'total', (n.total_amount * 100)::int) ORDER BY n.id)
    FROM tax_notes n WHERE n.booking_id = b.id), '[]'::json) AS tax_notes,
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
  m.brand, m.model, br.name AS branch_name,
  (SELECT i.url FROM car_model_images i WHERE i.car_model_id = m.id ORDER BY i.sort_order LIMIT 1) AS image,
  EXISTS (SELECT 1 FROM payment_slips s WHERE s.booking_id = b.id AND s.status = 'pending') AS slip_pending,
  (SELECT count(*)::int FROM payment_slips s WHERE s.booking_id = b.id) AS slip_count,
  EXISTS (SELECT 1 FROM gateway_charges g WHERE g.booking_id = b.id AND g.status = 'pending') AS gateway_pending,
  (b.deposit_amount * 100)::int AS deposit_amount, b.deposit_state, b.deposit_method,
  (b.deposit_kept * 100)::int AS deposit_kept, b.deposit_kept_reason,
  (extract(epoch FROM b.deposit_held_at) * 1000)::float8 AS deposit_held_ms,
  (extract(epoch FROM b.deposit_released_at) * 1000)::float8 AS deposit_released_ms, b.deposit_ref,
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
    FROM booking_handovers h WHERE h.booking_id = b.id), '[]'::json) AS handovers,
  COALESCE((SELECT json_agg(json_build_object('id', p.id, 'sent_ms', (extract(epoch FROM p.created_at) * 1000)::float8)
      ORDER BY p.id) FROM licence_pictures p WHERE p.booking_id = b.id), '[]'::json) AS licence_pictures,
  COALESCE((SELECT json_agg(json_build_object('kind', r.kind, 'fuel_eighths', r.fuel_eighths,
      'mileage_km', r.mileage_km, 'damage', r.damage, 'notes', r.notes, 'photo_ids', r.photo_ids,
      'recorded_ms', (extract(epoch FROM r.recorded_at) * 1000)::float8) ORDER BY r.kind)
    FROM condition_reports r WHERE r.booking_id = b.id), '[]'::json) AS condition_reports,
  COALESCE((SELECT json_agg(json_build_object('kind', c.kind, 'amount', (c.amount * 100)::int, 'note', c.note,
      'hours', c.hours) ORDER BY c.id) FROM booking_charges c WHERE c.booking_id = b.id), '[]'::json) AS charges,
  (SELECT json_build_object('signed_ms', (extract(epoch FROM a.signed_at) * 1000)::float8,
      'signer_name', a.signer_name, 'sha256', a.sha256)
    FROM rental_agreements a WHERE a.booking_id = b.id) AS agreement`;

const bookingFrom = sql`FROM bookings b JOIN car_models m ON m.id = b.car_model_id JOIN branches br ON br.code = b.branch_code
  JOIN branches rbr ON rbr.code = COALESCE(b.return_branch_code, b.branch_code)`;

/** The SQL of bookings, holds, promotion uses, payments, slips and idempotency keys (prices: pricing.repository.ts). */
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

  /** A one-use percentage code that only this customer can redeem. */
  async insertPersonalCode(
    ex: Executor,
    input: { code: string; userId: number; percent: number; endsAt: Date },
  ) {
    await ex.execute(
      sql`INSERT INTO promotion_codes (code, kind, value, max_uses, ends_at, user_id)
          VALUES (${input.code}, 'percent', ${input.percent}, 1, ${input.endsAt}, ${input.userId})`,
    );
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

  /** Takes one use of a code, atomically: false when it ran out or expired meanwhile. */
  async consumePromotion(ex: Executor, promotionId: number) {
    const taken = await rows<{ id: number }>(
      ex,
      sql`UPDATE promotion_codes SET uses_count = uses_count + 1
          WHERE id = ${promotionId} AND is_active AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
            AND (max_uses IS NULL OR uses_count < max_uses)
          RETURNING id`,
    );
    return taken.length === 1;
  }

  async releasePromotion(ex: Executor, bookingId: number) {
    await ex.execute(
      sql`UPDATE promotion_codes p SET uses_count = greatest(uses_count - 1, 0)
          FROM promotion_uses u WHERE u.booking_id = ${bookingId} AND u.promotion_id = p.id`,
    );
    await ex.execute(sql`DELETE FROM promotion_uses WHERE booking_id = ${bookingId}`);
  }

  async recordPromotionUse(
    ex: Executor,
    promotionId: number,
    bookingId: number,
    userId: number | null,
    discount: string,
  ) {
    await ex.execute(
      sql`INSERT INTO promotion_uses (promotion_id, booking_id, user_id, discount)
          VALUES (${promotionId}, ${bookingId}, ${userId}, ${discount})`,
    );
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
    const free = await rows<{ id: number }>(
      ex,
      sql`SELECT u.id FROM vehicle_units u
          WHERE u.car_model_id = ${booking.car_model_id} AND u.branch_code = ${booking.branch_code}
            AND u.status = 'in_service'
            AND NOT EXISTS (
              SELECT 1 FROM unit_holds h WHERE h.unit_id = u.id AND h.released_at IS NULL
                AND h.booking_id IS DISTINCT FROM ${bookingId}
                AND tstzrange(h.starts_at, h.blocked_until, '[)') && tstzrange(${startsAt.toISOString()}::timestamptz, ${blockedUntil.toISOString()}::timestamptz, '[)'))
          ORDER BY u.id`,
    );
    return free.map((u) => u.id);
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

  async releaseHolds(ex: Executor, bookingId: number) {
    await ex.execute(
      sql`UPDATE unit_holds SET released_at = now() WHERE booking_id = ${bookingId} AND released_at IS NULL`,
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
          WHERE booking_id = ${bookingId} AND released_at IS NULL`,
    );
    return row;
  }

  async insertBooking(ex: Executor, values: Record<string, unknown>) {
    const v = values;
    const [row] = await rows<{ id: number; booking_number: string }>(
      ex,
      sql`INSERT INTO bookings (booking_number, user_id, car_model_id, branch_code, pickup_date, return_date,
            pickup_at, return_at, days, status, payment_method, driver_first_name, driver_last_name, driver_email,
            driver_phone, driver_id_number, language, price_per_day, rental_amount, hot_deal_percent,
            hot_deal_discount, addons_amount, promotion_code, promotion_discount, total_amount, vat_amount,
            payment_due_at, created_ip, created_address_key, device_id, deposit_amount, return_branch_code, one_way_fee,
            price_rules, rules_amount, tax_buyer, company_id, out_of_hours_fee, flight_number)
          VALUES ('SD' || to_char(now() AT TIME ZONE 'Asia/Bangkok', 'YY') || nextval('booking_number_seq'),
            ${v.userId}, ${v.carModelId}, ${v.branchCode}, ${v.pickupDate}, ${v.returnDate}, ${v.pickupAt},
            ${v.returnAt}, ${v.days}, 'awaiting_payment', ${v.paymentMethod}, ${v.firstName}, ${v.lastName},
            ${v.email}, ${v.phone}, ${v.idNumber}, ${v.language}, ${v.pricePerDay}, ${v.rentalAmount},
            ${v.hotDealPercent}, ${v.hotDealDiscount}, ${v.addonsAmount}, ${v.promoCode}, ${v.promoDiscount},
            ${v.total}, ${v.vat}, ${v.paymentDueAt ?? null}, ${v.createdIp ?? null}, ${v.createdAddressKey ?? null}, ${v.deviceId ?? null},
            ${v.depositAmount ?? 0}, ${v.returnBranchCode ?? null}, ${v.oneWayFee ?? 0},
            ${JSON.stringify(v.priceRules ?? [])}::jsonb, ${v.rulesAmount ?? 0},
            ${v.taxBuyer ? JSON.stringify(v.taxBuyer) : null}::jsonb, ${v.companyId ?? null},
            ${v.outOfHoursFee ?? 0}, ${v.flightNumber ?? null})
          RETURNING id, booking_number`,
    );
    return row!;
  }

  /** A car now at another branch (a one-way rental returned there). */
  async moveUnit(ex: Executor, unitId: number, branchCode: string) {
    await ex.execute(sql`UPDATE vehicle_units SET branch_code = ${branchCode} WHERE id = ${unitId}`);
  }

  /** A booking waiting for payment is paid another way (pay again, docs/decisions/3530); its deadline stays. */
  async setPaymentMethod(ex: Executor, bookingId: number, method: string) {
    await ex.execute(
      sql`UPDATE bookings SET payment_method = ${method}, updated_at = now() WHERE id = ${bookingId}`,
    );
  }

  async setUnit(ex: Executor, bookingId: number, unitId: number) {
    await ex.execute(sql`UPDATE bookings SET unit_id = ${unitId} WHERE id = ${bookingId}`);
  }

  async insertBookingAddon(
    ex: Executor,
    a: { bookingId: number; code: string; pricePerDay: string; quantity: number; amount: string },
  ) {
    await ex.execute(
      sql`INSERT INTO booking_addons (booking_id, addon_code, price_per_day, quantity, amount)
          VALUES (${a.bookingId}, ${a.code}, ${a.pricePerDay}, ${a.quantity}, ${a.amount})`,
    );
  }

  /** A delivery to the customer or a collection from them, with the zone's name and fee as agreed. */
  async insertHandover(
    ex: Executor,
    h: {
      bookingId: number;
      leg: 'delivery' | 'collection';
      zoneId: number;
      zoneName: LocalizedText;
      kind: string;
      address: string;
      flightNumber: string;
      fee: string;
    },
  ) {
    await ex.execute(
      sql`INSERT INTO booking_handovers (booking_id, leg, zone_id, zone_name, kind, address, flight_number, fee)
          VALUES (${h.bookingId}, ${h.leg}, ${h.zoneId}, ${JSON.stringify(h.zoneName)}::jsonb, ${h.kind},
                  ${h.address}, ${h.flightNumber}, ${h.fee})`,
    );
  }

  /** The company details a customer keeps for full tax invoices (null: none, or erased). */
  async taxDetails(ex: Executor, userId: number) {
    const [row] = await rows<{ tax_buyer: TaxBuyer | null }>(
      ex,
      sql`SELECT tax_buyer FROM users WHERE id = ${userId}`,
    );
    return row?.tax_buyer ?? null;
  }

  async saveTaxDetails(ex: Executor, userId: number, buyer: TaxBuyer | null) {
    await ex.execute(
      sql`UPDATE users SET tax_buyer = ${buyer ? JSON.stringify(buyer) : null}::jsonb WHERE id = ${userId}`,
    );
  }

  /** The company account a customer is a member of (companies.service.ts), or undefined. */
  async companyOf(ex: Executor, userId: number) {
    const [row] = await rows<{ id: number; buyer: TaxBuyer; active: boolean }>(
      ex,
      sql`SELECT c.id, c.buyer, c.active FROM company_members m JOIN companies c ON c.id = m.company_id
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

  /** The booking's drivers in order: the main driver first. */
  async insertDrivers(ex: Executor, bookingId: number, drivers: DriverLicenceRow[]) {
    for (const [position, d] of drivers.entries())
      await ex.execute(
        sql`INSERT INTO booking_drivers (booking_id, position, first_name, last_name, birth_date, licence_number,
              licence_country, licence_issued, licence_expiry, international_permit, licence_document)
            VALUES (${bookingId}, ${position}, ${d.firstName}, ${d.lastName}, ${d.birthDate},
              ${d.licenceNumber.toUpperCase()}, ${d.licenceCountry}, ${d.licenceIssued}, ${d.licenceExpiry}, ${licenceDocumentOf(d) === 'idp'}, ${licenceDocumentOf(d)})`,
      );
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
    },
  ) {
    await ex.execute(
      sql`INSERT INTO payments (booking_id, method, kind, status, amount, gateway, gateway_ref, card_brand, card_last4, failure_code, gateway_key)
          VALUES (${p.bookingId}, ${p.method}, ${p.kind ?? 'charge'}, ${p.status}, ${p.amount}, ${p.gateway ?? null},
                  ${p.reference ?? null}, ${p.brand ?? null}, ${p.last4 ?? null}, ${p.failureCode ?? null}, ${p.gatewayKey ?? null})`,
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

  async payments(ex: Executor, bookingId: number) {
    return rows<PaymentRow>(
      ex,
      sql`SELECT id, method, kind, status, (amount * 100)::int AS amount, gateway, gateway_ref, card_brand, card_last4,
            failure_code, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
          FROM payments WHERE booking_id = ${bookingId} ORDER BY id`,
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
          WHERE booking_id = ${bookingId} AND status = 'pending'`,
    );
    return row;
  }

  /** Keeps a new gateway charge; false when the booking already has a pending one (another request made it). */
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
    },
  ): Promise<boolean> {
    const inserted = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO gateway_charges (booking_id, gateway, method, reference, amount, qr_svg, authorize_uri)
          VALUES (${c.bookingId}, ${c.gateway}, ${c.method}, ${c.reference}, ${c.amountSatang / 100}, ${c.qrSvg},
                  ${c.authorizeUri})
          ON CONFLICT (booking_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
    );
    return inserted.length === 1;
  }

  async gatewayCharge(ex: Executor, reference: string) {
    const [row] = await rows<{ booking_id: number; method: string; amount: number; status: string }>(
      ex,
      sql`SELECT booking_id, method, (amount * 100)::int AS amount, status FROM gateway_charges WHERE reference = ${reference}`,
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

  /**
   * Takes a confirmed or running booking's deposit at pickup; false when it is not due (taken already,
   * or the booking is not one a car is handed over for).
   */
  async takeDeposit(ex: Executor, bookingId: number, method: 'card' | 'cash') {
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
  async holdDepositOnCard(ex: Executor, bookingId: number, reference: string, gateway: string) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE bookings SET deposit_state = 'held', deposit_method = 'card', deposit_held_at = now(),
                 deposit_ref = ${reference}, deposit_gateway = ${gateway}, updated_at = now()
          WHERE id = ${bookingId} AND deposit_state = 'due' AND status IN ('confirmed','active')
          RETURNING id`,
    );
    return done.length === 1;
  }

  /** Gives a held deposit back (all but `keptBaht`, with why); false when none is held or the car is not back. */
  async releaseDeposit(ex: Executor, bookingId: number, keptBaht: number, reason: string | null) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE bookings SET deposit_kept = ${keptBaht}, deposit_kept_reason = ${reason},
                 deposit_state = CASE WHEN ${keptBaht}::numeric > 0 THEN 'partly_released' ELSE 'released' END,
                 deposit_released_at = now(), updated_at = now()
          WHERE id = ${bookingId} AND deposit_state = 'held' AND status IN ('active','completed')
            AND ${keptBaht}::numeric <= deposit_amount
          RETURNING id`,
    );
    return done.length === 1;
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
  async recordGatewayEvent(
    ex: Executor,
    e: { id: string; gateway: string; kind: string; reference: string; outcome: string },
  ): Promise<boolean> {
    const inserted = await rows<{ id: string }>(
      ex,
      sql`INSERT INTO gateway_events (id, gateway, kind, reference, outcome)
          VALUES (${e.id}, ${e.gateway}, ${e.kind}, ${e.reference}, ${e.outcome})
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

  async reviewSlips(ex: Executor, bookingId: number, status: 'accepted' | 'rejected', reason: string | null) {
    const updated = await rows<{ id: number }>(
      ex,
      sql`UPDATE payment_slips SET status = ${status}, reject_reason = ${reason}, reviewed_at = now()
          WHERE booking_id = ${bookingId} AND status = 'pending' RETURNING id`,
    );
    return updated.length;
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

  /**
   * Expires unpaid bookings past their payment deadline and frees their cars in one statement: safe on
   * several instances at once (row locks make a second runner skip what the
   * first took). The same statement frees the car and gives the promotion
   * code's use back. A booking whose slip waits for review keeps its car when the bank knows the
   * transfer, or for a few hours more when the provider could not be asked; a slip nothing vouches
   * for keeps nothing (contract slipChecksByStanding, docs/decisions/3102). A slip still being checked
   * (no result yet) keeps it too: its check ends within seconds.
   */
  async expireUnpaid(ex: Executor, now: Date) {
    return rows<{ id: number }>(
      ex,
      sql`WITH expired AS (
            -- A booking whose last card try was refused ends as a failed payment, with the refusal's
            -- code (docs/decisions/3530); any other unpaid booking has expired.
            UPDATE bookings b SET
              status = CASE WHEN last.failure_code IS NOT NULL THEN ${bookingTransitions.failPayment.to}
                ELSE ${bookingTransitions.expire.to} END,
              cancel_reason = COALESCE(last.failure_code, b.cancel_reason),
              cancelled_by = 'system', cancelled_at = ${now.toISOString()}, updated_at = now()
            FROM bookings o LEFT JOIN LATERAL (
              SELECT p.failure_code FROM payments p
              WHERE o.payment_method = 'card' AND p.booking_id = o.id AND p.kind = 'charge' AND p.status = 'failed'
                AND p.id = (SELECT max(q.id) FROM payments q WHERE q.booking_id = o.id AND q.kind = 'charge')
            ) last ON true
            WHERE o.id = b.id AND b.status = ${bookingTransitions.expire.from[0]}
              AND b.payment_due_at < ${now.toISOString()}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM payment_slips s WHERE s.booking_id = b.id AND s.status = 'pending'
                AND (s.check_result IS NULL OR s.check_result IN ${checks('bank_confirmed')}
                  OR (s.check_result IN ${checks('unchecked')}
                      AND b.payment_due_at + make_interval(hours => ${businessRules.uncheckedSlipHoldHours}) >= ${now.toISOString()}::timestamptz)))
              -- A card charge still being checked may have taken the money: it keeps the car.
              AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id AND p.kind = 'charge' AND p.status = 'pending')
            RETURNING b.id
          ), released AS (
            UPDATE unit_holds h SET released_at = ${now.toISOString()}
            WHERE h.booking_id IN (SELECT id FROM expired) AND h.released_at IS NULL
            RETURNING h.booking_id
          ), uses AS (
            DELETE FROM promotion_uses u WHERE u.booking_id IN (SELECT id FROM expired)
            RETURNING u.promotion_id
          ), given_back AS (
            UPDATE promotion_codes p SET uses_count = greatest(p.uses_count - c.n, 0)
            FROM (SELECT promotion_id, count(*)::int AS n FROM uses GROUP BY promotion_id) c
            WHERE p.id = c.promotion_id
            RETURNING p.id
          )
          SELECT id FROM expired`,
    );
  }

  async anonymiseForUser(ex: Executor, userId: number) {
    const done = await rows<{ id: number }>(
      ex,
      sql`UPDATE bookings SET driver_first_name = 'Anonymised', driver_last_name = 'Customer',
            driver_email = 'anonymised-' || id || '@invalid.siamdrive', driver_phone = '-', driver_id_number = '-',
            anonymised_at = now(), updated_at = now()
          WHERE user_id = ${userId} AND anonymised_at IS NULL RETURNING id`,
    );
    return done.length;
  }

  /**
   * The rest of a customer's personal traces in bookings, for erasure: their
   * transfer slips (returned so the files can be deleted; the payments stay as
   * the money record) and the stored answers of their booking requests.
   */
  async erasePersonalTraces(ex: Executor, userId: number): Promise<{ slips: string[]; licences: string[] }> {
    const slips = await rows<{ storage_key: string }>(
      ex,
      sql`DELETE FROM payment_slips s USING bookings b
          WHERE s.booking_id = b.id AND b.user_id = ${userId} RETURNING s.storage_key`,
    );
    await ex.execute(sql`DELETE FROM idempotency_keys WHERE user_id = ${userId}`);
    const pictures = await rows<{ storage_key: string }>(
      ex,
      sql`DELETE FROM licence_pictures p USING bookings b
          WHERE p.booking_id = b.id AND b.user_id = ${userId} RETURNING p.storage_key`,
    );
    // Where the car was brought or fetched: the fee stays (the money record), the place goes.
    await ex.execute(
      sql`UPDATE booking_handovers h SET address = '', flight_number = '' FROM bookings b
          WHERE h.booking_id = b.id AND b.user_id = ${userId}`,
    );
    // Birth dates and licences: a counter's check, not a record the law keeps.
    await ex.execute(
      sql`DELETE FROM booking_drivers d USING bookings b WHERE d.booking_id = b.id AND b.user_id = ${userId}`,
    );
    return { slips: slips.map((s) => s.storage_key), licences: pictures.map((p) => p.storage_key) };
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
