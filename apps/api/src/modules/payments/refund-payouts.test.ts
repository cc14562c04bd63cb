import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
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
 * Refunds staff send by hand to a PromptPay ID the customer gives (issue 36 part 3, decision 3650):
 * money paid by transfer goes back when the booking is cancelled; the customer gives the ID (a mobile
 * number, or a 13-digit ID whose check digit matches), staff see it with a PromptPay QR, mark it paid
 * with the bank's reference, and the customer is told. Nobody else reads or sets another's ID.
 *
 * 13-digit IDs worked out by hand (weights 13 down to 2 on the first twelve digits):
 * 1 1 0 1 7 0 0 2 3 0 7 0 → 13 + 12 + 0 + 10 + 63 + 0 + 0 + 12 + 15 + 0 + 21 + 0 = 146;
 * 146 mod 11 = 3; (11 − 3) mod 10 = 8: 1101700230708 is an ID, 1101700230705 is not.
 */
describeEachDatabase('refunds to a PromptPay ID', (ctx) => {
  let app: App;
  let staff: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
    staff = await login(app, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
  });
  afterAll(() => app.close());

  const refundsOf = (headers: Record<string, string>, bookingId: number) =>
    app.inject({ url: `/api/v1/auth/bookings/${bookingId}/refunds`, headers });
  const giveId = (
    headers: Record<string, string>,
    bookingId: number,
    refundId: number,
    payload: object,
    lang = 'en',
  ) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${bookingId}/refunds/${refundId}/promptpay`,
      headers: { ...headers, 'accept-language': lang },
      payload,
    });
  const staffList = async () =>
    (await app.inject({ url: '/api/v1/admin/refunds', headers: staff })).json().response.data as {
      id: number;
      bookingId: number;
      amount: number;
      promptpayId: string | null;
      accountName: string | null;
      qrSvg: string | null;
    }[];

  /** A one-day booking (฿1,000) paid by transfer and confirmed by staff, then cancelled by its customer. */
  async function cancelledTransferBooking() {
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(41),
      paymentMethod: 'bank_transfer',
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking as { id: number; bookingNumber: string };
    await app.services.payments.confirmPayment(booking.id);
    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${booking.id}/cancel`,
      headers: customer.headers,
    });
    // Cancelled within a day of booking, 40 days ahead: no fee, all ฿1,000 goes back.
    expect(cancelled.json().response.data).toMatchObject({ status: 'cancelled', cancellationFee: 0 });
    return { customer, booking };
  }

  it('waits for the ID, is sent to it by staff with the bank’s reference, and the customer sees it paid', async () => {
    const { customer, booking } = await cancelledTransferBooking();
    const cancelMail = (await sentMails(app)).filter(
      (m) => m.to.includes(customer.email) && m.subject.includes('cancelled'),
    );
    expect(cancelMail.at(-1)?.text).toMatch(/Your refund of THB\s1,000\.00 goes to your PromptPay/);

    const waiting = await refundsOf(customer.headers, booking.id);
    expect(waiting.statusCode, waiting.body).toBe(200);
    const [refund] = waiting.json().response.data;
    expect(refund).toMatchObject({
      amount: 100_000,
      state: 'needs_promptpay_id',
      viaGateway: false,
      promptpayId: null,
      accountName: null,
      paidAt: null,
    });
    // Staff see it waiting for the customer's ID: no QR yet.
    expect((await staffList()).find((r) => r.id === refund.id)).toMatchObject({
      bookingId: booking.id,
      amount: 100_000,
      promptpayId: null,
      qrSvg: null,
    });

    const given = await giveId(customer.headers, booking.id, refund.id, {
      promptpayId: '081-234-5678',
      accountName: 'Somchai Jaidee',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().response.data[0]).toMatchObject({
      state: 'being_sent',
      promptpayId: '0812345678',
      accountName: 'Somchai Jaidee',
    });
    // A 13-digit ID whose check digit matches replaces it.
    const byId = await giveId(customer.headers, booking.id, refund.id, {
      promptpayId: '1 1017 00230 70 8',
      accountName: 'Somchai Jaidee',
    });
    expect(byId.json().response.data[0]).toMatchObject({ promptpayId: '1101700230708' });
    const listed = (await staffList()).find((r) => r.id === refund.id)!;
    expect(listed).toMatchObject({ promptpayId: '1101700230708', accountName: 'Somchai Jaidee' });
    expect(listed.qrSvg).toMatch(/^<svg/);

    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refunds/${refund.id}/paid`,
      headers: staff,
      payload: { way: 'promptpay', reference: 'KBANK 2026120615301234' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().response.data).toEqual({
      id: refund.id,
      bookingNumber: booking.bookingNumber,
      amount: 100_000,
    });
    // Once: a second "paid" is refused, and the ID can no longer be changed.
    const twice = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refunds/${refund.id}/paid`,
      headers: staff,
      payload: { way: 'promptpay', reference: 'again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await giveId(customer.headers, booking.id, refund.id, { promptpayId: '0899999999', accountName: 'X' }))
        .statusCode,
    ).toBe(409);
    expect((await staffList()).some((r) => r.id === refund.id)).toBe(false);

    const [seen] = (await refundsOf(customer.headers, booking.id)).json().response.data;
    expect(seen).toMatchObject({ state: 'paid', viaGateway: false, promptpayId: '1101700230708' });
    expect(seen.paidAt).not.toBeNull();
    const [row] = await ctx.database.query<{ status: string; gateway_ref: string; paid_way: string }>(
      `SELECT status, gateway_ref, paid_way FROM payments WHERE id = $1`,
      [refund.id],
    );
    expect(row).toEqual({
      status: 'succeeded',
      gateway_ref: 'KBANK 2026120615301234',
      paid_way: 'promptpay',
    });
    const audit = await ctx.database.query<{
      action: string;
      after: { amount: number; promptpayId?: string };
    }>(`SELECT action, after FROM audit_log WHERE entity = 'payment' AND entity_id = $1`, [
      String(refund.id),
    ]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'payment.refund_paid',
      after: { amount: 100_000, reference: 'KBANK 2026120615301234' },
    });
    // The ID is personal data the audit log would keep past an erasure.
    expect(audit[0]!.after.promptpayId).toBeUndefined();
    const sentMail = (await sentMails(app)).filter(
      (m) =>
        m.to.includes(customer.email) && m.subject === `We have sent your refund: ${booking.bookingNumber}`,
    );
    expect(sentMail).toHaveLength(1);
    // Intl writes a no-break space between THB and the number.
    expect(sentMail[0]!.text).toMatch(/Refunded: THB\s1,000\.00/);
  });

  it('is another customer’s: they can neither read it nor set its ID (404), and it stays as it was', async () => {
    const { customer, booking } = await cancelledTransferBooking();
    const [refund] = (await refundsOf(customer.headers, booking.id)).json().response.data;
    const other = await makeCustomer(app);
    expect((await refundsOf(other.headers, booking.id)).statusCode).toBe(404);
    const stolen = await giveId(other.headers, booking.id, refund.id, {
      promptpayId: '0899999999',
      accountName: 'Not the customer',
    });
    expect(stolen.statusCode).toBe(404);
    // Nor through a booking of their own with someone else's refund number.
    const own = await createBooking(app, other.headers, {
      ...(await (async () => {
        const car = await makeCar(ctx.database, 2);
        return { carModelId: car.carModelId, branchCode: car.branchCode };
      })()),
      pickupDate: daysFromNow(42),
      returnDate: daysFromNow(43),
      paymentMethod: 'bank_transfer',
    });
    const ownId = own.json().response.data.booking.id as number;
    expect(
      (await giveId(other.headers, ownId, refund.id, { promptpayId: '0899999999', accountName: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await refundsOf(customer.headers, booking.id)).json().response.data[0]).toMatchObject({
      state: 'needs_promptpay_id',
      promptpayId: null,
    });
    // My bookings asks once for all of a customer's refunds (not once per booking): only their own.
    const mine = (headers: Record<string, string>) =>
      app.inject({ url: '/api/v1/auth/refunds', headers }).then((r) => r.json().response.data);
    expect(await mine(customer.headers)).toEqual([
      expect.objectContaining({ id: refund.id, bookingId: booking.id, amount: 100_000 }),
    ]);
    expect(await mine(other.headers)).toEqual([]);
  });

  it('refuses an ID that is not one, a wrong check digit in th, en and zh', async () => {
    const { customer, booking } = await cancelledTransferBooking();
    const [refund] = (await refundsOf(customer.headers, booking.id)).json().response.data;
    for (const [lang, message] of [
      ['en', 'This 13-digit ID is not valid: check the digits'],
      ['th', 'เลขประจำตัว 13 หลักนี้ไม่ถูกต้อง กรุณาตรวจสอบตัวเลข'],
      ['zh', '此 13 位号码无效，请检查数字'],
    ] as const) {
      const wrong = await giveId(
        customer.headers,
        booking.id,
        refund.id,
        { promptpayId: '1101700230705', accountName: 'Somchai Jaidee' },
        lang,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toContainEqual(expect.objectContaining({ path: 'promptpayId', message }));
    }
    // Nine digits, or a mobile number not starting with 0: not a PromptPay ID at all.
    for (const promptpayId of ['081234567', '8123456789'])
      expect(
        (
          await giveId(customer.headers, booking.id, refund.id, { promptpayId, accountName: 'Somchai' })
        ).json().errors,
      ).toContainEqual(
        expect.objectContaining({
          path: 'promptpayId',
          message: 'A PromptPay ID is a mobile number of 10 digits starting with 0, or a 13-digit ID',
        }),
      );
    expect((await refundsOf(customer.headers, booking.id)).json().response.data[0].promptpayId).toBeNull();
  });

  it('gives back a deposit paid by PromptPay, all but what is kept, to the customer’s PromptPay ID', async () => {
    const car = await makeCar(ctx.database, 2);
    const set = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/car-models/${car.carModelId}`,
      headers: staff,
      payload: { deposit: 5000 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(50),
      returnDate: daysFromNow(52),
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    const booking = made.json().response.data.booking as { id: number };
    const deposit = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/bookings/${booking.id}/deposit`,
        headers: staff,
        payload,
      });
    const taken = await deposit({ action: 'take', method: 'promptpay' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().response.data.deposit).toMatchObject({
      state: 'held',
      method: 'promptpay',
      amount: 500_000,
    });
    expect((await inspectAtPickup(app, staff, booking.id)).statusCode).toBe(200);
    // ฿5,000 taken, ฿1,200 kept for fuel: ฿3,800 = 380,000 satang goes back.
    const back = await deposit({ action: 'release', kept: 1200, reason: 'Fuel tank a quarter short' });
    expect(back.statusCode, back.body).toBe(200);
    const [refund, ...more] = (await refundsOf(customer.headers, booking.id)).json().response.data;
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ amount: 380_000, state: 'needs_promptpay_id' });
    // The deposit's money is not the booking's: its receipt and payments show no refund.
    expect((await app.services.bookings.payments(booking.id)).map((p) => p.kind)).toEqual(['charge']);
    await giveId(customer.headers, booking.id, refund.id, {
      promptpayId: '0812345678',
      accountName: 'Somchai',
    });
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refunds/${refund.id}/paid`,
      headers: staff,
      payload: { way: 'promptpay', reference: 'SCB 998877' },
    });
    expect(paid.json().response.data).toMatchObject({ amount: 380_000 });
    expect((await refundsOf(customer.headers, booking.id)).json().response.data[0].state).toBe('paid');
  });
});
