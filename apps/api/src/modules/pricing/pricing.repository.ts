import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import type { LocalizedText } from '../../db/schema/localized';
import type { PricingRuleRow } from './pricing-rules';

/** The car's (alias m) deal running now: its percent off, as text, or null. */
const runningDealPercent = sql`(SELECT max(d.discount_percent)::text FROM hot_deals d
  WHERE d.car_model_id = m.id AND d.starts_at <= now() AND d.ends_at > now())`;

/**
 * What prices a rental, read: cars' daily prices and running deals, extras, promotion codes, pricing
 * rules, branch hours, one-way routes and delivery zones. Every read takes the executor it runs on: a
 * booking prices inside its own transaction (bookings.service create, booking-changes).
 */
export class PricingRepository {
  constructor(readonly db: Db) {}

  /** The daily price (satang) and category of a car, for the back office's rule preview. */
  async carPrice(ex: Executor, carModelId: number) {
    const [car] = await rows<{ price_per_day: number; category_id: number }>(
      ex,
      sql`SELECT (price_per_day * 100)::int AS price_per_day, category_id FROM car_models WHERE id = ${carModelId}`,
    );
    return car;
  }

  async carForQuote(ex: Executor, carModelId: number, branchCode: string) {
    const [row] = await rows<{
      id: number;
      brand: LocalizedText;
      model: LocalizedText;
      seats: number;
      price_per_day: number;
      deposit: number;
      branch_name: LocalizedText | null;
      hot_deal_percent: string | null;
      min_driver_age: number;
      max_driver_age: number | null;
      min_licence_years: number;
      category_id: number;
    }>(
      ex,
      sql`SELECT m.id, m.brand, m.model, m.seats::int AS seats, (m.price_per_day * 100)::int AS price_per_day,
            (m.deposit_amount * 100)::int AS deposit, c.min_driver_age, c.max_driver_age, c.min_licence_years,
            c.id AS category_id,
            (SELECT name FROM branches WHERE code = ${branchCode} AND is_active) AS branch_name,
            ${runningDealPercent} AS hot_deal_percent
          FROM car_models m JOIN categories c ON c.id = m.category_id
          WHERE m.id = ${carModelId} AND m.is_active`,
    );
    return row;
  }

  async addons(ex: Executor) {
    return rows<{ code: string; name: LocalizedText; description: LocalizedText; price_per_day: number }>(
      ex,
      sql`SELECT code, name, description, (price_per_day * 100)::int AS price_per_day
          FROM addons WHERE is_active ORDER BY sort_order`,
    );
  }

  async promotion(ex: Executor, code: string) {
    const [row] = await rows<{
      id: number;
      code: string;
      kind: 'percent' | 'amount';
      value: string;
      first_booking_only: boolean;
      user_id: number | null;
      usable: boolean;
    }>(
      ex,
      sql`SELECT id, code, kind, value::text AS value, first_booking_only, user_id,
            (is_active AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
              AND (max_uses IS NULL OR uses_count < max_uses)) AS usable
          FROM promotion_codes WHERE code = ${code}`,
    );
    return row;
  }

  /**
   * The active pricing rules that may touch a rental of this model from `from` to `to` (seasons
   * overlapping those days; every weekend and duration rule), its category's and every car's.
   */
  async pricingRules(ex: Executor, carModelId: number, from: string, to: string) {
    return this.pricingRulesOfCars(ex, [carModelId], from, to);
  }

  /**
   * The pricing rules that may apply to each of these cars from `from` to `to`, in one query (the
   * listing prices a page of cars at once, docs/decisions/3531); `for_car_model_id` says whose.
   */
  async pricingRulesOfCars(ex: Executor, carModelIds: number[], from: string, to: string) {
    if (carModelIds.length === 0) return [];
    return rows<PricingRuleRow & { car_category_id: number; for_car_model_id: number }>(
      ex,
      sql`SELECT r.id, r.kind, r.name, to_char(r.starts_on, 'YYYY-MM-DD') AS starts_on,
            to_char(r.ends_on, 'YYYY-MM-DD') AS ends_on, r.weekdays::int[] AS weekdays, r.min_days,
            r.grace_hours, r.category_ids, r.car_model_id, r.percent::text AS percent,
            r.daily_price::text AS daily_price, m.category_id AS car_category_id, m.id AS for_car_model_id
          FROM pricing_rules r JOIN car_models m ON m.id IN (${sql.join(
            carModelIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          WHERE r.is_active
            AND (r.car_model_id = m.id OR (r.car_model_id IS NULL AND (r.category_ids IS NULL OR m.category_id = ANY (r.category_ids))))
            AND (r.kind <> 'season' OR (r.ends_on >= ${from}::date AND r.starts_on <= ${to}::date))`,
    );
  }

