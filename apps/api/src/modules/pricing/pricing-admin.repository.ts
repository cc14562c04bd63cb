import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PricingRule, pricingRuleBodySchema } from '@siam/contract/admin-pricing-rules';
import type { Db } from '../../db/client';
import type { LocalizedText } from '../../db/schema/localized';
import { rows } from '../../db/sql-rows';

export interface AddonRow {
  code: string;
  name: LocalizedText;
  price_per_day: string;
  is_active: boolean;
}
export interface PromotionRow {
  id: number;
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  first_booking_only: boolean;
  starts_at: Date | string;
  ends_at: Date | string | null;
  max_uses: number | null;
  uses_count: number;
  is_active: boolean;
}
export interface RuleRow {
  id: number;
  kind: PricingRule['kind'];
  name: LocalizedText;
  starts_on: string | null;
  ends_on: string | null;
  weekdays: number[];
  min_days: number | null;
  grace_hours: number | null;
  category_ids: number[] | null;
  car_model_id: number | null;
  percent: string | null;
  daily_price: string | null;
  is_active: boolean;
}
export interface ZoneRow {
  id: number;
  branch_code: string;
  name: LocalizedText;
  fee: string;
  is_active: boolean;
  sort_order: number;
}
/** A promotion code as written: money as numeric text, its days as the instants they start and end. */
export interface PromotionValues {
  kind: 'percent' | 'amount';
  value: string;
  firstBookingOnly: boolean;
  startsAt: string;
  endsAt: string | null;
  maxUses: number | null;
  isActive: boolean;
}

const addonColumns = sql`code, name, price_per_day::text AS price_per_day, is_active`;
const ruleColumns = sql`id, kind, name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on,
  weekdays::int[] AS weekdays, min_days, grace_hours, category_ids, car_model_id, percent::text AS percent,
  daily_price::text AS daily_price, is_active`;
const zoneColumns = sql`id, branch_code, name, fee::text AS fee, is_active, sort_order`;
const promoColumns = sql`id, code, kind, value::text AS value, first_booking_only, starts_at, ends_at, max_uses, uses_count, is_active`;

/**
 * The tables the back office prices with: add-ons, pricing rules, one-way fees, delivery zones and
 * promotion codes. A database error (a key or check refused) reaches the service, which names it.
 */
