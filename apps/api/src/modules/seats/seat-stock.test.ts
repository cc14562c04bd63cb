import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { signInEveryone } from '../../../test/admin-helpers';
import { describeEachDatabase } from '../../../test/databases';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
  verifyEmail,
} from '../bookings/booking-fixtures.test-helper';

// Child seats by kind, priced per seat per day, out of a stock per branch the database keeps
// (issue 36 part 4, docs/decisions/3620).
describeEachDatabase('child seats', (ctx) => {
  let app: App;
  let staff: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    staff = (await signInEveryone(app)).staff;
  });
  afterAll(() => app.close());

  const setStock = (branchCode: string, stock: Record<string, number>) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/admin/seat-stock/${branchCode}`,
      headers: staff,
      payload: { stock },
    });
  const seatsOut = async (branchCode: string) =>
    (
      await ctx.database.query<{ addon_code: string; n: number }>(
        `SELECT a.addon_code, sum(a.quantity)::int AS n FROM booking_addons a JOIN bookings b ON b.id = a.booking_id
          WHERE b.branch_code = $1 AND b.status IN ('awaiting_payment','confirmed','active') GROUP BY a.addon_code
          ORDER BY a.addon_code`,
        [branchCode],
      )
    ).map((r) => `${r.addon_code}:${r.n}`);
  /** A family booking by card (the unpaid-hold limits stand aside), `from` to `to` days ahead. */
  const family = (
    car: { carModelId: number; branchCode: string },
    from: number,
    to: number,
    addons: unknown[],
  ) => ({
    carModelId: car.carModelId,
    branchCode: car.branchCode,
    pickupDate: daysFromNow(from),
    returnDate: daysFromNow(to),
    paymentMethod: 'card',
    cardToken: goodCardToken,
    addons,
  });

  it('a new branch starts with the usual stock; staff read and set it per kind', async () => {
    const car = await makeCar(ctx.database, 1);
    const all = await app.inject({ url: '/api/v1/admin/seat-stock?lng=zh', headers: staff });
    expect(all.statusCode).toBe(200);
    const mine = all
      .json()
      .response.data.find((b: { branchCode: string }) => b.branchCode === car.branchCode);
    expect(mine.stock).toEqual({ infant_seat: 2, child_seat: 4, booster_seat: 4 });
    const set = await setStock(car.branchCode, { infant_seat: 1, child_seat: 3, booster_seat: 0 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().response.data.stock).toEqual({ infant_seat: 1, child_seat: 3, booster_seat: 0 });
    expect(
      (await setStock(car.branchCode, { infant_seat: -1, child_seat: 3, booster_seat: 0 })).statusCode,
    ).toBe(400);
    expect(
      (await setStock('no-such-branch', { infant_seat: 1, child_seat: 1, booster_seat: 1 })).statusCode,
    ).toBe(404);
    const customer = await makeCustomer(app);
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/seat-stock/${car.branchCode}`,
      headers: customer.headers,
      payload: { stock: { infant_seat: 9, child_seat: 9, booster_seat: 9 } },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('quotes seats per seat per day: two child seats and an infant seat for three days', async () => {
    const car = await makeCar(ctx.database, 1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/quote?lng=zh',
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(10),
        returnDate: daysFromNow(13),
        addons: [
          { code: 'child_seat', quantity: 2 },
          { code: 'infant_seat', quantity: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().response.data;
    // Listed in the extras' order (infant before child), whatever order they were asked in.
    expect(q.addons).toEqual([
      { code: 'infant_seat', label: '婴儿提篮座椅', quantity: 1, pricePerDay: 15_000, amount: 45_000 },
      { code: 'child_seat', label: '儿童安全座椅', quantity: 2, pricePerDay: 12_000, amount: 72_000 },
    ]);
    // ฿150 × 1 × 3 + ฿120 × 2 × 3 = ฿450 + ฿720 = ฿1,170; rental 3 × ฿1,000: total ฿4,170.
    expect(q.addonsAmount).toBe(117_000);
    expect(q.total).toBe(417_000);
  });

  it('at most 3 of a kind, and no more seats in all than the car has besides the driver', async () => {
    const car = await makeCar(ctx.database, 1); // 5 seats: at most 4 child seats in all
    const quote = (addons: unknown[]) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/guest/bookings/quote',
        payload: {
          carModelId: car.carModelId,
          branchCode: car.branchCode,
          pickupDate: daysFromNow(10),
          returnDate: daysFromNow(11),
          addons,
        },
      });
    const four = await quote([{ code: 'child_seat', quantity: 4 }]);
    expect(four.statusCode).toBe(400);
    expect(four.json().errors).toEqual([
      { path: 'addons.child_seat', message: 'At most 3 of each kind of seat' },
    ]);
    const five = await quote([
      { code: 'child_seat', quantity: 3 },
      { code: 'booster_seat', quantity: 2 },
    ]);
    expect(five.statusCode).toBe(400);
    expect(five.json().errors).toEqual([
      { path: 'addons.booster_seat', message: 'More child seats than this car has seats for' },
    ]);
    expect(
      (
        await quote([
          { code: 'child_seat', quantity: 3 },
          { code: 'booster_seat', quantity: 1 },
        ])
      ).statusCode,
    ).toBe(200);
  });

  it('a third family at the same branch and time is told which seat is short and how many are left; nothing is booked', async () => {
    const car = await makeCar(ctx.database, 5);
    await setStock(car.branchCode, { infant_seat: 1, child_seat: 3, booster_seat: 0 });
    const [a, b, c] = await Promise.all([
      makeCustomer(app, 'zh'),
      makeCustomer(app, 'zh'),
      makeCustomer(app, 'zh'),
    ]);
    const first = await createBooking(
      app,
      a!.headers,
      family(car, 20, 23, [
        { code: 'child_seat', quantity: 2 },
        { code: 'infant_seat', quantity: 1 },
      ]),
    );
    expect(first.statusCode, first.body).toBe(200);
    // The second family takes the last child seat.
    const second = await createBooking(
      app,
      b!.headers,
      family(car, 22, 24, [{ code: 'child_seat', quantity: 1 }]),
    );
    expect(second.statusCode, second.body).toBe(200);
    // The third wants two child seats on day 22: none is left, and the infant seat is out too.
    const third = await createBooking(
      app,
      c!.headers,
      family(car, 21, 22, [
        { code: 'infant_seat', quantity: 1 },
        { code: 'child_seat', quantity: 2 },
      ]),
    );
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'SEATS_SHORT',
      errors: [
        { path: 'addons.infant_seat', left: 0 },
        { path: 'addons.child_seat', left: 0 },
      ],
    });
    const made = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE user_id = $1`,
      [c!.userId],
    );
    expect(made[0]!.n).toBe(0);
    expect(await seatsOut(car.branchCode)).toEqual(['child_seat:3', 'infant_seat:1']);
    // After the first family's return (day 23, 18:00) its seats are free again: one child seat on days 23-25
    // is still short (the second family's runs to day 24), so 2 are left of 3.
    const later = await createBooking(
      app,
      c!.headers,
      family(car, 24, 26, [{ code: 'child_seat', quantity: 3 }]),
    );
    expect(later.statusCode).toBe(409);
    expect(later.json().errors).toEqual([expect.objectContaining({ path: 'addons.child_seat', left: 2 })]);
    const two = await createBooking(
      app,
      c!.headers,
      family(car, 24, 26, [{ code: 'child_seat', quantity: 2 }]),
    );
    expect(two.statusCode, two.body).toBe(200);
  });

  it('a cancelled booking gives its seats back', async () => {
    const car = await makeCar(ctx.database, 2);
    await setStock(car.branchCode, { infant_seat: 1, child_seat: 0, booster_seat: 0 });
    const [a, b] = await Promise.all([makeCustomer(app), makeCustomer(app)]);
    const first = await createBooking(
      app,
      a!.headers,
      family(car, 30, 31, [{ code: 'infant_seat', quantity: 1 }]),
    );
    expect(first.statusCode, first.body).toBe(200);
    const asked = family(car, 30, 31, [{ code: 'infant_seat', quantity: 1 }]);
    expect((await createBooking(app, b!.headers, asked)).statusCode).toBe(409);
    const id = first.json().response.data.booking.id;
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${id}/cancel`,
      headers: a!.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await createBooking(app, b!.headers, asked)).statusCode).toBe(200);
  });

  it('the database refuses seats beyond the stock whatever writes them (the booking is undone)', async () => {
    const car = await makeCar(ctx.database, 1);
    await setStock(car.branchCode, { infant_seat: 0, child_seat: 1, booster_seat: 0 });
    const c = await makeCustomer(app);
    const made = await createBooking(
      app,
      c.headers,
      family(car, 40, 41, [{ code: 'child_seat', quantity: 1 }]),
    );
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().response.data.booking.id;
    await expect(
      ctx.database.query(
        `UPDATE booking_addons SET quantity = 2 WHERE booking_id = $1 AND addon_code = 'child_seat'`,
        [id],
      ),
    ).rejects.toThrow(/seats short: child_seat 1 left/);
  });

  it('100 simultaneous bookings for 3 child seats: exactly 3 get one, the rest are told, never oversold', async () => {
    // Ten models at one branch, two cars each, 20 customers, 100 addresses: a booking locks its customer,
    // its address and its model at the branch (unpaid-hold limits); here only the seats make them wait.
    const cars = await Promise.all(Array.from({ length: 10 }, () => makeCar(ctx.database, 2)));
    const car = cars[0]!;
    for (const other of cars.slice(1))
      await ctx.database.query(`UPDATE vehicle_units SET branch_code = $1 WHERE car_model_id = $2`, [
        car.branchCode,
        other.carModelId,
      ]);
    await setStock(car.branchCode, { infant_seat: 0, child_seat: 3, booster_seat: 0 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => makeCustomer(app)));
    for (const c of customers) await verifyEmail(ctx.database, c.userId);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        createBooking(
          app,
          customers[i % 20]!.headers,
          family({ ...cars[i % 10]!, branchCode: car.branchCode }, 50, 52, [
            { code: 'child_seat', quantity: 1 },
          ]),
          // Each from its own address: one address's creates wait for each other (its unpaid limit).
          { remoteAddress: `192.0.2.${i + 1}` },
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(3);
    expect(codes.filter((s) => s === 409)).toHaveLength(97);
    // As in the unit race (bookings.routes.test.ts): a customer's own unpaid limit may answer first.
    const reasons = new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().code));
    expect(reasons.has('SEATS_SHORT')).toBe(true);
    expect([...reasons].every((c) => c === 'SEATS_SHORT' || c === 'TOO_MANY_UNPAID_BOOKINGS')).toBe(true);
    expect(await seatsOut(car.branchCode)).toEqual(['child_seat:3']);
    const [n] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE branch_code = $1`,
      [car.branchCode],
    );
    expect(n!.n).toBe(3);
  });
});
