import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp, testSettings } from '../../../test/app';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import {
  newTransRef,
  slipQrPayload,
  startSlipProvider,
  type SlipProviderStandIn,
} from '../../../test/slip-provider-stand-in';
import {
  createBooking,
  daysFromNow,
  makeCar,
  makeCustomer,
  slipPicture,
  uploadSlip,
} from '../bookings/booking-fixtures.test-helper';
import { parseSlipQr } from './slip-qr';
import { sameAccount } from './slip-verifier';

/**
 * Automatic slip checks (issue 16): the QR code every Thai bank prints on a
 * slip is read, a transfer pays for one booking only, and the bank (through a
 * slip-verification provider speaking EasySlip's API, here a local stand-in)
 * says whether it pays this booking: then the booking is confirmed at once.
 */
describeEachDatabase('slip checks', (ctx) => {
  let app: App;
  let provider: SlipProviderStandIn;
  // The seeded company account, 123-4-56789-0, as a bank shows it on a slip.
  const ourAccount = 'xxx-x-x6789-x';
  beforeAll(async () => {
    provider = await startSlipProvider();
    const settings = testSettings(provider.settings);
    app = await buildTestApp(ctx.database, { settings });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  const transferBooking = async (
    language = 'en',
    method: 'bank_transfer' | 'promptpay' = 'bank_transfer',
  ) => {
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app, language);
    const res = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(30),
      returnDate: daysFromNow(32),
      paymentMethod: method,
    });
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json().response.data.booking as { id: number; total: number; bookingNumber: string };
    return { customer, booking };
  };

  const slipRow = async (bookingId: number) =>
    (
      await ctx.database.query<{ status: string; check_result: string | null; slip_amount: string | null }>(
        'SELECT status, check_result, slip_amount::text FROM payment_slips WHERE booking_id = $1 ORDER BY id',
        [bookingId],
      )
    ).at(-1);

  it('a slip the bank confirms (amount, our account, after the booking) confirms the booking at once', async () => {
    const { customer, booking } = await transferBooking();
    const payload = provider.transfer({ amountSatang: booking.total, receiverAccount: ourAccount });
    const res = await uploadSlip(app, customer.headers, booking.id, await slipPicture('jpeg', payload));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.data).toMatchObject({
      status: 'confirmed',
      payment: { method: 'bank_transfer' },
    });
    expect(provider.verifyCalls).toContain(payload);
    expect(await slipRow(booking.id)).toMatchObject({ status: 'accepted', check_result: 'verified' });
    expect((await sentMails(app)).some((m) => m.to === customer.email && /confirmed/i.test(m.subject))).toBe(
      true,
    );
  });

  // The seeded PromptPay ID is a tax ID, 0105558000000.
  it('money sent to our PromptPay ID confirms a PromptPay booking the same way', async () => {
    const { customer, booking } = await transferBooking('th', 'promptpay');
    const payload = provider.transfer({ amountSatang: booking.total, receiverProxy: 'x-xxxx-x8000-00-0' });
    const res = await uploadSlip(app, customer.headers, booking.id, await slipPicture('png', payload));
    expect(res.json().response.data.status).toBe('confirmed');
  });

  it('the same slip on a second booking is refused, and on the first again too; nothing is stored', async () => {
    const first = await transferBooking();
    const payload = provider.transfer({
      amountSatang: first.booking.total + 100,
      receiverAccount: ourAccount,
    });
    const picture = await slipPicture('png', payload);
    expect((await uploadSlip(app, first.customer.headers, first.booking.id, picture)).statusCode).toBe(200);
    const second = await transferBooking();
    for (const [headers, id] of [
      [second.customer.headers, second.booking.id],
      [first.customer.headers, first.booking.id],
    ] as const) {
      // Re-encoded as another file: the transfer, not the bytes, is what was used.
      const again = await uploadSlip(
        app,
        headers,
        id,
        await sharp(picture).webp().toBuffer(),
        'slip.webp',
        'image/webp',
      );
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ code: 'SLIP_ALREADY_USED', errors: [{ path: 'file' }] });
    }
    const [{ n }] = (await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_slips WHERE booking_id = $1',
      [second.booking.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('two uploads of one slip for two bookings at once: one is taken, the other refused', async () => {
    const a = await transferBooking();
    const b = await transferBooking();
    const picture = await slipPicture(
      'png',
      provider.transfer({ amountSatang: 1, receiverAccount: ourAccount }),
    );
    const codes = (
      await Promise.all([
        uploadSlip(app, a.customer.headers, a.booking.id, picture),
        uploadSlip(app, b.customer.headers, b.booking.id, picture),
      ])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
  });

  it('a picture without a bank slip QR code is refused with its own code (the site words it in each language)', async () => {
    const { customer, booking } = await transferBooking();
    const blank = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#f0f8ff' } })
      .png()
      .toBuffer();
    // The payment page's own PromptPay QR (a screenshot of it) is not a slip either.
    const paymentQr = await slipPicture(
      'png',
      '00020101021229370016A000000677010111011300668123456785802TH530376454041.006304ABCD',
    );
    for (const file of [blank, paymentQr]) {
      const res = await uploadSlip(app, customer.headers, booking.id, file);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'SLIP_NO_QR', errors: [{ path: 'file' }] });
    }
    expect(await slipRow(booking.id)).toBeUndefined();
  });

  it.each([
    ['amount_mismatch', (total: number) => ({ amountSatang: total - 100, receiverAccount: ourAccount })],
    ['account_mismatch', (total: number) => ({ amountSatang: total, receiverAccount: 'xxx-x-x1111-x' })],
    [
      'date_mismatch',
      (total: number) => ({
        amountSatang: total,
        receiverAccount: ourAccount,
        date: new Date(Date.now() - 86_400_000),
      }),
    ],
  ] as const)(
    'a transfer that does not pay this booking (%s) waits for staff, marked with why',
    async (why, transfer) => {
      const { customer, booking } = await transferBooking();
      const payload = provider.transfer(transfer(booking.total));
      const res = await uploadSlip(app, customer.headers, booking.id, await slipPicture('png', payload));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().response.data).toMatchObject({ status: 'awaiting_payment', slipUploaded: true });
      expect(await slipRow(booking.id)).toMatchObject({ status: 'pending', check_result: why });
    },
  );

  it('a slip the bank does not know, or asked while the provider is down, waits for staff', async () => {
    const unknown = await transferBooking();
    await uploadSlip(app, unknown.customer.headers, unknown.booking.id, await slipPicture());
    expect(await slipRow(unknown.booking.id)).toMatchObject({ status: 'pending', check_result: 'not_found' });

    const down = await transferBooking();
    provider.setDown(true);
    try {
      const payload = provider.transfer({ amountSatang: down.booking.total, receiverAccount: ourAccount });
      const res = await uploadSlip(
        app,
        down.customer.headers,
        down.booking.id,
        await slipPicture('png', payload),
      );
      expect(res.json().response.data.status).toBe('awaiting_payment');
    } finally {
      provider.setDown(false);
    }
    expect(await slipRow(down.booking.id)).toMatchObject({
      status: 'pending',
      check_result: 'provider_unavailable',
    });
  });

  it('a slip the bank does not know keeps the car only until the deadline; one the bank confirms keeps it for staff', async () => {
    const HOUR = 3_600_000;
    const unknown = await transferBooking();
    await uploadSlip(app, unknown.customer.headers, unknown.booking.id, await slipPicture());
    expect(await slipRow(unknown.booking.id)).toMatchObject({ check_result: 'not_found' });
    const mismatch = await transferBooking();
    const short = provider.transfer({
      amountSatang: mismatch.booking.total - 100,
      receiverAccount: ourAccount,
    });
    await uploadSlip(app, mismatch.customer.headers, mismatch.booking.id, await slipPicture('png', short));
    expect(await slipRow(mismatch.booking.id)).toMatchObject({ check_result: 'amount_mismatch' });
    const due = async (id: number) =>
      new Date(
        (
          await ctx.database.query<{ due: string }>(
            'SELECT payment_due_at::text AS due FROM bookings WHERE id = $1',
            [id],
          )
        )[0]!.due,
      ).getTime();
    // A transfer booking's deadline is 24 hours: the unknown transfer's booking expires after it.
    const expired = await app.services.bookings.expireUnpaid(
      new Date((await due(unknown.booking.id)) + 60_000),
    );
    expect(expired).toContain(unknown.booking.id);
    // A transfer the bank knows, of the wrong amount, is money sent: staff decide, the car waits.
    expect(
      await app.services.bookings.expireUnpaid(new Date((await due(mismatch.booking.id)) + 48 * HOUR)),
    ).not.toContain(mismatch.booking.id);
  });

  it('a slip checked while the provider is down keeps the car 12 hours past the deadline, no longer', async () => {
    const HOUR = 3_600_000;
    const down = await transferBooking();
    provider.setDown(true);
    try {
      const payload = provider.transfer({ amountSatang: down.booking.total, receiverAccount: ourAccount });
      await uploadSlip(app, down.customer.headers, down.booking.id, await slipPicture('png', payload));
    } finally {
      provider.setDown(false);
    }
    const [{ due }] = (await ctx.database.query<{ due: string }>(
      'SELECT payment_due_at::text AS due FROM bookings WHERE id = $1',
      [down.booking.id],
    )) as [{ due: string }];
    const deadline = new Date(due).getTime();
    expect(await app.services.bookings.expireUnpaid(new Date(deadline + 11.9 * HOUR))).not.toContain(
      down.booking.id,
    );
    expect(await app.services.bookings.expireUnpaid(new Date(deadline + 12.1 * HOUR))).toContain(
      down.booking.id,
    );
  });

  it('staff see each slip’s check and the transfer the bank reported', async () => {
    const { customer, booking } = await transferBooking();
    const payload = provider.transfer({ amountSatang: booking.total - 5_000, receiverAccount: ourAccount });
    await uploadSlip(app, customer.headers, booking.id, await slipPicture('png', payload));
    const staff = await login(app, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/bookings/${booking.id}`,
      headers: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.data.slips).toEqual([
      expect.objectContaining({
        check: 'amount_mismatch',
        slipAmount: booking.total - 5_000,
        status: 'pending',
      }),
    ]);
  });
});

describeEachDatabase('slip checks without a provider', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('a slip with a bank QR code waits for staff, marked "no provider"; a WebP slip is taken', async () => {
    // Two cars: the last car of a model waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app);
    const created = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(30),
      returnDate: daysFromNow(31),
      paymentMethod: 'bank_transfer',
    });
    const id = created.json().response.data.booking.id as number;
    const res = await uploadSlip(
      app,
      customer.headers,
      id,
      await slipPicture('webp'),
      'slip.webp',
      'image/webp',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.data).toMatchObject({ status: 'awaiting_payment', slipUploaded: true });
    const [row] = await ctx.database.query<{ check_result: string; content_type: string }>(
      'SELECT check_result, content_type FROM payment_slips WHERE booking_id = $1',
      [id],
    );
    expect(row).toEqual({ check_result: 'no_provider', content_type: 'image/webp' });
  });
});

describe('the banks’ slip QR code', () => {
  it('names the sending bank and the transaction; a wrong checksum or a payment QR is no slip', () => {
    const ref = newTransRef();
    const payload = slipQrPayload('004', ref);
    expect(parseSlipQr(payload)).toEqual({
      kind: 'bank',
      payload,
      sendingBank: '004',
      transRef: ref,
      ref: `004:${ref}`,
    });
    expect(parseSlipQr(`${payload.slice(0, -1)}${payload.endsWith('0') ? '1' : '0'}`)).toBeNull();
    expect(parseSlipQr('https://example.com/slip')).toBeNull();
    expect(parseSlipQr(payload.slice(0, 20))).toBeNull();
  });

  it('compares a masked account digit by digit', () => {
    expect(sameAccount('xxx-x-x6789-x', '123-4-56789-0')).toBe(true);
    expect(sameAccount('XXX-X-X6789-X', '1234567890')).toBe(true);
    expect(sameAccount('xxx-x-x6788-x', '123-4-56789-0')).toBe(false);
    expect(sameAccount('xxx-x-xxxxx-x', '123-4-56789-0')).toBe(false);
    expect(sameAccount('xx-x-x6789-x', '123-4-56789-0')).toBe(false);
    expect(sameAccount(null, '123-4-56789-0')).toBe(false);
  });
});
