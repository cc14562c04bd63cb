import { addDays } from '@siam/contract/bangkok-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';
import { applyPricingRules } from './pricing-rules';
import { pricingRuleRow, ruleName } from './pricing-rules.test-helper';

const car = { carModelId: 7, categoryId: 3 };

describe('composing a price from the rules (pricing-rules.ts)', () => {
  // 2027-04-10 is a Saturday: a week from then covers a weekend, then Songkran 12-16 April.
  const songkran = pricingRuleRow({
    id: 1,
    kind: 'season',
    starts_on: '2027-04-12',
    ends_on: '2027-04-16',
    percent: '30',
  });
  const weekend = pricingRuleRow({ id: 2, kind: 'weekend', weekdays: [6, 7], percent: '10' });
  const weekly = pricingRuleRow({ id: 3, kind: 'duration', min_days: 7, percent: '-10' });
  const monthly = pricingRuleRow({ id: 4, kind: 'duration', min_days: 30, percent: '-25' });

  it('a season overlapping a weekend and a weekly tier, each line said, rounded to the satang where made', () => {
    // ฿999.99 a day, 8 days from Saturday 10 April: Sat, Sun, Mon … Fri 16, Sat 17.
    const out = applyPricingRules({
      pickupDate: '2027-04-10',
      days: 8,
      basePrice: 99_999,
      car,
      rules: [songkran, weekend, weekly, monthly],
    });
    // Songkran: 5 days × round(99 999 × 30 %) = 5 × 30 000 (29 999.7 rounds up).
    // Weekend: Sat 10, Sun 11 at 10 % of 99 999 (10 000 each), Sat 17 at 10 % of 99 999 → 3 × 10 000.
    // Rental so far: 8 × 99 999 + 150 000 + 30 000 = 979 992; weekly: −10 % = −97 999 (−97 999.2).
    expect(out.lines).toEqual([
      { kind: 'weekend', name: ruleName('weekend 2'), days: 3, percent: 10, amount: 30_000 },
      { kind: 'season', name: ruleName('season 1'), days: 5, percent: 30, amount: 150_000 },
      { kind: 'duration', name: ruleName('duration 3'), days: 8, percent: -10, amount: -97_999 },
    ]);
    expect(out.adjustment).toBe(30_000 + 150_000 - 97_999);
  });

  it('a weekend inside a season adds its percent of the season price', () => {
    const out = applyPricingRules({
      pickupDate: '2027-04-17',
      days: 1,
      basePrice: 100_000,
      car,
      rules: [pricingRuleRow({ ...songkran, ends_on: '2027-04-20' }), weekend],
    });
    // Saturday in the season: 130 000, then 10 % of it.
    expect(out.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['season', 30_000],
      ['weekend', 13_000],
    ]);
  });

  it('the longest tier reached wins; a fixed daily price replaces the car’s; the most specific rule wins a day', () => {
    expect(
      applyPricingRules({
        pickupDate: '2027-05-03',
        days: 30,
        basePrice: 100_000,
        car,
        rules: [weekly, monthly],
      }).lines,
    ).toEqual([{ kind: 'duration', name: ruleName('duration 4'), days: 30, percent: -25, amount: -750_000 }]);
    const fixed = pricingRuleRow({
      id: 5,
      kind: 'season',
      starts_on: '2027-05-03',
      ends_on: '2027-05-03',
      daily_price: '1500.50',
    });
    const forModel = pricingRuleRow({
      id: 6,
      kind: 'season',
      starts_on: '2027-05-03',
      ends_on: '2027-05-03',
      percent: '-50',
      car_model_id: 7,
    });
    const forOtherCategory = pricingRuleRow({
      id: 7,
      kind: 'season',
      starts_on: '2027-05-03',
      ends_on: '2027-05-03',
      percent: '90',
      category_ids: [99],
    });
    expect(
      applyPricingRules({
        pickupDate: '2027-05-03',
        days: 1,
        basePrice: 100_000,
        car,
        rules: [fixed, forOtherCategory],
      }).lines[0]!.amount,
    ).toBe(50_050);
    expect(
      applyPricingRules({
        pickupDate: '2027-05-03',
        days: 1,
        basePrice: 100_000,
        car,
        rules: [fixed, forModel],
      }).lines[0]!.amount,
    ).toBe(-50_000);
  });
});

