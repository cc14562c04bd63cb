import { rentalLength, timeMessages } from '@siam/contract/rental-times';
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
  verifyEmail,
} from './booking-fixtures.test-helper';

const on = (pickupTime: string, returnTime: string, days = 1) => ({
  pickupDate: '2027-03-01',
  pickupTime,
  returnDate: `2027-03-${String(1 + days).padStart(2, '0')}`,
  returnTime,
});

describe('a rental’s length in 24-hour blocks (rental-times.ts)', () => {
  it('keeps the spec’s day: a 09:00 pickup back by 18:00 the next day is one day', () => {
    expect(rentalLength(on('09:00', '18:00'), null)).toEqual({ hours: 33, days: 1, lateHours: 0 });
    expect(rentalLength(on('10:00', '10:00', 2), null)).toMatchObject({ days: 2, lateHours: 0 });
  });
  it('counts a same-day rental as one day', () => {
    expect(rentalLength(on('09:00', '15:00', 0), null)).toEqual({ hours: 6, days: 1, lateHours: 0 });
  });
  it('without a late-return rule, hours past the grace are one more day', () => {
    expect(rentalLength(on('09:00', '18:30'), null)).toMatchObject({ days: 2, lateHours: 0 });
  });
  it('with a rule: each started hour past its grace, until that would cost a day', () => {
    const late = { graceHours: 1, percent: 10 };
    // 28.5 hours: a day and 4.5 hours, 3.5 past the grace → 4 started hours.
    expect(rentalLength(on('10:00', '14:30'), late)).toEqual({ hours: 28.5, days: 1, lateHours: 4 });
    // Within the grace: nothing.
    expect(rentalLength(on('10:00', '11:00'), late)).toMatchObject({ days: 1, lateHours: 0 });
    // 10 hours at 10 % = a day's price: one more day instead.
    expect(rentalLength(on('10:00', '21:00'), late)).toMatchObject({ days: 2, lateHours: 0 });
  });
});

/**
 * Chosen times (issue 17, part 2): pickup and return while the branches are open, never on a day a
 * branch is closed, same-day rentals at least the branch's minimum, the length in 24-hour blocks with
 * the late-return rule, and the unit held for the real times plus the turnaround.
 */
