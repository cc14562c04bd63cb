import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';

/**
 * Staff change a booking from the back office (issue 36 part 6, decision 3661): the customer's one
 * way of changing a booking, at the booking's agreed prices (its daily rate and its extras' prices as
 * booked, whatever today's price lists say), the car held by the database, the dearer difference
 * recorded as taken at the counter, a cheaper one given back through the refund path; audited; the
 * customer mailed. A customer cannot call it.
 */
describeEachDatabase('staff change a booking', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { settings: testSettings({ AUTH_MAX_REGISTRATIONS: '50' }) });
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const staffPost = (url: string, payload: object, headers = auth.staff) =>
    app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers, payload });
  const paymentsOf = (bookingId: number) =>
    ctx.database.query<{ method: string; kind: string; status: string; amount: string; ref: string | null }>(
      `SELECT method, kind, status, amount::text, gateway_ref AS ref FROM payments WHERE booking_id = $1 ORDER BY id`,
      [bookingId],
    );

  async function cardBooking(car: Awaited<ReturnType<typeof makeCar>>, from: number, extra: object = {}) {
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(from),
      returnDate: daysFromNow(from + 2),
      paymentMethod: 'card',
      cardToken: goodCardToken,
      ...extra,
    });
    expect(made.statusCode, made.body).toBe(200);
    return { customer, booking: made.json().response.data.booking as { id: number; bookingNumber: string } };
  }

  it('prices an added day and a second child seat at the booking’s agreed prices, collected at the counter; a shorter booking is given back', async () => {
    // Booked at ฿1,200 a day with one child seat at ฿120 a day; today's rates are then ฿1,500 and ฿150.
    const car = await makeCar(ctx.database, 2, { price: '1200.00' });
    await ctx.database.query(`UPDATE addons SET price_per_day = 120 WHERE code = 'child_seat'`);
    const { customer, booking } = await cardBooking(car, 10, {
      addons: [{ code: 'child_seat', quantity: 1 }],
    });
    // 2 days × ฿1,200 + 2 days × ฿120 = ฿2,640.
    expect((booking as unknown as { total: number }).total).toBe(264_000);
    await ctx.database.query(`UPDATE car_models SET price_per_day = 1500 WHERE id = $1`, [car.carModelId]);
    await ctx.database.query(`UPDATE addons SET price_per_day = 150 WHERE code = 'child_seat'`);

    const longer = {
      pickupDate: daysFromNow(10),
      returnDate: daysFromNow(13),
      addons: [{ code: 'child_seat', quantity: 2 }],
    };
    const q = await staffPost(`/bookings/${booking.id}/change/quote`, longer);
    expect(q.statusCode, q.body).toBe(200);
    // 3 days × ฿1,200 = ฿3,600 and 2 seats × 3 days × ฿120 = ฿720: ฿4,320, ฿1,680 more than ฿2,640.
    expect(q.json().response.data).toMatchObject({
      days: 3,
      currentTotal: 264_000,
      total: 432_000,
      difference: 168_000,
      settle: 'collect',
      available: true,
      freeUnits: car.unitIds.map((id) => ({ id, plate: expect.any(String) })),
    });

    // Saved only with how the counter took the difference.
    const unsaid = await staffPost(`/bookings/${booking.id}/change`, longer);
    expect(unsaid.statusCode, unsaid.body).toBe(400);
    expect(unsaid.json().errors[0].path).toBe('collectedBy');
    const done = await staffPost(`/bookings/${booking.id}/change`, {
      ...longer,
      unitId: car.unitIds[1],
      collectedBy: 'card_terminal',
      reference: 'TID 00412 APPR 555001',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().response.data).toMatchObject({
      booking: { total: 432_000, days: 3, returnDate: longer.returnDate },
      collected: 168_000,
      refunded: 0,
    });
    const [unit] = await ctx.database.query<{ unit_id: number }>(
      `SELECT unit_id FROM unit_holds WHERE booking_id = $1 AND released_at IS NULL`,
      [booking.id],
    );
    expect(unit!.unit_id).toBe(car.unitIds[1]);
    expect(await paymentsOf(booking.id)).toEqual([
      { method: 'card', kind: 'charge', status: 'succeeded', amount: '2640.00', ref: expect.any(String) },
      {
        method: 'card_terminal',
        kind: 'charge',
        status: 'succeeded',
        amount: '1680.00',
        ref: 'TID 00412 APPR 555001',
      },
    ]);
    const [audit] = await ctx.database.query<{ action: string; actor_email: string; after: unknown }>(
      `SELECT action, actor_email, after FROM audit_log WHERE entity = 'booking' AND entity_id = $1 AND action = 'booking.changed_by_staff'`,
      [String(booking.id)],
    );
    expect(audit).toMatchObject({
      after: { total: 432_000, difference: 168_000, collectedBy: 'card_terminal' },
    });
    expect(
      (await sentMails(app)).some(
        (m) =>
          m.to.includes(customer.email) && m.subject === `Your booking has changed: ${booking.bookingNumber}`,
      ),
    ).toBe(true);

    // Back to two days and one seat: ฿2,640, the ฿1,680 given back through the card's refund.
    const shorter = await staffPost(`/bookings/${booking.id}/change`, {
      pickupDate: daysFromNow(10),
      returnDate: daysFromNow(12),
      addons: [{ code: 'child_seat', quantity: 1 }],
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json().response.data).toMatchObject({
      booking: { total: 264_000 },
      collected: 0,
      refunded: 168_000,
    });
    expect((await paymentsOf(booking.id)).at(-1)).toMatchObject({
      method: 'card',
      kind: 'refund',
      status: 'succeeded',
      amount: '1680.00',
    });
  });

  it('refuses dates whose only car another booking holds (409), and a customer at staff’s door (403)', async () => {
    const car = await makeCar(ctx.database, 1);
    const { customer, booking } = await cardBooking(car, 30);
    await cardBooking(car, 34);
    const taken = await staffPost(`/bookings/${booking.id}/change`, {
      pickupDate: daysFromNow(33),
      returnDate: daysFromNow(35),
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().code).toBe('CAR_UNAVAILABLE');
    // Nothing changed: the booking keeps its dates and its hold.
    const [row] = await ctx.database.query<{ return_date: string }>(
      `SELECT return_date::text FROM bookings WHERE id = $1`,
      [booking.id],
    );
    expect(row!.return_date).toBe(daysFromNow(32));

    const asCustomer = await staffPost(
      `/bookings/${booking.id}/change`,
      { pickupDate: daysFromNow(30), returnDate: daysFromNow(33) },
      customer.headers,
    );
    expect(asCustomer.statusCode).toBe(403);
    const quoteAsCustomer = await staffPost(
      `/bookings/${booking.id}/change/quote`,
      { pickupDate: daysFromNow(30), returnDate: daysFromNow(33) },
      customer.headers,
    );
    expect(quoteAsCustomer.statusCode).toBe(403);
  });
});
