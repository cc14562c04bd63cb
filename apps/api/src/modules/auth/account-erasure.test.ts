import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login as signInStaff } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { withFormToken } from '../../../test/form-token';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  makeCar,
  slipPicture,
  uploadSlip,
} from '../bookings/booking-fixtures.test-helper';

/**
 * PDPA erasure where it matters (issue 19): a customer with bookings, a review,
 * a slip, a contact message and mailed links calls DELETE /auth/account; after
 * it, no row of any table and no stored file holds their name, email, phone,
 * ID number or slip. Bookings stay (accounting law), anonymised.
 */
describeEachDatabase('erasing an account', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  /** Every text of every row of every table in the test's schema, one string per table. */
  async function everything(): Promise<Record<string, string>> {
    const tables = await ctx.database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const out: Record<string, string> = {};
    for (const { table_name } of tables)
      out[table_name] = JSON.stringify(await ctx.database.query(`SELECT * FROM "${table_name}"`));
    return out;
  }

  it('leaves no row and no file with the customer’s name, email, phone, ID number, driving licence, second driver, flight, slip or PromptPay ID for a refund', async () => {
    const tag = `${ctx.kind}${Date.now().toString(36)}`;
    const person = {
      email: `erase.${tag}@example.com`,
      firstName: `Pimchanok${tag}`,
      lastName: `Srisuk${tag}`,
      phone: '0891234567',
      idNumber: `PASS${tag.toUpperCase().slice(-8)}`,
      licenceNumber: `LIC${tag.toUpperCase().slice(-8)}`,
      secondDriver: `Anong${tag}`,
      // The flight they arrive on (an airport pickup, decision 3602): it says where they travel.
      flightNumber: `TG ${String(Date.now()).slice(-4)}`,
      // A 13-digit ID to receive a refund by PromptPay (check digit worked out by hand: 0).
      promptPayId: '1101700203450',
    };
    const reg = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: person.email,
        password: 'secret-123',
        firstName: person.firstName,
        lastName: person.lastName,
        phone: person.phone,
      },
    });
    expect(reg.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: person.email, password: 'secret-123' },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const userId = login.json().user.id as number;

    // Two bookings with the driver's details: one paid by transfer with a slip, one later reviewed.
    const car = await makeCar(ctx.database, 4);
    const driver = {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      idNumber: person.idNumber,
      birthDate: '1991-02-03',
      licenceNumber: person.licenceNumber,
      licenceCountry: 'GB',
      licenceIssued: '2012-04-05',
      licenceExpiry: '2036-04-05',
      internationalPermit: true,
    };
    const first = await createBooking(app, headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(20),
      returnDate: daysFromNow(22),
      paymentMethod: 'bank_transfer',
      flightNumber: person.flightNumber,
      driver,
      additionalDrivers: [
        {
          firstName: person.secondDriver,
          lastName: person.lastName,
          birthDate: '1992-07-08',
          licenceNumber: `${person.licenceNumber}B`,
          licenceCountry: 'TH',
          licenceIssued: '2014-01-02',
          licenceExpiry: '2031-01-02',
        },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const booking = first.json().response.data.booking;
    expect((await uploadSlip(app, headers, booking.id, await slipPicture())).statusCode).toBe(200);
    await app.services.payments.confirmPayment(booking.id);
    await ctx.database.query(`UPDATE bookings SET status = 'completed' WHERE id = $1`, [booking.id]);
    const review = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${booking.id}/review`,
      headers,
      payload: { rating: 5, text: `Great car, thank you! Signed ${person.firstName}` },
    });
    expect(review.statusCode, review.body).toBe(200);
    // A second booking paid by transfer and cancelled: its refund waits for staff, sent to the PromptPay
    // ID the customer gave with the name on their account (decision 3650): both are theirs to erase.
    const second = await createBooking(app, headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(41),
      paymentMethod: 'bank_transfer',
      driver,
    });
    expect(second.statusCode, second.body).toBe(200);
    const refunded = second.json().response.data.booking as { id: number };
    await app.services.payments.confirmPayment(refunded.id);
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${refunded.id}/cancel`,
      headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [refund] = (
      await app.inject({ url: `/api/v1/auth/bookings/${refunded.id}/refunds`, headers })
    ).json().response.data as { id: number }[];
    const payout = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${refunded.id}/refunds/${refund!.id}/promptpay`,
      headers,
      payload: { promptpayId: person.promptPayId, accountName: `${person.firstName} ${person.lastName}` },
    });
    expect(payout.statusCode, payout.body).toBe(200);
    // Staff send it and mark it paid: the audit log records the payment too.
    const staff = await signInStaff(app, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/refunds/${refund!.id}/paid`,
      headers: staff,
      payload: { way: 'promptpay', reference: 'KBANK 2026120618001234' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // A contact message under the same email.
    const contact = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/contact',
      payload: withFormToken(app, {
        fullName: `${person.firstName} ${person.lastName}`,
        email: person.email,
        subject: 'Child seat',
        message: `Call me on ${person.phone} please`,
        language: 'en',
        website: '',
        formAgeMs: 9000,
      }),
    });
    expect(contact.statusCode).toBe(200);

    const slipsDir = path.join(app.settings.dataDir, 'uploads', 'slips');
    const slipFiles = () =>
      existsSync(slipsDir) ? readdirSync(slipsDir).filter((f) => f.startsWith(`${booking.id}-`)) : [];
    expect(slipFiles()).toHaveLength(1);
    const before = await everything();
    const needles = [
      person.email,
      person.firstName,
      person.lastName,
      person.phone,
      person.idNumber,
      person.licenceNumber,
      person.secondDriver,
      person.flightNumber,
      person.promptPayId,
    ];
    for (const needle of needles)
      expect(
        Object.values(before).some((text) => text.includes(needle)),
        `before: ${needle}`,
      ).toBe(true);

    const erase = await app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers,
      payload: { password: 'secret-123', confirm: true },
    });
    expect(erase.statusCode, erase.body).toBe(200);

    const after = await everything();
    const leaks = Object.entries(after).flatMap(([table, text]) =>
      needles.filter((needle) => text.includes(needle)).map((needle) => `${table}: ${needle}`),
    );
    expect(leaks).toEqual([]);
    expect(slipFiles()).toEqual([]);
    // What the law keeps stays: the booking, its number, dates and amounts.
    const [kept] = await ctx.database.query<{
      booking_number: string;
      total_amount: string;
      user_id: number;
    }>('SELECT booking_number, total_amount::text, user_id FROM bookings WHERE id = $1', [booking.id]);
    expect(kept).toMatchObject({ booking_number: booking.bookingNumber, user_id: userId });
    // And the person can no longer sign in.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: person.email, password: 'secret-123' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