  /** What prices a car, for many cars at once: its daily price (satang), category and running deal. */
  async carsForPricing(ex: Executor, carModelIds: number[]) {
    if (carModelIds.length === 0) return [];
    return rows<{ id: number; price_per_day: number; category_id: number; hot_deal_percent: string | null }>(
      ex,
      sql`SELECT m.id, (m.price_per_day * 100)::int AS price_per_day, m.category_id,
            ${runningDealPercent} AS hot_deal_percent
          FROM car_models m WHERE m.id IN (${sql.join(
            carModelIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }

  /**
   * The hours of the pickup and return branches ("HH:MM"), the pickup branch's shortest rental,
   * and which of the rental's two days each is closed on (branch_closures).
   */
  async branchTimes(ex: Executor, codes: [string, string], dates: [string, string]) {
    return rows<{
      code: string;
      opens_at: string;
      closes_at: string;
      out_of_hours_opens_at: string | null;
      out_of_hours_closes_at: string | null;
      out_of_hours_fee: number;
      min_rental_hours: number;
      closed_on: string[];
    }>(
      ex,
      sql`SELECT b.code, to_char(b.opens_at, 'HH24:MI') AS opens_at, to_char(b.closes_at, 'HH24:MI') AS closes_at,
            to_char(b.out_of_hours_opens_at, 'HH24:MI') AS out_of_hours_opens_at,
            to_char(b.out_of_hours_closes_at, 'HH24:MI') AS out_of_hours_closes_at,
            (b.out_of_hours_fee * 100)::int AS out_of_hours_fee, b.min_rental_hours,
            ARRAY(SELECT to_char(c.closed_on, 'YYYY-MM-DD') FROM branch_closures c
                  WHERE c.branch_code = b.code AND c.closed_on IN (${dates[0]}::date, ${dates[1]}::date)) AS closed_on
          FROM branches b WHERE b.code IN (${codes[0]}, ${codes[1]})`,
    );
  }

  /** A one-way route the company offers (fee in satang) and the return branch's name. */
  async oneWayRoute(ex: Executor, from: string, to: string) {
    const [row] = await rows<{ fee: number; to_name: LocalizedText }>(
      ex,
      sql`SELECT (f.fee * 100)::int AS fee, br.name AS to_name FROM one_way_fees f
          JOIN branches br ON br.code = f.to_branch AND br.is_active
          WHERE f.from_branch = ${from} AND f.to_branch = ${to}`,
    );
    return row;
  }

  async deliveryZone(ex: Executor, id: number) {
    const [row] = await rows<{
      id: number;
      branch_code: string;
      name: LocalizedText;
      fee: number;
      is_active: boolean;
    }>(
      ex,
      sql`SELECT id, branch_code, name, (fee * 100)::int AS fee, is_active FROM delivery_zones WHERE id = ${id}`,
    );
    return row;
  }

  /** What a branch offers the booking form: one-way routes from it and its delivery zones. */
  async deliveryOptions(ex: Executor, branchCode: string) {
    const oneWay = await rows<{ code: string; name: LocalizedText; fee: number }>(
      ex,
      sql`SELECT br.code, br.name, (f.fee * 100)::int AS fee FROM one_way_fees f
          JOIN branches br ON br.code = f.to_branch AND br.is_active
          WHERE f.from_branch = ${branchCode} ORDER BY br.sort_order, br.code`,
    );
    const zones = await rows<{ id: number; name: LocalizedText; fee: number; branch_code: string }>(
      ex,
      sql`SELECT id, name, (fee * 100)::int AS fee, branch_code FROM delivery_zones
          WHERE is_active AND (branch_code = ${branchCode}
            OR branch_code IN (SELECT to_branch FROM one_way_fees WHERE from_branch = ${branchCode}))
          ORDER BY sort_order, id`,
    );
    return { oneWay, zones };
  }
}
