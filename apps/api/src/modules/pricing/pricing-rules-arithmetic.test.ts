import { describe, expect, it } from 'vitest';
import {
  applyPricingRules,
  lateReturnCharge,
  lateRuleFor,
  priceRentalTimes,
  ruleCovers,
  ruleLinesIn,
  type PricingRuleRow,
} from './pricing-rules';
import { pricingRuleRow } from './pricing-rules.test-helper';

// The pricing rules' arithmetic, worked out by hand (pricing-rules.test.ts drives the same rules
// through the admin pages and a booking on both databases). A car of ฿1,000 a day = 100,000 satang.
// April 2026: the 11th is a Saturday, the 12th a Sunday, the 13th a Monday … the 16th a Thursday.
const songkran = pricingRuleRow({
  id: 1,
  kind: 'season',
  starts_on: '2026-04-13',
  ends_on: '2026-04-15',
  percent: '50',
});
const modelDay = pricingRuleRow({
  id: 2,
  kind: 'season',
  starts_on: '2026-04-14',
  ends_on: '2026-04-14',
  car_model_id: 7,
  daily_price: '1200.00',
});
const weekend = pricingRuleRow({ id: 3, kind: 'weekend', weekdays: [6, 7], percent: '20' });
const threeDays = pricingRuleRow({ id: 4, kind: 'duration', min_days: 3, percent: '-10' });
const week = pricingRuleRow({ id: 5, kind: 'duration', min_days: 7, percent: '-20' });
const late = pricingRuleRow({ id: 6, kind: 'late', grace_hours: 2, percent: '10' });
const car = { carModelId: 7, categoryId: 3 };
const otherCar = { carModelId: 8, categoryId: 3 };
const all = [songkran, modelDay, weekend, threeDays, week, late];

