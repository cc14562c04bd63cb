import type { PricingRuleRow } from './pricing-rules';

/** A rule's name in the three languages, told apart so a test sees which language was used. */
export const ruleName = (en: string) => ({ th: `th ${en}`, en, zh: `zh ${en}` });

/** A pricing rule row as the repository reads it: nothing set but what the test gives. */
export const pricingRuleRow = (
  r: Partial<PricingRuleRow> & Pick<PricingRuleRow, 'id' | 'kind'>,
): PricingRuleRow => ({
  name: ruleName(`${r.kind} ${r.id}`),
  starts_on: null,
  ends_on: null,
  weekdays: [],
  min_days: null,
  grace_hours: null,
  category_ids: null,
  car_model_id: null,
  percent: null,
  daily_price: null,
  ...r,
});
