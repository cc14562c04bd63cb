import { addDays } from '@siam/contract/bangkok-time';
import type { Language } from '@siam/contract/languages';
import type { PriceRuleLine, PricingRuleKind } from '@siam/contract/pricing-rules';
import type { LocalizedText } from '../../db/schema/localized';
import { lateReturnRule } from '@siam/contract/rental-rules';
import { rentalLength, type LateRule, type RentalLength } from '@siam/contract/rental-times';
import { toSatang } from './pricing';

/** A pricing rule as the database has it (pricing_rules). */
export interface PricingRuleRow {
  id: number;
  kind: PricingRuleKind;
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
}

/** A line of a price as a booking keeps it: the rule's name in every language. */
export type StoredRuleLine = Omit<PriceRuleLine, 'label'> & { name: LocalizedText };

/** Model 2, categories 1, every car 0: the most specific rule wins a day. */
const specificity = (r: PricingRuleRow) => (r.car_model_id !== null ? 2 : r.category_ids !== null ? 1 : 0);
const byStrength = (a: PricingRuleRow, b: PricingRuleRow) => specificity(b) - specificity(a) || b.id - a.id;

/** Whether a rule covers this car (its model, its category, or every car). */
export function ruleCovers(r: PricingRuleRow, car: { carModelId: number; categoryId: number }) {
  if (r.car_model_id !== null) return r.car_model_id === car.carModelId;
  return r.category_ids === null || r.category_ids.includes(car.categoryId);
}

/** 1 Monday … 7 Sunday, of a calendar date. */
const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
const ofPercent = (satang: number, percent: number) => Math.round((satang * percent) / 100);

/**
 * The rental's price shaped by the rules, day by day (each day of the rental is a calendar day from
 * the pickup date): a season sets the day's price (a percentage of the car's daily price, or a fixed
 * one), a weekend rule adds its percentage of that day's price, and the longest duration tier the
 * rental reaches takes its percentage off the rental so far. Every amount is rounded to the satang
 * where it is made. Returns each rule's line and their sum (satang; negative when it lowers the price).
 */
export function applyPricingRules(input: {
  pickupDate: string;
  days: number;
  /** Hours after the last day charged by the late-return rule (rentalLength). */
  lateHours?: number;
  /** The car's daily price, satang. */
  basePrice: number;
  car: { carModelId: number; categoryId: number };
  rules: PricingRuleRow[];
}): { lines: StoredRuleLine[]; adjustment: number } {
  const rules = input.rules.filter((r) => ruleCovers(r, input.car)).sort(byStrength);
  const seasons = rules.filter((r) => r.kind === 'season');
  const weekends = rules.filter((r) => r.kind === 'weekend');
  const touched = new Map<number, { rule: PricingRuleRow; days: number; amount: number }>();
  const add = (rule: PricingRuleRow, amount: number) => {
    const seen = touched.get(rule.id) ?? { rule, days: 0, amount: 0 };
    touched.set(rule.id, { rule, days: seen.days + 1, amount: seen.amount + amount });
  };
  let rental = 0;
  for (let i = 0; i < input.days; i++) {
    const date = addDays(input.pickupDate, i);
    let price = input.basePrice;
    const season = seasons.find((r) => r.starts_on! <= date && date <= r.ends_on!);
    if (season) {
      price =
        season.daily_price !== null
          ? toSatang(season.daily_price)
          : input.basePrice + ofPercent(input.basePrice, Number(season.percent));
      add(season, price - input.basePrice);
    }
    const weekend = weekends.find((r) => r.weekdays.includes(isoWeekday(date)));
    if (weekend) {
      const extra = ofPercent(price, Number(weekend.percent));
      price += extra;
      add(weekend, extra);
    }
    rental += price;
  }
  const tier = rules
    .filter((r) => r.kind === 'duration' && r.min_days! <= input.days)
    .sort((a, b) => b.min_days! - a.min_days! || byStrength(a, b))[0];
  const lines: StoredRuleLine[] = [...touched.values()]
    .filter((t) => t.amount !== 0)
    .map((t) => ({
      kind: t.rule.kind,
      name: t.rule.name,
      days: t.days,
      percent: t.rule.percent === null ? null : Number(t.rule.percent),
      amount: t.amount,
    }));
  if (tier) {
    const amount = ofPercent(rental, Number(tier.percent));
    if (amount !== 0)
      lines.push({
        kind: 'duration',
        name: tier.name,
        days: input.days,
        percent: Number(tier.percent),
        amount,
      });
  }
  const late = rules.find((r) => r.kind === 'late');
  if (late && input.lateHours)
    lines.push({
      kind: 'late',
      name: late.name,
      days: 0,
      hours: input.lateHours,
      percent: Number(late.percent),
      amount: input.lateHours * ofPercent(input.basePrice, Number(late.percent)),
    });
  return { lines, adjustment: lines.reduce((sum, l) => sum + l.amount, 0) };
}

/** The most specific late-return rule covering the car, as the rental's length needs it. */
export function lateRuleFor(rules: PricingRuleRow[], car: { carModelId: number; categoryId: number }) {
  const rule = rules.filter((r) => r.kind === 'late' && ruleCovers(r, car)).sort(byStrength)[0];
  return rule ? ({ graceHours: rule.grace_hours!, percent: Number(rule.percent) } satisfies LateRule) : null;
}

/**
 * A rental at its chosen times, priced by the rules: its length in 24-hour blocks (the late-return
 * rule deciding what the hours after the last block cost) and the rules' lines for those days.
 */
export function priceRentalTimes(input: {
  times: { pickupDate: string; pickupTime: string; returnDate: string; returnTime: string };
  basePrice: number;
  car: { carModelId: number; categoryId: number };
  rules: PricingRuleRow[];
}): RentalLength & { lines: StoredRuleLine[]; adjustment: number } {
  const length = rentalLength(input.times, lateRuleFor(input.rules, input.car));
  const applied = applyPricingRules({
    pickupDate: input.times.pickupDate,
    days: length.days,
    lateHours: length.lateHours,
    basePrice: input.basePrice,
    car: input.car,
    rules: input.rules,
  });
  return { ...length, ...applied };
}

/** The lines in one language. */
export const ruleLinesIn = (lines: StoredRuleLine[], lang: Language): PriceRuleLine[] =>
  lines.map(({ name, ...line }) => ({ ...line, label: name[lang] }));

/**
 * What returning a car late costs (decision 1804): after the contract's lateReturnRule.courtesyMinutes (the terms name it), every started hour past the booked return at the late-return rule's
 * percentage of the daily price, never more than a day's price for each started day; with no rule,
 * a day's price for each started day. The rule's free hours are for planned rentals (rentalLength),
 * not for a car kept past the time agreed.
 */
export function lateReturnCharge(input: {
  bookedReturnAt: Date;
  returnedAt: Date;
  /** The booking's daily price, satang. */
  dailyPrice: number;
  rule: LateRule | null;
}): { hours: number; amount: number } {
  const lateMs = input.returnedAt.getTime() - input.bookedReturnAt.getTime();
  if (lateMs <= lateReturnRule.courtesyMinutes * 60_000) return { hours: 0, amount: 0 };
  const hours = Math.ceil(lateMs / 3_600_000);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const restAmount = input.rule
    ? Math.min(rest * ofPercent(input.dailyPrice, input.rule.percent), input.dailyPrice)
    : rest > 0
      ? input.dailyPrice
      : 0;
  return { hours, amount: days * input.dailyPrice + restAmount };
}
