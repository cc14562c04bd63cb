import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp, testSettings } from '../../../test/app';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { describeEachDatabase } from '../../../test/databases';
import { omiseStandIn } from '../../../test/omise-stand-in';
import { sentMails } from '../../../test/outbox';
import {
  createBooking,
  daysFromNow,
  makeCar,
  makeCustomer,
  slipPicture,
  uploadSlip,
} from '../bookings/booking-fixtures.test-helper';

/**
 * PromptPay through the gateway (issue 16, part 2), against a stand-in that
 * speaks Omise's HTTP API: a charge per booking with its own QR code, and the
 * webhook that confirms the booking. Nothing in an event is believed: the
 * charge is fetched back; an event is handled once, in whatever order.
 */
describeEachDatabase('PromptPay through the gateway', (ctx) => {
  let app: App;
  let omise: ReturnType<typeof omiseStandIn>;
  beforeAll(async () => {
    omise = omiseStandIn();
    await new Promise<void>((resolve) => omise.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(omise.server.address() as AddressInfo).port}`;
    const settings = testSettings({
      OMISE_PUBLIC_KEY: 'pkey_test_123',
      OMISE_SECRET_KEY: 'skey_test_456',
      OMISE_API_URL: url,
      OMISE_VAULT_URL: url,
      OMISE_JS_URL: `${url}/omise.js`,
      OMISE_TIMEOUT_MS: '2000',
    });
    app = await buildTestApp(ctx.database, { settings });
  });
  afterAll(async () => {
    await app.close();
    (omise.server as Server).closeAllConnections();
    await new Promise<void>((resolve) => (omise.server as Server).close(() => resolve()));
  });

  const promptPayBooking = async (paymentMethod: 'promptpay' | 'wechat_pay' | 'alipay' = 'promptpay') => {
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2, { price: '1500.00' });
    const customer = await makeCustomer(app);
    const res = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(42),
      paymentMethod,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { booking, instructions } = res.json().response.data;
    const charge = omise.charges.at(-1) as { id: string; amount: number; metadata: Record<string, string> };
    return { customer, booking, instructions, charge };
  };
  const post = (event: unknown) =>
    app.inject({ method: 'POST', url: '/api/v1/webhooks/omise', payload: event as object });
  const bookingOf = async (headers: Record<string, string>, id: number) =>
    (await app.inject({ url: `/api/v1/auth/bookings/${id}`, headers })).json().response.data;

  it('each booking gets a charge of its own at the gateway, and its QR code; asking again shows the same', async () => {
    const { customer, booking, instructions, charge } = await promptPayBooking();
    expect(instructions.promptpay).toMatchObject({ viaGateway: true, id: null, payload: null });
    expect(instructions.promptpay.qrSvg).toContain('<svg');
    // The booking mail asks for no slip: the gateway confirms the payment.
    const mail = (await sentMails(app)).find(
      (m) => m.to.includes(customer.email) && m.subject === `We have your booking: ${booking.bookingNumber}`,
    );
    expect(mail?.text).toContain('no slip needed');
    expect(mail?.text).not.toContain('send the slip');
    expect(charge).toMatchObject({
      amount: booking.total,
      metadata: { booking_number: booking.bookingNumber },
    });
    const made = omise.seen.filter(
      (s) => s.path === '/charges' && s.form.get('source[type]') === 'promptpay',
    );
    const again = await app.inject({
      url: `/api/v1/auth/bookings/${booking.id}/payment`,
      headers: customer.headers,
    });
    expect(again.json().response.data.promptpay.qrSvg).toBe(instructions.promptpay.qrSvg);
    expect(
      omise.seen.filter((s) => s.path === '/charges' && s.form.get('source[type]') === 'promptpay'),
    ).toHaveLength(made.length);
    const other = await promptPayBooking();
    expect(other.instructions.promptpay.qrSvg).not.toBe(instructions.promptpay.qrSvg);
    // The gateway confirms it: My bookings offers no slip form, and a slip is not taken.
    expect((await bookingOf(customer.headers, booking.id)).canUploadSlip).toBe(false);
    const slip = await uploadSlip(app, customer.headers, booking.id, await slipPicture());
    expect(slip.statusCode, slip.body).toBe(409);
  });

  it('WeChat Pay: approved in WeChat through Omise’s redirect (return_uri, authorize_uri), confirmed by the same webhook; the gateway lists what it takes', async () => {
    const info = await app.inject({ url: '/api/v1/guest/payment-gateway' });
    expect(info.json().response.data.sources).toEqual(['promptpay', 'wechat_pay', 'alipay']);
    const { customer, booking, instructions, charge } = await promptPayBooking('wechat_pay');
    // Omise documents wechat_pay as a redirect: no QR code, a page to send the customer to.
    expect(instructions).toMatchObject({
      promptpay: null,
      bankAccount: null,
      wallet: { method: 'wechat_pay', qrSvg: null },
    });
    const authorize = new URL(instructions.wallet.authorizeUri);
    const made = omise.seen.find((s) => s.path === '/charges' && s.form.get('source[type]') === 'wechat_pay');
    expect(made?.form.get('amount')).toBe(String(booking.total));
    expect(made?.form.get('return_uri')).toMatch(
      new RegExp(`/booking-success\\?booking=${booking.bookingNumber}$`),
    );
    expect(booking.canUploadSlip).toBe(false);
    const approved = await fetch(new URL(`${authorize.pathname}/approve`, authorize), { redirect: 'manual' });
    expect(approved.headers.get('location')).toBe(made?.form.get('return_uri'));
    expect((await post(omise.event(charge.id))).json().response.data.outcome).toBe('confirmed');
    expect(await bookingOf(customer.headers, booking.id)).toMatchObject({
      status: 'confirmed',
      payment: { method: 'wechat_pay', reference: charge.id },
    });
  });

  it('Alipay: the customer is sent to approve on Alipay, comes back to the booking, and the webhook confirms it', async () => {
    const { customer, booking, instructions, charge } = await promptPayBooking('alipay');
    expect(instructions.wallet).toMatchObject({ method: 'alipay', qrSvg: null });
    const authorize = new URL(instructions.wallet.authorizeUri);
    const made = omise.seen.find((s) => s.path === '/charges' && s.form.get('source[type]') === 'alipay');
    expect(made?.form.get('return_uri')).toMatch(
      new RegExp(`/booking-success\\?booking=${booking.bookingNumber}$`),
    );
    const approved = await fetch(new URL(`${authorize.pathname}/approve`, authorize), { redirect: 'manual' });
    expect(approved.status).toBe(302);
    expect(approved.headers.get('location')).toBe(made?.form.get('return_uri'));
    expect((await post(omise.event(charge.id))).json().response.data.outcome).toBe('confirmed');
    expect((await bookingOf(customer.headers, booking.id)).payment).toMatchObject({ method: 'alipay' });
  });

  it('the webhook confirms the booking once the gateway says it is paid; a duplicate changes nothing', async () => {
    const { customer, booking, charge } = await promptPayBooking();
    // Before the customer pays: the charge is pending at the gateway.
    const early = await post(omise.event(charge.id, 'charge.create'));
    expect(early.json().response.data.outcome).toBe('pending');
    omise.pay(charge.id);
    const event = omise.event(charge.id);
    const res = await post(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.data.outcome).toBe('confirmed');
    expect(await bookingOf(customer.headers, booking.id)).toMatchObject({
      status: 'confirmed',
      payment: { method: 'promptpay', reference: charge.id },
    });
    const again = await post(event);
    expect(again.json().response.data.outcome).toBe('duplicate');
    // Out of order: an older kind of event, delivered late, about the same charge.
    const late = await post(omise.event(charge.id, 'charge.create'));
    expect(late.json().response.data.outcome).toBe('already_settled');
    const [{ n }] = (await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments WHERE booking_id = $1 AND status = 'succeeded'`,
      [booking.id],
    )) as [{ n: number }];
    expect(n).toBe(1);
    const confirmations = (await sentMails(app)).filter(
      (m) =>
        m.to === customer.email && m.subject.includes(booking.bookingNumber) && /confirmed/i.test(m.subject),
    );
    expect(confirmations).toHaveLength(1);
  });

  it('cancelling a booking paid through the gateway refunds it there, the fee kept (staff apply the fee rule)', async () => {
    const { customer, booking, charge } = await promptPayBooking();
    omise.pay(charge.id);
    expect((await post(omise.event(charge.id))).json().response.data.outcome).toBe('confirmed');
    // Booked three days ago: the free cancellation period is over, so the fee rule takes its share.
    await ctx.database.query(`UPDATE bookings SET created_at = now() - interval '3 days' WHERE id = $1`, [
      booking.id,
    ]);
    const staff = await login(app, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${booking.id}/cancel`,
      headers: staff,
      payload: { reason: 'The customer changed plans', applyFee: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fee = (await bookingOf(customer.headers, booking.id)).cancellationFee as number;
    expect(fee).toBeGreaterThan(0);
    const refund = omise.seen.find((s) => s.method === 'POST' && s.path === `/charges/${charge.id}/refunds`);
    expect(refund?.form.get('amount')).toBe(String(booking.total - fee));
    const [row] = await ctx.database.query<{ status: string; gateway: string; gateway_ref: string }>(
      `SELECT status, gateway, gateway_ref FROM payments WHERE booking_id = $1 AND kind = 'refund'`,
      [booking.id],
    );
    expect(row).toMatchObject({ status: 'succeeded', gateway: 'omise' });
    expect(row!.gateway_ref).toMatch(/^rfnd_test_/);
  });

  it('a forged event is ignored: an unknown charge, or "paid" for a charge the gateway has as pending', async () => {
    const { customer, booking, charge } = await promptPayBooking();
    const unknown = await post({
      object: 'event',
      id: 'evnt_forged_1',
      key: 'charge.complete',
      data: { object: 'charge', id: 'chrg_made_up', status: 'successful', amount: booking.total },
    });
    expect(unknown.json().response.data.outcome).toBe('ignored_unknown_charge');
    const lying = await post({
      object: 'event',
      id: 'evnt_forged_2',
      key: 'charge.complete',
      data: { ...omise.event(charge.id).data, status: 'successful', paid: true },
    });
    expect(lying.json().response.data.outcome).toBe('pending');
    expect((await bookingOf(customer.headers, booking.id)).status).toBe('awaiting_payment');
    for (const junk of [{}, { object: 'event', id: 'x' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/webhooks/omise', payload: junk });
      expect(res.statusCode).toBe(400);
    }
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/omise',
      headers: { 'content-type': 'application/json' },
      payload: '{"object":"event",',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('a charge paid short is not a payment; an expired one is settled and the next QR is a new charge', async () => {
    const short = await promptPayBooking();
    omise.pay(short.charge.id);
    Object.assign(
      omise.charges.find((c) => c.id === short.charge.id)!,
      { amount: short.booking.total - 100 },
    );
    expect((await post(omise.event(short.charge.id))).json().response.data.outcome).toBe('amount_mismatch');
    expect((await bookingOf(short.customer.headers, short.booking.id)).status).toBe('awaiting_payment');

    const lapsed = await promptPayBooking();
    omise.expire(lapsed.charge.id);
    expect((await post(omise.event(lapsed.charge.id, 'charge.expire'))).json().response.data.outcome).toBe(
      'settled',
    );
    const next = await app.inject({
      url: `/api/v1/auth/bookings/${lapsed.booking.id}/payment`,
      headers: lapsed.customer.headers,
    });
    expect(next.json().response.data.promptpay.viaGateway).toBe(true);
    expect(next.json().response.data.promptpay.qrSvg).not.toBe(lapsed.instructions.promptpay.qrSvg);
  });

  it('the money trail: staff see each charge and event; money that paid no booking goes back by itself, or is listed for staff to refund, and bookings paid twice are listed', async () => {
    const staff = await login(app, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
    // Paid short, then paid again in full: two payments came in for one booking. The gateway refuses
    // the refund of the short payment when it comes in.
    const twice = await promptPayBooking();
    omise.pay(twice.charge.id);
    Object.assign(
      omise.charges.find((c) => c.id === twice.charge.id)!,
      { amount: twice.booking.total - 500 },
    );
    omise.control.refundsDown = true;
    try {
      expect((await post(omise.event(twice.charge.id))).json().response.data.outcome).toBe('amount_mismatch');
    } finally {
      omise.control.refundsDown = false;
    }
    await app.inject({
      url: `/api/v1/auth/bookings/${twice.booking.id}/payment`,
      headers: twice.customer.headers,
    });
    const second = omise.charges.at(-1) as { id: string };
    expect(second.id).not.toBe(twice.charge.id);
    omise.pay(second.id);
    expect((await post(omise.event(second.id))).json().response.data.outcome).toBe('confirmed');
    // Paid after the customer had cancelled: the money has no booking to pay.
    const late = await promptPayBooking();
    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${late.booking.id}/cancel`,
      headers: late.customer.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    omise.pay(late.charge.id);
    expect((await post(omise.event(late.charge.id))).json().response.data.outcome).toBe('late');
    // ... and goes back by itself, in full, through the gateway's refund API; the customer is told.
    const lateRefund = omise.seen.find((r) => r.path === `/charges/${late.charge.id}/refunds`);
    expect(lateRefund?.form.get('amount')).toBe(String(late.booking.total));
    expect(
      (await sentMails(app)).some(
        (m) =>
          m.to.includes(late.customer.email) &&
          m.subject === `We have refunded your payment: ${late.booking.bookingNumber}`,
      ),
    ).toBe(true);
    // Refunded once: the same event again refunds nothing more.
    await post(omise.event(late.charge.id));
    expect(omise.seen.filter((r) => r.path === `/charges/${late.charge.id}/refunds`)).toHaveLength(1);

    const reconciliation = async () => {
      const trail = await app.inject({ url: '/api/v1/admin/payment-checks/reconciliation', headers: staff });
      expect(trail.statusCode, trail.body).toBe(200);
      return trail.json().response.data as {
        unmatchedCharges: { reference: string }[];
        paidTwice: { bookingId: number }[];
      };
    };
    const { unmatchedCharges, paidTwice } = await reconciliation();
    expect(unmatchedCharges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reference: twice.charge.id,
          outcome: 'amount_mismatch',
          amount: twice.booking.total,
        }),
      ]),
    );
    expect(unmatchedCharges.map((c) => c.reference)).not.toContain(late.charge.id);
    expect(paidTwice).toEqual(
      expect.arrayContaining([expect.objectContaining({ bookingId: twice.booking.id, paymentsIn: 2 })]),
    );
    expect(paidTwice.map((b: { bookingId: number }) => b.bookingId)).not.toContain(late.booking.id);

    // Staff refund the short payment from the list: what the gateway took, not the booking's total.
    const refund = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/payment-checks/refunds',
        headers,
        payload: { reference: twice.charge.id },
      });
    expect((await refund(twice.customer.headers)).statusCode).toBe(403);
    expect((await refund(staff)).json().response.data.outcome).toBe('refunded');
    const shortRefund = omise.seen.find((r) => r.path === `/charges/${twice.charge.id}/refunds`);
    expect(shortRefund?.form.get('amount')).toBe(String(twice.booking.total - 500));
    expect((await refund(staff)).json().response.data.outcome).toBe('nothing_to_refund');
    const after = await reconciliation();
    expect(after.unmatchedCharges.map((c) => c.reference)).not.toContain(twice.charge.id);
    expect(after.paidTwice.map((b) => b.bookingId)).not.toContain(twice.booking.id);
    // The charge that paid the booking is no loose end: this route refunds nothing of it.
    const paying = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/payment-checks/refunds',
      headers: staff,
      payload: { reference: second.id },
    });
    expect(paying.json().response.data.outcome).toBe('nothing_to_refund');
    const detail = await app.inject({ url: `/api/v1/admin/bookings/${twice.booking.id}`, headers: staff });
    const data = detail.json().response.data;
    expect(data.gatewayCharges.map((c: { status: string }) => c.status)).toEqual([
      'successful',
      'successful',
    ]);
    expect(data.gatewayEvents.map((e: { outcome: string }) => e.outcome)).toEqual([
      'amount_mismatch',
      'confirmed',
    ]);
    // Staff only.
    expect(
      (
        await app.inject({
          url: '/api/v1/admin/payment-checks/reconciliation',
          headers: twice.customer.headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a webhook that never comes: the minute job asks the gateway, and the paid booking is confirmed before it could expire', async () => {
    const paid = await promptPayBooking();
    const waiting = await promptPayBooking();
    omise.pay(paid.charge.id);
    const later = new Date(Date.now() + 2 * 60_000);
    // The gateway down: nothing decided, nothing thrown; next minute.
    omise.control.chargesDown = true;
    try {
      expect((await app.services.payments.checkPendingGatewayCharges(later)).unanswered).toBeGreaterThan(0);
    } finally {
      omise.control.chargesDown = false;
    }
    const counts = await app.services.payments.checkPendingGatewayCharges(later);
    expect(counts.settled).toBeGreaterThanOrEqual(1);
    expect((await bookingOf(paid.customer.headers, paid.booking.id)).status).toBe('confirmed');
    expect((await bookingOf(waiting.customer.headers, waiting.booking.id)).status).toBe('awaiting_payment');
    expect(
      (await sentMails(app)).some(
        (m) =>
          m.to.includes(paid.customer.email) &&
          m.subject === `Payment confirmed: ${paid.booking.bookingNumber}`,
      ),
    ).toBe(true);
    // The webhook arriving after all changes nothing.
    expect((await post(omise.event(paid.charge.id))).json().response.data.outcome).toBe('already_settled');
    // A charge just made is left to its webhook for a minute.
    const fresh = await promptPayBooking();
    omise.pay(fresh.charge.id);
    await app.services.payments.checkPendingGatewayCharges(new Date());
    expect((await bookingOf(fresh.customer.headers, fresh.booking.id)).status).toBe('awaiting_payment');
  });

  it('when the gateway cannot be asked, the event is refused (503, it sends it again) and handled on the retry', async () => {
    const { customer, booking, charge } = await promptPayBooking();
    omise.pay(charge.id);
    const event = omise.event(charge.id);
    omise.control.chargesDown = true;
    try {
      expect((await post(event)).statusCode).toBe(503);
    } finally {
      omise.control.chargesDown = false;
    }
    expect((await post(event)).json().response.data.outcome).toBe('confirmed');
    expect((await bookingOf(customer.headers, booking.id)).status).toBe('confirmed');
  });

  it('when the gateway cannot make a charge, the static PromptPay QR naming the booking is shown', async () => {
    omise.control.chargesDown = true;
    try {
      const { instructions, booking } = await promptPayBooking();
      expect(instructions.promptpay).toMatchObject({ viaGateway: false, id: '0105558000000' });
      expect(instructions.promptpay.payload).toContain(booking.bookingNumber);
    } finally {
      omise.control.chargesDown = false;
    }
  });
});

describeEachDatabase('wallets without a gateway that takes them', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('the sandbox offers no wallet, and a booking asking for one is refused with a clear error', async () => {
    const info = await app.inject({ url: '/api/v1/guest/payment-gateway' });
    expect(info.json().response.data).toMatchObject({ name: 'sandbox', sources: [] });
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app);
    for (const paymentMethod of ['wechat_pay', 'alipay']) {
      const res = await createBooking(app, customer.headers, {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(40),
        returnDate: daysFromNow(41),
        paymentMethod,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'paymentMethod' }] });
    }
  });
});
