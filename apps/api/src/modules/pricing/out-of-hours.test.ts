import { addDays } from '@siam/contract/bangkok-time';
import { branchMessages } from '@siam/contract/admin';
import { timeMessages } from '@siam/contract/rental-times';
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
} from '../bookings/booking-fixtures.test-helper';

/**
 * Out-of-hours pickup and return (issue 36 part 2, decision 3602): a branch open 08:00-20:00 that
 * hands over until 23:30 for ฿300 prices a 21:30 pickup with one ฿300 line, a 21:30 pickup and
 * 21:30 return with ฿600, and a booking keeps the fee and the flight number; a branch without a band
 * refuses 21:30 as before.
 */
describeEachDatabase('out-of-hours pickups and returns', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
    const account = demoStaffAccounts.find((a) => a.role === 'admin')!;
    admin = await login(app, account.email, account.password);
  });
  afterAll(() => app.close());

  const quote = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/guest/bookings/quote', payload });

  it('prices a 21:30 pickup with the branch’s fee, and refuses it where the branch has no band', async () => {
    const car = await makeCar(ctx.database, 2);
    const day = daysFromNow(30);
    const trip = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: day,
      returnDate: addDays(day, 2),
    };

    // No band yet: refused at the pickup time, as before.
    const refused = await quote({ ...trip, pickupTime: '21:30', returnTime: '21:30' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'pickupTime', message: timeMessages.pickupClosed },
      { path: 'returnTime', message: timeMessages.returnClosed },
    ]);

    const set = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/branches/${car.branchCode}`,
      headers: admin,
      payload: { outOfHoursOpensAt: '08:00', outOfHoursClosesAt: '23:30', outOfHoursFee: 300 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().response.data).toMatchObject({
      opensAt: '08:00',
      closesAt: '20:00',
      outOfHoursOpensAt: '08:00',
      outOfHoursClosesAt: '23:30',
      outOfHoursFee: 300,
    });

    // The same 48 hours in opening hours and out of them: the difference is the fee, line by line.
    const inHours = (await quote({ ...trip, pickupTime: '10:00', returnTime: '10:00' })).json().response.data;
    expect(inHours.fees).toEqual([]);
    const pickupLate = await quote({ ...trip, pickupTime: '21:30', returnTime: '21:30' });
    expect(pickupLate.statusCode, pickupLate.body).toBe(200);
    const both = pickupLate.json().response.data;
    // ฿300 for the 21:30 pickup + ฿300 for the 21:30 return = ฿600.
    expect(both.fees).toEqual([{ code: 'out_of_hours', label: '21:30, 21:30', amount: 60_000 }]);
    expect(both.total - inHours.total).toBe(60_000);
    // 20:00 is closing time, still open: only the pickup pays, ฿300.
    const one = (await quote({ ...trip, pickupTime: '21:30', returnTime: '20:00' })).json().response.data;
    expect(one.fees).toEqual([{ code: 'out_of_hours', label: '21:30', amount: 30_000 }]);
    // Past the band: refused.
    const early = await quote({ ...trip, pickupTime: '07:30', returnTime: '10:00' });
    expect(early.json().errors).toEqual([{ path: 'pickupTime', message: timeMessages.pickupClosed }]);

    // Booked: the fee in the total and on the booking, the flight kept for staff.
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      ...trip,
      pickupTime: '21:30',
      returnTime: '20:00',
      flightNumber: 'tg 661',
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking.total).toBe(one.total);
    expect(booking.fees).toEqual([{ code: 'out_of_hours', label: '', amount: 30_000 }]);
    const [row] = await ctx.database.query<{ out_of_hours_fee: string; flight_number: string }>(
      'SELECT out_of_hours_fee::text, flight_number FROM bookings WHERE id = $1',
      [booking.id],
    );
    expect(row).toEqual({ out_of_hours_fee: '300.00', flight_number: 'TG 661' });
    // The customer's booking page and the staff's booking page say the flight.
    expect(booking.flightNumber).toBe('TG 661');
    const staffView = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/bookings/${booking.id}`,
      headers: admin,
    });
    expect(staffView.statusCode, staffView.body).toBe(200);
    expect(staffView.json().response.data.booking).toMatchObject({
      flightNumber: 'TG 661',
      fees: [{ code: 'out_of_hours', label: '', amount: 30_000 }],
    });
  });

  it('refuses a band that does not hold the opening hours, half a band, or a fee out of range, field by field', async () => {
    const car = await makeCar(ctx.database, 2);
    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/branches/${car.branchCode}`,
        headers: admin,
        payload,
      });
    // Opening hours 08:00-20:00: a band from 09:00 starts after opening, one until 19:00 ends before closing.
    const inside = await patch({
      outOfHoursOpensAt: '09:00',
      outOfHoursClosesAt: '19:00',
      outOfHoursFee: 300,
    });
    expect(inside.statusCode, inside.body).toBe(400);
    expect(inside.json().errors).toEqual([
      { path: 'outOfHoursOpensAt', message: branchMessages.bandOpens },
      { path: 'outOfHoursClosesAt', message: branchMessages.bandCloses },
    ]);
    const half = await patch({ outOfHoursOpensAt: '06:00', outOfHoursClosesAt: null });
    expect(half.statusCode, half.body).toBe(400);
    expect(half.json().errors).toEqual([{ path: 'outOfHoursClosesAt', message: branchMessages.bandBoth }]);
    const fee = await patch({ outOfHoursFee: -1 });
    expect(fee.statusCode, fee.body).toBe(400);
    expect(fee.json().errors).toEqual([{ path: 'outOfHoursFee', message: branchMessages.fee }]);
    // Moving the opening hours out of a band already set is refused the same way.
    expect((await patch({ outOfHoursOpensAt: '07:00', outOfHoursClosesAt: '22:00' })).statusCode).toBe(200);
    const later = await patch({ closesAt: '22:30' });
    expect(later.json().errors).toEqual([{ path: 'outOfHoursClosesAt', message: branchMessages.bandCloses }]);
    // Nothing stored by the refusals: 07:00-22:00, 08:00-20:00 as set.
    const kept = (await patch({})).json().response.data;
    expect(kept).toMatchObject({
      opensAt: '08:00',
      closesAt: '20:00',
      outOfHoursOpensAt: '07:00',
      outOfHoursClosesAt: '22:00',
    });
  });
  it('prices a change’s new times out of hours at the fee the booking agreed, or the branch’s today when it agreed none', async () => {
    // Six cars: two unpaid transfer bookings stay within what the model keeps for unpaid holds.
    const car = await makeCar(ctx.database, 6);
    const band = (outOfHoursFee: number) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/branches/${car.branchCode}`,
        headers: admin,
        payload: { outOfHoursOpensAt: '08:00', outOfHoursClosesAt: '23:30', outOfHoursFee },
      });
    expect((await band(300)).statusCode).toBe(200);
    const day = daysFromNow(30);
    const book = async (pickupTime: string, returnTime: string) => {
      const customer = await makeCustomer(app);
      const made = await createBooking(app, customer.headers, {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: day,
        returnDate: addDays(day, 2),
        pickupTime,
        returnTime,
        paymentMethod: 'bank_transfer',
      });
      expect(made.statusCode, made.body).toBe(200);
      const booking = made.json().response.data.booking as { id: number; total: number };
      return { ...booking, headers: customer.headers };
    };
    const change = async (
      { id, headers }: { id: number; headers: Record<string, string> },
      pickupTime: string,
      returnTime: string,
    ) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/auth/bookings/${id}/change`,
        headers: { ...headers, 'idempotency-key': `ooh-${id}-${pickupTime}-${returnTime}` },
        payload: { pickupDate: day, returnDate: addDays(day, 2), pickupTime, returnTime },
      });
      expect(res.statusCode, res.body).toBe(200);
      const view = await app.inject({ method: 'GET', url: `/api/v1/auth/bookings/${id}`, headers });
      return view.json().response.data as { total: number; fees: unknown[] };
    };

    // Booked at 21:30 with a 20:00 return: ฿300 agreed for the one pickup or return out of hours.
    const agreed = await book('21:30', '20:00');
    // The branch charges ฿500 from now on: the booking keeps its ฿300 a pickup or return.
    expect((await band(500)).statusCode).toBe(200);
    // The return moved to 21:30 too: two pickups and returns out of hours at ฿300 = ฿600, ฿300 more.
    const later = await change(agreed, '21:30', '21:30');
    expect(later.fees).toEqual([{ code: 'out_of_hours', label: '', amount: 60_000 }]);
    expect(later.total - agreed.total).toBe(30_000);
    // Both in opening hours: no fee, ฿300 less than booked.
    const inHours = await change(agreed, '10:00', '10:00');
    expect(inHours.fees).toEqual([]);
    expect(inHours.total - agreed.total).toBe(-30_000);

    // A booking made in opening hours agreed no fee: its new 21:30 pickup costs the branch's ฿500.
    const plain = await book('10:00', '10:00');
    const late = await change(plain, '21:30', '10:00');
    expect(late.fees).toEqual([{ code: 'out_of_hours', label: '', amount: 50_000 }]);
    expect(late.total - plain.total).toBe(50_000);
  });
});