describe('a rental priced by the rules', () => {
  it('Saturday to Wednesday: weekend +20 %, Songkran +50 %, the model fixed at ฿1,200 on the 14th, 3 days -10 %', () => {
    // Sat 120,000 + Sun 120,000 + Mon 150,000 + Tue 120,000 (the model's day beats Songkran for all)
    // + Wed 150,000 = 660,000; -10 % = -66,000.
    expect(
      applyPricingRules({ pickupDate: '2026-04-11', days: 5, basePrice: 100_000, car, rules: all }),
    ).toEqual({
      lines: [
        { kind: 'weekend', name: weekend.name, days: 2, percent: 20, amount: 40_000 },
        { kind: 'season', name: songkran.name, days: 2, percent: 50, amount: 100_000 },
        { kind: 'season', name: modelDay.name, days: 1, percent: null, amount: 20_000 },
        { kind: 'duration', name: threeDays.name, days: 5, percent: -10, amount: -66_000 },
      ],
      adjustment: 94_000,
    });
    // Another model: Songkran all three days. 240,000 + 450,000 = 690,000; -10 % = -69,000.
    expect(
      applyPricingRules({ pickupDate: '2026-04-11', days: 5, basePrice: 100_000, car: otherCar, rules: all }),
    ).toEqual({
      lines: [
        { kind: 'weekend', name: weekend.name, days: 2, percent: 20, amount: 40_000 },
        { kind: 'season', name: songkran.name, days: 3, percent: 50, amount: 150_000 },
        { kind: 'duration', name: threeDays.name, days: 5, percent: -10, amount: -69_000 },
      ],
      adjustment: 121_000,
    });
  });

  it("adds the weekend's percentage to the season's price of that day", () => {
    const sat = pricingRuleRow({
      id: 9,
      kind: 'season',
      starts_on: '2026-04-18',
      ends_on: '2026-04-18',
      percent: '50',
    });
    // 150,000 on the season; +20 % of that = 30,000.
    expect(
      applyPricingRules({
        pickupDate: '2026-04-18',
        days: 1,
        basePrice: 100_000,
        car,
        rules: [sat, weekend],
      }),
    ).toEqual({
      lines: [
        { kind: 'season', name: sat.name, days: 1, percent: 50, amount: 50_000 },
        { kind: 'weekend', name: weekend.name, days: 1, percent: 20, amount: 30_000 },
      ],
      adjustment: 80_000,
    });
  });

  it('includes both ends of a season and nothing outside it', () => {
    // Sun 12th (no season, no weekend rule here), Mon 13th to Wed 15th in, Thu 16th out.
    const result = applyPricingRules({
      pickupDate: '2026-04-12',
      days: 5,
      basePrice: 100_000,
      car: otherCar,
      rules: [songkran],
    });
    expect(result.lines).toEqual([
      { kind: 'season', name: songkran.name, days: 3, percent: 50, amount: 150_000 },
    ]);
    expect(result.adjustment).toBe(150_000);
  });

  it('takes the longest duration tier reached, from its first day', () => {
    const tier = (days: number) =>
      applyPricingRules({ pickupDate: '2026-05-04', days, basePrice: 100_000, car, rules: [threeDays, week] })
        .lines;
    expect(tier(2)).toEqual([]);
    expect(tier(3)).toEqual([
      { kind: 'duration', name: threeDays.name, days: 3, percent: -10, amount: -30_000 },
    ]);
    expect(tier(6)).toEqual([
      { kind: 'duration', name: threeDays.name, days: 6, percent: -10, amount: -60_000 },
    ]);
    expect(tier(7)).toEqual([{ kind: 'duration', name: week.name, days: 7, percent: -20, amount: -140_000 }]);
    expect(tier(8)).toEqual([{ kind: 'duration', name: week.name, days: 8, percent: -20, amount: -160_000 }]);
  });

  it('lets the most specific rule win, then the newest', () => {
    const forCategory = pricingRuleRow({
      id: 10,
      kind: 'duration',
      min_days: 3,
      percent: '-15',
      category_ids: [3],
    });
    const newerForAll = pricingRuleRow({ id: 11, kind: 'duration', min_days: 3, percent: '-5' });
    const newestForAll = pricingRuleRow({ id: 12, kind: 'duration', min_days: 3, percent: '-6' });
    const lines = (rules: PricingRuleRow[]) =>
      applyPricingRules({ pickupDate: '2026-05-04', days: 3, basePrice: 100_000, car, rules }).lines;
    expect(lines([threeDays, forCategory, newerForAll])).toEqual([
      { kind: 'duration', name: forCategory.name, days: 3, percent: -15, amount: -45_000 },
    ]);
    expect(lines([newestForAll, threeDays, newerForAll])).toEqual([
      { kind: 'duration', name: newestForAll.name, days: 3, percent: -6, amount: -18_000 },
    ]);
    const forModel = pricingRuleRow({
      id: 13,
      kind: 'weekend',
      weekdays: [6],
      percent: '30',
      car_model_id: 7,
    });
    const forCategoryWeekend = pricingRuleRow({
      id: 14,
      kind: 'weekend',
      weekdays: [6],
      percent: '25',
      category_ids: [3],
    });
    expect(
      applyPricingRules({
        pickupDate: '2026-04-11',
        days: 1,
        basePrice: 100_000,
        car,
        rules: [weekend, forCategoryWeekend, forModel],
      }).lines,
    ).toEqual([{ kind: 'weekend', name: forModel.name, days: 1, percent: 30, amount: 30_000 }]);
    expect(
      applyPricingRules({
        pickupDate: '2026-04-11',
        days: 1,
        basePrice: 100_000,
        car: otherCar,
        rules: [weekend, forCategoryWeekend, forModel],
      }).lines,
    ).toEqual([{ kind: 'weekend', name: forCategoryWeekend.name, days: 1, percent: 25, amount: 25_000 }]);
  });

  it('takes the longest tier reached even when it is the older rule, and the newest of equals in any order', () => {
    const longOld = pricingRuleRow({ id: 30, kind: 'duration', min_days: 7, percent: '-20' });
    const shortNew = pricingRuleRow({ id: 31, kind: 'duration', min_days: 3, percent: '-10' });
    const lines = (days: number, rules: PricingRuleRow[]) =>
      applyPricingRules({ pickupDate: '2026-05-04', days, basePrice: 100_000, car, rules }).lines;
    expect(lines(8, [longOld, shortNew])).toEqual([
      { kind: 'duration', name: longOld.name, days: 8, percent: -20, amount: -160_000 },
    ]);
    expect(lines(8, [shortNew, longOld])).toEqual([
      { kind: 'duration', name: longOld.name, days: 8, percent: -20, amount: -160_000 },
    ]);
    expect(lines(6, [longOld, shortNew])).toEqual([
      { kind: 'duration', name: shortNew.name, days: 6, percent: -10, amount: -60_000 },
    ]);
    const a = pricingRuleRow({ id: 32, kind: 'duration', min_days: 3, percent: '-5' });
    const b = pricingRuleRow({ id: 33, kind: 'duration', min_days: 3, percent: '-6' });
    const c = pricingRuleRow({ id: 34, kind: 'duration', min_days: 3, percent: '-7' });
    for (const order of [
      [a, b, c],
      [a, c, b],
      [b, a, c],
      [b, c, a],
      [c, a, b],
      [c, b, a],
    ])
      expect(lines(3, order)).toEqual([
        { kind: 'duration', name: c.name, days: 3, percent: -7, amount: -21_000 },
      ]);
  });

  it('lets only a season set a day and only a weekend rule add to it, whatever other fields a rule has', () => {
    const datedWeekend = pricingRuleRow({
      id: 35,
      kind: 'weekend',
      starts_on: '2026-05-04',
      ends_on: '2026-05-04',
      weekdays: [3],
      percent: '40',
    });
    const seasonWithDays = pricingRuleRow({
      id: 36,
      kind: 'season',
      starts_on: '2026-06-01',
      ends_on: '2026-06-30',
      weekdays: [1],
      percent: '50',
    });
    // Monday 4 May: neither applies (the weekend rule is for Wednesdays, the season is in June).
    expect(
      applyPricingRules({
        pickupDate: '2026-05-04',
        days: 1,
        basePrice: 100_000,
        car,
        rules: [datedWeekend, seasonWithDays],
      }),
    ).toEqual({ lines: [], adjustment: 0 });
  });

  it('charges late hours by the late rule only, not by another rule that sorts first', () => {
    const longTier = pricingRuleRow({ id: 40, kind: 'duration', min_days: 30, percent: '-5' });
    expect(
      applyPricingRules({
        pickupDate: '2026-05-04',
        days: 2,
        lateHours: 3,
        basePrice: 100_000,
        car,
        rules: [late, longTier],
      }),
    ).toEqual({
      lines: [{ kind: 'late', name: late.name, days: 0, hours: 3, percent: 10, amount: 30_000 }],
      adjustment: 30_000,
    });
  });

  it('rounds each amount to the satang where it is made, and leaves out a rule that changed nothing', () => {
    // 15 % of 99,999 = 14,999.85 → 15,000; of 99,997 = 14,999.55 → 15,000; of 99,993 = 14,998.95 → 14,999.
    const sat = pricingRuleRow({ id: 15, kind: 'weekend', weekdays: [6], percent: '15' });
    const price = (basePrice: number) =>
      applyPricingRules({ pickupDate: '2026-04-11', days: 1, basePrice, car, rules: [sat] }).adjustment;
    expect(price(99_999)).toBe(15_000);
    expect(price(99_993)).toBe(14_999);
    const nothing = pricingRuleRow({
      id: 16,
      kind: 'season',
      starts_on: '2026-04-11',
      ends_on: '2026-04-11',
      percent: '0',
    });
    const noTier = pricingRuleRow({ id: 17, kind: 'duration', min_days: 1, percent: '0' });
    expect(
      applyPricingRules({
        pickupDate: '2026-04-11',
        days: 1,
        basePrice: 100_000,
        car,
        rules: [nothing, noTier],
      }),
    ).toEqual({ lines: [], adjustment: 0 });
  });

  it('charges the late hours at the rule’s percentage of the daily price', () => {
    expect(
      applyPricingRules({
        pickupDate: '2026-05-04',
        days: 2,
        lateHours: 3,
        basePrice: 100_000,
        car,
        rules: [late],
      }),
    ).toEqual({
      lines: [{ kind: 'late', name: late.name, days: 0, hours: 3, percent: 10, amount: 30_000 }],
      adjustment: 30_000,
    });
    expect(
      applyPricingRules({
        pickupDate: '2026-05-04',
        days: 2,
        lateHours: 0,
        basePrice: 100_000,
        car,
        rules: [late],
      }),
    ).toEqual({ lines: [], adjustment: 0 });
    expect(
      applyPricingRules({
        pickupDate: '2026-05-04',
        days: 2,
        lateHours: 3,
        basePrice: 100_000,
        car,
        rules: [],
      }),
    ).toEqual({ lines: [], adjustment: 0 });
  });

  it('prices chosen times: Monday 10:00 to Wednesday 13:00 is 2 days and 1 hour past the 2 free ones', () => {
    expect(
      priceRentalTimes({
        times: {
          pickupDate: '2026-05-04',
          pickupTime: '10:00',
          returnDate: '2026-05-06',
          returnTime: '13:00',
        },
        basePrice: 100_000,
        car,
        rules: [late],
      }),
    ).toEqual({
      hours: 51,
      days: 2,
      lateHours: 1,
      lines: [{ kind: 'late', name: late.name, days: 0, hours: 1, percent: 10, amount: 10_000 }],
      adjustment: 10_000,
    });
  });
});

