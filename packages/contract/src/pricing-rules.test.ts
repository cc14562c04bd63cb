import { describe, expect, it } from 'vitest';
import { priceRuleLineSchema, pricingRuleKinds } from './pricing-rules';

describe('a pricing rule as it shaped a price', () => {
  it('is one of the four kinds', () => {
    expect(pricingRuleKinds).toEqual(['season', 'weekend', 'duration', 'late']);
    for (const kind of pricingRuleKinds)
      expect(
        priceRuleLineSchema.safeParse({ kind, label: 'x', days: 1, percent: 10, amount: 100 }).success,
      ).toBe(true);
    expect(
      priceRuleLineSchema.safeParse({ kind: 'coupon', label: 'x', days: 1, percent: 10, amount: 100 })
        .success,
    ).toBe(false);
  });

  it('says its days, its late hours, its percent (or none, for a fixed price) and whole satang', () => {
    const late = { kind: 'late', label: 'Late return', days: 0, hours: 3, percent: 10, amount: 45000 };
    expect(priceRuleLineSchema.parse(late)).toEqual(late);
    const fixed = { kind: 'season', label: 'Songkran', days: 3, percent: null, amount: 90000 };
    expect(priceRuleLineSchema.parse(fixed)).toEqual(fixed);
    expect(priceRuleLineSchema.safeParse({ ...fixed, amount: 900.5 }).success).toBe(false);
    expect(priceRuleLineSchema.safeParse({ ...fixed, days: 1.5 }).success).toBe(false);
    expect(priceRuleLineSchema.safeParse({ ...late, hours: 2.5 }).success).toBe(false);
    expect(priceRuleLineSchema.safeParse({ ...fixed, label: 3 }).success).toBe(false);
    expect(priceRuleLineSchema.safeParse({ ...fixed, percent: '10' }).success).toBe(false);
  });
});