/**
 * Pricing rules (issue 17, part 1): set by admins with a preview, applied by the server to every
 * quote and booking, line by line in the customer's language; a booking keeps the price it was made at.
 */
describeEachDatabase('pricing rules', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
    const account = demoStaffAccounts.find((a) => a.role === 'admin')!;
    admin = await login(app, account.email, account.password);
  });
  afterAll(() => app.close());

  const addRule = (body: object) =>
    app.inject({ method: 'POST', url: '/api/v1/admin/pricing-rules', headers: admin, payload: body });

  it('the listing on chosen dates shows what the quote and the booking charge: Songkran and a weekend (decision 3531)', async () => {
    const test = await makeCar(ctx.database, 1);
    const plain = await makeCar(ctx.database, 1, { price: '800.00' });
    const categoryIds = [test.categoryId];
    for (const rule of [
      {
        kind: 'season',
        name: { th: 'สงกรานต์', en: 'Songkran', zh: '宋干节' },
        startsOn: '2027-04-12',
        endsOn: '2027-04-16',
        percent: 30,
        categoryIds,
      },
      {
        kind: 'weekend',
        name: { th: 'สุดสัปดาห์', en: 'Weekend', zh: '周末' },
        weekdays: [6, 7],
        percent: 10,
        categoryIds,
      },
    ]) {
      const made = await addRule(rule);
      expect(made.statusCode, made.body).toBe(200);
    }
    // Saturday 10 April 2027 09:00 to Tuesday 13 April 18:00: three days (the 9 hours of grace).
    const dates = { pickupDate: '2027-04-10', returnDate: '2027-04-13' };
    const listed = async (categoryId: number) => {
      const res = await app.inject({
        url: `/api/v1/guest/cars?category_id=${categoryId}&pickup_date=${dates.pickupDate}&return_date=${dates.returnDate}&lng=en`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().response.data as { car_model_id: number; dated_price?: unknown }[];
    };
    // 3 × ฿1,000; Saturday and Sunday +10 % (฿200); Monday 12th in Songkran +30 % (฿300): ฿3,500,
    // ฿1,166.67 a day on average.
    const [car] = (await listed(test.categoryId)).filter((c) => c.car_model_id === test.carModelId);
    expect(car!.dated_price).toEqual({ days: 3, total: 350_000, per_day: 116_667 });
    // No rule for the other car's category: 3 × ฿800.
    const [other] = (await listed(plain.categoryId)).filter((c) => c.car_model_id === plain.carModelId);
    expect(other!.dated_price).toEqual({ days: 3, total: 240_000, per_day: 80_000 });
    // Without dates: no dated price, the daily price stays.
    const undated = await app.inject({ url: `/api/v1/guest/cars?category_id=${test.categoryId}&lng=en` });
    expect(undated.json().response.data[0].dated_price ?? null).toBeNull();
    expect(undated.json().response.data[0].price_per_day).toBe('1000.00');
    // The same figure from the quote and the booking.
    const trip = { carModelId: test.carModelId, branchCode: test.branchCode, ...dates };
    const quote = await app.inject({ method: 'POST', url: '/api/v1/guest/bookings/quote', payload: trip });
    expect(quote.json().response.data.total).toBe(350_000);
    const customer = await makeCustomer(app, 'en');
    const made = await createBooking(app, customer.headers, {
      ...trip,
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().response.data.booking.total).toBe(350_000);
  });

  it('prices a quote and a booking with the rules, line by line in the visitor’s language, and keeps them', async () => {
    const test = await makeCar(ctx.database, 2);
    const categoryIds = [test.categoryId];
    const pickupDate = daysFromNow(60);
    const festival = {
      kind: 'season',
      name: { th: 'ช่วงเทศกาล', en: 'Festival', zh: '节日' },
      startsOn: addDays(pickupDate, 1),
      endsOn: addDays(pickupDate, 2),
      percent: 50,
      categoryIds,
    };
    const season = await addRule(festival);
    expect(season.statusCode, season.body).toBe(200);
    const tier = await addRule({
      kind: 'duration',
      name: { th: 'รายสัปดาห์', en: 'Weekly', zh: '周租' },
      minDays: 7,
      percent: -10,
      categoryIds,
    });
    expect(tier.statusCode, tier.body).toBe(200);
    const trip = {
      carModelId: test.carModelId,
      branchCode: test.branchCode,
      pickupDate,
      returnDate: addDays(pickupDate, 7),
    };
    const quote = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/quote?lng=zh',
      payload: trip,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    // 7 days × ฿1,000; two festival days +฿500 each; weekly −10 % of ฿8,000.
    expect(quote.json().response.data).toMatchObject({
      rentalAmount: 700_000,
      priceRules: [
        { kind: 'season', label: '节日', days: 2, percent: 50, amount: 100_000 },
        { kind: 'duration', label: '周租', days: 7, percent: -10, amount: -80_000 },
      ],
      total: 720_000,
    });
    const customer = await makeCustomer(app, 'th');
    const made = await createBooking(app, customer.headers, {
      ...trip,
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking.total).toBe(720_000);
    // A rule switched off later does not change what was agreed.
    await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/pricing-rules/${season.json().response.data.id}`,
      headers: admin,
      payload: { ...festival, isActive: false },
    });
    const later = await app.inject({
      url: `/api/v1/auth/bookings/${booking.id}?lng=th`,
      headers: customer.headers,
    });
    expect(later.json().response.data).toMatchObject({
      total: 720_000,
      priceRules: [
        { label: 'ช่วงเทศกาล', amount: 100_000 },
        { label: 'รายสัปดาห์', amount: -80_000 },
      ],
    });
    const now = await app.inject({ method: 'POST', url: '/api/v1/guest/bookings/quote', payload: trip });
    expect(now.json().response.data.total).toBe(630_000);
  });

  it('lets admins preview a draft rule before saving it, and refuses rules that make no sense', async () => {
    const test = await makeCar(ctx.database, 1);
    const pickupDate = daysFromNow(80);
    const preview = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/pricing-rules/preview?lng=en',
      headers: admin,
      payload: {
        carModelId: test.carModelId,
        pickupDate,
        returnDate: addDays(pickupDate, 3),
        draft: {
          kind: 'season',
          name: { th: 'ทดลอง', en: 'Draft', zh: '草稿' },
          startsOn: pickupDate,
          endsOn: pickupDate,
          dailyPrice: 2500,
          carModelId: test.carModelId,
        },
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().response.data).toEqual({
      days: 3,
      pricePerDay: 100_000,
      rentalAmount: 300_000,
      rules: [{ kind: 'season', label: 'Draft', days: 1, percent: null, amount: 150_000 }],
      rentalAfterRules: 450_000,
    });
    // Nothing was saved.
    const list = await app.inject({ url: '/api/v1/admin/pricing-rules', headers: admin });
    expect(JSON.stringify(list.json())).not.toContain('Draft');

    const bad = [
      { kind: 'season', name: ruleName('x'), percent: 10 },
      {
        kind: 'season',
        name: ruleName('x'),
        startsOn: pickupDate,
        endsOn: addDays(pickupDate, -1),
        percent: 10,
      },
      {
        kind: 'season',
        name: ruleName('x'),
        startsOn: pickupDate,
        endsOn: pickupDate,
        percent: 10,
        dailyPrice: 900,
      },
      { kind: 'weekend', name: ruleName('x'), percent: 10 },
      { kind: 'duration', name: ruleName('x'), percent: -10 },
      { kind: 'duration', name: ruleName('x'), minDays: 7, percent: -95 },
      {
        kind: 'weekend',
        name: ruleName('x'),
        weekdays: [6],
        percent: 10,
        carModelId: test.carModelId,
        categoryIds: [1],
      },
    ];
    for (const body of bad) expect((await addRule(body)).statusCode, JSON.stringify(body)).toBe(400);
    const staffAccount = demoStaffAccounts.find((a) => a.role === 'staff')!;
    const staff = await login(app, staffAccount.email, staffAccount.password);
    const byStaff = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/pricing-rules',
      headers: staff,
      payload: { kind: 'weekend', name: ruleName('x'), weekdays: [6], percent: 10 },
    });
    expect(byStaff.statusCode).toBe(403);
  });

  it('the demo prices Songkran, weekends and a week for the demo’s cars', async () => {
    const list = (await app.inject({ url: '/api/v1/admin/pricing-rules', headers: admin })).json().response
      .data;
    expect(list.map((r: { name: { en: string } }) => r.name.en)).toEqual(
      expect.arrayContaining([
        'Songkran 2027',
        'New Year 2027',
        'Chinese New Year 2028',
        'Weekend',
        'Weekly rate',
        'Monthly rate',
      ]),
    );
  });
});
