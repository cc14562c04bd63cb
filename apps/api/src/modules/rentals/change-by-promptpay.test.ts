import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { listenOmiseStandIn, omiseStandIn } from '../../../test/omise-stand-in';
import { sentMails } from '../../../test/outbox';
import { createBooking, daysFromNow, makeCar, makeCustomer } from '../bookings/booking-fixtures.test-helper';

/**
 * A change's difference paid without a card (issue 36 part 3, decision 3631): a paid booking's dearer
 * change waits for PromptPay's QR or a wallet at the gateway, its new dates held for the method's hour
 * beside the booking's own hold; the booking stays as it was until the gateway says it is paid, and
 * lapses unpaid, letting the new dates go. The gateway is a stand-in speaking Omise's API.
 */
describeEachDatabase('changes paid by PromptPay or a wallet', (ctx) => {
  let app: App;
  let standIn: ReturnType<typeof omiseStandIn>;
  let omise: Awaited<ReturnType<typeof listenOmiseStandIn>>;
  beforeAll(async () => {
    standIn = omiseStandIn();
    omise = await listenOmiseStandIn(standIn);
    app = await buildTestApp(ctx.database, {
      settings: testSettings({ ...omise.settings, OMISE_TIMEOUT_MS: '2000' }),
    });
  });
  afterAll(async () => {
    await app.close();
    await omise.close();
  });

  const post = (event: unknown) =>
    app.inject({ method: 'POST', url: '/api/v1/webhooks/omise', payload: event as object });
  const bookingOf = async (headers: Record<string, string>, id: number) =>
    (await app.inject({ url: `/api/v1/auth/bookings/${id}`, headers })).json().response.data;
  const change = (headers: Record<string, string>, id: number, body: object) =>
    app.inject({ method: 'POST', url: `/api/v1/auth/bookings/${id}/change`, headers, payload: body });
  const waiting = async (headers: Record<string, string>, id: number) =>
    (await app.inject({ url: `/api/v1/auth/bookings/${id}/change/waiting`, headers })).json().response.data;
  const liveHolds = (bookingId: number) =>
    ctx.database.query<{ unit_id: number; starts: string; until: string }>(
      `SELECT unit_id, to_char(starts_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD HH24:MI') AS starts,
              to_char(blocked_until AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD HH24:MI') AS until
       FROM unit_holds WHERE booking_id = $1 AND released_at IS NULL ORDER BY id`,
      [bookingId],
    );
  const paymentsOf = (bookingId: number) =>
    ctx.database.query<{ kind: string; method: string; status: string; amount: string }>(
      `SELECT kind, method, status, amount::text FROM payments WHERE booking_id = $1 ORDER BY id`,
      [bookingId],
    );
  const lastCharge = () => standIn.charges.at(-1) as { id: string; amount: number };

  /** A booking of two days at ฿1,000 a day (฿2,000), paid by PromptPay at the gateway. */
  async function promptPayBooking(units: number, from: number) {
    const car = await makeCar(ctx.database, units);
    const customer = await makeCustomer(app, 'th');
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(from),
      returnDate: daysFromNow(from + 2),
      paymentMethod: 'promptpay',
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    const charge = lastCharge();
    expect(charge.amount).toBe(200_000);
    standIn.pay(charge.id);
    expect((await post(standIn.event(charge.id))).json().response.data.outcome).toBe('confirmed');
    return { car, customer, booking };
  }

  it('a PromptPay booking extended by a day pays the ฿1,000 difference by PromptPay: held, unchanged until paid, then changed', async () => {
    const { car, customer, booking } = await promptPayBooking(1, 30);
    const longer = { pickupDate: daysFromNow(30), returnDate: daysFromNow(33), paymentMethod: 'promptpay' };
    const asked = await change(customer.headers, booking.id, longer);
    expect(asked.statusCode, asked.body).toBe(200);
    const charge = lastCharge();
    expect(charge.amount).toBe(100_000);
    const sent = standIn.seen.filter((x) => x.path === '/charges').at(-1)!.form;
    expect([sent.get('source[type]'), sent.get('description')]).toEqual([
      'promptpay',
      `Siam Drive booking ${booking.bookingNumber}: change`,
    ]);
    const data = asked.json().response.data;
    expect(data).toMatchObject({
      charged: 0,
      refunded: 0,
      // The booking is as it was until the difference is paid.
      booking: { returnDate: daysFromNow(32), total: 200_000, status: 'confirmed' },
      waiting: {
        status: 'awaiting_payment',
        method: 'promptpay',
        amount: 100_000,
        pickupDate: daysFromNow(30),
        returnDate: daysFromNow(33),
        pickupTime: '09:00',
        returnTime: '18:00',
        authorizeUri: null,
      },
    });
    expect(data.waiting.qrSvg).toContain('<svg');
    // PromptPay's hour (the server's clock and the database's differ by milliseconds).
    const window = new Date(data.waiting.payBy).getTime() - Date.now();
    expect(window).toBeGreaterThan(3_500_000);
    expect(window).toBeLessThanOrEqual(3_600_000);
    // The new day is held on the same car, from the end of the booking's own hold (18:00 + 3 hours' turnaround).
    const held = await liveHolds(booking.id);
    expect(held.map((h) => [h.starts, h.until])).toEqual([
      [`${daysFromNow(30)} 09:00`, `${daysFromNow(32)} 21:00`],
      [`${daysFromNow(32)} 21:00`, `${daysFromNow(33)} 21:00`],
    ]);
    expect(held[0]!.unit_id).toBe(held[1]!.unit_id);
    // So nobody else can book the car that day: the one car is taken.
    const other = await makeCustomer(app);
    const taken = await createBooking(app, other.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(33),
      returnDate: daysFromNow(34),
      paymentMethod: 'card',
      cardToken: await omise.tokenise('4242424242424242'),
    });
    expect(taken.json()).toMatchObject({ code: 'CAR_UNAVAILABLE' });
    // One change waits at a time, and no other change is made meanwhile (by card neither).
    for (const other of [
      { ...longer, returnDate: daysFromNow(34) },
      { pickupDate: daysFromNow(30), returnDate: daysFromNow(31) },
    ]) {
      const second = await change(customer.headers, booking.id, other);
      expect(second.statusCode).toBe(409);
      expect(second.json().msg).toBe('A change of this booking is waiting for its payment');
    }
    // Asking again shows the same QR code; no second charge is made.
    expect((await waiting(customer.headers, booking.id)).qrSvg).toBe(data.waiting.qrSvg);
    expect(lastCharge().id).toBe(charge.id);

    standIn.pay(charge.id);
    const paid = await post(standIn.event(charge.id));
    expect(paid.json().response.data.outcome).toBe('change_made');
    expect(await bookingOf(customer.headers, booking.id)).toMatchObject({
      returnDate: daysFromNow(33),
      days: 3,
      total: 300_000,
      status: 'confirmed',
    });
    expect(await paymentsOf(booking.id)).toEqual([
      { kind: 'charge', method: 'promptpay', status: 'succeeded', amount: '2000.00' },
      { kind: 'charge', method: 'promptpay', status: 'succeeded', amount: '1000.00' },
    ]);
    expect((await liveHolds(booking.id)).map((h) => [h.starts, h.until])).toEqual([
      [`${daysFromNow(30)} 09:00`, `${daysFromNow(33)} 21:00`],
    ]);
    expect(await waiting(customer.headers, booking.id)).toMatchObject({ status: 'applied', qrSvg: null });
    expect((await post(standIn.event(charge.id))).json().response.data.outcome).toBe('already_settled');
    // Mailed as any change is (the booking was made in English: no Accept-Language).
    expect(
      (await sentMails(app)).some(
        (m) =>
          m.to.includes(customer.email) && m.subject === `Your booking has changed: ${booking.bookingNumber}`,
      ),
    ).toBe(true);
  });

  it('by Alipay, unpaid in its hour: the change lapses, the new day is let go, and money paid after goes back', async () => {
    const { customer, booking } = await promptPayBooking(2, 40);
    const longer = { pickupDate: daysFromNow(40), returnDate: daysFromNow(43), paymentMethod: 'alipay' };
    const asked = await change(customer.headers, booking.id, longer);
    expect(asked.statusCode, asked.body).toBe(200);
    const { waiting: w } = asked.json().response.data;
    expect(w).toMatchObject({ method: 'alipay', amount: 100_000, qrSvg: null });
    expect(w.authorizeUri).toMatch(/^http/);
    const charge = lastCharge();
    expect(await liveHolds(booking.id)).toHaveLength(2);
    // A minute before its time nothing lapses; a minute after, it does.
    const due = new Date(w.payBy).getTime();
    expect(await app.services.rentals.expireWaitingChanges(new Date(due - 60_000))).not.toContain(booking.id);
    expect(await app.services.rentals.expireWaitingChanges(new Date(due + 60_000))).toContain(booking.id);
    expect((await liveHolds(booking.id)).map((h) => [h.starts, h.until])).toEqual([
      [`${daysFromNow(40)} 09:00`, `${daysFromNow(42)} 21:00`],
    ]);
    expect(await waiting(customer.headers, booking.id)).toMatchObject({ status: 'expired' });
    // Lapsed, it no longer stands in the way: the booking may be changed again (by card: a day shorter, given back).
    expect((await bookingOf(customer.headers, booking.id)).canChange).toBe(true);
    // Approved on Alipay after all: the change is not made and the ฿1,000 goes back.
    standIn.pay(charge.id);
    expect((await post(standIn.event(charge.id))).json().response.data.outcome).toBe('late');
    expect(standIn.seen.some((s) => s.path === `/charges/${charge.id}/refunds`)).toBe(true);
    expect(await bookingOf(customer.headers, booking.id)).toMatchObject({
      returnDate: daysFromNow(42),
      total: 200_000,
    });
    // A new change may be asked for now, with a charge of its own.
    const again = await change(customer.headers, booking.id, longer);
    expect(again.statusCode, again.body).toBe(200);
    expect(lastCharge().id).not.toBe(charge.id);
  });

  it('a cheaper change asked with PromptPay has nothing to pay: made at once, as any change is', async () => {
    const { customer, booking } = await promptPayBooking(2, 50);
    // Nothing to pay (a day shorter): no waiting, made now, as any change is.
    const shorter = await change(customer.headers, booking.id, {
      pickupDate: daysFromNow(50),
      returnDate: daysFromNow(51),
      paymentMethod: 'promptpay',
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json().response.data).toMatchObject({
      waiting: null,
      booking: { returnDate: daysFromNow(51), total: 100_000 },
    });
  });
});
