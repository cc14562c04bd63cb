import { z } from 'zod';

/**
 * Pricing rules (issue 17, part 1), set by admins and applied by the server to every quote:
 * - season: dates (Songkran, New Year, Chinese New Year, high season) at a percentage more or less,
 *   or a fixed daily price;
 * - weekend: days of the week at a percentage more (or less), on top of the day's season price;
 * - duration: rentals of at least N days at a percentage off the whole rental (weekly, monthly);
 * - late: hours past a rental's last full day, free within a grace, then a percentage of the car's
 *   daily price for each started hour (never more than a day: rental-times.ts).
 * Each applies to every car, to chosen categories, or to one model; for a day, the most specific
 * season and weekend rule wins (model, then category, then all; then the newest).
 */
export const pricingRuleKinds = ['season', 'weekend', 'duration', 'late'] as const;
export type PricingRuleKind = (typeof pricingRuleKinds)[number];

/** A rule as it shaped a price: its name, the days it touched, and what it added (or took off), satang. */
export const priceRuleLineSchema = z.object({
  kind: z.enum(pricingRuleKinds),
  label: z.string(),
  days: z.number().int(),
  /** Late: the hours charged. */
  hours: z.number().int().optional(),
  percent: z.number().nullable(),
  amount: z.number().int(),
});
export type PriceRuleLine = z.infer<typeof priceRuleLineSchema>;
