import { afterAll, beforeAll, expect, it } from 'vitest';
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
  inspectAtPickup,
} from '../bookings/booking-fixtures.test-helper';

/**
 * One-way returns and delivery (issue 17, part 3): routes and zones set by admins, their fees in the
 * quote and the total (never discounted), refused when not offered, kept on the booking with the
 * address for staff; a one-way car leaves its branch and is bookable at the other once returned.
 */
describeEachDatabase('one-way returns and delivery', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
    const account = demoStaffAccounts.find((a) => a.role === 'admin')!;
    admin = await login(app, account.email, account.password);
  });
  afterAll(() => app.close());

  const asAdmin = (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1/admin${url}`, headers: admin, ...(payload && { payload }) });
  const quote = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/guest/bookings/quote', payload });
  /** A second branch of our own, with a unit-less route from the car's branch. */
  async function branchPair(units = 1) {
    const car = await makeCar(ctx.database, units);
    const other = `${car.branchCode}x`.slice(0, 30);
    await ctx.database.query(
      `INSERT INTO branches (code, name, address, phone) VALUES ($1, $2, $2, '021234567')`,
      [other, JSON.stringify({ th: 'ปลายทาง', en: 'Far branch', zh: '远端门店' })],
    );
    return { car, other };
  }

  it('prices a one-way return and a delivery to a hotel, in the total and never discounted; the booking keeps them', async () => {
    const { car, other } = await branchPair(2);
    const trip = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(20),
      returnDate: daysFromNow(22),
      returnBranchCode: other,
    };
    // Not offered yet: refused at the field, never ignored.
    const notOffered = await quote(trip);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().errors[0].path).toBe('returnBranchCode');

    const route = await asAdmin('PUT', '/one-way-fees', {
      fromBranch: car.branchCode,
      toBranch: other,
      fee: 1500,
    });
    expect(route.statusCode, route.body).toBe(200);
    const zone = await asAdmin('POST', '/delivery-zones', {
      branchCode: car.branchCode,
      name: { th: 'ใจกลางเมือง', en: 'City centre', zh: '市中心' },
      fee: 600,
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const zoneId = zone.json().response.data.id;
    const options = await app.inject({
      url: `/api/v1/guest/branches/${car.branchCode}/delivery-options?lng=en`,
    });
    expect(options.json().response.data).toEqual({
      oneWay: [{ branchCode: other, branchName: 'Far branch', fee: 150_000 }],
      zones: [{ id: zoneId, name: 'City centre', fee: 60_000, branchCode: car.branchCode }],
    });

    const delivery = { zoneId, kind: 'hotel', address: 'Hotel Siam, 1 Rama I Road' };
    const priced = await quote({ ...trip, delivery });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().response.data).toMatchObject({
      rentalAmount: 200_000,
      fees: [
        { code: 'one_way', label: 'Far branch', amount: 150_000 },
        { code: 'delivery', label: 'City centre', amount: 60_000 },
      ],
      returnBranchCode: other,
      returnBranchName: 'Far branch',
      total: 410_000,
    });
    // A code takes its percent off the rental only, never off the fees.
    const code = `HALF${ctx.kind.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    await ctx.database.query(`INSERT INTO promotion_codes (code, kind, value) VALUES ($1, 'percent', 50)`, [
      code,
    ]);
    expect((await quote({ ...trip, delivery, promoCode: code })).json().response.data).toMatchObject({
      promoDiscount: 100_000,
      total: 310_000,
    });
    // A zone of another branch, a hotel without its address, a flight without its number: refused.
    expect(
      (
        await quote({ ...trip, delivery: { zoneId: zoneId + 999, kind: 'address', address: 'Somewhere 12' } })
      ).json().errors[0].path,
    ).toBe('delivery.zoneId');
    const customer = await makeCustomer(app);
    const book = (where: object) =>
      createBooking(app, customer.headers, {
        ...trip,
        delivery: where,
        paymentMethod: 'card',
        cardToken: goodCardToken,
      });
    expect((await book({ zoneId, kind: 'hotel', address: '' })).json().errors[0].path).toBe(
      'delivery.address',
    );
    expect((await book({ zoneId, kind: 'flight', flightNumber: 'hello' })).json().errors[0].path).toBe(
      'delivery.flightNumber',
    );
    const made = await createBooking(app, customer.headers, {
      ...trip,
      delivery,
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking).toMatchObject({
      total: 410_000,
      returnBranchCode: other,
      returnBranchName: 'Far branch',
      delivery: {
        zoneName: 'City centre',
        kind: 'hotel',
        address: 'Hotel Siam, 1 Rama I Road',
        flightNumber: '',
        fee: 60_000,
      },
      collection: null,
    });
    // Staff see where to bring the car.
    const staffView = await app.inject({ url: `/api/v1/admin/bookings/${booking.id}`, headers: admin });
    expect(JSON.stringify(staffView.json())).toContain('Hotel Siam, 1 Rama I Road');
    // A later change of the fees leaves the booking's as agreed.
    await asAdmin('PUT', '/one-way-fees', { fromBranch: car.branchCode, toBranch: other, fee: 9000 });
    const mine = await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers });
    expect(mine.json().response.data.total).toBe(410_000);
    // Erasure keeps the fee, not the place.
    await app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: customer.headers,
      payload: { password: 'secret-123', confirm: true },
    });
    const [kept] = await ctx.database.query<{ address: string; fee: string }>(
      'SELECT address, fee::text AS fee FROM booking_deliveries WHERE booking_id = $1',
      [booking.id],
    );
    expect(kept).toEqual({ address: '', fee: '600.00' });
  });

  it('a one-way car is gone from its branch after pickup, and bookable at the other branch once returned', async () => {
    const { car, other } = await branchPair(1);
    await asAdmin('PUT', '/one-way-fees', { fromBranch: car.branchCode, toBranch: other, fee: 500 });
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(10),
      returnDate: daysFromNow(12),
      returnBranchCode: other,
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    // Months later the car is not at its first branch any more.
    const later = { carModelId: car.carModelId, pickupDate: daysFromNow(60), returnDate: daysFromNow(62) };
    expect((await quote({ ...later, branchCode: car.branchCode })).json().response.data.available).toBe(
      false,
    );
    expect(
      (await asAdmin('POST', `/bookings/${booking.id}/deposit`, { action: 'take', method: 'cash' }))
        .statusCode,
    ).toBe(200);
    expect((await inspectAtPickup(app, admin, booking.id)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/bookings/${booking.id}/return`, {})).statusCode).toBe(200);
    expect((await quote({ ...later, branchCode: other })).json().response.data.available).toBe(true);
  });

  it('lets admins run routes and zones, audited; staff may only read them', async () => {
    const { car, other } = await branchPair(0);
    const same = await asAdmin('PUT', '/one-way-fees', {
      fromBranch: car.branchCode,
      toBranch: car.branchCode,
      fee: 1,
    });
    expect(same.statusCode).toBe(400);
    const unknown = await asAdmin('PUT', '/one-way-fees', {
      fromBranch: car.branchCode,
      toBranch: 'nowhere',
      fee: 1,
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await asAdmin('PUT', '/one-way-fees', { fromBranch: car.branchCode, toBranch: other, fee: 700 }))
        .statusCode,
    ).toBe(200);
    expect((await asAdmin('DELETE', `/one-way-fees/${car.branchCode}/${other}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/one-way-fees/${car.branchCode}/${other}`)).statusCode).toBe(404);
    const zone = (
      await asAdmin('POST', '/delivery-zones', {
        branchCode: car.branchCode,
        name: { th: 'ก', en: 'A', zh: '甲' },
        fee: 100,
      })
    ).json().response.data;
    const off = await asAdmin('PATCH', `/delivery-zones/${zone.id}`, { isActive: false });
    expect(off.json().response.data).toMatchObject({ isActive: false, fee: 100, name: { en: 'A' } });
    const audit = await app.inject({ url: '/api/v1/admin/audit-log?entity=delivery_zone', headers: admin });
    expect(JSON.stringify(audit.json())).toContain('delivery_zone.updated');
    const staffAccount = demoStaffAccounts.find((a) => a.role === 'staff')!;
    const staff = await login(app, staffAccount.email, staffAccount.password);
    expect((await app.inject({ url: '/api/v1/admin/delivery-zones', headers: staff })).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/delivery-zones/${zone.id}`,
          headers: staff,
          payload: { fee: 1 },
        })
      ).statusCode,
    ).toBe(403);
  });
  it('prices the listing’s chosen dates with the one-way fee of the return branch chosen, as the quote does', async () => {
    const car = await makeCar(ctx.database, 1);
    // The listing takes branch codes of letters only: two such branches, the car's unit moved to the first.
    const letters = (n: number) =>
      Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const from = `ow${letters(10)}`;
    const to = `${from}r`;
    for (const code of [from, to])
      await ctx.database.query(
        `INSERT INTO branches (code, name, address, phone) VALUES ($1, $2, $2, '021234567')`,
        [code, JSON.stringify({ th: code, en: code, zh: code })],
      );
    await ctx.database.query('UPDATE vehicle_units SET branch_code = $1 WHERE car_model_id = $2', [
      from,
      car.carModelId,
    ]);
    expect(
      (await asAdmin('PUT', '/one-way-fees', { fromBranch: from, toBranch: to, fee: 1500 })).statusCode,
    ).toBe(200);
    const listed = async (extra: string) => {
      const res = await app.inject({
        url: `/api/v1/guest/cars?category_id=${car.categoryId}&pickup_date=2027-02-10&return_date=2027-02-12&branch=${from}${extra}&lng=en`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().response.data as { car_model_id: number; dated_price: unknown }[]).find(
        (c) => c.car_model_id === car.carModelId,
      )!.dated_price;
    };
    // Wednesday 10 to Friday 12 February 2027: 2 days × ฿1,000.
    expect(await listed('')).toEqual({ days: 2, total: 200_000, per_day: 100_000 });
    // Returned at the other branch: + ฿1,500 = ฿3,500, ฿1,750 a day, what the car page's quote says.
    expect(await listed(`&return_branch=${to}`)).toEqual({ days: 2, total: 350_000, per_day: 175_000 });
    const quoted = await quote({
      carModelId: car.carModelId,
      branchCode: from,
      returnBranchCode: to,
      pickupDate: '2027-02-10',
      returnDate: '2027-02-12',
    });
    expect(quoted.json().response.data.total).toBe(350_000);
  });
});
