import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminAddon,
  AdminPromotion,
  addonPatchSchema,
  promotionBodySchema,
  promotionPatchSchema,
} from '@siam/contract/admin-bookings';
import type { Db } from '../../db/client';
import type { LocalizedText } from '../../db/schema/localized';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor, AuditExecutor, AuditService } from '../audit/audit.service';
import { bangkokDate, bangkokMidnight, DAY_MS } from '@siam/contract/bangkok-time';
import { CHECK_VIOLATION, FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import type {
  DeliveryZone,
  OneWayFee,
  deliveryZoneBodySchema,
  deliveryZonePatchSchema,
  oneWayFeeBodySchema,
} from '@siam/contract/admin-delivery';
import type { PricingRule, pricingRuleBodySchema } from '@siam/contract/admin-pricing-rules';
import { rows } from '../../db/sql-rows';

interface AddonRow {
  code: string;
  name: LocalizedText;
  price_per_day: string;
  is_active: boolean;
}
interface PromotionRow {
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

const addonOut = (r: AddonRow): AdminAddon => ({
  code: r.code,
  name: r.name,
  pricePerDay: Number(r.price_per_day),
  isActive: r.is_active,
});
const promotionOut = (r: PromotionRow): AdminPromotion => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  value: Number(r.value),
  firstBookingOnly: r.first_booking_only,
  startsOn: bangkokDate(new Date(r.starts_at)),
  // ends_at is the last instant; the last day is the one before the next midnight.
  endsOn: r.ends_at ? bangkokDate(new Date(new Date(r.ends_at).getTime() - 1)) : null,
  maxUses: r.max_uses,
  usesCount: r.uses_count,
  isActive: r.is_active,
});
const endOf = (day: string | null) =>
  day ? new Date(bangkokMidnight(day).getTime() + DAY_MS).toISOString() : null;

interface RuleRow {
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
const ruleColumns = sql`id, kind, name, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on,
  weekdays::int[] AS weekdays, min_days, grace_hours, category_ids, car_model_id, percent::text AS percent,
  daily_price::text AS daily_price, is_active`;
const ruleOut = (r: RuleRow): PricingRule => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  weekdays: r.weekdays,
  minDays: r.min_days,
  graceHours: r.grace_hours,
  categoryIds: r.category_ids,
  carModelId: r.car_model_id,
  percent: r.percent === null ? null : Number(r.percent),
  dailyPrice: r.daily_price === null ? null : Number(r.daily_price),
  isActive: r.is_active,
});

interface ZoneRow {
  id: number;
  branch_code: string;
  name: LocalizedText;
  fee: string;
  is_active: boolean;
  sort_order: number;
}
const zoneColumns = sql`id, branch_code, name, fee::text AS fee, is_active, sort_order`;
const zoneOut = (r: ZoneRow): DeliveryZone => ({
  id: r.id,
  branchCode: r.branch_code,
  name: r.name,
  fee: Number(r.fee),
  isActive: r.is_active,
  sortOrder: r.sort_order,
});

const promoColumns = sql`id, code, kind, value::text AS value, first_booking_only, starts_at, ends_at, max_uses, uses_count, is_active`;

/**
 * Add-on prices and promotion codes (admins only): each change is written
 * with its audit record (before and after) in one transaction. Bookings read
 * these tables on every quote, so a change shows on the site at once.
 */
