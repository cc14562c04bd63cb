import { randomBytes } from 'node:crypto';
import { PROMO_INVALID_MESSAGE } from '@siam/contract/bookings';
import { driverMessages } from '@siam/contract/drivers';
import { timeMessages } from '@siam/contract/rental-times';
import { beforeAll, expect, it } from 'vitest';
import { testSettings } from '../../../test/app';
import { insertBooking } from '../../../test/booking-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import { buildServices } from '../../services';
import { makeCar } from '../bookings/booking-fixtures.test-helper';
import { checkDrivers } from './pricing.service';
import { UsersRepository } from '../users/users.repository';
import { failure } from '../../../test/failure';

// The quote's rules on the service the routes use (bookings.routes.test.ts, money-rules.test.ts and
// one-way-and-delivery.test.ts drive them through HTTP; these reach each rule directly, fast enough for
// mutation testing, decision 3204): the times, the branches' hours and closures, the extras, the
// codes, the one-way and delivery fees, and the price they make, worked out by hand in satang.
describeEachDatabase('quote rules', (ctx) => {
  let services: ReturnType<typeof buildServices>;
  let users: UsersRepository;
  // Sunday 1 June 2031, 10:00 in Bangkok.
  const now = new Date('2031-06-01T03:00:00Z');
  /** ฿1,000 a day at branch A; one-way to B for ฿500. */
  let car: { carModelId: number; branchCode: string; unitIds: number[] };
  /** Another ฿1,000 car, at branch B (the return branch of one-way rentals from A). */
  let other: { carModelId: number; branchCode: string };
  /** ฿1,000 a day with a running 20 % deal, at its own branch C (no one-way routes). */
  let deal: { carModelId: number; branchCode: string };
  const zones = { aDelivery: 0, aClosed: 0, bCollection: 0 };
  const l = (en: string, th: string, zh: string) => JSON.stringify({ en, th, zh });
  beforeAll(async () => {
    services = buildServices(ctx.database, testSettings(), { clock: { now: () => now } });
    users = new UsersRepository(ctx.database.db);
    const q = ctx.database.query.bind(ctx.database);
    // Only this file's rules and extras price these cars.
    await q(`UPDATE pricing_rules SET is_active = false`);
    await q(`UPDATE addons SET is_active = false`);
    await q(
      `UPDATE addons SET is_active = true, price_per_day = 150, sort_order = 1, name = $1, description = $1 WHERE code = 'gps'`,
      [l('GPS', 'จีพีเอส', '导航')],
    );
    await q(
      `UPDATE addons SET is_active = true, price_per_day = 100, sort_order = 2, name = $1, description = $1 WHERE code = 'child_seat'`,
      [l('Child seat', 'คาร์ซีท', '儿童座椅')],
    );
    car = await makeCar(ctx.database, 1);
    other = await makeCar(ctx.database, 1);
    deal = await makeCar(ctx.database, 1, { hotDeal: 20 });
    await q(`UPDATE car_models SET brand = $2, model = $3, deposit_amount = 3000 WHERE id = $1`, [
      car.carModelId,
      l('Toyota', 'โตโยต้า', '丰田'),
      l('Yaris', 'ยาริส', '雅力士'),
    ]);
    await q(
      `UPDATE categories SET min_driver_age = 23, max_driver_age = 70, min_licence_years = 2
               WHERE id = (SELECT category_id FROM car_models WHERE id = $1)`,
      [car.carModelId],
    );
    await q(`UPDATE branches SET name = $2 WHERE code = $1`, [
      car.branchCode,
      l('Airport', 'สนามบิน', '机场'),
    ]);
    await q(`UPDATE branches SET name = $2 WHERE code = $1`, [
      other.branchCode,
      l('Old Town', 'เมืองเก่า', '古城'),
    ]);
    await q(`INSERT INTO one_way_fees (from_branch, to_branch, fee) VALUES ($1, $2, 500)`, [
      car.branchCode,
      other.branchCode,
    ]);
    const zone = async (branch: string, fee: number, name: string, active = true) =>
      (
        await q<{ id: number }>(
          `INSERT INTO delivery_zones (branch_code, name, fee, is_active) VALUES ($1, $2, $3, $4) RETURNING id`,
          [branch, l(name, `${name} (th)`, `${name} (zh)`), fee, active],
        )
      )[0]!.id;
    zones.aDelivery = await zone(car.branchCode, 300, 'Beach hotels');
    zones.aClosed = await zone(car.branchCode, 100, 'Islands', false);
    zones.bCollection = await zone(other.branchCode, 200, 'Old Town hotels');
    await q(
      `INSERT INTO promotion_codes (code, kind, value) VALUES ('QSAVE10', 'percent', 10), ('QLESS300', 'amount', 300)`,
    );
    await q(
      `INSERT INTO promotion_codes (code, kind, value, is_active) VALUES ('QOFF5', 'percent', 5, false)`,
    );
    await q(
      `INSERT INTO promotion_codes (code, kind, value, first_booking_only) VALUES ('QFIRST15', 'percent', 15, true)`,
    );
  });
  const bookings = () => services.bookings;
  /** Monday 2 June 10:00 to Wednesday 4 June 10:00: two days. */
  const twoDays = (values: Record<string, unknown> = {}) => ({
    carModelId: car.carModelId,
    branchCode: car.branchCode,
    pickupDate: '2031-06-02',
    pickupTime: '10:00',
    returnDate: '2031-06-04',
    returnTime: '10:00',
    addons: [] as { code: 'gps' | 'child_seat' | 'insurance' | 'driver'; quantity: number }[],
    promoCode: undefined as string | undefined,
    ...values,
  });
  type Input = Parameters<ReturnType<typeof bookings>['quote']>[0];
  const quote = (
    values: Record<string, unknown> = {},
    lang: 'en' | 'th' | 'zh' = 'en',
    userId: number | null = null,
  ) => bookings().quote(twoDays(values) as unknown as Input, lang, userId);
  const invalid = (path: string, message: string) => ({
    code: 'VALIDATION_FAILED',
    message,
    errors: [{ path, message }],
  });
  const promoInvalid = {
    code: 'PROMOTION_INVALID',
    message: PROMO_INVALID_MESSAGE,
    errors: [{ path: 'promoCode', message: PROMO_INVALID_MESSAGE }],
  };
  const newCustomer = async () =>
    (await users.insert({ email: `q-${randomBytes(5).toString('hex')}@example.com`, role: 'customer' }))!;

  it('prices two days with extras, a code, a one-way return, a delivery and a collection, all in satang', async () => {
    const q = await quote({
      addons: [
        { code: 'gps', quantity: 1 },
        { code: 'child_seat', quantity: 2 },
      ],
      promoCode: 'QSAVE10',
      returnBranchCode: other.branchCode,
      delivery: { zoneId: zones.aDelivery },
      collection: { zoneId: zones.bCollection },
    });
    // Rental 2 × ฿1,000 = ฿2,000; GPS ฿150 × 1 × 2 = ฿300, child seats ฿100 × 2 × 2 = ฿400; the code takes
    // 10 % of the rental (฿200); fees ฿500 + ฿300 + ฿200 = ฿1,000. Total ฿3,500; VAT 3,500 × 7/107 = ฿228.97.
    expect(q).toEqual({
      carModelId: car.carModelId,
      carName: 'Toyota Yaris',
      branchCode: car.branchCode,
      branchName: 'Airport',
      pickupDate: '2031-06-02',
      returnDate: '2031-06-04',
      pickupTime: '10:00',
      returnTime: '10:00',
      days: 2,
      pricePerDay: 100_000,
      rentalAmount: 200_000,
      priceRules: [],
      hotDealPercent: null,
      hotDealDiscount: 0,
      addons: [
        { code: 'gps', label: 'GPS', quantity: 1, pricePerDay: 15_000, amount: 30_000 },
        { code: 'child_seat', label: 'Child seat', quantity: 2, pricePerDay: 10_000, amount: 40_000 },
      ],
      addonsAmount: 70_000,
      promoCode: 'QSAVE10',
      promoDiscount: 20_000,
      fees: [
        { code: 'one_way', label: 'Old Town', amount: 50_000 },
        { code: 'delivery', label: 'Beach hotels', amount: 30_000 },
        { code: 'collection', label: 'Old Town hotels', amount: 20_000 },
      ],
      returnBranchCode: other.branchCode,
      returnBranchName: 'Old Town',
      total: 350_000,
      vat: 22_897,
      vatPercent: 7,
      deposit: 300_000,
      driverRules: { minAge: 23, maxAge: 70, minLicenceYears: 2 },
      available: true,
    });
  });

  it('says the names in the asked language, and returns at the pickup branch when no other is named', async () => {
    const q = await quote({ addons: [{ code: 'gps', quantity: 1 }], returnBranchCode: '' }, 'th');
    expect(q).toMatchObject({
      carName: 'โตโยต้า ยาริส',
      branchName: 'สนามบิน',
      returnBranchCode: car.branchCode,
      returnBranchName: 'สนามบิน',
      promoCode: null,
      fees: [],
      addons: [{ code: 'gps', label: 'จีพีเอส', quantity: 1, pricePerDay: 15_000, amount: 30_000 }],
      total: 230_000,
    });
    const zh = await quote({ returnBranchCode: other.branchCode }, 'zh');
    expect(zh).toMatchObject({
      carName: '丰田 雅力士',
      returnBranchName: '古城',
      fees: [{ code: 'one_way', label: '古城', amount: 50_000 }],
      total: 250_000,
    });
    // Named as the pickup branch: no one-way fee either.
    expect(await quote({ returnBranchCode: car.branchCode })).toMatchObject({ fees: [], total: 200_000 });
  });

  it('takes a running deal off the rental, then a fixed-amount code off what is left', async () => {
    const q = await quote({
      carModelId: deal.carModelId,
      branchCode: deal.branchCode,
      promoCode: 'QLESS300',
    });
    // ฿2,000 less 20 % (฿400) = ฿1,600, less the code's ฿300 = ฿1,300; VAT 1,300 × 7/107 = ฿85.05.
    expect(q).toMatchObject({
      hotDealPercent: 20,
      hotDealDiscount: 40_000,
      promoCode: 'QLESS300',
      promoDiscount: 30_000,
      total: 130_000,
      vat: 8505,
    });
  });

  it('knows whether a car is free: none in service at the branch is none available', async () => {
    await ctx.database.query(`UPDATE vehicle_units SET status = 'retired' WHERE id = $1`, [car.unitIds[0]]);
    try {
      expect((await quote()).available).toBe(false);
    } finally {
      await ctx.database.query(`UPDATE vehicle_units SET status = 'in_service' WHERE id = $1`, [
        car.unitIds[0],
      ]);
    }
    expect((await quote()).available).toBe(true);
  });

  it('refuses dates that are not real, a pickup that has passed, a return not after it, and more than 90 days', async () => {
    expect(await failure(quote({ pickupDate: '2031-02-30', returnDate: '2031-13-01' }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid dates',
      errors: [
        { path: 'pickupDate', message: 'Invalid date' },
        { path: 'returnDate', message: 'Invalid date' },
      ],
    });
    expect(await failure(quote({ returnDate: '2031-06-31' }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid dates',
      errors: [{ path: 'returnDate', message: 'Invalid date' }],
    });
    // Now is 10:00 on 1 June: a pickup at 10:00 has passed, at 10:30 has not.
    const passed = invalid('pickupDate', 'The pickup date has passed');
    expect(await failure(quote({ pickupDate: '2031-06-01', pickupTime: '10:00' }))).toEqual(passed);
    expect(await failure(quote({ pickupDate: '2031-05-31', returnDate: '2031-06-03' }))).toEqual(passed);
    expect((await quote({ pickupDate: '2031-06-01', pickupTime: '10:30' })).days).toBe(3);
    // A return on an earlier day is the date's fault; on the same day at or before the pickup, the time's.
    expect(await failure(quote({ returnDate: '2031-06-01' }))).toEqual(
      invalid('returnDate', timeMessages.returnBeforePickup),
    );
    expect(await failure(quote({ returnDate: '2031-06-02', returnTime: '10:00' }))).toEqual(
      invalid('returnTime', timeMessages.returnBeforePickup),
    );
    expect(await failure(quote({ returnDate: '2031-06-02', returnTime: '09:30' }))).toEqual(
      invalid('returnTime', timeMessages.returnBeforePickup),
    );
    // 2 June + 90 days = 31 August; a day more is a corporate quote.
    expect((await quote({ returnDate: '2031-08-31' })).days).toBe(90);
    expect(await failure(quote({ returnDate: '2031-09-01' }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Rentals longer than 90 days are corporate quotes',
      errors: [{ path: 'returnDate', message: 'At most 90 days' }],
    });
  });

  it('refuses an unknown car, branch or extra, and an extra asked twice', async () => {
    expect(await failure(quote({ carModelId: 2_000_000_000 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Car not found',
      errors: undefined,
    });
    expect(await failure(quote({ branchCode: 'nowhere' }))).toEqual(invalid('branchCode', 'Unknown branch'));
    const unknownAddon = invalid('addons', 'Unknown add-on');
    expect(await failure(quote({ addons: [{ code: 'jetpack', quantity: 1 }] }))).toEqual(unknownAddon);
    // Not offered now (inactive).
    expect(await failure(quote({ addons: [{ code: 'insurance', quantity: 1 }] }))).toEqual(unknownAddon);
    expect(
      await failure(
        quote({
          addons: [
            { code: 'gps', quantity: 1 },
            { code: 'gps', quantity: 1 },
          ],
        }),
      ),
    ).toEqual(unknownAddon);
  });

  it('refuses a return branch without a route, and a zone that is unknown, closed or another branch’s', async () => {
    expect(
      await failure(
        quote({ carModelId: deal.carModelId, branchCode: deal.branchCode, returnBranchCode: car.branchCode }),
      ),
    ).toEqual(
      invalid(
        'returnBranchCode',
        'This car cannot be returned to that branch: choose another or the pickup branch',
      ),
    );
    const noZone = (leg: string) => invalid(`${leg}.zoneId`, 'This branch does not deliver to that area');
    expect(await failure(quote({ delivery: { zoneId: 2_000_000_000 } }))).toEqual(noZone('delivery'));
    expect(await failure(quote({ delivery: { zoneId: zones.aClosed } }))).toEqual(noZone('delivery'));
    expect(await failure(quote({ delivery: { zoneId: zones.bCollection } }))).toEqual(noZone('delivery'));
    // Collected within the return branch's zones: B's when returned to B, A's otherwise.
    expect(
      await failure(quote({ returnBranchCode: other.branchCode, collection: { zoneId: zones.aDelivery } })),
    ).toEqual(noZone('collection'));
    expect(await failure(quote({ collection: { zoneId: zones.bCollection } }))).toEqual(noZone('collection'));
    expect((await quote({ collection: { zoneId: zones.aDelivery } })).fees).toEqual([
      { code: 'collection', label: 'Beach hotels', amount: 30_000 },
    ]);
  });

  it('keeps to the branches’ hours and closed days, every problem at its field at once', async () => {
    const q = ctx.database.query.bind(ctx.database);
    // Branch B closes on Wednesday 4 June; A on Tuesday 10 June.
    await q(
      `INSERT INTO branch_closures (branch_code, closed_on) VALUES ($1, '2031-06-04'), ($2, '2031-06-10')`,
      [other.branchCode, car.branchCode],
    );
    // A closed day is said once, whatever the hour.
    expect(
      await failure(quote({ pickupDate: '2031-06-10', pickupTime: '07:00', returnDate: '2031-06-12' })),
    ).toEqual(invalid('pickupDate', timeMessages.pickupHoliday));
    expect(await failure(quote({ returnBranchCode: other.branchCode, returnTime: '21:00' }))).toEqual(
      invalid('returnDate', timeMessages.returnHoliday),
    );
    // Open 08:00-20:00: a pickup at 07:30 and a return at 21:00, both said.
    expect(await failure(quote({ pickupTime: '07:30', returnTime: '21:00' }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: timeMessages.pickupClosed,
      errors: [
        { path: 'pickupTime', message: timeMessages.pickupClosed },
        { path: 'returnTime', message: timeMessages.returnClosed },
      ],
    });
    expect(await failure(quote({ returnTime: '21:00' }))).toEqual(
      invalid('returnTime', timeMessages.returnClosed),
    );
    // Returned to B on another day: B's hours, not A's (B opens at 11:00 here).
    await q(`UPDATE branches SET opens_at = '11:00' WHERE code = $1`, [other.branchCode]);
    try {
      expect(
        await failure(
          quote({ returnBranchCode: other.branchCode, returnDate: '2031-06-05', returnTime: '10:00' }),
        ),
      ).toEqual(invalid('returnTime', timeMessages.returnClosed));
      expect((await quote({ pickupTime: '10:00' })).days).toBe(2);
    } finally {
      await q(`UPDATE branches SET opens_at = '08:00' WHERE code = $1`, [other.branchCode]);
    }
  });

  it('holds a rental to the pickup branch’s shortest, counted in hours', async () => {
    const q = ctx.database.query.bind(ctx.database);
    await q(`UPDATE branches SET min_rental_hours = 24 WHERE code = $1`, [car.branchCode]);
    try {
      // 10:00 to 09:30 the next day is 23½ hours; to 10:00 is 24.
      expect(await failure(quote({ returnDate: '2031-06-03', returnTime: '09:30' }))).toEqual(
        invalid('returnTime', timeMessages.tooShort),
      );
      expect((await quote({ returnDate: '2031-06-03', returnTime: '10:00' })).days).toBe(1);
      // A closed hour is the one problem said, not the length as well.
      expect(
        await failure(quote({ pickupTime: '07:30', returnDate: '2031-06-02', returnTime: '12:00' })),
      ).toEqual(invalid('pickupTime', timeMessages.pickupClosed));
    } finally {
      await q(`UPDATE branches SET min_rental_hours = 4 WHERE code = $1`, [car.branchCode]);
    }
  });

  it('takes a code that exists, is running and is this customer’s; a first-booking code only before a first booking', async () => {
    expect(await failure(quote({ promoCode: 'NOSUCHCODE' }))).toEqual(promoInvalid);
    expect(await failure(quote({ promoCode: 'QOFF5' }))).toEqual(promoInvalid);
    const owner = await newCustomer();
    const someoneElse = await newCustomer();
    await ctx.database.query(
      `INSERT INTO promotion_codes (code, kind, value, user_id) VALUES ('QTHANKS20', 'percent', 20, $1)`,
      [owner.id],
    );
    expect((await quote({ promoCode: 'QTHANKS20' }, 'en', owner.id)).promoDiscount).toBe(40_000);
    expect(await failure(quote({ promoCode: 'QTHANKS20' }, 'en', someoneElse.id))).toEqual(promoInvalid);
    expect(await failure(quote({ promoCode: 'QTHANKS20' }, 'en', null))).toEqual(promoInvalid);

    // 15 % of ฿2,000 = ฿300, for a customer with no booking yet (and a visitor not signed in).
    expect((await quote({ promoCode: 'QFIRST15' }, 'en', someoneElse.id)).promoDiscount).toBe(30_000);
    expect((await quote({ promoCode: 'QFIRST15' }, 'en', null)).promoDiscount).toBe(30_000);
    // A cancelled booking is not a first booking; a confirmed one is.
    await insertBooking(ctx.database, { userId: someoneElse.id, status: 'cancelled' });
    expect((await quote({ promoCode: 'QFIRST15' }, 'en', someoneElse.id)).promoDiscount).toBe(30_000);
    await insertBooking(ctx.database, { userId: someoneElse.id, status: 'confirmed' });
    expect(await failure(quote({ promoCode: 'QFIRST15' }, 'en', someoneElse.id))).toEqual(promoInvalid);
    // Any other code still works for a customer who has booked before: 20 % of ฿2,000 = ฿400.
    await insertBooking(ctx.database, { userId: owner.id, status: 'confirmed' });
    expect((await quote({ promoCode: 'QTHANKS20' }, 'en', owner.id)).promoDiscount).toBe(40_000);
    // An empty code is no code.
    expect(await quote({ promoCode: '' })).toMatchObject({
      promoCode: null,
      promoDiscount: 0,
      total: 200_000,
    });
  });

  it('checks a code as typed (any case, spaces around), with what it takes off a quote when one is given', async () => {
    expect(await services.pricing.validatePromotion('  qsave10 ', null, null, 'en')).toEqual({
      valid: true,
      code: 'QSAVE10',
      kind: 'percent',
      value: 10,
      discount: null,
    });
    // A fixed amount is said in baht.
    expect(
      await services.pricing.validatePromotion('qless300', null, twoDays() as unknown as Input, 'en'),
    ).toEqual({
      valid: true,
      code: 'QLESS300',
      kind: 'amount',
      value: 300,
      discount: 30_000,
    });
    expect(await failure(services.pricing.validatePromotion('qoff5', null, null, 'en'))).toEqual(
      promoInvalid,
    );
  });

  it('prices each car of a listing for the times, its running deal taken off, nothing else added', async () => {
    const prices = await services.pricing.rentalPrices([car.carModelId, deal.carModelId], {
      pickupDate: '2031-06-02',
      pickupTime: '10:00',
      returnDate: '2031-06-05',
      returnTime: '10:00',
    });
    // Three days: ฿3,000; with 20 % off, ฿2,400.
    expect(Object.fromEntries(prices)).toEqual({
      [car.carModelId]: { days: 3, total: 300_000 },
      [deal.carModelId]: { days: 3, total: 240_000 },
    });
    expect((await services.pricing.rentalPrices([], twoDays())).size).toBe(0);
    // Returned at Old Town (the route's ฿500): ฿3,000 + ฿500 = ฿3,500. A pair with no route adds nothing.
    const threeDays = {
      pickupDate: '2031-06-02',
      pickupTime: '10:00',
      returnDate: '2031-06-05',
      returnTime: '10:00',
    };
    const oneWay = await services.pricing.rentalPrices([car.carModelId], threeDays, {
      from: car.branchCode,
      to: other.branchCode,
    });
    expect(Object.fromEntries(oneWay)).toEqual({ [car.carModelId]: { days: 3, total: 350_000 } });
    const noRoute = await services.pricing.rentalPrices([car.carModelId], threeDays, {
      from: other.branchCode,
      to: car.branchCode,
    });
    expect(Object.fromEntries(noRoute)).toEqual({ [car.carModelId]: { days: 3, total: 300_000 } });
  });

  it('previews the rules on a car and dates, with a draft rule as the newest', async () => {
    const times = {
      carModelId: car.carModelId,
      pickupDate: '2031-06-02',
      pickupTime: '10:00',
      returnDate: '2031-06-04',
      returnTime: '10:00',
    };
    expect(await services.pricing.previewPricing(times, 'en')).toEqual({
      days: 2,
      pricePerDay: 100_000,
      rentalAmount: 200_000,
      rules: [],
      rentalAfterRules: 200_000,
    });
    const draft = {
      kind: 'season' as const,
      name: { en: 'June', th: 'มิถุนายน', zh: '六月' },
      startsOn: '2031-06-01',
      endsOn: '2031-06-30',
      weekdays: [],
      minDays: null,
      graceHours: null,
      categoryIds: null,
      carModelId: car.carModelId,
      percent: 10,
      dailyPrice: null,
      isActive: true,
    };
    // +10 % on each of the two days: ฿200 more.
    const withDraft = await services.pricing.previewPricing({ ...times, draft }, 'th');
    expect(withDraft).toMatchObject({ days: 2, rentalAmount: 200_000, rentalAfterRules: 220_000 });
    expect(withDraft.rules).toHaveLength(1);
    expect(withDraft.rules[0]).toMatchObject({ label: 'มิถุนายน' });
    const refused = invalid('returnDate', timeMessages.returnBeforePickup);
    expect(
      await failure(services.pricing.previewPricing({ ...times, returnDate: '2031-06-02' }, 'en')),
    ).toEqual(refused);
    expect(
      await failure(
        services.pricing.previewPricing({ ...times, returnDate: '2031-06-02', returnTime: '10:00' }, 'en'),
      ),
    ).toEqual(refused);
    expect(
      await failure(services.pricing.previewPricing({ ...times, pickupDate: '2031-02-30' }, 'en')),
    ).toEqual(refused);
    expect(
      await failure(services.pricing.previewPricing({ ...times, returnDate: '2031-06-31' }, 'en')),
    ).toEqual(refused);
    expect(
      await failure(services.pricing.previewPricing({ ...times, returnDate: '2031-09-01' }, 'en')),
    ).toEqual(refused);
    expect((await services.pricing.previewPricing({ ...times, returnDate: '2031-08-31' }, 'en')).days).toBe(
      90,
    );
    expect(
      await failure(services.pricing.previewPricing({ ...times, carModelId: 2_000_000_000 }, 'en')),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'Car not found',
      errors: undefined,
    });
  });
  it('previews a draft season at a daily price, and a draft for another car changes nothing', async () => {
    const times = {
      carModelId: car.carModelId,
      pickupDate: '2031-06-02',
      pickupTime: '10:00',
      returnDate: '2031-06-04',
      returnTime: '10:00',
    };
    const draft = {
      kind: 'season' as const,
      name: { en: 'Peak', th: 'ช่วงพีค', zh: '旺季' },
      startsOn: '2031-06-01',
      endsOn: '2031-06-30',
      weekdays: [],
      minDays: null,
      graceHours: null,
      categoryIds: null,
      carModelId: car.carModelId,
      percent: null,
      dailyPrice: 1200,
      isActive: true,
    };
    // ฿1,200 a day instead of ฿1,000 on both days: ฿2,400.
    const peak = await services.pricing.previewPricing({ ...times, draft }, 'en');
    expect(peak).toMatchObject({ days: 2, rentalAmount: 200_000, rentalAfterRules: 240_000 });
    expect(peak.rules.map((r) => r.label)).toEqual(['Peak']);
    const elsewhere = await services.pricing.previewPricing(
      { ...times, draft: { ...draft, carModelId: other.carModelId } },
      'en',
    );
    expect(elsewhere).toMatchObject({ rentalAfterRules: 200_000, rules: [] });
  });

  it('lets staff book a pickup earlier today (a walk-in), never on a day gone; online the hour must be ahead', async () => {
    const db = ctx.database.db as unknown as Parameters<typeof services.pricing.compute>[0];
    const earlierToday = twoDays({ pickupDate: '2031-06-01', pickupTime: '08:00' }) as unknown as Input;
    expect((await services.pricing.compute(db, earlierToday, 'en', null, true)).days).toBe(3);
    expect(await failure(services.pricing.compute(db, earlierToday, 'en', null, false))).toEqual(
      invalid('pickupDate', 'The pickup date has passed'),
    );
    const yesterday = twoDays({ pickupDate: '2031-05-31', pickupTime: '18:00' }) as unknown as Input;
    expect(await failure(services.pricing.compute(db, yesterday, 'en', null, true))).toEqual(
      invalid('pickupDate', 'The pickup date has passed'),
    );
  });

  it('lists the extras and what a branch offers for deliveries, in the asked language', async () => {
    expect(await services.pricing.listAddons('th')).toEqual([
      { code: 'gps', name: 'จีพีเอส', description: 'จีพีเอส', pricePerDay: 15_000 },
      { code: 'child_seat', name: 'คาร์ซีท', description: 'คาร์ซีท', pricePerDay: 10_000 },
    ]);
    // From A: the route to B, A's open zones and B's (a collection at the return branch); not A's closed one.
    expect(await services.pricing.deliveryOptions(car.branchCode, 'en')).toEqual({
      oneWay: [{ branchCode: other.branchCode, branchName: 'Old Town', fee: 50_000 }],
      zones: [
        { id: zones.aDelivery, name: 'Beach hotels', fee: 30_000, branchCode: car.branchCode },
        { id: zones.bCollection, name: 'Old Town hotels', fee: 20_000, branchCode: other.branchCode },
      ],
    });
  });

  it('answers the bookings module’s questions: the car, the extras, a code, the rules, the branches’ hours', async () => {
    const db = ctx.database.db as unknown as Parameters<typeof services.pricing.compute>[0];
    expect(await services.pricing.car(db, car.carModelId, car.branchCode)).toMatchObject({
      id: car.carModelId,
      price_per_day: 100_000,
      deposit: 300_000,
    });
    expect((await services.pricing.addonRows(db)).map((a) => [a.code, a.price_per_day])).toEqual([
      ['gps', 15_000],
      ['child_seat', 10_000],
    ]);
    expect(await services.pricing.promotion(db, 'QLESS300')).toMatchObject({
      code: 'QLESS300',
      kind: 'amount',
      usable: true,
    });
    expect(await services.pricing.rules(db, car.carModelId, '2031-06-02', '2031-06-04')).toEqual([]);
    // In opening hours: nothing out of hours.
    await expect(
      services.pricing.checkOpeningHours(db, twoDays() as unknown as Input, car.branchCode, car.branchCode),
    ).resolves.toEqual({ fee: 0, times: [], legs: { pickup: null, return: null } });
    expect(
      await failure(
        services.pricing.checkOpeningHours(
          db,
          twoDays({ pickupTime: '07:30' }) as unknown as Input,
          car.branchCode,
          car.branchCode,
        ),
      ),
    ).toEqual(invalid('pickupTime', timeMessages.pickupClosed));
  });

  it('checks every driver against the car’s rules, each problem at its own field', async () => {
    const rules = { minAge: 23, maxAge: 70, minLicenceYears: 2 };
    const fine = {
      firstName: 'Nok',
      lastName: 'Dee',
      birthDate: '1990-01-01',
      licenceNumber: 'B123',
      licenceCountry: 'TH',
      licenceIssued: '2015-01-01',
      licenceExpiry: '2035-01-01',
      internationalPermit: false,
    };
    const input = (driver: typeof fine, additionalDrivers: (typeof fine)[]) =>
      ({
        ...twoDays(),
        driver,
        additionalDrivers,
      }) as unknown as Parameters<typeof checkDrivers>[0];
    expect(checkDrivers(input(fine, [fine]), rules, '2031-06-01')).toBeUndefined();
    const young = { ...fine, birthDate: '2010-01-01' };
    const expiring = { ...fine, licenceExpiry: '2031-06-03' };
    let error: { code?: string; message: string; errors?: unknown } | undefined;
    try {
      checkDrivers(input(young, [fine, expiring]), rules, '2031-06-01');
    } catch (e) {
      error = e as typeof error;
    }
    expect(error).toMatchObject({
      code: 'DRIVER_NOT_ELIGIBLE',
      message: driverMessages.tooYoung,
      errors: [
        { path: 'driver.birthDate', message: driverMessages.tooYoung },
        { path: 'additionalDrivers.1.licenceExpiry', message: driverMessages.licenceExpires },
      ],
    });
  });

  // Found by Stryker on pricing.service.ts (issue 32, docs/mutation-scores.md): each branch's
  // out-of-hours fee, child seats against the branch's stock and the extras' order, the listing's
  // prices with a car's own rule, and staff's licence rules handed on with the price.
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    ctx.database.query<T>(text, params);

  it('adds each branch’s out-of-hours fee for each pickup or return outside its opening hours, one line naming the times', async () => {
    // A hands over 06:00-23:30 for ฿300 outside 08:00-20:00; B 07:00-23:00 for ฿250.
    const band = (code: string, opens: string | null, closes: string | null, fee: number) =>
      sql(
        `UPDATE branches SET out_of_hours_opens_at = $2, out_of_hours_closes_at = $3, out_of_hours_fee = $4 WHERE code = $1`,
        [code, opens, closes, fee],
      );
    await band(car.branchCode, '06:00', '23:30', 300);
    await band(other.branchCode, '07:00', '23:00', 250);
    try {
      // 21:30 at A on 2 June to 21:30 at B on 5 June: three days ฿3,000, one-way ฿500, A's ฿300 and
      // B's ฿250 = ฿4,050; VAT 405,000 × 7 / 107 = 26,495.3 → 26,495 satang.
      expect(
        await quote({
          pickupTime: '21:30',
          returnBranchCode: other.branchCode,
          returnDate: '2031-06-05',
          returnTime: '21:30',
        }),
      ).toMatchObject({
        days: 3,
        fees: [
          { code: 'one_way', label: 'Old Town', amount: 50_000 },
          { code: 'out_of_hours', label: '21:30, 21:30', amount: 55_000 },
        ],
        total: 405_000,
        vat: 26_495,
      });
      // Picked up at 14:00 (open), returned to B at 21:30: B's ฿250 only. 3 days and 7½ hours is
      // within the 9 hours' grace: three days. ฿3,000 + ฿500 + ฿250 = ฿3,750.
      expect(
        await quote({
          pickupTime: '14:00',
          returnBranchCode: other.branchCode,
          returnDate: '2031-06-05',
          returnTime: '21:30',
        }),
      ).toMatchObject({
        days: 3,
        fees: [
          { code: 'one_way', label: 'Old Town', amount: 50_000 },
          { code: 'out_of_hours', label: '21:30', amount: 25_000 },
        ],
        total: 375_000,
      });
      // Picked up at A at 07:00 (before opening, inside the band), returned at 10:00 (open): A's ฿300;
      // 51 hours are two days and 3 hours of grace. ฿2,000 + ฿300 = ฿2,300.
      expect(await quote({ pickupTime: '07:00' })).toMatchObject({
        days: 2,
        fees: [{ code: 'out_of_hours', label: '07:00', amount: 30_000 }],
        total: 230_000,
      });
      // Before the band: closed, as without one.
      expect(await failure(quote({ pickupTime: '05:30' }))).toEqual({
        code: 'VALIDATION_FAILED',
        message: timeMessages.pickupClosed,
        errors: [{ path: 'pickupTime', message: timeMessages.pickupClosed }],
      });
      // The other way round (a route back for ฿400): picked up at B at 06:30 is before B's band, closed,
      // whatever A's band says; at 22:30 B's ฿250, returned to A at 23:00 A's ฿300: ฿3,000 + ฿400 + ฿550.
      await sql(`INSERT INTO one_way_fees (from_branch, to_branch, fee) VALUES ($1, $2, 400)`, [
        other.branchCode,
        car.branchCode,
      ]);
      const back = {
        carModelId: other.carModelId,
        branchCode: other.branchCode,
        returnBranchCode: car.branchCode,
      };
      expect(await failure(quote({ ...back, pickupTime: '06:30', returnDate: '2031-06-05' }))).toEqual({
        code: 'VALIDATION_FAILED',
        message: timeMessages.pickupClosed,
        errors: [{ path: 'pickupTime', message: timeMessages.pickupClosed }],
      });
      expect(
        await quote({ ...back, pickupTime: '22:30', returnDate: '2031-06-05', returnTime: '23:00' }),
      ).toMatchObject({
        fees: [
          { code: 'one_way', amount: 40_000 },
          { code: 'out_of_hours', label: '22:30, 23:00', amount: 55_000 },
        ],
        total: 395_000,
      });
      // A band for nothing: the time is allowed and no fee line is written.
      await band(car.branchCode, '06:00', '23:30', 0);
      expect(await quote({ pickupTime: '21:30', returnTime: '21:30' })).toMatchObject({
        days: 2,
        fees: [],
        total: 200_000,
      });
    } finally {
      await band(car.branchCode, null, null, 0);
      await band(other.branchCode, null, null, 0);
      await sql(`DELETE FROM one_way_fees WHERE from_branch = $1 AND to_branch = $2`, [
        other.branchCode,
        car.branchCode,
      ]);
    }
  });

  it('gives three extras back in their own order (GPS, child seat, insurance) whatever order they were asked in', async () => {
    // Insurance ฿250 a day, offered after the other two for this case only.
    await sql(
      `UPDATE addons SET is_active = true, price_per_day = 250, sort_order = 3, name = $1, description = $1 WHERE code = 'insurance'`,
      [l('Insurance', 'ประกัน', '保险')],
    );
    try {
      // Asked seat, insurance, GPS. Two days: GPS ฿150 × 2 = ฿300, seat ฿100 × 2 = ฿200, insurance ฿250 × 2 = ฿500;
      // ฿2,000 + ฿1,000 = ฿3,000.
      expect(
        await quote({
          addons: [
            { code: 'child_seat', quantity: 1 },
            { code: 'insurance', quantity: 1 },
            { code: 'gps', quantity: 1 },
          ],
        }),
      ).toMatchObject({
        addons: [
          { code: 'gps', quantity: 1, amount: 30_000 },
          { code: 'child_seat', quantity: 1, amount: 20_000 },
          { code: 'insurance', label: 'Insurance', quantity: 1, pricePerDay: 25_000, amount: 50_000 },
        ],
        addonsAmount: 100_000,
        total: 300_000,
      });
    } finally {
      await sql(`UPDATE addons SET is_active = false WHERE code = 'insurance'`);
    }
  });

  it('refuses more child seats than the branch has free, naming the kind and how many are left', async () => {
    await sql(`UPDATE seat_stock SET quantity = 1 WHERE branch_code = $1 AND seat_code = 'child_seat'`, [
      car.branchCode,
    ]);
    try {
      const message = 'Not enough child seats at this branch for these times: 1 left';
      expect(
        await failure(
          quote({
            addons: [
              { code: 'gps', quantity: 1 },
              { code: 'child_seat', quantity: 2 },
            ],
          }),
        ),
      ).toEqual({
        code: 'SEATS_SHORT',
        message,
        errors: [{ path: 'addons.child_seat', message, left: 1 }],
      });
      // The one seat A has, asked before the GPS: the extras come back in their own order (GPS first).
      // GPS ฿150 × 2 days = ฿300, the seat ฿100 × 2 = ฿200: ฿2,000 + ฿300 + ฿200 = ฿2,500.
      expect(
        await quote({
          addons: [
            { code: 'child_seat', quantity: 1 },
            { code: 'gps', quantity: 1 },
          ],
        }),
      ).toMatchObject({
        addons: [
          { code: 'gps', label: 'GPS', quantity: 1, pricePerDay: 15_000, amount: 30_000 },
          { code: 'child_seat', label: 'Child seat', quantity: 1, pricePerDay: 10_000, amount: 20_000 },
        ],
        addonsAmount: 50_000,
        total: 250_000,
      });
    } finally {
      await sql(`UPDATE seat_stock SET quantity = 4 WHERE branch_code = $1 AND seat_code = 'child_seat'`, [
        car.branchCode,
      ]);
    }
  });

  it('prices each car of a listing with its own rules only', async () => {
    const [rule] = await sql<{ id: number }>(
      `INSERT INTO pricing_rules (kind, name, starts_on, ends_on, car_model_id, percent)
       VALUES ('season', $1, '2031-06-01', '2031-06-30', $2, 10) RETURNING id`,
      [l('June', 'มิถุนายน', '六月'), car.carModelId],
    );
    try {
      const prices = await services.pricing.rentalPrices([car.carModelId, other.carModelId], {
        pickupDate: '2031-06-02',
        pickupTime: '10:00',
        returnDate: '2031-06-05',
        returnTime: '10:00',
      });
      // Three days: ฿1,100 × 3 = ฿3,300 for the car with the June rule, ฿3,000 for the other.
      expect(Object.fromEntries(prices)).toEqual({
        [car.carModelId]: { days: 3, total: 330_000 },
        [other.carModelId]: { days: 3, total: 300_000 },
      });
    } finally {
      await sql(`DELETE FROM pricing_rules WHERE id = $1`, [rule!.id]);
    }
  });

  it('hands staff’s licence rules on with the price, read in the caller’s transaction', async () => {
    const db = ctx.database.db as unknown as Parameters<typeof services.pricing.compute>[0];
    expect(
      (await services.pricing.compute(db, twoDays() as unknown as Input, 'en', null)).licenceRules,
    ).toEqual({});
    await sql(`INSERT INTO licence_rules (country, accepts) VALUES ('JP', 'licence')`);
    try {
      expect(
        (await services.pricing.compute(db, twoDays() as unknown as Input, 'en', null)).licenceRules,
      ).toEqual({ JP: 'licence' });
      expect(await services.pricing.licenceRules(db)).toEqual({ JP: 'licence' });
    } finally {
      await sql(`DELETE FROM licence_rules WHERE country = 'JP'`);
    }
  });
  it('hands the bookings module the delivery and collection it priced, each with its zone’s names', async () => {
    const db = ctx.database.db as unknown as Parameters<typeof services.pricing.compute>[0];
    const priced = await services.pricing.compute(
      db,
      // Returned on Thursday 5 June (B is closed on the 4th).
      twoDays({
        returnBranchCode: other.branchCode,
        returnDate: '2031-06-05',
        delivery: { zoneId: zones.aDelivery },
        collection: { zoneId: zones.bCollection },
      }) as unknown as Input,
      'zh',
      null,
    );
    expect(priced).toMatchObject({ oneWay: true, returnBranch: other.branchCode, returnBranchName: '古城' });
    expect(priced.deliveries).toEqual([
      {
        leg: 'delivery',
        zoneName: { en: 'Beach hotels', th: 'Beach hotels (th)', zh: 'Beach hotels (zh)' },
        fee: 30_000,
      },
      {
        leg: 'collection',
        zoneName: { en: 'Old Town hotels', th: 'Old Town hotels (th)', zh: 'Old Town hotels (zh)' },
        fee: 20_000,
      },
    ]);
    // Neither: none, and a round trip.
    expect(await services.pricing.compute(db, twoDays() as unknown as Input, 'en', null)).toMatchObject({
      deliveries: [],
      oneWay: false,
      returnBranch: car.branchCode,
      returnBranchName: null,
    });
  });

  it('leaves an unknown branch to the car’s lookup when checking hours (no error of its own)', async () => {
    const db = ctx.database.db as unknown as Parameters<typeof services.pricing.compute>[0];
    const times = twoDays() as unknown as Input;
    await expect(services.pricing.checkOpeningHours(db, times, 'nowhere', car.branchCode)).resolves.toEqual({
      fee: 0,
      times: [],
      legs: { pickup: null, return: null },
    });
    await expect(services.pricing.checkOpeningHours(db, times, car.branchCode, 'nowhere')).resolves.toEqual({
      fee: 0,
      times: [],
      legs: { pickup: null, return: null },
    });
  });
});
