import { z } from 'zod';
import { localizedInputSchema, localizedSchema } from './admin';
import { dataEnvelope } from './envelope';
import { priceRuleLineSchema, pricingRuleKinds } from './pricing-rules';
import { businessRules } from './business-rules';
import { isoDateSchema, timeOfDaySchema } from './safe-input';

/** Pricing rules as admins keep them (how they shape a price: pricing-rules.ts). */
export const pricingRuleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(pricingRuleKinds),
  name: localizedSchema,
  /** Season: the first and last day (inclusive, Bangkok dates). */
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  /** Weekend: ISO weekdays (1 Monday … 7 Sunday). */
  weekdays: z.array(z.number().int()),
  /** Duration: the shortest rental it applies to. */
  minDays: z.number().int().nullable(),
  /** Late: hours after the last full day that cost nothing. */
  graceHours: z.number().int().nullable(),
  /** Null: every category. */
  categoryIds: z.array(z.number().int()).nullable(),
  /** One model only (then categoryIds is null). */
  carModelId: z.number().int().nullable(),
  /** +30 = 30 % more; −10 = 10 % less. */
  percent: z.number().nullable(),
  /** Season only: a fixed price a day (baht) instead of a percentage. */
  dailyPrice: z.number().nullable(),
  isActive: z.boolean(),
});
export type PricingRule = z.infer<typeof pricingRuleSchema>;

const percentSchema = z.number().min(-90, 'At least −90').max(300, 'At most +300');
export const pricingRuleBodySchema = z
  .object({
    kind: z.enum(pricingRuleKinds),
    name: localizedInputSchema,
    startsOn: isoDateSchema.nullable().default(null),
    endsOn: isoDateSchema.nullable().default(null),
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    minDays: z.number().int().min(2).max(90).nullable().default(null),
    graceHours: z.number().int().min(0).max(23).nullable().default(null),
    categoryIds: z.array(z.number().int().positive()).min(1).max(50).nullable().default(null),
    carModelId: z.number().int().positive().nullable().default(null),
    percent: percentSchema.nullable().default(null),
    dailyPrice: z.number().min(1).max(1_000_000).nullable().default(null),
    isActive: z.boolean().default(true),
  })
  .superRefine((r, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (r.kind === 'season') {
      if (!r.startsOn) need('startsOn', 'Required');
      if (!r.endsOn) need('endsOn', 'Required');
      if (r.startsOn && r.endsOn && r.endsOn < r.startsOn) need('endsOn', 'Must not be before the first day');
      if ((r.percent === null) === (r.dailyPrice === null)) need('percent', 'A percentage or a daily price');
    } else if (r.percent === null) need('percent', 'Required');
    if (r.kind === 'weekend' && r.weekdays.length === 0) need('weekdays', 'Choose at least one day');
    if (r.kind === 'duration' && r.minDays === null) need('minDays', 'Required');
    if (r.kind === 'late') {
      if (r.graceHours === null) need('graceHours', 'Required');
      if (r.percent !== null && r.percent <= 0) need('percent', 'More than 0');
    } else if (r.graceHours !== null) need('graceHours', 'Only a late-return rule has free hours');
    if (r.kind !== 'season' && r.dailyPrice !== null) need('dailyPrice', 'Only a season has a daily price');
    if (r.categoryIds && r.carModelId) need('carModelId', 'A model or categories, not both');
  });
export type PricingRuleBody = z.input<typeof pricingRuleBodySchema>;

export const pricingRulesResponseSchema = dataEnvelope(z.array(pricingRuleSchema));
export const pricingRuleResponseSchema = dataEnvelope(pricingRuleSchema);
/** What a car would cost on dates with the rules as they are, and with a draft rule added. */
export const pricingPreviewBodySchema = z.object({
  carModelId: z.number().int().positive(),
  pickupDate: isoDateSchema,
  returnDate: isoDateSchema,
  pickupTime: timeOfDaySchema.default(businessRules.pickupTime),
  returnTime: timeOfDaySchema.default(businessRules.returnTime),
  draft: pricingRuleBodySchema.optional(),
});
export const pricingPreviewResponseSchema = dataEnvelope(
  z.object({
    days: z.number().int(),
    pricePerDay: z.number().int(),
    rentalAmount: z.number().int(),
    rules: z.array(priceRuleLineSchema),
    rentalAfterRules: z.number().int(),
  }),
);