describeEachDatabase('chosen times', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
    const account = demoStaffAccounts.find((a) => a.role === 'admin')!;
    admin = await login(app, account.email, account.password);
  });
  afterAll(() => app.close());

  const asAdmin = (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1/admin${url}`, headers: admin, ...(payload && { payload }) });
  const quote = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/guest/bookings/quote', payload });
  const trip = (car: { carModelId: number; branchCode: string }, extra: object) => ({
    carModelId: car.carModelId,
    branchCode: car.branchCode,
    pickupDate: daysFromNow(30),
    returnDate: daysFromNow(32),
    ...extra,
  });

  it('takes the times the customer chooses within the branch’s hours, and refuses the others at their field', async () => {
    const car = await makeCar(ctx.database, 1);
    const open = await quote(trip(car, { pickupTime: '08:00', returnTime: '20:00' }));
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().response.data).toMatchObject({ pickupTime: '08:00', returnTime: '20:00' });
    for (const [extra, path, message] of [
      [{ pickupTime: '07:30' }, 'pickupTime', timeMessages.pickupClosed],
      [{ returnTime: '20:30' }, 'returnTime', timeMessages.returnClosed],
      [{ pickupTime: '10:15' }, 'pickupTime', timeMessages.format],
      [
        { returnDate: daysFromNow(30), pickupTime: '12:00', returnTime: '11:00' },
        'returnTime',
        timeMessages.returnBeforePickup,
      ],
    ] as const) {
      const res = await quote(trip(car, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path, message });
    }
    // The admins' hours are the rule: a branch opening at 10:00 refuses a 09:00 pickup.
    const later = await asAdmin('PATCH', `/branches/${car.branchCode}`, { opensAt: '10:00' });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().response.data).toMatchObject({
      opensAt: '10:00',
      closesAt: '20:00',
      minRentalHours: 4,
    });
    const early = await quote(trip(car, {}));
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0]).toMatchObject({ path: 'pickupTime', message: timeMessages.pickupClosed });
    expect((await quote(trip(car, { pickupTime: '10:00' }))).statusCode).toBe(200);
  });

  it('refuses a pickup or a return on a day the branch is closed; admins close and reopen it, audited', async () => {
    const car = await makeCar(ctx.database, 1);
    const day = daysFromNow(30);
    const closed = await asAdmin('PUT', `/branches/${car.branchCode}/closures/${day}`, { note: 'Songkran' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().response.data.closures).toEqual([{ date: day, note: 'Songkran' }]);
    const listed = (await asAdmin('GET', '/branches')).json().response.data;
    expect(listed.find((b: { code: string }) => b.code === car.branchCode).closures).toEqual([
      { date: day, note: 'Songkran' },
    ]);
    // The public branch list says it (the booking form offers other days).
    const pub = (await app.inject({ url: '/api/v1/guest/branches' })).json().response.data;
    expect(pub.find((b: { code: string }) => b.code === car.branchCode)).toMatchObject({ closed_on: [day] });

    const pickup = await quote(trip(car, {}));
    expect(pickup.statusCode).toBe(400);
    expect(pickup.json().errors[0]).toMatchObject({
      path: 'pickupDate',
      message: timeMessages.pickupHoliday,
    });
    const back = await quote(trip(car, { pickupDate: daysFromNow(28), returnDate: day }));
    expect(back.statusCode).toBe(400);
    expect(back.json().errors[0]).toMatchObject({ path: 'returnDate', message: timeMessages.returnHoliday });

    // Staff cannot close a branch; admins reopen it.
    const agent = demoStaffAccounts.find((a) => a.role !== 'admin')!;
    const staff = await login(app, agent.email, agent.password);
    const denied = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/branches/${car.branchCode}/closures/${day}`,
      headers: staff,
    });
    expect(denied.statusCode).toBe(403);
    const reopened = await asAdmin('DELETE', `/branches/${car.branchCode}/closures/${day}`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().response.data.closures).toEqual([]);
    expect((await asAdmin('DELETE', `/branches/${car.branchCode}/closures/${day}`)).statusCode).toBe(404);
    expect((await quote(trip(car, {}))).statusCode).toBe(200);
    const [audit] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1 AND action LIKE 'branch.closure%'`,
      [car.branchCode],
    );
    expect(audit!.n).toBe(2);
  });

  it('rents the same day for at least the branch’s minimum hours, priced as one day', async () => {
    const car = await makeCar(ctx.database, 1);
    const sameDay = { pickupDate: daysFromNow(30), returnDate: daysFromNow(30), pickupTime: '10:00' };
    const short = await quote(trip(car, { ...sameDay, returnTime: '13:30' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ path: 'returnTime', message: timeMessages.tooShort });
    const four = await quote(trip(car, { ...sameDay, returnTime: '14:00' }));
    expect(four.statusCode, four.body).toBe(200);
    expect(four.json().response.data).toMatchObject({ days: 1, rentalAmount: 100_000, total: 100_000 });
    // Admins set the minimum per branch.
    await asAdmin('PATCH', `/branches/${car.branchCode}`, { minRentalHours: 2 });
    expect((await quote(trip(car, { ...sameDay, returnTime: '12:00' }))).statusCode).toBe(200);
    const tooLong = await asAdmin('PATCH', `/branches/${car.branchCode}`, { minRentalHours: 25 });
    expect(tooLong.statusCode).toBe(400);
  });

  it('charges the hours after the last full day by the late-return rule, each in the price as a line', async () => {
    const car = await makeCar(ctx.database, 1);
    // No rule covers this car yet: past the nine free hours is one more day.
    const noRule = await quote(trip(car, { pickupTime: '10:00', returnTime: '20:00' }));
    expect(noRule.json().response.data).toMatchObject({ days: 3, rentalAmount: 300_000, priceRules: [] });

    const rule = await asAdmin('POST', '/pricing-rules', {
      kind: 'late',
      name: { th: 'ชั่วโมงเพิ่ม', en: 'Extra hours', zh: '超时' },
      graceHours: 1,
      percent: 10,
      categoryIds: [car.categoryId],
    });
    expect(rule.statusCode, rule.body).toBe(200);
    expect(rule.json().response.data).toMatchObject({ kind: 'late', graceHours: 1, percent: 10 });
    // 2 days and 4 hours: 3 hours past the grace at 10 % of ฿1,000.
    const late = await quote(trip(car, { pickupTime: '10:00', returnTime: '14:00' }));
    expect(late.statusCode, late.body).toBe(200);
    const q = late.json().response.data;
    expect(q).toMatchObject({ days: 2, rentalAmount: 200_000, total: 230_000 });
    expect(q.priceRules).toEqual([
      { kind: 'late', label: 'Extra hours', days: 0, hours: 3, percent: 10, amount: 30_000 },
    ]);
    // A late rule needs its free hours; other kinds have none.
    const bad = await asAdmin('POST', '/pricing-rules', {
      kind: 'weekend',
      name: { th: 'x', en: 'x', zh: 'x' },
      weekdays: [6],
      percent: 5,
      graceHours: 2,
    });
    expect(bad.statusCode).toBe(400);
    const missing = await asAdmin('POST', '/pricing-rules', {
      kind: 'late',
      name: { th: 'x', en: 'x', zh: 'x' },
      percent: 5,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('graceHours');
    // The preview takes times too.
    const preview = await asAdmin('POST', '/pricing-rules/preview', {
      carModelId: car.carModelId,
      pickupDate: daysFromNow(30),
      returnDate: daysFromNow(31),
      pickupTime: '10:00',
      returnTime: '13:00',
    });
    expect(preview.json().response.data).toMatchObject({ days: 1, rentalAfterRules: 120_000 });
    await asAdmin('DELETE', `/pricing-rules/${rule.json().response.data.id}`);
  });

  it('holds the unit for the real times plus the turnaround: two rentals the same day on one car, not a third', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    await verifyEmail(ctx.database, customer.userId);
    const day = daysFromNow(40);
    const book = (pickupTime: string, returnTime: string) =>
      createBooking(app, customer.headers, {
        ...trip(car, { pickupDate: day, returnDate: day, pickupTime, returnTime }),
        paymentMethod: 'card',
        cardToken: goodCardToken,
      });
    const morning = await book('08:00', '12:00');
    expect(morning.statusCode, morning.body).toBe(200);
    expect(morning.json().response.data.booking).toMatchObject({
      pickupTime: '08:00',
      returnTime: '12:00',
      days: 1,
    });
    // 12:00 + three hours' turnaround: free again from 15:00.
    const overlap = await book('14:00', '18:00');
    expect(overlap.statusCode).toBe(409);
    const evening = await book('15:00', '20:00');
    expect(evening.statusCode, evening.body).toBe(200);
    const holds = await ctx.database.query<{ starts_at: Date; blocked_until: Date }>(
      `SELECT starts_at, blocked_until FROM unit_holds WHERE unit_id = $1 AND released_at IS NULL ORDER BY starts_at`,
      [car.unitIds[0]],
    );
    expect(
      holds.map((h) => [new Date(h.starts_at).toISOString(), new Date(h.blocked_until).toISOString()]),
    ).toEqual([
      [new Date(`${day}T08:00:00+07:00`).toISOString(), new Date(`${day}T15:00:00+07:00`).toISOString()],
      [new Date(`${day}T15:00:00+07:00`).toISOString(), new Date(`${day}T23:00:00+07:00`).toISOString()],
    ]);
    // The booking's own page and the customer's list say the chosen times.
    const mine = await app.inject({
      url: `/api/v1/auth/bookings/${evening.json().response.data.booking.id}`,
      headers: customer.headers,
    });
    expect(mine.json().response.data).toMatchObject({ pickupTime: '15:00', returnTime: '20:00' });
  });

  it('changes the times of a booking: within the hours, priced by the late-return rule, the car held for the new times', async () => {
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    await asAdmin('POST', '/pricing-rules', {
      kind: 'late',
      name: { th: 'ชั่วโมงเพิ่ม', en: 'Extra hours', zh: '超时' },
      graceHours: 0,
      percent: 10,
      carModelId: car.carModelId,
    });
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      ...trip(car, { pickupTime: '10:00', returnTime: '10:00' }),
      paymentMethod: 'bank_transfer',
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking).toMatchObject({ days: 2, total: 200_000 });
    const change = (body: object, path = 'change') =>
      app.inject({
        method: 'POST',
        url: `/api/v1/auth/bookings/${booking.id}/${path}`,
        headers: customer.headers,
        payload: { pickupDate: booking.pickupDate, returnDate: booking.returnDate, ...body },
      });
    const closed = await change({ returnTime: '21:00' }, 'change/quote');
    expect(closed.statusCode).toBe(400);
    expect(closed.json().errors[0]).toMatchObject({ path: 'returnTime', message: timeMessages.returnClosed });
    const q = await change({ returnTime: '13:00' }, 'change/quote');
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().response.data).toMatchObject({
      pickupTime: '10:00',
      returnTime: '13:00',
      days: 2,
      total: 230_000,
      settle: 'new_total',
    });
    const done = await change({ returnTime: '13:00' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().response.data.booking).toMatchObject({ returnTime: '13:00', total: 230_000 });
    const [hold] = await ctx.database.query<{ ends_at: Date }>(
      `SELECT ends_at FROM unit_holds WHERE booking_id = $1 AND released_at IS NULL`,
      [booking.id],
    );
    expect(new Date(hold!.ends_at).toISOString()).toBe(
      new Date(`${booking.returnDate}T13:00:00+07:00`).toISOString(),
    );
  });
});
