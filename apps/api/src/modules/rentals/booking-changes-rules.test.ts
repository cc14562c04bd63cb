import { staffChangeMessages } from '@siam/contract/admin-bookings';
import {
  CAR_UNAVAILABLE_MESSAGE,
  changeBodySchema,
  changeMessages,
  createBookingBodySchema,
} from '@siam/contract/bookings';
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { testSettings } from '../../../test/app';
import { insertBooking } from '../../../test/booking-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { buildServices } from '../../services';
import { cardToken, driver, goodCardToken, makeCar } from '../bookings/booking-fixtures.test-helper';
import { UsersRepository } from '../users/users.repository';
import { BookingChanges } from './booking-changes';
import { RentalsRepository } from './rentals.repository';
import { failure } from '../../../test/failure';

// A booking's changes and extensions on the class the app changes them with (booking-changes.ts), wired as
// rentals.service.ts wires it from services.ts (booking-changes.test.ts drives the same through HTTP, a
// minute a mutant; these reach each rule directly, fast enough for mutation testing, decision 3204).
// Decision 1703: a change is priced at the booking's agreed prices (daily price, hot deal, extras kept, its
// code) even when the price list has changed since; a new car or extra at today's. The clock is the
// bookings' own (1 May 2031, 10:00 in Bangkok); every booking is a car of its own at ฿1,000 a day.
// Amounts in satang, worked out by hand.
describeEachDatabase('booking changes: the service rules', (ctx) => {
  let services: ReturnType<typeof buildServices>;
  let changes: BookingChanges;
  let users: UsersRepository;
  let staffId: number;
  let now = new Date('2031-05-01T03:00:00Z');
  beforeAll(async () => {
    services = buildServices(ctx.database, testSettings(), { clock: { now: () => now } });
    changes = new BookingChanges(
      new RentalsRepository(ctx.database.db),
      services.bookings,
      services.pricing,
      services.payments.cards,
      () => services.bookings.now(),
      (tx, payment) => services.payments.recordCounterPayment(tx, payment),
    );
    users = new UsersRepository(ctx.database.db);
    const staff = demoStaffAccounts.find((a) => a.role === 'staff')!;
    staffId = (await users.findByEmail(staff.email))!.id;
    // Today's extras, before any case raises them.
    await ctx.database.query(`UPDATE addons SET price_per_day = 100 WHERE code = 'gps'`);
    await ctx.database.query(`UPDATE addons SET price_per_day = 120 WHERE code = 'child_seat'`);
  });

  const at = (iso: string) => {
    now = new Date(iso);
  };
  const customer = async () =>
    (await users.insert({
      email: `chg-${randomBytes(5).toString('hex')}@example.com`,
      role: 'customer',
      firstName: 'Nok',
      lastName: 'Dee',
    }))!.id;
  /** A booking made through checkout, as the site makes it: 10:00 to 10:00 unless said. */
  async function book(
    car: { carModelId: number; branchCode: string },
    values: {
      pickup: string;
      back: string;
      pickupTime?: string;
      returnTime?: string;
      method?: 'card' | 'bank_transfer';
      addons?: { code: string; quantity: number }[];
      promoCode?: string;
      licenceExpiry?: string;
      returnBranchCode?: string;
      additionalDrivers?: Record<string, string>[];
    },
  ) {
    const userId = await customer();
    const method = values.method ?? 'card';
    const made = await services.rentals.create(
      userId,
      createBookingBodySchema.parse({
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: values.pickup,
        returnDate: values.back,
        pickupTime: values.pickupTime ?? '10:00',
        returnTime: values.returnTime ?? '10:00',
        addons: values.addons ?? [],
        promoCode: values.promoCode,
        paymentMethod: method,
        cardToken: method === 'card' ? goodCardToken : undefined,
        driver: { ...driver, ...(values.licenceExpiry && { licenceExpiry: values.licenceExpiry }) },
        returnBranchCode: values.returnBranchCode,
        additionalDrivers: values.additionalDrivers,
        acceptTerms: true,
      }),
      'en',
      undefined,
    );
    return { userId, id: made.booking.id, number: made.booking.bookingNumber, total: made.booking.total };
  }
  type Input = Parameters<BookingChanges['plan']>[3];
  const input = (body: Record<string, unknown>) => changeBodySchema.parse(body) as Input;
  const quote = (userId: number, id: number, body: Record<string, unknown>) =>
    changes.quote(userId, id, input(body), 'en');
  const plan = (userId: number, id: number, body: Record<string, unknown>, staff = false) =>
    changes.plan(ctx.database.db, userId, id, input(body), false, staff);
  const change = (
    userId: number,
    id: number,
    body: Record<string, unknown>,
    staff?: Parameters<BookingChanges['change']>[5],
    key = `k-${randomBytes(4).toString('hex')}`,
  ) => changes.change(userId, id, input(body), key, (n) => `/b/${n}`, staff);
  const refused = (path: string, message: string) => ({
    code: 'VALIDATION_FAILED',
    message,
    errors: [{ path, message }],
  });
  const conflict = (message: string) => ({ code: 'CONFLICT', message, errors: undefined });
  /** The booking's stored amounts (baht, as the table keeps them) and dates. */
  const stored = async (id: number) =>
    (
      await ctx.database.query<Record<string, unknown>>(
        `SELECT to_char(pickup_date, 'YYYY-MM-DD') AS pickup, to_char(return_date, 'YYYY-MM-DD') AS back,
           to_char(pickup_at AT TIME ZONE 'Asia/Bangkok', 'HH24:MI') AS pickup_time,
           to_char(return_at AT TIME ZONE 'Asia/Bangkok', 'HH24:MI') AS return_time, days, car_model_id,
           unit_id, price_per_day::text AS price, hot_deal_percent::text AS hot_deal,
           deposit_amount::text AS deposit, rental_amount::text AS rental,
           hot_deal_discount::text AS hot_deal_discount, rules_amount::text AS rules,
           addons_amount::text AS addons, promotion_discount::text AS promo,
           out_of_hours_fee::text AS out_of_hours, total_amount::text AS total, vat_amount::text AS vat
         FROM bookings WHERE id = $1`,
        [id],
      )
    )[0];
  const addonsOf = (id: number) =>
    ctx.database.query(
      `SELECT addon_code AS code, price_per_day::text AS price, quantity, amount::text AS amount
         FROM booking_addons WHERE booking_id = $1 ORDER BY addon_code`,
      [id],
    );
  const changesOf = (id: number) =>
    ctx.database.query(
      `SELECT to_char(from_pickup, 'YYYY-MM-DD') AS from_pickup, to_char(from_return, 'YYYY-MM-DD') AS from_return,
         to_char(to_pickup, 'YYYY-MM-DD') AS to_pickup, to_char(to_return, 'YYYY-MM-DD') AS to_return,
         from_total::text AS from_total, to_total::text AS to_total, charged::text AS charged, by_user,
         from_car_model_id, to_car_model_id, extras_changed
       FROM booking_changes WHERE booking_id = $1 ORDER BY id`,
      [id],
    );
  const paymentsOf = (id: number) =>
    ctx.database.query(
      `SELECT method, kind, status, amount::text AS amount, gateway_ref AS ref FROM payments
        WHERE booking_id = $1 ORDER BY id`,
      [id],
    );
  const liveHolds = (id: number) =>
    ctx.database.query<{ unit_id: number; starts: string }>(
      `SELECT unit_id, to_char(starts_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD HH24:MI') AS starts
         FROM unit_holds WHERE booking_id = $1 AND released_at IS NULL`,
      [id],
    );
  /** Another model at the branch: ฿price a day, a deposit, its category's minimum age, one unit. */
  async function otherModelAt(branchCode: string, price: string, deposit: string, minAge = 21) {
    const tag = randomBytes(4).toString('hex');
    const l = (x: string) => JSON.stringify({ th: x, en: x, zh: x });
    const [category] = await ctx.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, min_driver_age) VALUES ($1, $2, $3) RETURNING id`,
      [`cat-c-${tag}`, l('SUV'), minAge],
    );
    const [model] = await ctx.database.query<{ id: number }>(
      `INSERT INTO car_models (slug, category_id, brand, model, description, price_per_day, deposit_amount,
         transmission, fuel, seats, doors, luggage)
       VALUES ($1, $2, $3, $4, $3, $5, $6, 'automatic', 'petrol', 7, 5, 3) RETURNING id`,
      [`suv-${tag}`, category!.id, l('Isuzu'), l('MU-X'), price, deposit],
    );
    const [unit] = await ctx.database.query<{ id: number }>(
      `INSERT INTO vehicle_units (car_model_id, plate, branch_code) VALUES ($1, $2, $3) RETURNING id`,
      [model!.id, `S${tag}`, branchCode],
    );
    return { carModelId: model!.id, unitId: unit!.id };
  }

  it('prices a longer and a shorter booking at its agreed daily and extras’ prices though the list changed since', async () => {
    at('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 1);
    const b = await book(car, {
      pickup: '2031-06-10',
      back: '2031-06-12',
      addons: [{ code: 'gps', quantity: 1 }],
    });
    // ฿1,000 × 2 + GPS ฿100 × 2.
    expect(b.total).toBe(220_000);
    // Today's list: the car ฿1,500, GPS ฿150, a child seat ฿200.
    await ctx.database.query(`UPDATE car_models SET price_per_day = 1500 WHERE id = $1`, [car.carModelId]);
    await ctx.database.query(`UPDATE addons SET price_per_day = 150 WHERE code = 'gps'`);
    await ctx.database.query(`UPDATE addons SET price_per_day = 200 WHERE code = 'child_seat'`);

    const longer = { pickupDate: '2031-06-10', returnDate: '2031-06-14' };
    // Four days at ฿1,000 and the GPS at ฿100: ฿4,400, ฿2,200 more, by card.
    expect(await quote(b.userId, b.id, longer)).toEqual({
      pickupDate: '2031-06-10',
      pickupTime: '10:00',
      returnDate: '2031-06-14',
      returnTime: '10:00',
      carModelId: car.carModelId,
      carName: expect.stringMatching(/^Toyota Test /),
      addons: [{ code: 'gps', quantity: 1 }],
      days: 4,
      currentTotal: 220_000,
      total: 440_000,
      difference: 220_000,
      settle: 'card',
      available: true,
    });
    // The booking's own car named (as a form that always sends the car does): still the agreed ฿1,000,
    // and the GPS booked in the same quantity at its agreed ฿100. ฿4,400.
    expect(
      await quote(b.userId, b.id, {
        ...longer,
        carModelId: car.carModelId,
        addons: [{ code: 'gps', quantity: 1 }],
      }),
    ).toMatchObject({ total: 440_000, difference: 220_000 });
    // Two child seats added are new: today's ฿200 each a day. ฿4,000 + ฿400 + ฿1,600 = ฿6,000.
    const seats = await plan(b.userId, b.id, {
      ...longer,
      addons: [
        { code: 'child_seat', quantity: 2 },
        { code: 'gps', quantity: 1 },
      ],
    });
    expect(seats.price.total).toBe(600_000);
    expect(seats.difference).toBe(380_000);
    expect(seats.extrasChanged).toBe(true);
    expect(seats.price.addons).toMatchObject([
      { code: 'child_seat', pricePerDay: 20_000, quantity: 2, amount: 160_000 },
      { code: 'gps', pricePerDay: 10_000, quantity: 1, amount: 40_000 },
    ]);

    // A paid booking's dearer change needs a card; a declined one changes nothing.
    expect(await failure(change(b.userId, b.id, longer))).toEqual(
      refused('cardToken', 'Card token required'),
    );
    expect(
      await failure(change(b.userId, b.id, { ...longer, cardToken: cardToken('4000 0000 0000 0002') })),
    ).toMatchObject({ code: 'PAYMENT_FAILED' });
    expect(await stored(b.id)).toMatchObject({ back: '2031-06-12', total: '2200.00', days: 2 });
    expect(await liveHolds(b.id)).toEqual([{ unit_id: car.unitIds[0], starts: '2031-06-10 10:00' }]);

    expect(
      await change(b.userId, b.id, { ...longer, cardToken: goodCardToken }, undefined, 'k-longer'),
    ).toEqual({
      charged: 220_000,
      refund: 0,
      method: 'card',
    });
    // ฿4,400 × 7/107 = ฿287.85 VAT.
    expect(await stored(b.id)).toEqual({
      pickup: '2031-06-10',
      back: '2031-06-14',
      pickup_time: '10:00',
      return_time: '10:00',
      days: 4,
      car_model_id: car.carModelId,
      unit_id: car.unitIds[0],
      price: '1000.00',
      hot_deal: null,
      deposit: '5000.00',
      rental: '4000.00',
      hot_deal_discount: '0.00',
      rules: '0.00',
      addons: '400.00',
      promo: '0.00',
      out_of_hours: '0.00',
      total: '4400.00',
      vat: '287.85',
    });
    expect(await addonsOf(b.id)).toEqual([{ code: 'gps', price: '100.00', quantity: 1, amount: '400.00' }]);
    expect(await liveHolds(b.id)).toEqual([{ unit_id: car.unitIds[0], starts: '2031-06-10 10:00' }]);
    expect((await paymentsOf(b.id)).map((p) => [p.kind, p.status, p.amount])).toEqual([
      ['charge', 'succeeded', '2200.00'],
      ['charge', 'succeeded', '2200.00'],
    ]);
    // Charged under the customer's key, so a retried change is the same charge at the gateway.
    const key = (
      await ctx.database.query<{ key: string }>(
        `SELECT gateway_key AS key FROM payments WHERE booking_id = $1 ORDER BY id DESC LIMIT 1`,
        [b.id],
      )
    )[0]!.key;
    expect(key).toBe(`change-${b.id}-k-longer`);

    // One day with the GPS: ฿1,100, ฿3,300 to give back (after the commit, by the caller).
    expect(await change(b.userId, b.id, { pickupDate: '2031-06-11', returnDate: '2031-06-12' })).toEqual({
      charged: 0,
      refund: 330_000,
      method: 'card',
    });
    expect(await stored(b.id)).toMatchObject({
      pickup: '2031-06-11',
      back: '2031-06-12',
      days: 1,
      total: '1100.00',
      vat: '71.96',
    });
    expect(await changesOf(b.id)).toEqual([
      {
        from_pickup: '2031-06-10',
        from_return: '2031-06-12',
        to_pickup: '2031-06-10',
        to_return: '2031-06-14',
        from_total: '2200.00',
        to_total: '4400.00',
        charged: '2200.00',
        by_user: b.userId,
        from_car_model_id: car.carModelId,
        to_car_model_id: car.carModelId,
        extras_changed: false,
      },
      {
        from_pickup: '2031-06-10',
        from_return: '2031-06-14',
        to_pickup: '2031-06-11',
        to_return: '2031-06-12',
        from_total: '4400.00',
        to_total: '1100.00',
        charged: '0.00',
        by_user: b.userId,
        from_car_model_id: car.carModelId,
        to_car_model_id: car.carModelId,
        extras_changed: false,
      },
    ]);

    // The extras off, one day: ฿1,000, ฿100 back; recorded as extras changed. The seat's ฿200 is today's.
    expect(
      await change(b.userId, b.id, { pickupDate: '2031-06-11', returnDate: '2031-06-12', addons: [] }),
    ).toEqual({ charged: 0, refund: 10_000, method: 'card' });
    expect(await addonsOf(b.id)).toEqual([]);
    expect((await changesOf(b.id))[2]).toMatchObject({ to_total: '1000.00', extras_changed: true });
    await ctx.database.query(`UPDATE addons SET price_per_day = 100 WHERE code = 'gps'`);
    await ctx.database.query(`UPDATE addons SET price_per_day = 120 WHERE code = 'child_seat'`);
  });

  it('keeps the agreed hot deal and code though they ended; the new dates’ season from today’s rules', async () => {
    at('2031-05-01T03:00:00Z');
    // Four cars: half a model's cars may be held unpaid (two transfers here).
    const car = await makeCar(ctx.database, 4);
    await ctx.database.query(
      `INSERT INTO hot_deals (car_model_id, discount_percent, starts_at, ends_at)
       VALUES ($1, 10, '2020-01-01', '2040-01-01')`,
      [car.carModelId],
    );
    const code = `CHG${randomBytes(3).toString('hex').toUpperCase()}`;
    await ctx.database.query(`INSERT INTO promotion_codes (code, kind, value) VALUES ($1, 'amount', 300)`, [
      code,
    ]);
    const b = await book(car, {
      pickup: '2031-06-29',
      back: '2031-07-01',
      promoCode: code,
      method: 'bank_transfer',
    });
    // ฿2,000 less 10 % = ฿1,800, less the code's ฿300: ฿1,500.
    expect(b.total).toBe(150_000);
    // The deal and the code end; the list price rises; July is a season at +50 % for the car's category.
    await ctx.database.query(`UPDATE hot_deals SET ends_at = '2021-01-01' WHERE car_model_id = $1`, [
      car.carModelId,
    ]);
    await ctx.database.query(`UPDATE promotion_codes SET is_active = false WHERE code = $1`, [code]);
    await ctx.database.query(`UPDATE car_models SET price_per_day = 1200 WHERE id = $1`, [car.carModelId]);
    await ctx.database.query(
      `INSERT INTO pricing_rules (kind, name, starts_on, ends_on, category_ids, percent)
       VALUES ('season', '{"th":"ก.ค.","en":"July","zh":"七月"}', '2031-07-01', '2031-07-31', $1, 50)`,
      [`{${car.categoryId}}`],
    );

    // Three days, 30 June to 3 July: ฿3,000 and two July days at +฿500 = ฿4,000; 10 % off ฿400; the
    // code's ฿300: ฿3,300, ฿1,800 more, to pay (unpaid).
    const p = await plan(b.userId, b.id, { pickupDate: '2031-06-30', returnDate: '2031-07-03' });
    expect(p.days).toBe(3);
    expect(p.rules.adjustment).toBe(100_000);
    expect(p.price).toMatchObject({
      rentalAmount: 300_000,
      hotDealDiscount: 40_000,
      promoDiscount: 30_000,
      total: 330_000,
    });
    expect(p.car).toEqual({
      carModelId: car.carModelId,
      name: expect.objectContaining({ brand: expect.objectContaining({ en: 'Toyota' }) }),
      pricePerDay: 100_000,
      hotDeal: '10.00',
      deposit: 500_000,
    });
    expect([p.difference, p.settle]).toEqual([180_000, 'new_total']);
    expect(await change(b.userId, b.id, { pickupDate: '2031-06-30', returnDate: '2031-07-03' })).toEqual({
      charged: 0,
      refund: 0,
      method: 'bank_transfer',
    });
    expect(await stored(b.id)).toMatchObject({
      price: '1000.00',
      hot_deal: '10.00',
      rental: '3000.00',
      rules: '1000.00',
      hot_deal_discount: '400.00',
      promo: '300.00',
      total: '3300.00',
      vat: '215.89',
    });

    // A code of percent, booked at today's ฿1,200 and the deal running again: ฿2,400 less 10 % (฿240) =
    // ฿2,160, less 10 % (฿216): ฿1,944.
    const pct = `PCT${randomBytes(3).toString('hex').toUpperCase()}`;
    await ctx.database.query(`UPDATE hot_deals SET ends_at = '2040-01-01' WHERE car_model_id = $1`, [
      car.carModelId,
    ]);
    await ctx.database.query(`INSERT INTO promotion_codes (code, kind, value) VALUES ($1, 'percent', 10)`, [
      pct,
    ]);
    const c = await book(car, {
      pickup: '2031-06-01',
      back: '2031-06-03',
      promoCode: pct,
      method: 'bank_transfer',
    });
    expect(c.total).toBe(194_400);
    // Four days at the ฿1,200 agreed (the list's when it was booked): ฿4,800, 10 % off ฿480, then 10 % ฿432.
    const q = await plan(c.userId, c.id, { pickupDate: '2031-06-01', returnDate: '2031-06-05' });
    expect(q.price).toMatchObject({
      rentalAmount: 480_000,
      hotDealDiscount: 48_000,
      promoDiscount: 43_200,
      total: 388_800,
    });
  });

  it('an unpaid booking and a company’s account change their total; a paid transfer pays by card or is given back', async () => {
    at('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 2);
    const b = await book(car, { pickup: '2031-06-10', back: '2031-06-12', method: 'bank_transfer' });
    const settle = async (back: string, pickup = '2031-06-10') => {
      const p = await plan(b.userId, b.id, { pickupDate: pickup, returnDate: back });
      return [p.difference, p.settle];
    };
    expect(await settle('2031-06-13')).toEqual([100_000, 'new_total']);
    expect(await settle('2031-06-11')).toEqual([-100_000, 'new_total']);
    expect(await change(b.userId, b.id, { pickupDate: '2031-06-10', returnDate: '2031-06-11' })).toEqual({
      charged: 0,
      refund: 0,
      method: 'bank_transfer',
    });
    expect(await stored(b.id)).toMatchObject({ total: '1000.00' });
    // Paid by transfer: more is paid by card, less is given back.
    await ctx.database.query(`UPDATE bookings SET status = 'confirmed', paid_at = now() WHERE id = $1`, [
      b.id,
    ]);
    expect(await settle('2031-06-13')).toEqual([200_000, 'card']);
    // A day later, one day still: nothing to pay or give back.
    expect(await settle('2031-06-12', '2031-06-11')).toEqual([0, 'none']);
    // On a company's account (billed monthly): the new total, either way.
    const [company] = await ctx.database.query<{ id: number }>(
      `INSERT INTO companies (buyer, billing_email) VALUES ($1::jsonb, 'ap@example.com') RETURNING id`,
      [JSON.stringify({ companyName: 'Dern Thang', taxId: randomBytes(6).toString('hex'), branch: '00000' })],
    );
    await ctx.database.query(
      `UPDATE bookings SET payment_method = 'company_account', company_id = $2 WHERE id = $1`,
      [b.id, company!.id],
    );
    expect(await settle('2031-06-13')).toEqual([200_000, 'new_total']);
    expect(await change(b.userId, b.id, { pickupDate: '2031-06-10', returnDate: '2031-06-13' })).toEqual({
      charged: 0,
      refund: 0,
      method: 'company_account',
    });
    expect(await paymentsOf(b.id)).toEqual([]);
    await ctx.database.query(
      `UPDATE bookings SET payment_method = 'bank_transfer', company_id = NULL WHERE id = $1`,
      [b.id],
    );
    expect(await settle('2031-06-12')).toEqual([-100_000, 'refund']);
  });

  it('changes before pickup with a day’s notice and nothing waiting; refuses what a change may not be', async () => {
    at('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 1);
    const b = await book(car, { pickup: '2031-05-03', back: '2031-05-05' });
    const stranger = await customer();
    expect(
      await failure(quote(stranger, b.id, { pickupDate: '2031-05-03', returnDate: '2031-05-06' })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'Booking not found',
      errors: undefined,
    });
    // Nor change it: someone else's booking is not found, as at the quote.
    expect(
      await failure(change(stranger, b.id, { pickupDate: '2031-05-03', returnDate: '2031-05-06' })),
    ).toEqual({ code: 'NOT_FOUND', message: 'Booking not found', errors: undefined });
    const try_ = (body: Record<string, unknown>) => failure(plan(b.userId, b.id, body));
    // The new pickup a day ahead at least: 2 May 10:00 is exactly 24 h from now; 09:30 is not.
    expect(await try_({ pickupDate: '2031-05-02', returnDate: '2031-05-04', pickupTime: '09:30' })).toEqual(
      refused('pickupDate', changeMessages.pickupAhead),
    );
    expect(await try_({ pickupDate: '2031-05-02', returnDate: '2031-05-04' })).not.toHaveProperty('code');
    expect(await try_({ pickupDate: '2031-05-03', returnDate: '2031-05-03' })).toEqual(
      refused('returnDate', changeMessages.returnAfterPickup),
    );
    expect(await try_({ pickupDate: '2031-05-03', returnDate: '2031-05-02' })).toEqual(
      refused('returnDate', changeMessages.returnAfterPickup),
    );
    expect(await try_({ pickupDate: '2031-05-03', returnDate: '2031-05-05' })).toEqual(
      refused('returnDate', changeMessages.same),
    );
    // The same dates at another time, or with an extra, are a change.
    expect(
      await try_({ pickupDate: '2031-05-03', returnDate: '2031-05-05', returnTime: '12:00' }),
    ).not.toHaveProperty('code');
    expect(
      await try_({ pickupDate: '2031-05-03', returnDate: '2031-05-05', pickupTime: '12:00' }),
    ).not.toHaveProperty('code');
    expect(
      await try_({
        pickupDate: '2031-05-03',
        returnDate: '2031-05-05',
        addons: [{ code: 'gps', quantity: 1 }],
      }),
    ).not.toHaveProperty('code');
    expect(
      await try_({
        pickupDate: '2031-05-03',
        returnDate: '2031-05-05',
        addons: [
          { code: 'gps', quantity: 1 },
          { code: 'gps', quantity: 2 },
        ],
      }),
    ).toEqual(refused('addons', changeMessages.unknownAddon));
    expect(
      await failure(
        changes.plan(
          ctx.database.db,
          b.userId,
          b.id,
          {
            pickupDate: '2031-05-03',
            returnDate: '2031-05-05',
            addons: [{ code: 'jetpack', quantity: 1 }],
          } as unknown as Input,
          false,
        ),
      ),
    ).toEqual(refused('addons', changeMessages.unknownAddon));
    // Ninety days at most: 3 May to 1 August is 90.
    expect(await try_({ pickupDate: '2031-05-03', returnDate: '2031-08-02' })).toEqual(
      refused('returnDate', changeMessages.tooLong),
    );
    expect((await plan(b.userId, b.id, { pickupDate: '2031-05-03', returnDate: '2031-08-01' })).days).toBe(
      90,
    );
    expect(
      await failure(
        changes.plan(
          ctx.database.db,
          b.userId,
          b.id,
          { pickupDate: '2031-02-30', returnDate: '2031-05-05' } as Input,
          false,
        ),
      ),
    ).toEqual(refused('returnDate', changeMessages.invalidDate));
    expect(
      await failure(
        changes.plan(
          ctx.database.db,
          b.userId,
          b.id,
          { pickupDate: '2031-05-03', returnDate: '2031-04-31' } as Input,
          false,
        ),
      ),
    ).toEqual(refused('returnDate', changeMessages.invalidDate));

    // 24 h before pickup it still may change; half an hour later not.
    at('2031-05-02T03:00:00Z');
    expect(await try_({ pickupDate: '2031-05-03', returnDate: '2031-05-06' })).not.toHaveProperty('code');
    at('2031-05-02T03:30:00Z');
    expect(await try_({ pickupDate: '2031-05-04', returnDate: '2031-05-06' })).toEqual(
      conflict(changeMessages.notice),
    );
    at('2031-05-01T03:00:00Z');
    // A card charge waiting for its answer stops it; a refund waiting or a charge done do not.
    const [pending] = await ctx.database.query<{ id: number }>(
      `INSERT INTO payments (booking_id, method, kind, status, amount) VALUES ($1, 'card', 'refund', 'pending', 1)
       RETURNING id`,
      [b.id],
    );
    expect(await try_({ pickupDate: '2031-05-03', returnDate: '2031-05-06' })).not.toHaveProperty('code');
    await ctx.database.query(`UPDATE payments SET kind = 'charge' WHERE id = $1`, [pending!.id]);
    expect(await try_({ pickupDate: '2031-05-03', returnDate: '2031-05-06' })).toEqual(
      conflict(changeMessages.notice),
    );
    await ctx.database.query(`UPDATE payments SET status = 'failed' WHERE id = $1`, [pending!.id]);
    // Awaiting payment is in the window; cancelled and returned are closed.
    for (const [status, answer] of [
      ['awaiting_payment', undefined],
      ['cancelled', conflict(changeMessages.closed)],
      ['completed', conflict(changeMessages.closed)],
    ] as const) {
      await ctx.database.query(`UPDATE bookings SET status = $2 WHERE id = $1`, [b.id, status]);
      const got = await try_({ pickupDate: '2031-05-03', returnDate: '2031-05-06' });
      if (answer) expect(got).toEqual(answer);
      else expect(got).not.toHaveProperty('code');
    }
    // Awaiting payment less than a day before its pickup: the notice, not "closed".
    await ctx.database.query(`UPDATE bookings SET status = 'awaiting_payment' WHERE id = $1`, [b.id]);
    at('2031-05-02T03:30:00Z');
    expect(await try_({ pickupDate: '2031-05-04', returnDate: '2031-05-06' })).toEqual(
      conflict(changeMessages.notice),
    );
  });

  it('extends a rental under way: only its return, later, on the car the customer has', async () => {
    at('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 2);
    const b = await book(car, { pickup: '2031-05-10', back: '2031-05-12' });
    const unit = (await liveHolds(b.id))[0]!.unit_id;
    await ctx.database.query(`UPDATE bookings SET status = 'active' WHERE id = $1`, [b.id]);
    at('2031-05-11T03:00:00Z');
    const try_ = (body: Record<string, unknown>) => failure(plan(b.userId, b.id, body));
    expect(await try_({ pickupDate: '2031-05-11', returnDate: '2031-05-14' })).toEqual(
      refused('pickupDate', changeMessages.pickedUp),
    );
    expect(await try_({ pickupDate: '2031-05-10', returnDate: '2031-05-14', pickupTime: '11:00' })).toEqual(
      refused('pickupDate', changeMessages.pickedUp),
    );
    expect(
      await try_({
        pickupDate: '2031-05-10',
        returnDate: '2031-05-14',
        addons: [{ code: 'gps', quantity: 1 }],
      }),
    ).toEqual(refused('carModelId', changeMessages.carOrExtrasAfterPickup));
    // With a GPS booked: another extra in its place, or two GPS, are not the same extras either.
    at('2031-05-01T03:00:00Z');
    const withGps = await book(car, {
      pickup: '2031-05-10',
      back: '2031-05-12',
      addons: [{ code: 'gps', quantity: 1 }],
    });
    await ctx.database.query(`UPDATE bookings SET status = 'active' WHERE id = $1`, [withGps.id]);
    at('2031-05-11T03:00:00Z');
    for (const addons of [[{ code: 'child_seat', quantity: 1 }], [{ code: 'gps', quantity: 2 }]])
      expect(
        await failure(
          plan(withGps.userId, withGps.id, { pickupDate: '2031-05-10', returnDate: '2031-05-14', addons }),
        ),
      ).toEqual(refused('carModelId', changeMessages.carOrExtrasAfterPickup));
    const suv = await otherModelAt(car.branchCode, '1000.00', '0.00');
    expect(
      await try_({ pickupDate: '2031-05-10', returnDate: '2031-05-14', carModelId: suv.carModelId }),
    ).toEqual(refused('carModelId', changeMessages.carOrExtrasAfterPickup));
    expect(await try_({ pickupDate: '2031-05-10', returnDate: '2031-05-12' })).toEqual(
      refused('returnDate', changeMessages.extensionLater),
    );
    expect(await try_({ pickupDate: '2031-05-10', returnDate: '2031-05-11' })).toEqual(
      refused('returnDate', changeMessages.extensionLater),
    );
    // Half an hour later is an extension (a pickup-ahead rule would refuse it: the pickup is past).
    const half = await plan(b.userId, b.id, {
      pickupDate: '2031-05-10',
      returnDate: '2031-05-12',
      returnTime: '10:30',
    });
    expect(half.extension).toBe(true);

    // The car the customer has is booked from 13 May: no extension to the 14th, though the other car is free.
    const next = await insertBooking(ctx.database, { userId: null, status: 'confirmed', unitId: unit });
    await ctx.database.query(
      `INSERT INTO unit_holds (unit_id, kind, booking_id, starts_at, ends_at, blocked_until)
       VALUES ($1, 'booking', $2, '2031-05-13T03:00:00Z', '2031-05-15T03:00:00Z', '2031-05-15T05:00:00Z')`,
      [unit, next.id],
    );
    const longer = { pickupDate: '2031-05-10', returnDate: '2031-05-14' };
    const { quote: q, units } = await changes.quoteWithUnits(b.userId, b.id, input(longer), 'en', false);
    expect([q.available, q.days, q.total, q.difference, q.settle]).toEqual([
      false,
      4,
      400_000,
      200_000,
      'card',
    ]);
    expect(units).toEqual([]);
    expect(await failure(change(b.userId, b.id, { ...longer, cardToken: goodCardToken }))).toEqual({
      code: 'CAR_UNAVAILABLE',
      message: 'The car is booked after your rental: it cannot be kept longer',
      errors: undefined,
    });
    expect(await liveHolds(b.id)).toEqual([{ unit_id: unit, starts: '2031-05-10 10:00' }]);
    expect(await stored(b.id)).toMatchObject({ back: '2031-05-12', total: '2000.00', unit_id: unit });
    // Eight hours later on the 12th fits before the next rental, on the same car.
    const shorter = { pickupDate: '2031-05-10', returnDate: '2031-05-12', returnTime: '18:00' };
    const fits = await changes.quoteWithUnits(b.userId, b.id, input(shorter), 'en', false);
    expect(fits.quote.available).toBe(true);
    expect(fits.units.map((u) => u.id)).toEqual([unit]);
    expect(await change(b.userId, b.id, { ...shorter, cardToken: goodCardToken })).toMatchObject({
      refund: 0,
    });
    expect(await liveHolds(b.id)).toEqual([{ unit_id: unit, starts: '2031-05-10 10:00' }]);

    // Its return time passed: the customer may no longer extend; staff may (the counter extends a late rental).
    at('2031-05-12T12:00:00Z');
    expect(
      await failure(plan(b.userId, b.id, { pickupDate: '2031-05-10', returnDate: '2031-05-13' })),
    ).toEqual(conflict(changeMessages.notice));
    const late = await plan(
      staffId,
      b.id,
      { pickupDate: '2031-05-10', returnDate: '2031-05-12', returnTime: '20:00' },
      true,
    );
    expect(late.extension).toBe(true);
  });

  it('changes the car before pickup at today’s price and deposit, at the branch, for eligible drivers, while no deposit is held', async () => {
    at('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 1);
    const b = await book(car, { pickup: '2031-06-10', back: '2031-06-12' });
    const suv = await otherModelAt(car.branchCode, '1800.00', '8000.00');
    await ctx.database.query(
      `INSERT INTO hot_deals (car_model_id, discount_percent, starts_at, ends_at) VALUES ($1, 5, '2020-01-01', '2040-01-01')`,
      [suv.carModelId],
    );
    const dates = { pickupDate: '2031-06-10', returnDate: '2031-06-12' };
    // ฿1,800 × 2 = ฿3,600 less 5 % (฿180): ฿3,420, ฿1,420 more.
    const q = await quote(b.userId, b.id, { ...dates, carModelId: suv.carModelId });
    expect(q).toMatchObject({
      carModelId: suv.carModelId,
      carName: 'Isuzu MU-X',
      total: 342_000,
      difference: 142_000,
      available: true,
    });
    expect(
      await change(b.userId, b.id, { ...dates, carModelId: suv.carModelId, cardToken: goodCardToken }),
    ).toEqual({
      charged: 142_000,
      refund: 0,
      method: 'card',
    });
    expect(await stored(b.id)).toMatchObject({
      car_model_id: suv.carModelId,
      unit_id: suv.unitId,
      price: '1800.00',
      hot_deal: '5.00',
      deposit: '8000.00',
      hot_deal_discount: '180.00',
      total: '3420.00',
    });
    expect(await liveHolds(b.id)).toEqual([{ unit_id: suv.unitId, starts: '2031-06-10 10:00' }]);
    expect((await changesOf(b.id))[0]).toMatchObject({
      from_car_model_id: car.carModelId,
      to_car_model_id: suv.carModelId,
      charged: '1420.00',
    });

    // Back to the first car: today's ฿1,000, no deal, its deposit ฿5,000, while the SUV's ฿8,000 is only due.
    const back = await plan(b.userId, b.id, { ...dates, carModelId: car.carModelId });
    expect(back.car).toMatchObject({ pricePerDay: 100_000, hotDeal: null, deposit: 500_000 });
    expect([back.price.total, back.difference, back.settle]).toEqual([200_000, -142_000, 'refund']);
    // Once the deposit is held, another deposit is the counter's; the same deposit is not.
    await ctx.database.query(`UPDATE bookings SET deposit_state = 'held' WHERE id = $1`, [b.id]);
    expect(await failure(plan(b.userId, b.id, { ...dates, carModelId: car.carModelId }))).toEqual(
      conflict(changeMessages.depositHeld),
    );
    const same = await otherModelAt(car.branchCode, '1800.00', '8000.00');
    expect((await plan(b.userId, b.id, { ...dates, carModelId: same.carModelId })).car.deposit).toBe(800_000);
    await ctx.database.query(`UPDATE bookings SET deposit_state = 'due' WHERE id = $1`, [b.id]);

    // A model the branch does not have, one that does not exist, one the driver is too young for.
    const elsewhere = await makeCar(ctx.database, 1);
    expect(await failure(plan(b.userId, b.id, { ...dates, carModelId: elsewhere.carModelId }))).toEqual(
      refused('carModelId', changeMessages.carNotOffered),
    );
    expect(await failure(plan(b.userId, b.id, { ...dates, carModelId: 2_000_000_000 }))).toEqual(
      refused('carModelId', changeMessages.carNotOffered),
    );
    // The driver (born 14 May 1990) is 41 in June 2031; this car wants 45.
    const older = await otherModelAt(car.branchCode, '3000.00', '0.00', 45);
    expect(await failure(plan(b.userId, b.id, { ...dates, carModelId: older.carModelId }))).toEqual(
      refused('carModelId', changeMessages.driverNotEligible),
    );
    const fortyOne = await otherModelAt(car.branchCode, '3000.00', '8000.00', 41);
    expect((await plan(b.userId, b.id, { ...dates, carModelId: fortyOne.carModelId })).price.total).toBe(
      600_000,
    );

    // The same car past the driver's licence: refused at the return.
    const c = await book(car, { pickup: '2031-06-20', back: '2031-06-22', licenceExpiry: '2031-06-25' });
    expect(
      await failure(plan(c.userId, c.id, { pickupDate: '2031-06-20', returnDate: '2031-06-27' })),
    ).toEqual(refused('returnDate', changeMessages.driverNotEligible));
    expect((await plan(c.userId, c.id, { pickupDate: '2031-06-20', returnDate: '2031-06-24' })).days).toBe(4);
  });

  it('keeps the customer’s own car first, and refuses dates no car is free for, leaving the booking as it was', async () => {
    at('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 2);
    const first = await book(car, { pickup: '2031-06-10', back: '2031-06-12' });
    const second = await book(car, { pickup: '2031-06-10', back: '2031-06-12' });
    const unitOf = async (b: { id: number }) => (await liveHolds(b.id))[0]!.unit_id;
    // The one on the higher-numbered car moves first, to dates both cars are free: it keeps its own,
    // not the first free by number; then the other keeps its own too.
    const [high, low] = (await unitOf(first)) > (await unitOf(second)) ? [first, second] : [second, first];
    const [highUnit, lowUnit] = [await unitOf(high), await unitOf(low)];
    expect([highUnit, lowUnit].sort()).toEqual([...car.unitIds].sort());
    const wanted = { pickupDate: '2031-07-10', returnDate: '2031-07-12' };
    await change(high.userId, high.id, wanted);
    expect(await liveHolds(high.id)).toEqual([{ unit_id: highUnit, starts: '2031-07-10 10:00' }]);
    await change(low.userId, low.id, wanted);
    expect(await liveHolds(low.id)).toEqual([{ unit_id: lowUnit, starts: '2031-07-10 10:00' }]);
    // A third booking on the same dates: none free.
    const third = await book(car, { pickup: '2031-06-10', back: '2031-06-12' });
    const thirdUnit = await unitOf(third);
    expect((await quote(third.userId, third.id, wanted)).available).toBe(false);
    expect(await failure(change(third.userId, third.id, wanted))).toEqual({
      code: 'CAR_UNAVAILABLE',
      message: CAR_UNAVAILABLE_MESSAGE,
      errors: undefined,
    });
    expect(await liveHolds(third.id)).toEqual([{ unit_id: thirdUnit, starts: '2031-06-10 10:00' }]);
    expect(await stored(third.id)).toMatchObject({
      pickup: '2031-06-10',
      back: '2031-06-12',
      total: '2000.00',
    });
    expect(await changesOf(third.id)).toEqual([]);
  });

  it('staff change any booking up to its pickup, collect a dearer difference at the counter, and choose a free unit', async () => {
    at('2031-04-20T03:00:00Z');
    const car = await makeCar(ctx.database, 2);
    const b = await book(car, { pickup: '2031-05-02', back: '2031-05-04' });
    // 1 May, 12:00: 22 hours before its pickup.
    at('2031-05-01T05:00:00Z');
    const own = (await liveHolds(b.id))[0]!.unit_id;
    const other = car.unitIds.find((u) => u !== own)!;
    const longer = { pickupDate: '2031-05-02', returnDate: '2031-05-05' };
    // Less than a day ahead: the customer may not; staff may, and see both cars free.
    expect(await failure(plan(b.userId, b.id, longer))).toEqual(conflict(changeMessages.notice));
    const { quote: q, units } = await changes.quoteWithUnits(staffId, b.id, input(longer), 'en', true);
    expect([q.total, q.difference, q.settle, q.available]).toEqual([300_000, 100_000, 'card', true]);
    expect(units.map((u) => u.id)).toEqual([...car.unitIds].sort((x, y) => x - y));
    // A pickup already passed is refused to staff too.
    expect(
      await failure(
        plan(
          staffId,
          b.id,
          { pickupDate: '2031-05-01', returnDate: '2031-05-04', pickupTime: '11:30' },
          true,
        ),
      ),
    ).toEqual(refused('pickupDate', staffChangeMessages.pickupPassed));
    expect(
      await failure(
        plan(
          staffId,
          b.id,
          { pickupDate: '2031-05-01', returnDate: '2031-05-04', pickupTime: '12:00' },
          true,
        ),
      ),
    ).not.toHaveProperty('code');

    expect(await failure(change(staffId, b.id, longer, {}))).toEqual(
      refused('collectedBy', staffChangeMessages.collectedBy),
    );
    const taken: unknown[] = [];
    expect(
      await change(staffId, b.id, longer, {
        unitId: other,
        collect: { method: 'cash' },
        inTx: async (_tx, p) => {
          taken.push([p.difference, p.row.id]);
        },
      }),
    ).toEqual({ charged: 100_000, refund: 0, method: 'card' });
    expect(taken).toEqual([[100_000, b.id]]);
    expect(await liveHolds(b.id)).toEqual([{ unit_id: other, starts: '2031-05-02 10:00' }]);
    expect(await stored(b.id)).toMatchObject({ unit_id: other, total: '3000.00' });
    expect((await paymentsOf(b.id)).slice(1)).toEqual([
      {
        method: 'cash',
        kind: 'charge',
        status: 'succeeded',
        amount: '1000.00',
        ref: 'change difference received by staff',
      },
    ]);
    expect((await changesOf(b.id))[0]).toMatchObject({ by_user: staffId, charged: '1000.00' });
    // With the terminal's reference.
    await change(
      staffId,
      b.id,
      { pickupDate: '2031-05-02', returnDate: '2031-05-06' },
      {
        collect: { method: 'card_terminal', reference: 'EDC 0042' },
      },
    );
    expect((await paymentsOf(b.id)).slice(2)).toEqual([
      { method: 'card_terminal', kind: 'charge', status: 'succeeded', amount: '1000.00', ref: 'EDC 0042' },
    ]);
    // Its own car kept without a choice.
    expect(await liveHolds(b.id)).toEqual([{ unit_id: other, starts: '2031-05-02 10:00' }]);

    // A unit taken on the new dates is refused; so is one of another model.
    const c = await book(car, { pickup: '2031-05-03', back: '2031-05-05' });
    expect((await liveHolds(c.id))[0]!.unit_id).toBe(own);
    expect(
      await failure(
        change(staffId, c.id, { pickupDate: '2031-05-04', returnDate: '2031-05-05' }, { unitId: other }),
      ),
    ).toEqual(conflict(staffChangeMessages.unitNotFree));
    expect(
      await failure(
        change(
          staffId,
          c.id,
          { pickupDate: '2031-05-03', returnDate: '2031-05-06' },
          { unitId: 2_000_000_000, collect: { method: 'cash' } },
        ),
      ),
    ).toEqual(conflict(staffChangeMessages.unitNotFree));
    // A cheaper change: given back, nothing collected (though staff said how they would have).
    const paidBefore = (await paymentsOf(c.id)).length;
    expect(
      await change(
        staffId,
        c.id,
        { pickupDate: '2031-05-08', returnDate: '2031-05-09' },
        { unitId: other, collect: { method: 'cash' } },
      ),
    ).toEqual({
      charged: 0,
      refund: 100_000,
      method: 'card',
    });
    expect(await liveHolds(c.id)).toEqual([{ unit_id: other, starts: '2031-05-08 10:00' }]);
    expect(await paymentsOf(c.id)).toHaveLength(paidBefore);
  });

  it('prices hand-overs out of hours at the fee each the booking agreed, or at the branch’s today (decision 3610)', async () => {
    at('2031-05-01T03:00:00Z');
    // Eight cars: half a model's cars may be held unpaid (four transfers here).
    const car = await makeCar(ctx.database, 8);
    const band = (fee: number) =>
      ctx.database.query(
        `UPDATE branches SET out_of_hours_opens_at = '08:00', out_of_hours_closes_at = '23:30', out_of_hours_fee = $2
          WHERE code = $1`,
        [car.branchCode, fee],
      );
    await band(300);
    // Booked at 21:30 with a 20:00 return: one hand-over out of hours at ฿300. ฿2,000 + ฿300.
    const one = await book(car, {
      pickup: '2031-06-10',
      back: '2031-06-12',
      pickupTime: '21:30',
      returnTime: '20:00',
      method: 'bank_transfer',
    });
    expect(one.total).toBe(230_000);
    // Both at 21:30 agreed ฿600 for two.
    const two = await book(car, {
      pickup: '2031-06-10',
      back: '2031-06-12',
      pickupTime: '21:30',
      returnTime: '21:30',
      method: 'bank_transfer',
    });
    expect(two.total).toBe(260_000);
    const inHours = await book(car, { pickup: '2031-06-10', back: '2031-06-12', method: 'bank_transfer' });
    await band(500);
    const fee = async (b: { userId: number; id: number }, pickupTime: string, returnTime: string) => {
      const p = await plan(b.userId, b.id, {
        pickupDate: '2031-06-10',
        returnDate: '2031-06-12',
        pickupTime,
        returnTime,
      });
      return [p.outOfHoursFee, p.price.fees, p.difference];
    };
    const line = (label: string, amount: number) => [{ code: 'out_of_hours', label, amount }];
    expect(await fee(one, '21:30', '21:30')).toEqual([60_000, line('21:30, 21:30', 60_000), 30_000]);
    expect(await fee(one, '10:00', '10:00')).toEqual([0, [], -30_000]);
    // 10:00 to 21:30 two days later is three days: ฿3,000 + ฿300 = ฿3,300, ฿1,000 more.
    expect(await fee(one, '10:00', '21:30')).toEqual([30_000, line('21:30', 30_000), 100_000]);
    expect(await fee(one, '21:30', '10:00')).toEqual([30_000, line('21:30', 30_000), 0]);
    // ฿600 agreed for two is ฿300 each: one left, ฿2,300, ฿300 less.
    expect(await fee(two, '21:30', '10:00')).toEqual([30_000, line('21:30', 30_000), -30_000]);
    expect(await fee(inHours, '21:30', '10:00')).toEqual([50_000, line('21:30', 50_000), 50_000]);
    expect(
      await change(inHours.userId, inHours.id, {
        pickupDate: '2031-06-10',
        returnDate: '2031-06-12',
        pickupTime: '21:30',
      }),
    ).toEqual({
      charged: 0,
      refund: 0,
      method: 'bank_transfer',
    });
    expect(await stored(inHours.id)).toMatchObject({
      pickup_time: '21:30',
      return_time: '10:00',
      out_of_hours: '500.00',
      total: '2500.00',
    });
    // ฿600.01 agreed for two is ฿300.005 each, rounded to ฿300.01 (a satang, never a fraction of one).
    await ctx.database.query(`UPDATE bookings SET out_of_hours_fee = 600.01 WHERE id = $1`, [two.id]);
    expect((await fee(two, '21:30', '10:00'))[0]).toBe(30_001);
    // Booked at 21:30 while the band cost ฿0: no fee agreed, so the ฿500 of today.
    await band(0);
    const free = await book(car, {
      pickup: '2031-06-10',
      back: '2031-06-12',
      pickupTime: '21:30',
      method: 'bank_transfer',
    });
    expect(free.total).toBe(200_000);
    await band(500);
    // Both hand-overs at 21:30 now: ฿500 each at today's fee, ฿1,000 more.
    expect(await fee(free, '21:30', '21:30')).toEqual([100_000, line('21:30, 21:30', 100_000), 100_000]);
    // The branch now opens until 22:00: the booking's 21:30 and 20:00 are in hours today, so its ฿300
    // is for no hand-over out of hours, and a 22:30 pickup costs today's ฿500. 35.5 h: two days, ฿2,500.
    await ctx.database.query(`UPDATE branches SET closes_at = '22:00' WHERE code = $1`, [car.branchCode]);
    expect(await fee(one, '22:30', '10:00')).toEqual([50_000, line('22:30', 50_000), 20_000]);
  });

  // ---------- what a change keeps of the booking (whole-file mutation survivors, 2026-12-07) ----------

  it('changes a booking whose car is no longer offered at its agreed price, and keeps a raised deposit’s held one', async () => {
    at('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 1);
    const b = await book(car, { pickup: '2031-06-10', back: '2031-06-12' });
    // The model taken out of the list since: the booking is still changed, at its agreed ฿1,000, named as booked.
    await ctx.database.query(`UPDATE car_models SET is_active = false WHERE id = $1`, [car.carModelId]);
    const q = await quote(b.userId, b.id, { pickupDate: '2031-06-10', returnDate: '2031-06-13' });
    expect(q).toMatchObject({ carModelId: car.carModelId, total: 300_000, difference: 100_000 });
    expect(q.carName).toMatch(/^Toyota Test /);
    await ctx.database.query(`UPDATE car_models SET is_active = true WHERE id = $1`, [car.carModelId]);
    // Its deposit raised to ฿8,000 since, while the booking's ฿5,000 is held: the same car, so no new deposit.
    await ctx.database.query(`UPDATE car_models SET deposit_amount = 8000 WHERE id = $1`, [car.carModelId]);
    await ctx.database.query(`UPDATE bookings SET deposit_state = 'held' WHERE id = $1`, [b.id]);
    const p = await plan(b.userId, b.id, { pickupDate: '2031-06-10', returnDate: '2031-06-13' });
    expect([p.price.total, p.car.deposit]).toEqual([300_000, 500_000]);
  });

  it('keeps a one-way booking’s fee and its car away from the branch after a change', async () => {
    at('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 1);
    const elsewhere = await makeCar(ctx.database, 1);
    await ctx.database.query(`INSERT INTO one_way_fees (from_branch, to_branch, fee) VALUES ($1, $2, 500)`, [
      car.branchCode,
      elsewhere.branchCode,
    ]);
    // Two days and the ฿500 one-way fee: ฿2,500; a day longer: ฿3,500, ฿1,000 more.
    const b = await book(car, {
      pickup: '2031-06-10',
      back: '2031-06-12',
      returnBranchCode: elsewhere.branchCode,
    });
    expect(b.total).toBe(250_000);
    expect(
      await change(b.userId, b.id, {
        pickupDate: '2031-06-10',
        returnDate: '2031-06-13',
        cardToken: goodCardToken,
      }),
    ).toEqual({
      charged: 100_000,
      refund: 0,
      method: 'card',
    });
    expect(await stored(b.id)).toMatchObject({ back: '2031-06-13', total: '3500.00' });
    // Left at the other branch, the car is not bookable here after the return until it is moved back.
    const [hold] = await ctx.database.query<{ until: string }>(
      `SELECT to_char(blocked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS until FROM unit_holds
        WHERE booking_id = $1 AND released_at IS NULL`,
      [b.id],
    );
    expect(hold!.until).toBe('9999-12-31');
  });

  it('refuses a new car that any one of the drivers may not drive, and extends with the same two extras in any order', async () => {
    at('2031-05-01T03:00:00Z');
    const car = await makeCar(ctx.database, 2);
    // The main driver is 41 in June 2031, the second 31; the SUV wants 35.
    const b = await book(car, {
      pickup: '2031-06-10',
      back: '2031-06-12',
      additionalDrivers: [
        {
          firstName: 'Lek',
          lastName: 'Dee',
          birthDate: '2000-01-01',
          licenceNumber: '60012345',
          licenceCountry: 'TH',
          licenceIssued: '2020-01-01',
          licenceExpiry: '2036-01-01',
        },
      ],
    });
    const suv = await otherModelAt(car.branchCode, '1800.00', '5000.00', 35);
    expect(
      await failure(
        plan(b.userId, b.id, {
          pickupDate: '2031-06-10',
          returnDate: '2031-06-12',
          carModelId: suv.carModelId,
        }),
      ),
    ).toEqual(refused('carModelId', changeMessages.driverNotEligible));

    // Under way with a GPS and a child seat: the same two, named the other way round, are its extras.
    const withTwo = await book(car, {
      pickup: '2031-05-10',
      back: '2031-05-12',
      addons: [
        { code: 'gps', quantity: 1 },
        { code: 'child_seat', quantity: 1 },
      ],
    });
    await ctx.database.query(`UPDATE bookings SET status = 'active' WHERE id = $1`, [withTwo.id]);
    at('2031-05-11T03:00:00Z');
    const longer = await plan(withTwo.userId, withTwo.id, {
      pickupDate: '2031-05-10',
      returnDate: '2031-05-13',
      addons: [
        { code: 'child_seat', quantity: 1 },
        { code: 'gps', quantity: 1 },
      ],
    });
    expect([longer.extension, longer.days]).toEqual([true, 3]);
    // The other car is free on those days, but an extension keeps the car the customer has: staff see only it.
    const own = (await liveHolds(withTwo.id))[0]!.unit_id;
    const { quote: q, units } = await changes.quoteWithUnits(
      withTwo.userId,
      withTwo.id,
      input({ pickupDate: '2031-05-10', returnDate: '2031-05-13' }),
      'en',
      false,
    );
    expect([q.available, units.map((u) => u.id)]).toEqual([true, [own]]);
  });
});
