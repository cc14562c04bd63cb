import { addDays, bangkokToday } from '@siam/contract/bangkok-time';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import {
  cardToken,
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';

/**
 * Self-service changes (issue 17, part 6): a customer moves their booking's dates or extends their
 * rental themselves, up to the notice rule; the new price is the booking's own agreed prices for the
 * new dates; the difference is paid by card or given back; all in one transaction that never
 * double-books and never loses the booking when the change fails.
 */
describeEachDatabase('self-service changes of dates', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
  });
  afterAll(() => app.close());

  const quote = (headers: Record<string, string>, id: number, body: object) =>
    app.inject({ method: 'POST', url: `/api/v1/auth/bookings/${id}/change/quote`, headers, payload: body });
  const change = (
    headers: Record<string, string>,
    id: number,
    body: object,
    key?: string,
    remoteAddress?: string,
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${id}/change`,
      headers: { ...headers, ...(key && { 'idempotency-key': key }) },
      payload: body,
      ...(remoteAddress && { remoteAddress }),
    });
  const liveHolds = async (bookingId: number) =>
    ctx.database.query<{ unit_id: number; starts: string; until: string }>(
      `SELECT unit_id, starts_at::text AS starts, blocked_until::text AS until FROM unit_holds
       WHERE booking_id = $1 AND released_at IS NULL`,
      [bookingId],
    );
  const paymentsOf = (bookingId: number) =>
    ctx.database.query<{ kind: string; status: string; amount: string }>(
      `SELECT kind, status, amount::text FROM payments WHERE booking_id = $1 ORDER BY id`,
      [bookingId],
    );

  async function cardBooking(units: number, from: number, nights: number) {
    const car = await makeCar(ctx.database, units);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(from),
      returnDate: daysFromNow(from + nights),
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(made.statusCode, made.body).toBe(200);
    return { car, customer, booking: made.json().response.data.booking };
  }

  it('moves a paid booking to longer dates: the difference quoted, a declined card changes nothing, then paid', async () => {
    const { customer, booking } = await cardBooking(2, 20, 2);
    expect(booking).toMatchObject({ canChange: true, canExtend: false, total: 200_000 });
    const later = { pickupDate: daysFromNow(25), returnDate: daysFromNow(29) };
    const q = await quote(customer.headers, booking.id, later);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().response.data).toEqual({
      ...later,
      pickupTime: '09:00',
      returnTime: '18:00',
      carModelId: booking.carModelId,
      carName: booking.carName,
      addons: [],
      days: 4,
      currentTotal: 200_000,
      total: 400_000,
      difference: 200_000,
      settle: 'card',
      available: true,
    });
    const before = await liveHolds(booking.id);

    const noCard = await change(customer.headers, booking.id, later);
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().errors).toEqual([{ path: 'cardToken', message: 'Card token required' }]);
    const declined = await change(customer.headers, booking.id, {
      ...later,
      cardToken: cardToken('4000 0000 0000 0002'),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_FAILED' });
    const unchanged = (
      await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers })
    ).json().response.data;
    expect(unchanged).toMatchObject({ pickupDate: booking.pickupDate, total: 200_000, status: 'confirmed' });
    expect(await liveHolds(booking.id)).toEqual(before);

    const paid = await change(customer.headers, booking.id, { ...later, cardToken: goodCardToken }, 'k1');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().response.data).toMatchObject({
      charged: 200_000,
      refunded: 0,
      booking: { ...later, days: 4, total: 400_000, status: 'confirmed', paid: true },
    });
    expect(await paymentsOf(booking.id)).toEqual([
      { kind: 'charge', status: 'succeeded', amount: '2000.00' },
      { kind: 'charge', status: 'succeeded', amount: '2000.00' },
    ]);
    const [hold] = await liveHolds(booking.id);
    expect(hold!.starts.slice(0, 10)).toBe(later.pickupDate);
    expect(
      (await sentMails(app)).some(
        (m) =>
          m.to.includes(customer.email) && m.subject === `Your booking has changed: ${booking.bookingNumber}`,
      ),
    ).toBe(true);

    // Shorter again: the difference goes back through the gateway, from the newest charge.
    const shorter = await change(customer.headers, booking.id, {
      pickupDate: later.pickupDate,
      returnDate: daysFromNow(26),
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json().response.data).toMatchObject({
      charged: 0,
      refunded: 300_000,
      booking: { total: 100_000 },
    });
    expect((await paymentsOf(booking.id)).filter((p) => p.kind === 'refund')).toEqual([
      { kind: 'refund', status: 'succeeded', amount: '2000.00' },
      { kind: 'refund', status: 'succeeded', amount: '1000.00' },
    ]);
    // Cancelled later, it gives back what is left, never more than was taken.
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${booking.id}/cancel`,
      headers: customer.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('an unpaid booking changes its total to pay; nobody else can change it; the notice rule holds', async () => {
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(15),
      returnDate: daysFromNow(17),
      paymentMethod: 'bank_transfer',
    });
    const booking = made.json().response.data.booking;
    const longer = { pickupDate: daysFromNow(15), returnDate: daysFromNow(18) };
    expect((await quote(customer.headers, booking.id, longer)).json().response.data).toMatchObject({
      settle: 'new_total',
      difference: 100_000,
    });
    const stranger = await makeCustomer(app);
    expect((await change(stranger.headers, booking.id, longer)).statusCode).toBe(404);
    // A return before the pickup is refused at the field, never priced as one day.
    const backwards = await change(customer.headers, booking.id, {
      pickupDate: daysFromNow(15),
      returnDate: daysFromNow(14),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].path).toBe('returnDate');
    const done = await change(customer.headers, booking.id, longer);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().response.data).toMatchObject({
      charged: 0,
      booking: { total: 300_000, status: 'awaiting_payment', paid: false },
    });
    expect(await paymentsOf(booking.id)).toEqual([]);

    // Less than a day before pickup: changes are refused, and said so.
    await ctx.database.query('UPDATE bookings SET pickup_date = $2 WHERE id = $1', [
      booking.id,
      bangkokToday(),
    ]);
    const late = await change(customer.headers, booking.id, {
      pickupDate: daysFromNow(30),
      returnDate: daysFromNow(31),
    });
    expect(late.statusCode).toBe(409);
    const view = await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers });
    expect(view.json().response.data.canChange).toBe(false);
    // A new pickup less than a day ahead is refused at the field.
    const other = await cardBooking(1, 10, 1);
    const soon = await change(other.customer.headers, other.booking.id, {
      pickupDate: bangkokToday(),
      returnDate: addDays(bangkokToday(), 2),
    });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().errors[0].path).toBe('pickupDate');
  });

  it('refuses an extension when the car is booked next, keeping the rental as it was; extends once it is free', async () => {
    const { car, customer, booking } = await cardBooking(1, 10, 2);
    await ctx.database.query(`UPDATE bookings SET status = 'active' WHERE id = $1`, [booking.id]);
    const next = await createBooking(app, (await makeCustomer(app)).headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(13),
      returnDate: daysFromNow(15),
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(next.statusCode, next.body).toBe(200);
    const view = (
      await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers })
    ).json().response.data;
    expect(view).toMatchObject({ canChange: false, canExtend: true });
    const longer = { pickupDate: daysFromNow(10), returnDate: daysFromNow(14), cardToken: goodCardToken };
    expect((await quote(customer.headers, booking.id, longer)).json().response.data.available).toBe(false);
    const refused = await change(customer.headers, booking.id, longer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CAR_UNAVAILABLE' });
    expect(await liveHolds(booking.id)).toHaveLength(1);
    expect(
      (await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers })).json()
        .response.data,
    ).toMatchObject({ returnDate: daysFromNow(12), total: 200_000, status: 'active' });
    // Only the return moves once the car is with the customer.
    expect(
      (await change(customer.headers, booking.id, { ...longer, pickupDate: daysFromNow(11) })).statusCode,
    ).toBe(400);
    // Nor the car and the extras: they are with the customer too.
    const extras = await quote(customer.headers, booking.id, {
      ...longer,
      addons: [{ code: 'gps', quantity: 1 }],
    });
    expect(extras.statusCode).toBe(400);
    expect(extras.json().errors[0].message).toBe('The car and the extras can only change before pickup');

    // The next customer cancels: the extension goes through, the two days paid by card.
    await ctx.database.query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [
      next.json().response.data.booking.id,
    ]);
    await ctx.database.query(`UPDATE unit_holds SET released_at = now() WHERE booking_id = $1`, [
      next.json().response.data.booking.id,
    ]);
    const extended = await change(customer.headers, booking.id, longer);
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().response.data).toMatchObject({
      charged: 200_000,
      booking: { returnDate: daysFromNow(14), total: 400_000, status: 'active' },
    });
  });

  /** Another model at the car's branch (฿price a day, a deposit, its category's minimum age), with one unit. */
  async function otherModelAt(branchCode: string, price: string, deposit: string, minAge = 21) {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const l = (x: string) => JSON.stringify({ th: x, en: x, zh: x });
    const [category] = await ctx.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, min_driver_age) VALUES ($1, $2, $3) RETURNING id`,
      [`cat-o-${tag}`, l('SUV'), minAge],
    );
    const [model] = await ctx.database.query<{ id: number }>(
      `INSERT INTO car_models (slug, category_id, brand, model, description, price_per_day, deposit_amount, transmission, fuel, seats, doors, luggage)
       VALUES ($1, $2, $3, $4, $3, $5, $6, 'automatic', 'petrol', 7, 5, 3) RETURNING id`,
      [`suv-${tag}`, category!.id, l('Toyota'), l(`Fortuner ${tag}`), price, deposit],
    );
    await ctx.database.query(
      `INSERT INTO vehicle_units (car_model_id, plate, branch_code) VALUES ($1, $2, $3)`,
      [model!.id, `S${tag}`, branchCode],
    );
    return model!.id;
  }

  it('changes the car and the extras before pickup: priced at today’s prices for what is new, paid by card; refused where a rule says no', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(42),
      addons: [{ code: 'gps', quantity: 1 }],
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    // ฿1,000 × 2 days + GPS ฿100 × 2 days.
    expect(booking.total).toBe(220_000);
    const dates = { pickupDate: booking.pickupDate, returnDate: booking.returnDate };
    const suv = await otherModelAt(car.branchCode, '1800.00', '8000.00');

    // What the branch offers.
    const options = await app.inject({
      url: `/api/v1/auth/bookings/${booking.id}/change/options`,
      headers: customer.headers,
    });
    expect(options.statusCode).toBe(200);
    expect(
      options
        .json()
        .response.data.cars.map((c: { carModelId: number }) => c.carModelId)
        .sort(),
    ).toEqual([car.carModelId, suv].sort());
    expect(options.json().response.data.addons.map((a: { code: string }) => a.code)).toContain('child_seat');

    // The SUV at today's ฿1,800, the GPS kept, a child seat added at ฿120 a day: ฿3,600 + ฿200 + ฿240.
    const wanted = {
      ...dates,
      carModelId: suv,
      addons: [
        { code: 'gps', quantity: 1 },
        { code: 'child_seat', quantity: 1 },
      ],
    };
    const q = await quote(customer.headers, booking.id, wanted);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().response.data).toMatchObject({
      carModelId: suv,
      total: 404_000,
      difference: 184_000,
      settle: 'card',
      available: true,
    });
    const done = await change(customer.headers, booking.id, { ...wanted, cardToken: goodCardToken });
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json().response.data.booking;
    expect(after).toMatchObject({ carModelId: suv, total: 404_000, pricePerDay: 180_000 });
    expect(after.deposit.amount).toBe(800_000);
    expect(after.addons.map((a: { code: string }) => a.code).sort()).toEqual(['child_seat', 'gps']);
    expect(done.json().response.data.charged).toBe(184_000);
    const [hold] = await liveHolds(booking.id);
    const [unit] = await ctx.database.query<{ car_model_id: number }>(
      'SELECT car_model_id FROM vehicle_units WHERE id = $1',
      [hold!.unit_id],
    );
    expect(unit!.car_model_id).toBe(suv);
    // The first car is free again for others (paying at once: it is its group's only car, decision 3102).
    const other = await makeCustomer(app);
    const again = await createBooking(app, other.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      ...dates,
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(again.statusCode, again.body).toBe(200);

    // Extras off: the difference given back (GPS ฿200 + the child seat's ฿240).
    const lighter = await change(customer.headers, booking.id, { ...dates, addons: [] });
    expect(lighter.statusCode, lighter.body).toBe(200);
    expect(lighter.json().response.data).toMatchObject({ refunded: 44_000, booking: { total: 360_000 } });

    // A car whose category wants older drivers, a model of another branch, an unknown extra: refused.
    const older = await otherModelAt(car.branchCode, '3000.00', '8000.00', 40);
    const tooYoung = await quote(customer.headers, booking.id, { ...dates, carModelId: older });
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json().errors[0]).toMatchObject({
      path: 'carModelId',
      message: 'A driver of this booking may not drive that car',
    });
    const elsewhere = await makeCar(ctx.database, 1);
    const away = await quote(customer.headers, booking.id, { ...dates, carModelId: elsewhere.carModelId });
    expect(away.statusCode).toBe(400);
    expect(away.json().errors[0].path).toBe('carModelId');
    const unknown = await quote(customer.headers, booking.id, {
      ...dates,
      addons: [{ code: 'jetpack', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    // A stranger sees nothing.
    const stranger = await makeCustomer(app);
    expect(
      (
        await app.inject({
          url: `/api/v1/auth/bookings/${booking.id}/change/options`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    const [logged] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM booking_changes WHERE booking_id = $1 AND to_car_model_id = $2',
      [booking.id, suv],
    );
    expect(logged!.n).toBe(2);
  });

  it('keeps the car once the deposit is held on the card', async () => {
    // Returned within 6 days: the deposit may be held on a card (decision 3413).
    const { car, customer, booking } = await cardBooking(1, 3, 2);
    const suv = await otherModelAt(car.branchCode, '1800.00', '9000.00');
    const held = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${booking.id}/deposit-hold`,
      headers: customer.headers,
      payload: { cardToken: goodCardToken },
    });
    expect(held.statusCode, held.body).toBe(200);
    const dates = { pickupDate: booking.pickupDate, returnDate: booking.returnDate };
    const refused = await quote(customer.headers, booking.id, { ...dates, carModelId: suv });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('The deposit is already held: the car can be changed at the counter');
  });

  it('100 changes and creates racing for the last car: no overlap, no booking lost', async () => {
    const { car, customer, booking } = await cardBooking(1, 40, 2);
    const target = { pickupDate: daysFromNow(50), returnDate: daysFromNow(52) };
    const others = await Promise.all(Array.from({ length: 10 }, () => makeCustomer(app)));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? // From many devices and networks at once (each address has its own limit of tries).
            change(customer.headers, booking.id, target, `race-${i}`, `10.1.${i}.7`)
          : createBooking(app, others[i % 10]!.headers, {
              carModelId: car.carModelId,
              branchCode: car.branchCode,
              ...target,
              paymentMethod: 'card',
              cardToken: goodCardToken,
            }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => [200, 400, 409].includes(s)),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The booking is still there, holding its car for its own dates, whichever won.
    const mine = (
      await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers })
    ).json().response.data;
    expect(mine.status).toBe('confirmed');
    const [hold] = await liveHolds(booking.id);
    expect(hold!.starts.slice(0, 10)).toBe(mine.pickupDate);
    const overlaps = await ctx.database.query(
      `SELECT a.id FROM unit_holds a JOIN unit_holds b ON a.unit_id = b.unit_id AND a.id < b.id
       WHERE a.released_at IS NULL AND b.released_at IS NULL AND a.unit_id = $1
         AND tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)`,
      [car.unitIds[0]],
    );
    expect(overlaps).toEqual([]);
  });
});
