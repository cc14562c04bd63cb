import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { sentMails } from '../../../test/outbox';
import { listenOmiseStandIn, omiseStandIn } from '../../../test/omise-stand-in';
import { describeEachDatabase } from '../../../test/databases';
import {
  daysFromNow,
  driver,
  inspectAtPickup,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';

describeEachDatabase('the Omise adapter against a local stand-in', (ctx) => {
  let app: App;
  let standIn: ReturnType<typeof omiseStandIn>;
  let omise: Awaited<ReturnType<typeof listenOmiseStandIn>>;
  beforeAll(async () => {
    standIn = omiseStandIn();
    omise = await listenOmiseStandIn(standIn);
    app = await buildTestApp(ctx.database, {
      settings: testSettings({
        ...omise.settings,
        // Long enough for a busy machine's ordinary answers; the late card's answer waits for it to pass.
        OMISE_TIMEOUT_MS: '5000',
        OMISE_PARTIAL_CAPTURE: 'true',
      }),
    });
  });
  /** Whether a mail with this subject went to this address. */
  const mailed = async (to: string, subject: string) =>
    (await sentMails(app)).some((m) => m.to.includes(to) && m.subject === subject);
  afterAll(async () => {
    await app.close();
    await omise.close();
  });

  it('is chosen by its keys and charges the exact amount through a token', async () => {
    const gateway = await app.inject({ method: 'GET', url: '/api/v1/guest/payment-gateway' });
    expect(gateway.json().response.data).toEqual({
      name: 'omise',
      sandbox: true,
      sources: ['promptpay', 'wechat_pay', 'alipay'],
      // OMISE_PARTIAL_CAPTURE=true in this suite: deposits are held pre_auth and may be kept in part.
      partialCapture: true,
      // How the browser turns the card into a token: Omise.js, with the public key only.
      card: {
        vault: 'omise',
        publicKey: 'pkey_test_123',
        scriptUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/omise\.js$/),
      },
    });
    expect(JSON.stringify(gateway.json())).not.toContain('skey_');
    // The pages may load Omise.js from its origin and let it frame (and call) the vault: only these.
    const origin = new URL(gateway.json().response.data.card.scriptUrl).origin;
    const csp = String((await app.inject({ url: '/api/v1/health' })).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1);
    expect(directive('script-src')).toEqual(["'self'", origin]);
    expect(directive('frame-src')).toEqual([origin]);
    expect(directive('connect-src')).toEqual(["'self'", origin]);
    const car = await makeCar(ctx.database, 1, { price: '1234.50' });
    const customer = await makeCustomer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: { ...customer.headers, 'idempotency-key': 'omise-test-1' },
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(5),
        returnDate: daysFromNow(7),
        paymentMethod: 'card',
        cardToken: await omise.tokenise('4242424242424242'),
        driver,
        acceptTerms: true,
        addons: [],
      },
    });
    expect(res.statusCode).toBe(200);
    const booking = res.json().response.data.booking;
    expect(booking).toMatchObject({ status: 'confirmed', total: 246_900 });
    expect(booking.payment).toMatchObject({ cardBrand: 'Visa', cardLast4: '4242' });
    expect(booking.payment.reference).toMatch(/^chrg_test_/);
    // The server made no token: the only call to the vault was the browser's (tokenise above).
    expect(standIn.seen.filter((s) => s.path === '/tokens')).toHaveLength(1);
    const charge = standIn.seen.find((s) => s.path === '/charges')!;
    expect(charge.form.get('return_uri')).toBe(
      `${app.settings.publicUrl}/booking-success?booking=${booking.bookingNumber}`,
    );
    expect(charge.form.get('amount')).toBe('246900');
    expect(charge.form.get('currency')).toBe('thb');
    expect(charge.form.get('card')).toMatch(/^tokn_test_/);
    expect(charge.form.has('card[number]')).toBe(false);
    expect(charge.idempotencyKey).toBeTruthy();

    // Cancelled within 24 hours: the full amount goes back through Omise.
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${booking.id}/cancel`,
      headers: customer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const refund = standIn.seen.find((s) => s.path.endsWith('/refunds'))!;
    expect(refund.path).toBe(`/charges/${booking.payment.reference}/refunds`);
    expect(refund.form.get('amount')).toBe('246900');
  });

  it('turns a failed Omise charge into a 402; the booking keeps its car and another card pays it', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const payload = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(5),
      returnDate: daysFromNow(6),
      paymentMethod: 'card',
      driver,
      acceptTerms: true,
      addons: [],
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: customer.headers,
      payload: { ...payload, cardToken: await omise.tokenise('4000000000000002') },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().errors[0].message).toBe('declined');
    const number = res.json().errors[1].message as string;
    const [held] = await ctx.database.query<{ id: number }>(
      `SELECT id FROM bookings WHERE booking_number = $1`,
      [number],
    );
    const ok = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${held!.id}/pay`,
      headers: customer.headers,
      payload: { paymentMethod: 'card', cardToken: await omise.tokenise('4242424242424242') },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().response.data.booking).toMatchObject({ bookingNumber: number, status: 'confirmed' });
  });

  it('a change of dates whose card charge is answered too late: the change is undone and the charge given back', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: customer.headers,
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(14),
        returnDate: daysFromNow(15),
        paymentMethod: 'card',
        cardToken: await omise.tokenise('4242424242424242'),
        driver,
        acceptTerms: true,
        addons: [],
      },
    });
    const booking = made.json().response.data.booking;
    const change = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${booking.id}/change`,
      headers: customer.headers,
      payload: {
        pickupDate: daysFromNow(14),
        returnDate: daysFromNow(17),
        cardToken: await omise.tokenise('4000000000000408'),
      },
    });
    expect(change.statusCode).toBe(402);
    expect(change.json().errors[0].message).toBe('processing_error');
    const after = await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers });
    expect(after.json().response.data).toMatchObject({ returnDate: daysFromNow(15), total: 100_000 });
    // Found by its key at Omise, charged: the two days go back in full.
    const lost = standIn.seen.filter((s) => s.path === '/charges').at(-1)!;
    const charged = standIn.charges.find(
      (c) =>
        (c.metadata as { idempotency_key?: string } | undefined)?.idempotency_key === lost.idempotencyKey,
    ) as { id: string } | undefined;
    expect(charged).toBeDefined();
    const refund = standIn.seen.find((s) => s.path === `/charges/${charged!.id}/refunds`);
    expect(refund?.form.get('amount')).toBe('200000');
  });

  /**
   * A booking rented through `site` with its deposit held on a card, picked up and brought back. Its
   * return is at most 5 days ahead: a card hold is offered from 6 days before it (decision 3413).
   */
  const rentWithHeldDeposit = async (site: App, from: number) => {
    const staff = (
      await site.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026' },
      })
    ).json().token as string;
    const asStaff = { authorization: `Bearer ${staff}` };
    const car = await makeCar(ctx.database, 3);
    const customer = await makeCustomer(site);
    const made = await site.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: customer.headers,
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(from),
        returnDate: daysFromNow(from + 1),
        paymentMethod: 'card',
        cardToken: await omise.tokenise('4242424242424242'),
        driver,
        acceptTerms: true,
        addons: [],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking as { id: number; deposit: { amount: number } };
    const held = await site.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${booking.id}/deposit-hold`,
      headers: customer.headers,
      payload: { cardToken: await omise.tokenise('4242424242424242') },
    });
    expect(held.statusCode, held.body).toBe(200);
    // Out through the pickup inspection, back with the quick return.
    await inspectAtPickup(site, asStaff, booking.id);
    await site.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${booking.id}/return`,
      headers: asStaff,
      payload: {},
    });
    const release = (kept: number, lang = 'en') =>
      site.inject({
        method: 'POST',
        url: `/api/v1/admin/bookings/${booking.id}/deposit?lng=${lang}`,
        headers: asStaff,
        payload: { action: 'release', kept, ...(kept && { reason: 'Scratch on the rear bumper' }) },
      });
    return { booking, customer, release, holdId: standIn.charges.at(-1)!.id as string };
  };

  it('holds a deposit on the card with capture=false (pre_auth when partial capture is on); at return takes only what is kept, or lets it all go', async () => {
    const first = await rentWithHeldDeposit(app, 1);
    const hold = standIn.seen.filter((r) => r.path === '/charges').at(-1)!;
    expect(hold.form.get('capture')).toBe('false');
    expect(hold.form.get('authorization_type')).toBe('pre_auth');
    expect(hold.form.get('amount')).toBe(String(first.booking.deposit.amount));
    // Omise's captured charge has `paid` and `captured_amount`, no `captured` (the stand-in sends none).
    expect((await first.release(1500)).statusCode).toBe(200);
    const captured = standIn.seen.find((r) => r.path === `/charges/${first.holdId}/capture`);
    expect(captured?.form.get('capture_amount')).toBe('150000');
    expect(standIn.charges.find((c) => c.id === first.holdId)).toMatchObject({
      paid: true,
      captured_amount: 150000,
    });
    expect(standIn.charges.every((c) => !('captured' in c))).toBe(true);

    const second = await rentWithHeldDeposit(app, 2);
    expect((await second.release(0)).statusCode).toBe(200);
    expect(standIn.seen.some((r) => r.path === `/charges/${second.holdId}/reverse`)).toBe(true);

    // The gateway refuses to settle the hold: nothing changes, staff try again.
    const third = await rentWithHeldDeposit(app, 3);
    await ctx.database.query(`UPDATE bookings SET deposit_ref = 'chrg_test_missing' WHERE id = $1`, [
      third.booking.id,
    ]);
    expect((await third.release(0)).statusCode).toBe(503);
    const still = await app.inject({
      url: `/api/v1/auth/bookings/${third.booking.id}`,
      headers: third.customer.headers,
    });
    expect(still.json().response.data.deposit.state).toBe('held');
  });

  it('without partial capture (no Omise Thailand contract) a held deposit is kept whole or returned whole, and staff are told so', async () => {
    const wholeOnly = await buildTestApp(ctx.database, {
      settings: testSettings({
        ...omise.settings,
        // No lost answer is played here: a busy machine must not turn the booking's charge into one.
        OMISE_TIMEOUT_MS: '20000',
      }),
    });
    try {
      const rented = await rentWithHeldDeposit(wholeOnly, 4);
      const hold = standIn.seen.filter((r) => r.path === '/charges').at(-1)!;
      expect(hold.form.get('capture')).toBe('false');
      expect(hold.form.has('authorization_type')).toBe(false);
      const part = await rented.release(1500);
      expect(part.statusCode).toBe(400);
      expect(part.json().errors).toEqual([
        {
          path: 'kept',
          message:
            'This deposit is held on a card that can only be taken in full or returned in full: keep all of it or none',
        },
      ]);
      expect(standIn.seen.some((r) => r.path === `/charges/${rented.holdId}/capture`)).toBe(false);
      // All of it (the deposit is 5,000 baht: 500000 satang): taken whole at Omise.
      expect(rented.booking.deposit.amount).toBe(500000);
      expect((await rented.release(5000)).statusCode).toBe(200);
      const captured = standIn.seen.find((r) => r.path === `/charges/${rented.holdId}/capture`);
      expect(captured?.form.get('capture_amount')).toBe('500000');
    } finally {
      await wholeOnly.close();
    }
  });

  describe('a card charge whose answer is lost', () => {
    const payload = async (car: { carModelId: number; branchCode: string }, number: string) => ({
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(9),
      returnDate: daysFromNow(10),
      paymentMethod: 'card',
      cardToken: await omise.tokenise(number),
      driver,
      acceptTerms: true,
      addons: [],
    });
    const book = (headers: Record<string, string>, body: object) =>
      app.inject({ method: 'POST', url: '/api/v1/guest/bookings/create', headers, payload: body });
    const later = (ms: number) => new Date(Date.now() + ms);
    const staffHeaders = async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026' },
      });
      return { authorization: `Bearer ${login.json().token}` };
    };

    it('is not a decline: the car stays held, staff see it, and the charge found later confirms the booking', async () => {
      const car = await makeCar(ctx.database, 1);
      const customer = await makeCustomer(app);
      const res = await book(customer.headers, await payload(car, '4000000000000408'));
      expect(res.statusCode).toBe(200);
      const booking = res.json().response.data.booking;
      expect(booking).toMatchObject({ status: 'awaiting_payment', paid: false, paymentChecking: true });

      // The only unit stays held: the card may have been charged.
      const other = await makeCustomer(app);
      expect((await book(other.headers, await payload(car, '4242424242424242'))).statusCode).toBe(409);
      // The unpaid-booking deadline does not release it while the charge is being checked.
      await app.services.bookings.expireUnpaid(later(3 * 86_400_000));
      const checks = await app.inject({
        method: 'GET',
        url: '/api/v1/admin/payment-checks',
        headers: await staffHeaders(),
      });
      expect(checks.json().response.data).toContainEqual(
        expect.objectContaining({ bookingNumber: booking.bookingNumber, amount: booking.total }),
      );

      // The job asks Omise by the charge's idempotency key and finds it charged.
      const result = await app.services.payments.reconcileCardPayments(later(60_000));
      expect(result.confirmed).toBeGreaterThanOrEqual(1);
      const after = await app.inject({
        method: 'GET',
        url: `/api/v1/auth/bookings/${booking.id}`,
        headers: customer.headers,
      });
      expect(after.json().response.data).toMatchObject({
        status: 'confirmed',
        paid: true,
        paymentChecking: false,
      });
      expect(after.json().response.data.payment.reference).toMatch(/^chrg_test_/);
      expect(await mailed(customer.email, `Payment confirmed: ${booking.bookingNumber}`)).toBe(true);
      // Settled once: asking again changes nothing.
      const again = await app.services.payments.reconcileCardPayments(later(120_000));
      expect(again.confirmed).toBe(0);
    });

    it('a charge Omise never received is not released by itself: after the grace it goes to staff as "charged? check"', async () => {
      const car = await makeCar(ctx.database, 1);
      const customer = await makeCustomer(app);
      const res = await book(customer.headers, await payload(car, '4000000000000416'));
      expect(res.statusCode).toBe(200);
      const booking = res.json().response.data.booking;
      expect(booking.paymentChecking).toBe(true);
      const statusNow = async () =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/auth/bookings/${booking.id}`,
            headers: customer.headers,
          })
        ).json().response.data.status;

      // Omise down for the lookup too: nothing is decided.
      standIn.control.listDown = true;
      await app.services.payments.reconcileCardPayments(later(20 * 60_000));
      standIn.control.listDown = false;
      expect(await statusNow()).toBe('awaiting_payment');

      // Not found a minute later: it may still be on its way.
      await app.services.payments.reconcileCardPayments(later(60_000));
      expect(await statusNow()).toBe('awaiting_payment');
      const lookups = standIn.seen.filter((r) => r.method === 'GET' && r.path.startsWith('/charges?'));
      // Found by listing the charges created around its sending (from/to), never by Search.
      const q = new URLSearchParams(lookups.at(-1)!.path.split('?')[1]);
      const spanMs = Date.parse(q.get('to')!) - Date.parse(q.get('from')!);
      // The adapter's time-out (5 s here) before the answer was given up on, and a minute either side.
      expect(spanMs).toBe(125_000);
      expect(q.get('limit')).toBe('100');
      expect(standIn.seen.some((r) => r.path.startsWith('/search'))).toBe(false);

      // Still not found after the grace period: the card may have been charged all the same, so the car
      // stays held and staff are asked to check at Omise; the customer is not told it failed.
      await app.services.payments.reconcileCardPayments(later(20 * 60_000));
      expect(await statusNow()).toBe('awaiting_payment');
      const other = await makeCustomer(app);
      expect((await book(other.headers, await payload(car, '4242424242424242'))).statusCode).toBe(409);
      expect(
        await mailed(customer.email, `Your card payment did not go through: ${booking.bookingNumber}`),
      ).toBe(false);
      const checks = await app.inject({
        method: 'GET',
        url: '/api/v1/admin/payment-checks',
        headers: await staffHeaders(),
      });
      const row = (checks.json().response.data as { bookingNumber: string; staffCheck: boolean }[]).find(
        (c) => c.bookingNumber === booking.bookingNumber,
      );
      expect(row?.staffCheck).toBe(true);
    });

    it('a lost charge among more than a page of charges made in the same minutes is found by its metadata key', async () => {
      // 120 charges made by others around the same time: the list answers in pages of 100.
      for (let i = 0; i < 120; i++)
        standIn.charges.push({
          object: 'charge',
          id: `chrg_test_other_${i}`,
          created_at: new Date().toISOString(),
          status: 'successful',
          metadata: { idempotency_key: `someone-else-${i}` },
        });
      const car = await makeCar(ctx.database, 1);
      const customer = await makeCustomer(app);
      const res = await book(customer.headers, await payload(car, '4000000000000408'));
      const booking = res.json().response.data.booking;
      expect(booking.paymentChecking).toBe(true);
      const result = await app.services.payments.reconcileCardPayments(later(60_000), {
        bookingId: booking.id,
      });
      expect(result.confirmed).toBe(1);
    });
  });

  describe('a card whose bank asks for 3-D Secure', () => {
    const secureCard = '4000000000003220';
    const create = async (headers: Record<string, string>, car: { carModelId: number; branchCode: string }) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/guest/bookings/create',
        headers,
        payload: {
          carModelId: car.carModelId,
          branchCode: car.branchCode,
          pickupDate: daysFromNow(12),
          returnDate: daysFromNow(14),
          paymentMethod: 'card',
          cardToken: await omise.tokenise(secureCard),
          driver,
          acceptTerms: true,
          addons: [],
        },
      });
    const bookingOf = async (headers: Record<string, string>, id: number) =>
      (await app.inject({ url: `/api/v1/auth/bookings/${id}`, headers })).json().response.data;
    const check = (headers: Record<string, string>, id: number) =>
      app.inject({ method: 'POST', url: `/api/v1/auth/bookings/${id}/payment-check`, headers, payload: {} });
    /** The customer on the bank's page: approves or declines, and is sent back to the booking's page. */
    const atBank = async (authorizeUri: string, choice: 'approve' | 'decline') => {
      const res = await fetch(`${authorizeUri}/${choice}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return res.headers.get('location');
    };

    it('waits for the bank, holding the car, and is confirmed by the charge’s final state when the customer is back', async () => {
      const car = await makeCar(ctx.database, 1, { price: '1500.00' });
      const customer = await makeCustomer(app);
      const res = await create(customer.headers, car);
      expect(res.statusCode).toBe(200);
      const { booking, instructions } = res.json().response.data;
      expect(booking).toMatchObject({ status: 'awaiting_payment', paid: false, paymentChecking: true });
      expect(instructions.card.authorizeUri).toMatch(/\/pay\/chrg_test_/);
      // Not a payment yet: no card payment row, nothing for a slip, the car held.
      expect(booking.payment).toBeNull();
      expect(booking.canUploadSlip).toBe(false);
      const other = await makeCustomer(app);
      expect((await create(other.headers, car)).statusCode).toBe(409);
      // Asking before the customer has approved changes nothing.
      expect((await check(customer.headers, booking.id)).json().response.data.status).toBe(
        'awaiting_payment',
      );
      // The booking's page offers the bank's page again.
      const again = await app.inject({
        url: `/api/v1/auth/bookings/${booking.id}/payment`,
        headers: customer.headers,
      });
      expect(again.json().response.data.card).toEqual({ authorizeUri: instructions.card.authorizeUri });

      const back = await atBank(instructions.card.authorizeUri, 'approve');
      expect(back).toBe(`${app.settings.publicUrl}/booking-success?booking=${booking.bookingNumber}`);
      // Someone else's booking cannot be asked about.
      expect((await check(other.headers, booking.id)).statusCode).toBe(404);
      const checked = await check(customer.headers, booking.id);
      expect(checked.statusCode).toBe(200);
      expect(checked.json().response.data).toMatchObject({
        status: 'confirmed',
        paid: true,
        paymentChecking: false,
        payment: {
          method: 'card',
          status: 'succeeded',
          cardBrand: 'Visa',
          cardLast4: '3220',
          amount: 300_000,
        },
      });
      expect(await mailed(customer.email, `Payment confirmed: ${booking.bookingNumber}`)).toBe(true);

      // Omise's webhook arrives afterwards: one payment, not two.
      const charge = standIn.charges.find(
        (c) => c.id === booking.payment?.reference || c.authorize_uri === instructions.card.authorizeUri,
      )!;
      const hook = await app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/omise',
        payload: standIn.event(String(charge.id)),
      });
      expect(hook.statusCode).toBe(200);
      const paymentRows = await ctx.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments WHERE booking_id = $1 AND kind = 'charge' AND status = 'succeeded'`,
        [booking.id],
      );
      expect(paymentRows[0]!.n).toBe(1);

      // Cancelled: the refund goes back through Omise's refund API, for the amount paid.
      const cancel = await app.inject({
        method: 'PUT',
        url: `/api/v1/auth/bookings/${booking.id}/cancel`,
        headers: customer.headers,
      });
      expect(cancel.statusCode).toBe(200);
      const refund = standIn.seen.find((s) => s.path === `/charges/${charge.id}/refunds`)!;
      expect(refund.form.get('amount')).toBe('300000');
    });

    it('is confirmed by Omise’s webhook alone when the customer never comes back', async () => {
      const car = await makeCar(ctx.database, 1);
      const customer = await makeCustomer(app);
      const { booking, instructions } = (await create(customer.headers, car)).json().response.data;
      await atBank(instructions.card.authorizeUri, 'approve');
      const id = instructions.card.authorizeUri.split('/').pop();
      const event = standIn.event(id);
      // The event's word is not taken: the charge is fetched back, and its state there confirms.
      const first = await app.inject({ method: 'POST', url: '/api/v1/webhooks/omise', payload: event });
      expect(first.statusCode).toBe(200);
      expect((await bookingOf(customer.headers, booking.id)).status).toBe('confirmed');
      // The same event again: one confirmation.
      await app.inject({ method: 'POST', url: '/api/v1/webhooks/omise', payload: event });
      const mails = (await sentMails(app)).filter(
        (m) => m.to.includes(customer.email) && m.subject === `Payment confirmed: ${booking.bookingNumber}`,
      );
      expect(mails).toHaveLength(1);
    });

    it('declined at the bank: the customer is told why, and another card pays the same booking', async () => {
      const car = await makeCar(ctx.database, 1);
      const customer = await makeCustomer(app);
      const { booking, instructions } = (await create(customer.headers, car)).json().response.data;
      await atBank(instructions.card.authorizeUri, 'decline');
      const checked = (await check(customer.headers, booking.id)).json().response.data;
      expect(checked).toMatchObject({
        status: 'awaiting_payment',
        paymentChecking: false,
        paymentRefusal: 'declined',
      });
      // The car stays with the booking (decision 3530).
      const other = await makeCustomer(app);
      expect((await create(other.headers, car)).json().code).toBe('CAR_UNAVAILABLE');
      const paid = await app.inject({
        method: 'POST',
        url: `/api/v1/auth/bookings/${booking.id}/pay`,
        headers: customer.headers,
        payload: { paymentMethod: 'card', cardToken: await omise.tokenise('4242424242424242') },
      });
      expect(paid.json().response.data.booking).toMatchObject({ id: booking.id, status: 'confirmed' });
      expect(
        await mailed(customer.email, `Your card payment did not go through: ${booking.bookingNumber}`),
      ).toBe(true);
    });

    it('left at the bank’s page: the hour runs out and the car is freed; approving later is money to give back, not a booking', async () => {
      const car = await makeCar(ctx.database, 1);
      const customer = await makeCustomer(app);
      const { booking, instructions } = (await create(customer.headers, car)).json().response.data;
      await app.services.bookings.expireUnpaid(new Date(Date.now() + 61 * 60_000));
      expect((await bookingOf(customer.headers, booking.id)).status).toBe('expired');
      await atBank(instructions.card.authorizeUri, 'approve');
      const id = instructions.card.authorizeUri.split('/').pop();
      const hook = await app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/omise',
        payload: standIn.event(id),
      });
      expect(hook.statusCode).toBe(200);
      const [event] = await ctx.database.query<{ outcome: string }>(
        `SELECT outcome FROM gateway_events WHERE reference = $1`,
        [id],
      );
      expect(event!.outcome).toBe('late');
      expect((await bookingOf(customer.headers, booking.id)).status).toBe('expired');
      // The money paid nothing: it goes back in full by itself.
      const refund = standIn.seen.find((r) => r.path === `/charges/${id}/refunds`);
      expect(refund?.form.get('amount')).toBe(String(booking.total));
    });
  });
});
