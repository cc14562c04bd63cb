import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { login } from '../../../test/admin-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { listenOmiseStandIn, omiseStandIn } from '../../../test/omise-stand-in';
import {
  daysFromNow,
  driver,
  inspectAtPickup,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';

const DAY_MS = 86_400_000;

/**
 * Deposits as Omise runs them (issue 34 part 3, docs/decisions/3413): the hold is made within the
 * authorization's lifetime (Omise keeps an uncaptured charge 7 days), so the site offers it online
 * from 6 days before the return; a hold that would outlive those days while the car is not back is
 * let go and asked for again; a card asking for 3-D Secure is sent to its bank's page, as a payment.
 * A hand-set clock plays the days, the same for the site and the stand-in.
 */
describeEachDatabase('deposit holds within the authorization’s lifetime', (ctx) => {
  let app: App;
  let standIn: ReturnType<typeof omiseStandIn>;
  let omise: Awaited<ReturnType<typeof listenOmiseStandIn>>;
  let now = new Date();
  const clock = { now: () => now };
  beforeAll(async () => {
    standIn = omiseStandIn();
    standIn.control.now = () => now;
    omise = await listenOmiseStandIn(standIn);
    app = await buildTestApp(ctx.database, {
      clock,
      settings: testSettings({
        ...omise.settings,
        OMISE_PARTIAL_CAPTURE: 'true',
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await omise.close();
  });

  const staffHeaders = () => login(app, 'admin@siamdrive.test', 'SiamDrive-admin-2026');
  /** A paid card booking from `from` to `to` days ahead, picked up and returned at 10:00 Bangkok time. */
  const book = async (from: number, to: number) => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: customer.headers,
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(from),
        returnDate: daysFromNow(to),
        pickupTime: '10:00',
        returnTime: '10:00',
        paymentMethod: 'card',
        cardToken: await omise.tokenise('4242424242424242'),
        driver,
        acceptTerms: true,
        addons: [],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking as {
      id: number;
      bookingNumber: string;
      status: string;
      deposit: { amount: number };
    };
    expect(booking.status).toBe('confirmed');
    return { booking, customer };
  };
  const hold = (headers: Record<string, string>, id: number, cardToken: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${id}/deposit-hold`,
      headers,
      payload: { cardToken },
    });
  const depositOf = async (headers: Record<string, string>, id: number) =>
    (await app.inject({ url: `/api/v1/auth/bookings/${id}`, headers })).json().response.data.deposit;
  const staffStep = async (id: number, step: string, payload: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${id}/${step}`,
      headers: await staffHeaders(),
      payload,
    });

  it('opens online 6 days before the return, not at booking time weeks before (hand-set clock)', async () => {
    now = new Date();
    const { booking, customer } = await book(20, 22);
    // Returned on day 22 at 10:00 in Bangkok (03:00 UTC): held online from day 16, 03:00 UTC.
    const opensAt = `${daysFromNow(16)}T03:00:00.000Z`;
    expect(await depositOf(customer.headers, booking.id)).toMatchObject({
      state: 'due',
      canHoldOnCard: false,
      holdOpensAt: opensAt,
      authorizeUri: null,
    });
    // Asked anyway, weeks early: refused, nothing asked of Omise, the deposit still due.
    const early = await hold(customer.headers, booking.id, await omise.tokenise('4242424242424242'));
    expect(early.statusCode).toBe(409);
    expect(
      standIn.seen
        .filter((r) => r.path === '/charges')
        .at(-1)!
        .form.get('capture'),
    ).not.toBe('false');

    // A minute before it opens: still refused.
    now = new Date(Date.parse(opensAt) - 60_000);
    expect((await depositOf(customer.headers, booking.id)).canHoldOnCard).toBe(false);
    expect(
      (await hold(customer.headers, booking.id, await omise.tokenise('4242424242424242'))).statusCode,
    ).toBe(409);
    // A minute after: held, for the return 6 days later (Omise keeps it 7).
    now = new Date(Date.parse(opensAt) + 60_000);
    expect(await depositOf(customer.headers, booking.id)).toMatchObject({
      canHoldOnCard: true,
      holdOpensAt: null,
    });
    const held = await hold(customer.headers, booking.id, await omise.tokenise('4242424242424242'));
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().response.data.deposit).toMatchObject({
      state: 'held',
      heldOnCard: true,
      canHoldOnCard: false,
      heldAt: new Date(Date.parse(opensAt) + 60_000).toISOString(),
    });
  });

  it('a hold that would outlive its 6 days while the car is not back is let go and asked for again (the job, hand-set clock)', async () => {
    now = new Date();
    const { booking, customer } = await book(2, 4);
    const first = await hold(customer.headers, booking.id, await omise.tokenise('4242424242424242'));
    expect(first.statusCode, first.body).toBe(200);
    const firstHold = String(standIn.charges.at(-1)!.id);
    const heldAt = now.getTime();
    expect((await inspectAtPickup(app, await staffHeaders(), booking.id)).statusCode).toBe(200);

    // The car is late. Five days and 23 hours after the hold: the job leaves it.
    now = new Date(heldAt + 6 * DAY_MS - 3_600_000);
    expect(await app.services.payments.renewDepositHolds(now)).toEqual({ renewed: 0 });
    expect((await depositOf(customer.headers, booking.id)).state).toBe('held');

    // Six days: a day before Omise would let it lapse, the job lets it go at Omise and the deposit
    // is due again, to be held again (online, or at the counter when the car comes back).
    now = new Date(heldAt + 6 * DAY_MS + 60_000);
    expect(await app.services.payments.renewDepositHolds(now)).toEqual({ renewed: 1 });
    expect(standIn.seen.some((r) => r.path === `/charges/${firstHold}/reverse`)).toBe(true);
    expect(await depositOf(customer.headers, booking.id)).toMatchObject({
      state: 'due',
      heldOnCard: false,
      canHoldOnCard: true,
    });
    // Once: asked again, nothing more.
    expect(await app.services.payments.renewDepositHolds(now)).toEqual({ renewed: 0 });

    const again = await hold(customer.headers, booking.id, await omise.tokenise('4242424242424242'));
    expect(again.statusCode, again.body).toBe(200);
    expect((await staffStep(booking.id, 'return')).statusCode).toBe(200);
    // What is kept is taken from the new hold, well within its 7 days.
    const kept = await staffStep(booking.id, 'deposit', {
      action: 'release',
      kept: 1200,
      reason: 'Returned two days late: cleaning',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const secondHold = String(standIn.charges.at(-1)!.id);
    expect(
      standIn.seen.find((r) => r.path === `/charges/${secondHold}/capture`)?.form.get('capture_amount'),
    ).toBe('120000');
  });

  it('a card asking for 3-D Secure is sent to its bank’s page; approved there, the deposit is held (customer back, or Omise’s webhook)', async () => {
    now = new Date();
    const { booking, customer } = await book(2, 4);
    const asked = await hold(customer.headers, booking.id, await omise.tokenise('4000000000003220'));
    expect(asked.statusCode, asked.body).toBe(200);
    const waiting = asked.json().response.data.deposit;
    // Not held yet: the bank's page to approve on, and no second hold meanwhile.
    expect(waiting).toMatchObject({ state: 'due', heldOnCard: false, canHoldOnCard: false });
    expect(waiting.authorizeUri).toMatch(/\/pay\/chrg_test_\d+$/);
    const sent = standIn.seen.filter((r) => r.path === '/charges').at(-1)!;
    expect(sent.form.get('capture')).toBe('false');
    expect(sent.form.get('authorization_type')).toBe('pre_auth');
    expect(sent.form.get('return_uri')).toBe(
      `${app.settings.publicUrl}/my-bookings?deposit=${booking.bookingNumber}`,
    );
    // Asking before the customer approved changes nothing.
    const check = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/auth/bookings/${booking.id}/payment-check`,
        headers: customer.headers,
        payload: {},
      });
    expect((await check()).json().response.data.deposit.state).toBe('due');

    const back = await fetch(`${waiting.authorizeUri}/approve`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(
      `${app.settings.publicUrl}/my-bookings?deposit=${booking.bookingNumber}`,
    );
    const checked = await check();
    expect(checked.statusCode).toBe(200);
    expect(checked.json().response.data.deposit).toMatchObject({
      state: 'held',
      method: 'card',
      heldOnCard: true,
      authorizeUri: null,
    });
    // Held, not taken: Omise's charge is authorized and unpaid.
    const charge = standIn.charges.find((c) => waiting.authorizeUri.endsWith(`/pay/${String(c.id)}`))!;
    expect(charge).toMatchObject({ authorized: true, paid: false, status: 'pending' });
    // Omise's webhook afterwards: nothing more.
    const hook = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/omise',
      payload: standIn.event(String(charge.id)),
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json().response.data.outcome).toBe('already_settled');

    // At return, kept in part from that very hold.
    expect((await inspectAtPickup(app, await staffHeaders(), booking.id)).statusCode).toBe(200);
    expect((await staffStep(booking.id, 'return')).statusCode).toBe(200);
    const kept = await staffStep(booking.id, 'deposit', {
      action: 'release',
      kept: 800,
      reason: 'Fuel a quarter short',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(
      standIn.seen
        .find((r) => r.path === `/charges/${String(charge.id)}/capture`)
        ?.form.get('capture_amount'),
    ).toBe('80000');
    expect(charge).toMatchObject({ paid: true, captured_amount: 80000 });
  });

  it('3-D Secure approved with only Omise’s webhook telling; declined at the bank, the deposit stays due to be held again', async () => {
    now = new Date();
    const first = await book(2, 4);
    const asked = await hold(
      first.customer.headers,
      first.booking.id,
      await omise.tokenise('4000000000003220'),
    );
    const uri = asked.json().response.data.deposit.authorizeUri as string;
    await fetch(`${uri}/approve`, { redirect: 'manual' });
    const hook = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/omise',
      payload: standIn.event(uri.split('/').pop()!),
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json().response.data.outcome).toBe('deposit_held');
    expect(await depositOf(first.customer.headers, first.booking.id)).toMatchObject({
      state: 'held',
      heldOnCard: true,
    });

    const second = await book(2, 4);
    const refused = await hold(
      second.customer.headers,
      second.booking.id,
      await omise.tokenise('4000000000003220'),
    );
    const refusedUri = refused.json().response.data.deposit.authorizeUri as string;
    await fetch(`${refusedUri}/decline`, { redirect: 'manual' });
    const checked = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${second.booking.id}/payment-check`,
      headers: second.customer.headers,
      payload: {},
    });
    expect(checked.json().response.data.deposit).toMatchObject({
      state: 'due',
      heldOnCard: false,
      canHoldOnCard: true,
      authorizeUri: null,
    });
    // Another card holds it.
    const other = await hold(
      second.customer.headers,
      second.booking.id,
      await omise.tokenise('4242424242424242'),
    );
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().response.data.deposit.state).toBe('held');
  });
});