describe('which rules cover a car', () => {
  it('every car, its categories, or its model only', () => {
    expect(ruleCovers(pricingRuleRow({ id: 1, kind: 'season' }), car)).toBe(true);
    expect(ruleCovers(pricingRuleRow({ id: 1, kind: 'season', category_ids: [2, 3] }), car)).toBe(true);
    expect(ruleCovers(pricingRuleRow({ id: 1, kind: 'season', category_ids: [4] }), car)).toBe(false);
    expect(ruleCovers(pricingRuleRow({ id: 1, kind: 'season', car_model_id: 7 }), car)).toBe(true);
    expect(
      ruleCovers(pricingRuleRow({ id: 1, kind: 'season', car_model_id: 9, category_ids: [3] }), car),
    ).toBe(false);
  });

  it('the late-return rule: the most specific, as the rental length needs it, or none', () => {
    const forCategory = pricingRuleRow({
      id: 20,
      kind: 'late',
      grace_hours: 1,
      percent: '15',
      category_ids: [3],
    });
    const forOtherModel = pricingRuleRow({
      id: 21,
      kind: 'late',
      grace_hours: 0,
      percent: '50',
      car_model_id: 8,
    });
    expect(lateRuleFor([late, forCategory, forOtherModel, weekend], car)).toEqual({
      graceHours: 1,
      percent: 15,
    });
    expect(lateRuleFor([late, weekend], car)).toEqual({ graceHours: 2, percent: 10 });
    expect(lateRuleFor([weekend, forOtherModel], car)).toBeNull();
  });

  it("gives the lines in the reader's language", () => {
    const lines = applyPricingRules({
      pickupDate: '2026-05-04',
      days: 3,
      basePrice: 100_000,
      car,
      rules: [threeDays],
    }).lines;
    expect(ruleLinesIn(lines, 'zh')).toEqual([
      { kind: 'duration', label: 'zh duration 4', days: 3, percent: -10, amount: -30_000 },
    ]);
    expect(ruleLinesIn(lines, 'th')[0]!.label).toBe('th duration 4');
  });
});

