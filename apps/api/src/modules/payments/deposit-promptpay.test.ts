import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { listenOmiseStandIn, omiseStandIn } from '../../../test/omise-stand-in';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  inspectAtPickup,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';

/**
 * The security deposit paid by PromptPay online before pickup (issue 36 part 3, decision 3652), against
 * the Omise stand-in: the deposit's own QR at the gateway, paid (the webhook, the charge fetched back),
 * the deposit taken by PromptPay and its money kept apart from the booking's; at the return what is not
 * kept goes to the customer's PromptPay ID, and cancelled before pickup all of it does.
 *
 * Amounts by hand: the car's deposit is set to ฿4,000 = 400,000 satang; a two-day booking at ฿1,500 a
 * day is ฿3,000 = 300,000 satang; ฿1,500 kept at the return leaves ฿2,500 = 250,000 satang to send back.
 */
describeEachDatabase('the deposit paid by PromptPay online', (ctx) => {
  let app: App;
  let omise: ReturnType<typeof omiseStandIn>;
  let standIn: Awaited<ReturnType<typeof listenOmiseStandIn>>;
  let staff: { authorization: string };
  // The site's clock, moved on to play the QR's window going by.
  let offsetMs = 0;
  beforeAll(async () => {
    omise = omiseStandIn();
    standIn = await listenOmiseStandIn(omise);
    app = await buildTestApp(ctx.database, {
      settings: testSettings({ ...standIn.settings, OMISE_TIMEOUT_MS: '5000' }),
      clock: { now: () => new Date(Date.now() + offsetMs) },
    });
    staff = await login(app, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
  });
  afterAll(async () => {
    await app.close();
    await standIn.close();
  });

  const webhook = async (chargeId: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/omise',
        payload: omise.event(chargeId) as object,
      })
    ).json().response.data.outcome as string;
  const askQr = (headers: Record<string, string>, id: number, lang = 'en') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${id}/deposit-promptpay`,
      headers: { ...headers, 'accept-language': lang },
    });
  const lookQr = (headers: Record<string, string>, id: number) =>
    app.inject({ url: `/api/v1/auth/bookings/${id}/deposit-promptpay`, headers });
  const refundsOf = async (headers: Record<string, string>, id: number) =>
    (await app.inject({ url: `/api/v1/auth/bookings/${id}/refunds`, headers })).json().response.data;
  const lastCharge = () => omise.charges.at(-1) as { id: string; amount: number };
  const depositCharges = () =>
    omise.seen.filter((s) => s.path === '/charges' && s.form.get('description')?.includes('deposit'));

  /** A two-day booking paid by PromptPay at the gateway and confirmed by its webhook; its deposit ฿4,000. */
  async function paidBooking() {
    const car = await makeCar(ctx.database, 2, { price: '1500.00' });
    const set = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/car-models/${car.carModelId}`,
      headers: staff,
      payload: { deposit: 4000 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(42),
      paymentMethod: 'promptpay',
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking as { id: number; bookingNumber: string; total: number };
    expect(booking.total).toBe(300_000);
    const rental = lastCharge();
    omise.pay(rental.id);
    expect(await webhook(rental.id)).toBe('confirmed');
    return { customer, booking, rental };
  }

  it('the life: the QR, paid by the webhook, the deposit taken by PromptPay, ฿1,500 kept at the return, the rest asked to the PromptPay ID', async () => {
    const { customer, booking, rental } = await paidBooking();
    const before = (
      await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers })
    ).json().response.data.deposit;
    expect(before).toMatchObject({ state: 'due', amount: 400_000, canPayByPromptPay: true });

    const asked = await askQr(customer.headers, booking.id);
    expect(asked.statusCode, asked.body).toBe(200);
    const { qr } = asked.json().response.data;
    expect(qr.amount).toBe(400_000);
    expect(qr.qrSvg).toContain('<svg');
    // Valid for PromptPay's hour on this site: 3,600,000 ms from now (± a minute: two clocks, a busy machine).
    expect(Math.abs(Date.parse(qr.validUntil) - Date.now() - 3_600_000)).toBeLessThan(60_000);
    const made = depositCharges();
    expect(made).toHaveLength(1);
    expect(made[0]!.form.get('amount')).toBe('400000');
    expect(made[0]!.form.get('source[type]')).toBe('promptpay');
    const deposit = lastCharge();
    // Asked again (the page reloaded): the same QR, no second charge.
    expect((await askQr(customer.headers, booking.id)).json().response.data.qr.qrSvg).toBe(qr.qrSvg);
    expect(depositCharges()).toHaveLength(1);
    // Waiting for it is not the booking's payment being checked.
    const waiting = await app.inject({
      url: `/api/v1/auth/bookings/${booking.id}`,
      headers: customer.headers,
    });
    expect(waiting.json().response.data.paymentChecking).toBe(false);

    // Nobody else reads or asks for it.
    const stranger = await makeCustomer(app);
    expect((await askQr(stranger.headers, booking.id)).statusCode).toBe(404);
    expect((await lookQr(stranger.headers, booking.id)).statusCode).toBe(404);

    // Not paid yet: the page's look finds it waiting.
    expect((await lookQr(customer.headers, booking.id)).json().response.data.qr.qrSvg).toBe(qr.qrSvg);
    omise.pay(deposit.id);
    const event = omise.event(deposit.id);
    const post = () =>
      app.inject({ method: 'POST', url: '/api/v1/webhooks/omise', payload: event as object });
    expect((await post()).json().response.data.outcome).toBe('deposit_paid');
    expect((await post()).json().response.data.outcome).toBe('duplicate');
    const paid = (await lookQr(customer.headers, booking.id)).json().response.data;
    expect(paid).toMatchObject({
      qr: null,
      deposit: {
        state: 'held',
        method: 'promptpay',
        amount: 400_000,
        heldOnCard: false,
        canPayByPromptPay: false,
      },
    });
    // Paid once: asked for again, no QR is made.
    expect((await askQr(customer.headers, booking.id)).statusCode).toBe(409);

    // The deposit's money is not the booking's: its payments are the rental's charge alone.
    expect(
      (await app.services.bookings.payments(booking.id)).map((p) => [p.kind, p.amount, p.gateway_ref]),
    ).toEqual([['charge', 300_000, rental.id]]);
    // Nor money that paid nothing, nor a booking paid twice, in the money trail's loose ends.
    const loose = (
      await app.inject({ url: '/api/v1/admin/payment-checks/reconciliation', headers: staff })
    ).json().response.data;
    expect(loose.unmatchedCharges.map((c: { reference: string }) => c.reference)).not.toContain(deposit.id);
    expect(loose.paidTwice.map((b: { bookingId: number }) => b.bookingId)).not.toContain(booking.id);

    // Staff see it taken; the hand-over's deposit step does not take it again.
    const seen = await app.inject({ url: `/api/v1/admin/bookings/${booking.id}`, headers: staff });
    expect(seen.json().response.data.booking.deposit).toMatchObject({ state: 'held', method: 'promptpay' });
    expect((await inspectAtPickup(app, staff, booking.id, { depositMethod: 'cash' })).statusCode).toBe(200);
    const out = await app.inject({ url: `/api/v1/admin/bookings/${booking.id}`, headers: staff });
    expect(out.json().response.data.booking).toMatchObject({
      status: 'active',
      deposit: { state: 'held', method: 'promptpay' },
    });

    const back = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${booking.id}/deposit`,
      headers: staff,
      payload: { action: 'release', kept: 1500, reason: 'A scratch on the rear door' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().response.data.deposit).toMatchObject({ state: 'partly_released', kept: 150_000 });
    const refunds = await refundsOf(customer.headers, booking.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 250_000, state: 'needs_promptpay_id' });
    // Still only the rental's charge on the booking's own record.
    expect((await app.services.bookings.payments(booking.id)).map((p) => p.amount)).toEqual([300_000]);
    const given = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${booking.id}/refunds/${refunds[0].id}/promptpay`,
      headers: customer.headers,
      payload: { promptpayId: '0812345678', accountName: 'Somchai Jaidee' },
    });
    expect(given.json().response.data[0]).toMatchObject({ state: 'being_sent', amount: 250_000 });
  });

  it('a QR that lapsed is replaced; money paid on two gives one deposit, and the other goes back', async () => {
    const { customer, booking } = await paidBooking();
    const first = await askQr(customer.headers, booking.id);
    expect(first.statusCode, first.body).toBe(200);
    const a = lastCharge();
    // Expired at the gateway (nobody paid it): the next ask makes a new QR.
    omise.expire(a.id);
    expect(await webhook(a.id)).toBe('settled');
    const second = (await askQr(customer.headers, booking.id)).json().response.data;
    const b = lastCharge();
    expect(b.id).not.toBe(a.id);
    expect(second.qr.qrSvg).not.toBe(first.json().response.data.qr.qrSvg);
    // Past its hour on the site's clock: set aside, and a third is made on asking.
    offsetMs = 61 * 60_000;
    try {
      expect((await lookQr(customer.headers, booking.id)).json().response.data.qr).toBeNull();
      const third = (await askQr(customer.headers, booking.id)).json().response.data;
      const c = lastCharge();
      expect(c.id).not.toBe(b.id);
      expect(third.qr.amount).toBe(400_000);
      // The customer paid the old screenshot after all, then the new one too.
      omise.pay(b.id);
      expect(await webhook(b.id)).toBe('deposit_paid');
      omise.pay(c.id);
      expect(await webhook(c.id)).toBe('deposit_not_due');
    } finally {
      offsetMs = 0;
    }
    const c = lastCharge();
    // The second money went back in full through the gateway, by itself.
    const refund = omise.seen.find((s) => s.path === `/charges/${c.id}/refunds`);
    expect(refund?.form.get('amount')).toBe('400000');
    const view = (await lookQr(customer.headers, booking.id)).json().response.data;
    expect(view.deposit).toMatchObject({ state: 'held', method: 'promptpay', amount: 400_000 });
    expect((await app.services.bookings.payments(booking.id)).map((p) => p.amount)).toEqual([300_000]);
  });

  it('cancelled before pickup, all of the deposit goes back to the customer’s PromptPay ID', async () => {
    const { customer, booking } = await paidBooking();
    await askQr(customer.headers, booking.id);
    const deposit = lastCharge();
    omise.pay(deposit.id);
    expect(await webhook(deposit.id)).toBe('deposit_paid');
    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${booking.id}/cancel`,
      headers: customer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().response.data).toMatchObject({
      status: 'cancelled',
      cancellationFee: 0,
      deposit: { state: 'released', kept: 0 },
    });
    // The rental's ฿3,000 went back through the gateway; the deposit's ฿4,000 waits for the ID.
    const refunds = await refundsOf(customer.headers, booking.id);
    expect(refunds.map((r: { amount: number; state: string }) => [r.amount, r.state])).toContainEqual([
      400_000,
      'needs_promptpay_id',
    ]);
    expect(refunds.filter((r: { state: string }) => r.state === 'needs_promptpay_id')).toHaveLength(1);
  });

  it('where the gateway takes no PromptPay (the sandbox), it is refused in the customer’s language', async () => {
    const sandbox = await buildTestApp(ctx.database);
    try {
      const car = await makeCar(ctx.database, 2);
      const customer = await makeCustomer(sandbox);
      const made = await createBooking(sandbox, customer.headers, {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(40),
        returnDate: daysFromNow(41),
        paymentMethod: 'card',
        cardToken: goodCardToken,
      });
      const id = made.json().response.data.booking.id as number;
      const refused = await sandbox.inject({
        method: 'POST',
        url: `/api/v1/auth/bookings/${id}/deposit-promptpay`,
        headers: { ...customer.headers, 'accept-language': 'th' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe('ขณะนี้ชำระผ่านพร้อมเพย์ออนไลน์ไม่ได้ เงินประกันจะเก็บที่เคาน์เตอร์ตอนรับรถ');
    } finally {
      await sandbox.close();
    }
  });
});