export class PricingAdminRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction, with a repository bound to it and the transaction (for the audit record). */
  transaction<T>(fn: (repo: PricingAdminRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new PricingAdminRepository(tx), tx));
  }

  // ---------- add-ons ----------

  addons() {
    return rows<AddonRow>(this.db, sql`SELECT ${addonColumns} FROM addons ORDER BY sort_order, code`);
  }

  async lockAddon(code: string): Promise<AddonRow | undefined> {
    const [row] = await rows<AddonRow>(
      this.db,
      sql`SELECT ${addonColumns} FROM addons WHERE code = ${code} FOR UPDATE`,
    );
    return row;
  }

  /** Changes what is given (null: kept). */
  async updateAddon(code: string, pricePerDay: string | null, isActive: boolean | null) {
    const [row] = await rows<AddonRow>(
      this.db,
      sql`UPDATE addons SET
            price_per_day = coalesce(${pricePerDay}::numeric, price_per_day),
            is_active = coalesce(${isActive}::boolean, is_active)
          WHERE code = ${code}
          RETURNING ${addonColumns}`,
    );
    return row!;
  }

  // ---------- pricing rules ----------

  rules() {
    return rows<RuleRow>(
      this.db,
      sql`SELECT ${ruleColumns} FROM pricing_rules ORDER BY kind, starts_on NULLS FIRST, min_days NULLS FIRST, id`,
    );
  }

  async lockRule(id: number): Promise<RuleRow | undefined> {
    const [row] = await rows<RuleRow>(
      this.db,
      sql`SELECT ${ruleColumns} FROM pricing_rules WHERE id = ${id} FOR UPDATE`,
    );
    return row;
  }

  /** Adds a rule (`id` undefined) or replaces one. */
  async saveRule(body: z.output<typeof pricingRuleBodySchema>, id?: number): Promise<RuleRow | undefined> {
    const values = sql`${body.kind}, ${JSON.stringify(body.name)}::jsonb, ${body.startsOn}::date, ${body.endsOn}::date,
      ${`{${body.weekdays.join(',')}}`}::smallint[], ${body.minDays}::int, ${body.graceHours}::int,
      ${body.categoryIds ? `{${body.categoryIds.join(',')}}` : null}::int[], ${body.carModelId}::int,
      ${body.percent}::numeric, ${body.dailyPrice}::numeric, ${body.isActive}`;
    const [row] = id
      ? await rows<RuleRow>(
          this.db,
          sql`UPDATE pricing_rules SET (kind, name, starts_on, ends_on, weekdays, min_days, grace_hours, category_ids, car_model_id,
                percent, daily_price, is_active) = (${values}) WHERE id = ${id} RETURNING ${ruleColumns}`,
        )
      : await rows<RuleRow>(
          this.db,
          sql`INSERT INTO pricing_rules (kind, name, starts_on, ends_on, weekdays, min_days, grace_hours, category_ids, car_model_id,
                percent, daily_price, is_active) VALUES (${values}) RETURNING ${ruleColumns}`,
        );
    return row;
  }

  async deleteRule(id: number): Promise<RuleRow | undefined> {
    const [row] = await rows<RuleRow>(
      this.db,
      sql`DELETE FROM pricing_rules WHERE id = ${id} RETURNING ${ruleColumns}`,
    );
    return row;
  }

  // ---------- one-way returns ----------

  oneWayFees() {
    return rows<{ from_branch: string; to_branch: string; fee: string }>(
      this.db,
      sql`SELECT from_branch, to_branch, fee::text AS fee FROM one_way_fees ORDER BY from_branch, to_branch`,
    );
  }

  async oneWayFee(fromBranch: string, toBranch: string): Promise<{ fee: string } | undefined> {
    const [row] = await rows<{ fee: string }>(
      this.db,
      sql`SELECT fee::text AS fee FROM one_way_fees WHERE from_branch = ${fromBranch} AND to_branch = ${toBranch}`,
    );
    return row;
  }

  async setOneWayFee(fromBranch: string, toBranch: string, fee: string): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO one_way_fees (from_branch, to_branch, fee) VALUES (${fromBranch}, ${toBranch}, ${fee})
          ON CONFLICT (from_branch, to_branch) DO UPDATE SET fee = EXCLUDED.fee`,
    );
  }

  async deleteOneWayFee(fromBranch: string, toBranch: string): Promise<{ fee: string } | undefined> {
    const [row] = await rows<{ fee: string }>(
      this.db,
      sql`DELETE FROM one_way_fees WHERE from_branch = ${fromBranch} AND to_branch = ${toBranch} RETURNING fee::text AS fee`,
    );
    return row;
  }

  // ---------- delivery zones ----------

  zones() {
    return rows<ZoneRow>(
      this.db,
      sql`SELECT ${zoneColumns} FROM delivery_zones ORDER BY branch_code, sort_order, id`,
    );
  }

  async insertZone(zone: {
    branchCode: string;
    name: LocalizedText;
    fee: string;
    isActive: boolean;
    sortOrder: number;
  }): Promise<ZoneRow | undefined> {
    const [row] = await rows<ZoneRow>(
      this.db,
      sql`INSERT INTO delivery_zones (branch_code, name, fee, is_active, sort_order)
          VALUES (${zone.branchCode}, ${JSON.stringify(zone.name)}::jsonb, ${zone.fee}, ${zone.isActive}, ${zone.sortOrder})
          RETURNING ${zoneColumns}`,
    );
    return row;
  }

  async lockZone(id: number): Promise<ZoneRow | undefined> {
    const [row] = await rows<ZoneRow>(
      this.db,
      sql`SELECT ${zoneColumns} FROM delivery_zones WHERE id = ${id} FOR UPDATE`,
    );
    return row;
  }

  /** Changes what is given (null: kept). */
  async updateZone(
    id: number,
    patch: {
      name: LocalizedText | null;
      fee: string | null;
      isActive: boolean | null;
      sortOrder: number | null;
    },
  ): Promise<ZoneRow> {
    const [row] = await rows<ZoneRow>(
      this.db,
      sql`UPDATE delivery_zones SET
            name = coalesce(${patch.name ? JSON.stringify(patch.name) : null}::jsonb, name),
            fee = coalesce(${patch.fee}::numeric, fee),
            is_active = coalesce(${patch.isActive}::boolean, is_active),
            sort_order = coalesce(${patch.sortOrder}::int, sort_order)
          WHERE id = ${id} RETURNING ${zoneColumns}`,
    );
    return row!;
  }

  // ---------- promotion codes ----------

  promotions() {
    return rows<PromotionRow>(
      this.db,
      sql`SELECT ${promoColumns} FROM promotion_codes ORDER BY is_active DESC, starts_at DESC, id DESC`,
    );
  }

  async insertPromotion(code: string, p: PromotionValues): Promise<PromotionRow> {
    const [row] = await rows<PromotionRow>(
      this.db,
      sql`INSERT INTO promotion_codes (code, kind, value, first_booking_only, starts_at, ends_at, max_uses, is_active)
          VALUES (${code}, ${p.kind}, ${p.value}, ${p.firstBookingOnly},
                  ${p.startsAt}, ${p.endsAt}, ${p.maxUses}, ${p.isActive})
          RETURNING ${promoColumns}`,
    );
    return row!;
  }

  async lockPromotion(id: number): Promise<PromotionRow | undefined> {
    const [row] = await rows<PromotionRow>(
      this.db,
      sql`SELECT ${promoColumns} FROM promotion_codes WHERE id = ${id} FOR UPDATE`,
    );
    return row;
  }

  async updatePromotion(id: number, p: PromotionValues): Promise<PromotionRow> {
    const [row] = await rows<PromotionRow>(
      this.db,
      sql`UPDATE promotion_codes SET kind = ${p.kind}, value = ${p.value},
            first_booking_only = ${p.firstBookingOnly},
            starts_at = ${p.startsAt},
            ends_at = ${p.endsAt},
            max_uses = ${p.maxUses}, is_active = ${p.isActive}
          WHERE id = ${id} RETURNING ${promoColumns}`,
    );
    return row!;
  }
}