describe('a car returned late (decision 1804)', () => {
  const bookedReturnAt = new Date('2026-05-06T10:00:00+07:00');
  const charge = (
    minutesLate: number,
    rule: { graceHours: number; percent: number } | null = { graceHours: 2, percent: 10 },
  ) =>
    lateReturnCharge({
      bookedReturnAt,
      returnedAt: new Date(bookedReturnAt.getTime() + minutesLate * 60_000),
      dailyPrice: 100_000,
      rule,
    });
  it('is free for 30 minutes, then 10 % of the day for each started hour, never more than a day a day', () => {
    expect(charge(30)).toEqual({ hours: 0, amount: 0 });
    expect(charge(31)).toEqual({ hours: 1, amount: 10_000 });
    expect(charge(60)).toEqual({ hours: 1, amount: 10_000 });
    expect(charge(61)).toEqual({ hours: 2, amount: 20_000 });
    expect(charge(4 * 60)).toEqual({ hours: 4, amount: 40_000 });
    expect(charge(9 * 60)).toEqual({ hours: 9, amount: 90_000 });
    expect(charge(10 * 60)).toEqual({ hours: 10, amount: 100_000 });
    expect(charge(20 * 60)).toEqual({ hours: 20, amount: 100_000 });
    expect(charge(24 * 60)).toEqual({ hours: 24, amount: 100_000 });
    expect(charge(25 * 60)).toEqual({ hours: 25, amount: 110_000 });
    expect(charge(48 * 60)).toEqual({ hours: 48, amount: 200_000 });
    expect(charge(47 * 60)).toEqual({ hours: 47, amount: 200_000 });
  });
  it("without a rule costs a day's price for each started day", () => {
    expect(charge(30, null)).toEqual({ hours: 0, amount: 0 });
    expect(charge(3 * 60, null)).toEqual({ hours: 3, amount: 100_000 });
    expect(charge(24 * 60, null)).toEqual({ hours: 24, amount: 100_000 });
    expect(charge(25 * 60, null)).toEqual({ hours: 25, amount: 200_000 });
  });
});