export class PricingAdminService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  private inTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((t) => fn(t as unknown as Db));
  }

  async addons(): Promise<AdminAddon[]> {
    const list = await rows<AddonRow>(
      this.db,
      sql`SELECT code, name, price_per_day::text AS price_per_day, is_active FROM addons ORDER BY sort_order, code`,
    );
    return list.map(addonOut);
  }

  async updateAddon(actor: Actor, code: string, patch: z.output<typeof addonPatchSchema>) {
    return this.inTransaction(async (tx) => {
      const [before] = await rows<AddonRow>(
        tx,
        sql`SELECT code, name, price_per_day::text AS price_per_day, is_active FROM addons WHERE code = ${code} FOR UPDATE`,
      );
      if (!before) throw notFound('Add-on');
      const [after] = await rows<AddonRow>(
        tx,
        sql`UPDATE addons SET
              price_per_day = coalesce(${patch.pricePerDay === undefined ? null : patch.pricePerDay.toFixed(2)}::numeric, price_per_day),
              is_active = coalesce(${patch.isActive ?? null}::boolean, is_active)
            WHERE code = ${code}
            RETURNING code, name, price_per_day::text AS price_per_day, is_active`,
      );
      const out = addonOut(after!);
      await this.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'addon',
        entityId: code,
        action: 'addon.updated',
        before: { pricePerDay: Number(before.price_per_day), isActive: before.is_active },
        after: { pricePerDay: out.pricePerDay, isActive: out.isActive },
      });
      return out;
    });
  }

  // ---------- pricing rules (issue 17, part 1) ----------

  async pricingRules(): Promise<PricingRule[]> {
    const list = await rows<RuleRow>(
      this.db,
      sql`SELECT ${ruleColumns} FROM pricing_rules ORDER BY kind, starts_on NULLS FIRST, min_days NULLS FIRST, id`,
    );
    return list.map(ruleOut);
  }

  /** Adds a rule (`id` undefined) or replaces one, audited. */
  async saveRule(actor: Actor, body: z.output<typeof pricingRuleBodySchema>, id?: number) {
    return this.inTransaction(async (tx) => {
      const before = id
        ? (
            await rows<RuleRow>(tx, sql`SELECT ${ruleColumns} FROM pricing_rules WHERE id = ${id} FOR UPDATE`)
          )[0]
        : undefined;
      if (id && !before) throw notFound('Pricing rule');
      const values = sql`${body.kind}, ${JSON.stringify(body.name)}::jsonb, ${body.startsOn}::date, ${body.endsOn}::date,
        ${`{${body.weekdays.join(',')}}`}::smallint[], ${body.minDays}::int, ${body.graceHours}::int,
        ${body.categoryIds ? `{${body.categoryIds.join(',')}}` : null}::int[], ${body.carModelId}::int,
        ${body.percent}::numeric, ${body.dailyPrice}::numeric, ${body.isActive}`;
      let row: RuleRow | undefined;
      try {
        [row] = id
          ? await rows<RuleRow>(
              tx,
              sql`UPDATE pricing_rules SET (kind, name, starts_on, ends_on, weekdays, min_days, grace_hours, category_ids, car_model_id,
                    percent, daily_price, is_active) = (${values}) WHERE id = ${id} RETURNING ${ruleColumns}`,
            )
          : await rows<RuleRow>(
              tx,
              sql`INSERT INTO pricing_rules (kind, name, starts_on, ends_on, weekdays, min_days, grace_hours, category_ids, car_model_id,
                    percent, daily_price, is_active) VALUES (${values}) RETURNING ${ruleColumns}`,
            );
      } catch (error) {
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
          throw new AppError('VALIDATION_FAILED', 'Unknown car model', [
            { path: 'carModelId', message: 'Unknown car model' },
          ]);
        throw error;
      }
      const out = ruleOut(row!);
      await this.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'pricing_rule',
        entityId: out.id,
        action: id ? 'pricing_rule.updated' : 'pricing_rule.created',
        before: before ? ruleOut(before) : null,
        after: out,
      });
      return out;
    });
  }

  async deleteRule(actor: Actor, id: number) {
    return this.inTransaction(async (tx) => {
      const [gone] = await rows<RuleRow>(
        tx,
        sql`DELETE FROM pricing_rules WHERE id = ${id} RETURNING ${ruleColumns}`,
      );
      if (!gone) throw notFound('Pricing rule');
      await this.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'pricing_rule',
        entityId: id,
        action: 'pricing_rule.deleted',
        before: ruleOut(gone),
        after: null,
      });
      return { deleted: true as const };
    });
  }

  // ---------- one-way returns and delivery zones (issue 17, part 3) ----------

  async oneWayFees(): Promise<OneWayFee[]> {
    const list = await rows<{ from_branch: string; to_branch: string; fee: string }>(
      this.db,
      sql`SELECT from_branch, to_branch, fee::text AS fee FROM one_way_fees ORDER BY from_branch, to_branch`,
    );
    return list.map((r) => ({ fromBranch: r.from_branch, toBranch: r.to_branch, fee: Number(r.fee) }));
  }

  /** Offers a route (or changes its fee). Both branches must exist. */
  async setOneWayFee(actor: Actor, body: z.output<typeof oneWayFeeBodySchema>) {
    return this.inTransaction(async (tx) => {
      const [before] = await rows<{ fee: string }>(
        tx,
        sql`SELECT fee::text AS fee FROM one_way_fees WHERE from_branch = ${body.fromBranch} AND to_branch = ${body.toBranch}`,
      );
      try {
        await tx.execute(
          sql`INSERT INTO one_way_fees (from_branch, to_branch, fee) VALUES (${body.fromBranch}, ${body.toBranch}, ${body.fee.toFixed(2)})
              ON CONFLICT (from_branch, to_branch) DO UPDATE SET fee = EXCLUDED.fee`,
        );
      } catch (error) {
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
          throw new AppError('VALIDATION_FAILED', 'Unknown branch', [
            { path: 'toBranch', message: 'Unknown branch' },
          ]);
        throw error;
      }
      await this.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'one_way_fee',
        entityId: `${body.fromBranch}-${body.toBranch}`,
        action: before ? 'one_way_fee.updated' : 'one_way_fee.created',
        before: before ? { fee: Number(before.fee) } : null,
        after: { fee: body.fee },
      });
      return { fromBranch: body.fromBranch, toBranch: body.toBranch, fee: body.fee };
    });
  }

  /** Stops offering a route (bookings made keep theirs). */
  async deleteOneWayFee(actor: Actor, fromBranch: string, toBranch: string) {
    return this.inTransaction(async (tx) => {
      const [gone] = await rows<{ fee: string }>(
        tx,
        sql`DELETE FROM one_way_fees WHERE from_branch = ${fromBranch} AND to_branch = ${toBranch} RETURNING fee::text AS fee`,
      );
      if (!gone) throw notFound('One-way route');
      await this.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'one_way_fee',
        entityId: `${fromBranch}-${toBranch}`,
        action: 'one_way_fee.deleted',
        before: { fee: Number(gone.fee) },
        after: null,
      });
      return { deleted: true as const };
    });
  }

  async deliveryZones(): Promise<DeliveryZone[]> {
    const list = await rows<ZoneRow>(
      this.db,
      sql`SELECT ${zoneColumns} FROM delivery_zones ORDER BY branch_code, sort_order, id`,
    );
    return list.map(zoneOut);
  }

  async createZone(actor: Actor, body: z.output<typeof deliveryZoneBodySchema>) {
    return this.inTransaction(async (tx) => {
      let row: ZoneRow | undefined;
      try {
        [row] = await rows<ZoneRow>(
          tx,
          sql`INSERT INTO delivery_zones (branch_code, name, fee, is_active, sort_order)
              VALUES (${body.branchCode}, ${JSON.stringify(body.name)}::jsonb, ${body.fee.toFixed(2)}, ${body.isActive}, ${body.sortOrder})
              RETURNING ${zoneColumns}`,
        );
      } catch (error) {
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
          throw new AppError('VALIDATION_FAILED', 'Unknown branch', [
            { path: 'branchCode', message: 'Unknown branch' },
          ]);
        throw error;
      }
      const out = zoneOut(row!);
      await this.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'delivery_zone',
        entityId: out.id,
        action: 'delivery_zone.created',
        before: null,
        after: out,
      });
      return out;
    });
  }

  async updateZone(actor: Actor, id: number, patch: z.output<typeof deliveryZonePatchSchema>) {
    return this.inTransaction(async (tx) => {
      const [before] = await rows<ZoneRow>(
        tx,
        sql`SELECT ${zoneColumns} FROM delivery_zones WHERE id = ${id} FOR UPDATE`,
      );
      if (!before) throw notFound('Delivery zone');
      const [after] = await rows<ZoneRow>(
        tx,
        sql`UPDATE delivery_zones SET
              name = coalesce(${patch.name ? JSON.stringify(patch.name) : null}::jsonb, name),
              fee = coalesce(${patch.fee === undefined ? null : patch.fee.toFixed(2)}::numeric, fee),
              is_active = coalesce(${patch.isActive ?? null}::boolean, is_active),
              sort_order = coalesce(${patch.sortOrder ?? null}::int, sort_order)
            WHERE id = ${id} RETURNING ${zoneColumns}`,
      );
      const out = zoneOut(after!);
      await this.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'delivery_zone',
        entityId: id,
        action: 'delivery_zone.updated',
        before: zoneOut(before),
        after: out,
      });
      return out;
    });
  }

  async promotions(): Promise<AdminPromotion[]> {
    const list = await rows<PromotionRow>(
      this.db,
      sql`SELECT ${promoColumns} FROM promotion_codes ORDER BY is_active DESC, starts_at DESC, id DESC`,
    );
    return list.map(promotionOut);
  }

  private translate(error: unknown): never {
    const code = pgErrorCode(error);
    if (code === UNIQUE_VIOLATION)
      throw new AppError('CONFLICT', 'This code already exists', [
        { path: 'code', message: 'This code already exists' },
      ]);
    if (code === CHECK_VIOLATION)
      throw new AppError('VALIDATION_FAILED', 'The limit is below the uses already made', [
        { path: 'maxUses', message: 'Below the uses already made' },
      ]);
    throw error;
  }

  async createPromotion(actor: Actor, body: z.output<typeof promotionBodySchema>) {
    return this.inTransaction(async (tx) => {
      const [row] = await rows<PromotionRow>(
        tx,
        sql`INSERT INTO promotion_codes (code, kind, value, first_booking_only, starts_at, ends_at, max_uses, is_active)
            VALUES (${body.code}, ${body.kind}, ${body.value.toFixed(2)}, ${body.firstBookingOnly},
                    ${bangkokMidnight(body.startsOn).toISOString()}, ${endOf(body.endsOn)}, ${body.maxUses}, ${body.isActive})
            RETURNING ${promoColumns}`,
      ).catch((e: unknown) => this.translate(e));
      const out = promotionOut(row!);
      await this.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'promotion',
        entityId: out.id,
        action: 'promotion.created',
        before: null,
        after: out,
      });
      return out;
    });
  }

  async updatePromotion(actor: Actor, id: number, patch: z.output<typeof promotionPatchSchema>) {
    return this.inTransaction(async (tx) => {
      const [beforeRow] = await rows<PromotionRow>(
        tx,
        sql`SELECT ${promoColumns} FROM promotion_codes WHERE id = ${id} FOR UPDATE`,
      );
      if (!beforeRow) throw notFound('Promotion code');
      const before = promotionOut(beforeRow);
      const next = { ...before, ...patch };
      if (next.kind === 'percent' && next.value >= 100)
        throw new AppError('VALIDATION_FAILED', 'A percentage must be below 100', [
          { path: 'value', message: 'A percentage must be below 100' },
        ]);
      if (next.endsOn && next.endsOn < next.startsOn)
        throw new AppError('VALIDATION_FAILED', 'Must not be before the start', [
          { path: 'endsOn', message: 'Must not be before the start' },
        ]);
      const [row] = await rows<PromotionRow>(
        tx,
        sql`UPDATE promotion_codes SET kind = ${next.kind}, value = ${next.value.toFixed(2)},
              first_booking_only = ${next.firstBookingOnly},
              starts_at = ${bangkokMidnight(next.startsOn).toISOString()},
              ends_at = ${endOf(next.endsOn)},
              max_uses = ${next.maxUses}, is_active = ${next.isActive}
            WHERE id = ${id} RETURNING ${promoColumns}`,
      ).catch((e: unknown) => this.translate(e));
      const out = promotionOut(row!);
      await this.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'promotion',
        entityId: id,
        action: 'promotion.updated',
        before,
        after: out,
      });
      return out;
    });
  }
}
