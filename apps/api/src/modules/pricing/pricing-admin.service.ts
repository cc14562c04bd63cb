import type { z } from 'zod';
import type {
  AdminAddon,
  AdminPromotion,
  addonPatchSchema,
  promotionBodySchema,
  promotionPatchSchema,
} from '@siam/contract/admin-bookings';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/audit.service';
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
import type {
  AddonRow,
  PricingAdminRepository,
  PromotionRow,
  PromotionValues,
  RuleRow,
  ZoneRow,
} from './pricing-admin.repository';

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

const zoneOut = (r: ZoneRow): DeliveryZone => ({
  id: r.id,
  branchCode: r.branch_code,
  name: r.name,
  fee: Number(r.fee),
  isActive: r.is_active,
  sortOrder: r.sort_order,
});

/** A promotion as the repository writes it: money as numeric text, its days as instants. */
const promotionValues = (p: Omit<AdminPromotion, 'id' | 'code' | 'usesCount'>): PromotionValues => ({
  kind: p.kind,
  value: p.value.toFixed(2),
  firstBookingOnly: p.firstBookingOnly,
  startsAt: bangkokMidnight(p.startsOn).toISOString(),
  endsAt: endOf(p.endsOn),
  maxUses: p.maxUses,
  isActive: p.isActive,
});

/**
 * Add-on prices and promotion codes (admins only): each change is written
 * with its audit record (before and after) in one transaction. Bookings read
 * these tables on every quote, so a change shows on the site at once.
 */
export class PricingAdminService {
  constructor(
    private readonly repository: PricingAdminRepository,
    private readonly audit: AuditService,
  ) {}

  async addons(): Promise<AdminAddon[]> {
    return (await this.repository.addons()).map(addonOut);
  }

  async updateAddon(actor: Actor, code: string, patch: z.output<typeof addonPatchSchema>) {
    return this.repository.transaction(async (repo, tx) => {
      const before = await repo.lockAddon(code);
      if (!before) throw notFound('Add-on');
      const after = await repo.updateAddon(
        code,
        patch.pricePerDay === undefined ? null : patch.pricePerDay.toFixed(2),
        patch.isActive ?? null,
      );
      const out = addonOut(after);
      await this.audit.record(tx, actor, {
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
    return (await this.repository.rules()).map(ruleOut);
  }

  /** Adds a rule (`id` undefined) or replaces one, audited. */
  async saveRule(actor: Actor, body: z.output<typeof pricingRuleBodySchema>, id?: number) {
    return this.repository.transaction(async (repo, tx) => {
      const before = id ? await repo.lockRule(id) : undefined;
      if (id && !before) throw notFound('Pricing rule');
      let row: RuleRow | undefined;
      try {
        row = await repo.saveRule(body, id);
      } catch (error) {
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
          throw new AppError('VALIDATION_FAILED', 'Unknown car model', [
            { path: 'carModelId', message: 'Unknown car model' },
          ]);
        throw error;
      }
      const out = ruleOut(row!);
      await this.audit.record(tx, actor, {
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
    return this.repository.transaction(async (repo, tx) => {
      const gone = await repo.deleteRule(id);
      if (!gone) throw notFound('Pricing rule');
      await this.audit.record(tx, actor, {
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
    const list = await this.repository.oneWayFees();
    return list.map((r) => ({ fromBranch: r.from_branch, toBranch: r.to_branch, fee: Number(r.fee) }));
  }

  /** Offers a route (or changes its fee). Both branches must exist. */
  async setOneWayFee(actor: Actor, body: z.output<typeof oneWayFeeBodySchema>) {
    return this.repository.transaction(async (repo, tx) => {
      const before = await repo.oneWayFee(body.fromBranch, body.toBranch);
      try {
        await repo.setOneWayFee(body.fromBranch, body.toBranch, body.fee.toFixed(2));
      } catch (error) {
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
          throw new AppError('VALIDATION_FAILED', 'Unknown branch', [
            { path: 'toBranch', message: 'Unknown branch' },
          ]);
        throw error;
      }
      await this.audit.record(tx, actor, {
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
    return this.repository.transaction(async (repo, tx) => {
      const gone = await repo.deleteOneWayFee(fromBranch, toBranch);
      if (!gone) throw notFound('One-way route');
      await this.audit.record(tx, actor, {
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
    return (await this.repository.zones()).map(zoneOut);
  }

  async createZone(actor: Actor, body: z.output<typeof deliveryZoneBodySchema>) {
    return this.repository.transaction(async (repo, tx) => {
      let row: ZoneRow | undefined;
      try {
        row = await repo.insertZone({ ...body, fee: body.fee.toFixed(2) });
      } catch (error) {
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
          throw new AppError('VALIDATION_FAILED', 'Unknown branch', [
            { path: 'branchCode', message: 'Unknown branch' },
          ]);
        throw error;
      }
      const out = zoneOut(row!);
      await this.audit.record(tx, actor, {
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
    return this.repository.transaction(async (repo, tx) => {
      const before = await repo.lockZone(id);
      if (!before) throw notFound('Delivery zone');
      const after = await repo.updateZone(id, {
        name: patch.name ?? null,
        fee: patch.fee === undefined ? null : patch.fee.toFixed(2),
        isActive: patch.isActive ?? null,
        sortOrder: patch.sortOrder ?? null,
      });
      const out = zoneOut(after);
      await this.audit.record(tx, actor, {
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
    return (await this.repository.promotions()).map(promotionOut);
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
    return this.repository.transaction(async (repo, tx) => {
      const row = await repo
        .insertPromotion(body.code, promotionValues(body))
        .catch((e: unknown) => this.translate(e));
      const out = promotionOut(row);
      await this.audit.record(tx, actor, {
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
    return this.repository.transaction(async (repo, tx) => {
      const beforeRow = await repo.lockPromotion(id);
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
      const row = await repo
        .updatePromotion(id, promotionValues(next))
        .catch((e: unknown) => this.translate(e));
      const out = promotionOut(row);
      await this.audit.record(tx, actor, {
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
