import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { login } from '../../../test/admin-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { listenOmiseStandIn, omiseStandIn } from '../../../test/omise-stand-in';
import { sentMails } from '../../../test/outbox';
import { daysFromNow, driver, makeCar, makeCustomer } from '../bookings/booking-fixtures.test-helper';

const MINUTE_MS = 60_000;

/**
 * "Charged? check" (issue 34 part 4, decisions 3411 and 3413): a card charge whose answer was lost and
 * that Omise's list of charges still does not show 15 minutes after it was sent goes to staff, never
 * released by itself. Staff settle it from the back office: the site asks Omise once more, now; found
 * paid, the booking is paid; not there, nothing was charged and the booking is let go (its car freed
 * once its time to pay is over); Omise not answering, nothing changes.
 */
describeEachDatabase('charged? check: staff settle a lost card answer', (ctx) => {
  let app: App;
  let standIn: ReturnType<typeof omiseStandIn>;
  let omise: Awaited<ReturnType<typeof listenOmiseStandIn>>;
  let now = new Date();
  beforeAll(async () => {
    standIn = omiseStandIn();
    omise = await listenOmiseStandIn(standIn);
    app = await buildTestApp(ctx.database, {
      clock: { now: () => now },
      settings: testSettings({
        ...omise.settings,
        // Long enough for a busy machine's ordinary answers; the late card's answer waits for it to pass.
        OMISE_TIMEOUT_MS: '5000',
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await omise.close();
  });
  const staffHeaders = () => login(app, 'admin@siamdrive.test', 'SiamDrive-admin-2026');
  const create = async (car: { carModelId: number; branchCode: string }, number: string) => {
    const customer = await makeCustomer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: customer.headers,
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(9),
        returnDate: daysFromNow(10),
        paymentMethod: 'card',
        cardToken: await omise.tokenise(number),
        driver,
        acceptTerms: true,
        addons: [],
      },
    });
    return { res, customer };
  };
  /** A booking whose card answer was lost, still unknown to Omise's list after 20 minutes: "charged? check". */
  const lostAndChecked = async (number: string) => {
    now = new Date();
    const car = await makeCar(ctx.database, 1);
    const { res, customer } = await create(car, number);
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json().response.data.booking as { id: number; bookingNumber: string; total: number };
    standIn.control.listDown = true;
    now = new Date(Date.now() + 20 * MINUTE_MS);
    await app.services.payments.reconcileCardPayments(now);
    standIn.control.listDown = false;
    const row = await checkRow(booking.bookingNumber);
    expect(row?.staffCheck).toBe(true);
    return { car, booking, customer };
  };
  const checkRow = async (bookingNumber: string) => {
    const list = await app.inject({ url: '/api/v1/admin/payment-checks', headers: await staffHeaders() });
    return (list.json().response.data as { bookingNumber: string; staffCheck: boolean }[]).find(
      (c) => c.bookingNumber === bookingNumber,
    );
  };
  const settle = async (bookingId: number, headers?: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/admin/payment-checks/settle',
      headers: headers ?? (await staffHeaders()),
      payload: { bookingId },
    });
  const bookingOf = async (headers: Record<string, string>, id: number) =>
    (await app.inject({ url: `/api/v1/auth/bookings/${id}`, headers })).json().response.data;

  it('charged after all (Omise answered too late): staff settle it and the booking is paid', async () => {
    // 4000 0000 0000 0408: Omise charges the card but answers after the site's 0.5 s.
    const { booking, customer } = await lostAndChecked('4000000000000408');
    // Only staff.
    expect((await settle(booking.id, customer.headers)).statusCode).toBe(403);
    const done = await settle(booking.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().response.data).toEqual({
      bookingNumber: booking.bookingNumber,
      outcome: 'paid',
      released: false,
    });
    expect(await bookingOf(customer.headers, booking.id)).toMatchObject({
      status: 'confirmed',
      paid: true,
      paymentChecking: false,
    });
    expect(await checkRow(booking.bookingNumber)).toBeUndefined();
    const mails = await sentMails(app);
    expect(
      mails.some(
        (m) => m.to.includes(customer.email) && m.subject === `Payment confirmed: ${booking.bookingNumber}`,
      ),
    ).toBe(true);
    // Recorded, with who settled it and how.
    const audit = await app.inject({
      url: `/api/v1/admin/audit-log?entity=booking&entityId=${booking.id}`,
      headers: await staffHeaders(),
    });
    expect(audit.json().response.data).toContainEqual(
      expect.objectContaining({ action: 'booking.payment_check_settled' }),
    );
    // Settled once.
    expect((await settle(booking.id)).statusCode).toBe(409);
  });

  it('not in Omise’s list when asked again: nothing was charged, the booking is let go and its car freed; Omise silent, nothing changes', async () => {
    // 4000 0000 0000 0416: Omise answered 503 before making any charge.
    const { car, booking, customer } = await lostAndChecked('4000000000000416');
    // Omise does not answer the staff's ask either: nothing is decided.
    standIn.control.listDown = true;
    const silent = await settle(booking.id);
    standIn.control.listDown = false;
    expect(silent.statusCode).toBe(503);
    expect((await checkRow(booking.bookingNumber))?.staffCheck).toBe(true);

    // An hour and ten minutes after the booking (its hour to pay is over): let go at once.
    now = new Date(Date.now() + 70 * MINUTE_MS);
    const done = await settle(booking.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().response.data).toEqual({
      bookingNumber: booking.bookingNumber,
      outcome: 'not_charged',
      released: true,
    });
    expect(await bookingOf(customer.headers, booking.id)).toMatchObject({
      status: 'payment_failed',
      paid: false,
      paymentChecking: false,
    });
    expect(await checkRow(booking.bookingNumber)).toBeUndefined();
    // Its only car is free again.
    const next = await create(car, '4242424242424242');
    expect(next.res.statusCode, next.res.body).toBe(200);
  });

  it('not charged while the booking still has time to pay: it waits to be paid again, as after a refused card', async () => {
    const { booking, customer } = await lostAndChecked('4000000000000416');
    const done = await settle(booking.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().response.data).toEqual({
      bookingNumber: booking.bookingNumber,
      outcome: 'not_charged',
      released: false,
    });
    expect(await bookingOf(customer.headers, booking.id)).toMatchObject({
      status: 'awaiting_payment',
      paymentChecking: false,
      paymentRefusal: 'processing_error',
    });
  });

  it('is for "charged? check" only: a charge still being looked up is not settled by hand', async () => {
    now = new Date();
    const car = await makeCar(ctx.database, 1);
    const { res } = await create(car, '4000000000000416');
    const booking = res.json().response.data.booking as { id: number; bookingNumber: string };
    // A minute later: still being looked up (not "charged? check" before 15 minutes).
    now = new Date(Date.now() + MINUTE_MS);
    expect((await checkRow(booking.bookingNumber))?.staffCheck).toBe(false);
    const early = await settle(booking.id);
    expect(early.statusCode).toBe(409);
    expect((await checkRow(booking.bookingNumber))?.staffCheck).toBe(false);
  });
});
