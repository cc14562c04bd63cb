import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { pdfText } from '../../../test/pdf-text';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login, signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  driver,
  goodCardToken,
  makeCar,
  makeCustomer,
  uploadFile,
} from '../bookings/booking-fixtures.test-helper';

/**
 * The digital hand-over (issue 18, parts 1 and 2): staff photograph the car and write the pickup's
 * condition report (the booking becomes active, the deposit taken), the customer signs the agreement,
 * the return's report adds the late hours from the pricing rules and staff's charges, taken from the
 * deposit; the customer sees it all, and nobody else does.
 */
describeEachDatabase('condition reports, charges and the signed agreement', (ctx) => {
  let app: App;
  let staff: { authorization: string };
  let admin: { authorization: string };
  // The bookings' clock: real time, until a test moves it to the moment a car comes back.
  let clockAt: Date | null = null;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: { now: () => clockAt ?? new Date() } });
    await app.ready();
    staff = await login(app, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
    admin = (await signInEveryone(app)).admin;
  });
  afterAll(() => app.close());

  const photo = (colour: string) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Make: 'PhoneCam', Copyright: 'GPS 13.7563,100.5018' } } })
      .toBuffer();
  const sendPhoto = async (bookingId: number, kind: string, colour = '#c33', headers = staff) =>
    uploadFile(
      app,
      headers,
      `/api/v1/admin/bookings/${bookingId}/condition-reports/${kind}/photos`,
      await photo(colour),
      'car.jpg',
      'image/jpeg',
    );
  const post = (url: string, payload: object, headers: Record<string, string> = staff) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
  const signature = async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 10, 290 60" stroke="#000" stroke-width="4" fill="none"/></svg>`;
    return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  };
  const blankSignature = async () =>
    `data:image/png;base64,${(
      await sharp({
        create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer()
    ).toString('base64')}`;

  /**
   * A paid booking of a car of our own (฿1,000 a day, ฿5,000 deposit) with a late-return rule of 10 %
   * an hour; `extra`: more of the booking form (a company's details).
   */
  async function paidBooking(extra: object = {}) {
    const car = await makeCar(ctx.database, 1);
    const rule = await post(
      '/admin/pricing-rules',
      {
        kind: 'late',
        name: { th: 'ชั่วโมงเพิ่ม', en: 'Extra hours', zh: '超时' },
        graceHours: 1,
        percent: 10,
        categoryIds: [car.categoryId],
      },
      admin,
    );
    expect(rule.statusCode, rule.body).toBe(200);
    const customer = await makeCustomer(app, 'th');
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(5),
      returnDate: daysFromNow(7),
      paymentMethod: 'card',
      cardToken: goodCardToken,
      ...extra,
    });
    expect(made.statusCode, made.body).toBe(200);
    return { car, customer, booking: made.json().response.data.booking };
  }

  it('records the pickup, the signature and the return with its charges taken from the deposit', async () => {
    const { car, customer, booking } = await paidBooking();
    // Staff have entered the car's VIN in the back office (issue 35 part 9): the agreement names it.
    const [unit] = (
      await app.inject({ url: `/api/v1/admin/units?carModelId=${car.carModelId}`, headers: admin })
    ).json().response.data as { id: number; plate: string }[];
    const vin = 'MR0CR4TEST0R00042';
    const entered = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/units/${unit!.id}`,
      headers: admin,
      payload: { vin },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(booking).toMatchObject({
      status: 'confirmed',
      conditionReports: [],
      charges: [],
      agreement: null,
    });

    // No report without a photo; photos are re-encoded without their metadata.
    const none = await post(`/admin/bookings/${booking.id}/condition-reports/pickup`, {
      fuelEighths: 8,
      mileageKm: 12000,
      photoIds: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toBe('photoIds');
    const front = await sendPhoto(booking.id, 'pickup', '#c33');
    const back = await sendPhoto(booking.id, 'pickup', '#33c');
    expect(front.statusCode, front.body).toBe(200);
    const photoIds = [front.json().response.data.id, back.json().response.data.id];
    expect((await sendPhoto(booking.id, 'return')).statusCode).toBe(409); // not out yet

    const pickup = await post(`/admin/bookings/${booking.id}/condition-reports/pickup`, {
      fuelEighths: 8,
      mileageKm: 12000,
      damage: [{ x: 20, y: 30, type: 'scratch', note: 'front left bumper' }],
      notes: 'Clean inside',
      photoIds,
      depositMethod: 'cash',
    });
    expect(pickup.statusCode, pickup.body).toBe(200);
    const out = pickup.json().response.data;
    expect(out).toMatchObject({
      status: 'active',
      deposit: { state: 'held', method: 'cash', amount: 500_000 },
      canSignAgreement: true,
      conditionReports: [
        {
          kind: 'pickup',
          fuelEighths: 8,
          mileageKm: 12000,
          damage: [{ x: 20, y: 30, type: 'scratch', note: 'front left bumper' }],
          notes: 'Clean inside',
          photos: photoIds.map((id) => ({ id })),
        },
      ],
    });
    // Once only.
    expect(
      (
        await post(`/admin/bookings/${booking.id}/condition-reports/pickup`, {
          fuelEighths: 8,
          mileageKm: 1,
          photoIds,
        })
      ).statusCode,
    ).toBe(409);

    // The customer sees the photos of their booking; nobody else does.
    const own = await app.inject({
      url: `/api/v1/auth/bookings/${booking.id}/condition-photos/${photoIds[0]}`,
      headers: customer.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    const stranger = await makeCustomer(app);
    for (const url of [
      `/api/v1/auth/bookings/${booking.id}/condition-photos/${photoIds[0]}`,
      `/api/v1/auth/bookings/${booking.id}/agreement`,
    ])
      expect((await app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          url: `/api/v1/admin/bookings/${booking.id}/condition-photos/${photoIds[0]}`,
          headers: customer.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          `/auth/bookings/${booking.id}/agreement`,
          { signature: await signature() },
          stranger.headers,
        )
      ).statusCode,
    ).toBe(404);

    // An empty box is not a signature; a drawn one signs once, with the PDF's SHA-256 kept.
    const blank = await post(
      `/auth/bookings/${booking.id}/agreement`,
      { signature: await blankSignature() },
      customer.headers,
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].path).toBe('signature');
    const signed = await post(
      `/auth/bookings/${booking.id}/agreement`,
      { signature: await signature() },
      customer.headers,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const agreement = signed.json().response.data.agreement;
    expect(agreement).toMatchObject({ signerName: 'Somchai Jaidee' });
    expect(signed.json().response.data.canSignAgreement).toBe(false);
    expect(
      (await post(`/admin/bookings/${booking.id}/agreement`, { signature: await signature() })).statusCode,
    ).toBe(409);
    for (const headers of [customer.headers, staff]) {
      const file = await app.inject({
        url: `/api/v1/${headers === staff ? 'admin' : 'auth'}/bookings/${booking.id}/agreement`,
        headers,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(agreement.sha256);
    }
    // Issue 35 part 9: the agreement names the car handed over by its plate and its VIN (read back with pdftotext).
    const paper = pdfText(
      (await app.inject({ url: `/api/v1/auth/bookings/${booking.id}/agreement`, headers: customer.headers }))
        .rawPayload,
    );
    expect(paper).toContain('Vehicle identification number (VIN)');
    expect(paper).toContain(vin);
    expect(paper).toContain(unit!.plate);

    // Back 3 h 10 min after the booked 18:00: four started hours at 10 % of ฿1,000; cleaning ฿300.
    const returnPhoto = (await sendPhoto(booking.id, 'return', '#3c3')).json().response.data.id;
    const booked = new Date(`${booking.returnDate}T${booking.returnTime}:00+07:00`);
    clockAt = new Date(booked.getTime() + (3 * 60 + 10) * 60_000);
    try {
      const lower = await post(`/admin/bookings/${booking.id}/condition-reports/return`, {
        fuelEighths: 6,
        mileageKm: 11000,
        photoIds: [returnPhoto],
      });
      expect(lower.statusCode).toBe(400);
      expect(lower.json().errors[0].path).toBe('mileageKm');
      const tooMuch = await post(`/admin/bookings/${booking.id}/condition-reports/return`, {
        fuelEighths: 6,
        mileageKm: 12450,
        photoIds: [returnPhoto],
        charges: [{ kind: 'damage', amount: 6000, note: 'door' }],
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().errors[0].path).toBe('charges');
      const back = await post(`/admin/bookings/${booking.id}/condition-reports/return`, {
        fuelEighths: 6,
        mileageKm: 12450,
        damage: [{ x: 70, y: 60, type: 'dent', note: 'rear door' }],
        photoIds: [returnPhoto],
        charges: [{ kind: 'cleaning', amount: 300, note: 'sand' }],
      });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().response.data).toMatchObject({
        status: 'completed',
        charges: [
          { kind: 'late', amount: 40_000, hours: 4, note: '' },
          { kind: 'cleaning', amount: 30_000, hours: null, note: 'sand' },
        ],
        chargesTotal: 70_000,
        deposit: { state: 'partly_released', kept: 70_000 },
      });
      expect(back.json().response.data.conditionReports.map((r: { kind: string }) => r.kind)).toEqual([
        'pickup',
        'return',
      ]);
    } finally {
      clockAt = null;
    }
    const [row] = await ctx.database.query<{ returned: string }>(
      `SELECT to_char(returned_at AT TIME ZONE 'Asia/Bangkok', 'HH24:MI') AS returned FROM bookings WHERE id = $1`,
      [booking.id],
    );
    expect(row!.returned).toBe('21:10');

    // The customer sees it in My bookings, and was mailed it.
    const mine = (
      await app.inject({ url: `/api/v1/auth/bookings/${booking.id}?lng=th`, headers: customer.headers })
    ).json().response.data;
    expect(mine.chargesTotal).toBe(70_000);
    // Mailed in the language the booking was made in (English here; the journey reads it in Thai).
    const mail = (await sentMails(app)).find(
      (m) =>
        m.to.includes(customer.email) && m.subject === `Your car is back with us: ${booking.bookingNumber}`,
    );
    expect(mail?.text).toContain('Late return (4 h)');
    expect(mail?.text).toContain('Cleaning, sand');
    expect(mail?.text).toContain('Taken from the deposit');
    // Audited.
    const log = (
      await app.inject({
        url: `/api/v1/admin/audit-log?entityId=${booking.id}&entity=booking`,
        headers: admin,
      })
    )
      .json()
      .response.data.map((e: { action: string }) => e.action);
    expect(log).toEqual(
      expect.arrayContaining(['booking.pickup_report', 'booking.return_report', 'booking.deposit_released']),
    );
  });

  it('charges nothing for a car back within the courtesy half hour, and gives the whole deposit back', async () => {
    const { booking } = await paidBooking();
    const pickupPhoto = (await sendPhoto(booking.id, 'pickup')).json().response.data.id;
    const out = await post(`/admin/bookings/${booking.id}/condition-reports/pickup`, {
      fuelEighths: 4,
      mileageKm: 500,
      photoIds: [pickupPhoto],
      depositMethod: 'cash',
    });
    expect(out.statusCode, out.body).toBe(200);
    const returnPhoto = (await sendPhoto(booking.id, 'return')).json().response.data.id;
    const booked = new Date(`${booking.returnDate}T${booking.returnTime}:00+07:00`);
    clockAt = new Date(booked.getTime() + 25 * 60_000);
    try {
      const future = await post(`/admin/bookings/${booking.id}/condition-reports/return`, {
        fuelEighths: 4,
        mileageKm: 700,
        photoIds: [returnPhoto],
        returnedAt: new Date(clockAt.getTime() + 3_600_000).toISOString(),
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().errors[0].path).toBe('returnedAt');
      const back = await post(`/admin/bookings/${booking.id}/condition-reports/return`, {
        fuelEighths: 4,
        mileageKm: 700,
        photoIds: [returnPhoto],
      });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().response.data).toMatchObject({
        charges: [],
        chargesTotal: 0,
        deposit: { state: 'released', kept: 0 },
      });
    } finally {
      clockAt = null;
    }
  });

  it('mails a walk-in without an account the return at the email its driver gave at the counter', async () => {
    // Issue 35 part 9: the back office says the customer is emailed; a walk-in has no account.
    const car = await makeCar(ctx.database, 1);
    const email = `walk-in-${Date.now()}@example.com`;
    const made = await post('/admin/bookings?lng=en', {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(5),
      returnDate: daysFromNow(7),
      driver: { ...driver, email },
      paymentMethod: 'cash',
      paid: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking ?? made.json().response.data;
    const pickupPhoto = (await sendPhoto(booking.id, 'pickup')).json().response.data.id;
    const out = await post(`/admin/bookings/${booking.id}/condition-reports/pickup`, {
      fuelEighths: 4,
      mileageKm: 500,
      photoIds: [pickupPhoto],
      depositMethod: 'cash',
    });
    expect(out.statusCode, out.body).toBe(200);
    const returnPhoto = (await sendPhoto(booking.id, 'return')).json().response.data.id;
    const back = await post(`/admin/bookings/${booking.id}/condition-reports/return`, {
      fuelEighths: 4,
      mileageKm: 700,
      photoIds: [returnPhoto],
    });
    expect(back.statusCode, back.body).toBe(200);
    const mail = (await sentMails(app)).find(
      (m) =>
        m.to.includes(email) &&
        m.subject.endsWith(booking.bookingNumber) &&
        /back with us|รับรถคืน|已归还/.test(m.subject),
    );
    expect(mail, 'the return mail to the walk-in driver').toBeDefined();
  });

  it('lets the customer sign on staff’s phone, and refuses a report for a booking not paid', async () => {
    const { booking } = await paidBooking();
    expect(
      (await post(`/admin/bookings/${booking.id}/agreement`, { signature: await signature() })).statusCode,
    ).toBe(409); // not handed over yet
    const id = (await sendPhoto(booking.id, 'pickup')).json().response.data.id;
    await post(`/admin/bookings/${booking.id}/condition-reports/pickup`, {
      fuelEighths: 8,
      mileageKm: 10,
      photoIds: [id],
    });
    const signed = await post(`/admin/bookings/${booking.id}/agreement`, {
      signature: await signature(),
      signerName: 'Li Wei',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().response.data.agreement.signerName).toBe('Li Wei');

    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const unpaidCar = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app);
    const unpaid = await createBooking(app, customer.headers, {
      carModelId: unpaidCar.carModelId,
      branchCode: unpaidCar.branchCode,
      pickupDate: daysFromNow(5),
      returnDate: daysFromNow(6),
      paymentMethod: 'bank_transfer',
    });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect((await sendPhoto(unpaid.json().response.data.booking.id, 'pickup')).statusCode).toBe(409);
    // Not a picture at all.
    const junk = await uploadFile(
      app,
      staff,
      `/api/v1/admin/bookings/${booking.id}/condition-reports/return/photos`,
      Buffer.from('not a picture'),
      'x.jpg',
      'image/jpeg',
    );
    expect(junk.statusCode).toBe(415);
  });

  it('puts the charges after a return on the company’s tax documents: a debit note, or the invoice itself', async () => {
    const company = {
      companyName: 'บริษัท ทดสอบการเดินทาง จำกัด',
      address: '123 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
      subDistrictCode: '103301',
      postcode: '10110',
      taxId: '0105558000006',
      branch: '00000',
    };
    /** A paid company booking, picked up, back 3 h 10 min late with fuel, cleaning and damage charged. */
    const returned = async (invoiceFirst: boolean) => {
      const { customer, booking } = await paidBooking({ taxInvoice: company });
      const invoiceUrl = `/api/v1/auth/bookings/${booking.id}/tax-invoice?format=xml`;
      if (invoiceFirst)
        expect((await app.inject({ url: invoiceUrl, headers: customer.headers })).statusCode).toBe(200);
      const photoId = (await sendPhoto(booking.id, 'pickup')).json().response.data.id;
      const pickup = await post(`/admin/bookings/${booking.id}/condition-reports/pickup`, {
        fuelEighths: 8,
        mileageKm: 12000,
        photoIds: [photoId],
        depositMethod: 'cash',
      });
      expect(pickup.statusCode, pickup.body).toBe(200);
      const returnPhoto = (await sendPhoto(booking.id, 'return', '#3c3')).json().response.data.id;
      clockAt = new Date(
        new Date(`${booking.returnDate}T${booking.returnTime}:00+07:00`).getTime() + (3 * 60 + 10) * 60_000,
      );
      try {
        const back = await post(`/admin/bookings/${booking.id}/condition-reports/return`, {
          fuelEighths: 4,
          mileageKm: 12450,
          photoIds: [returnPhoto],
          charges: [
            { kind: 'fuel', amount: 500, note: '' },
            { kind: 'cleaning', amount: 300, note: 'sand' },
            { kind: 'damage', amount: 1000, note: 'mirror' },
          ],
        });
        expect(back.statusCode, back.body).toBe(200);
        return { customer, booking, after: back.json().response.data, invoiceUrl };
      } finally {
        clockAt = null;
      }
    };

    // Invoiced before: a debit note for the late hours, fuel and cleaning (฿400 + ฿500 + ฿300); the
    // damage is compensation, not a service, and stays off the tax documents.
    const first = await returned(true);
    expect(first.after.taxInvoice.notes).toEqual([
      expect.objectContaining({ kind: 'debit', total: 120_000 }),
    ]);
    const note = await app.inject({
      url: `/api/v1/auth/bookings/${first.booking.id}/tax-notes/${first.after.taxInvoice.notes[0].number}?format=xml`,
      headers: first.customer.headers,
    });
    expect(note.statusCode).toBe(200);
    expect(note.body).toContain(
      '<ram:TypeCode listID="1001_ThaiDocumentNameCodeInvoice" listAgencyID="RD/ETDA" listVersionID="1.0">80</ram:TypeCode>',
    );
    expect(note.body).toContain('<ram:PurposeCode>DBNS99</ram:PurposeCode>');
    expect(note.body).toContain('<ram:GrandTotalAmount currencyID="THB">1200.00</ram:GrandTotalAmount>');

    // Invoiced after: the invoice carries them as lines of their own; no note.
    const second = await returned(false);
    const invoice = await app.inject({ url: second.invoiceUrl, headers: second.customer.headers });
    expect(invoice.statusCode).toBe(200);
    const total = second.booking.total + 120_000;
    expect(invoice.body).toContain(
      `<ram:GrandTotalAmount currencyID="THB">${(total / 100).toFixed(2)}</ram:GrandTotalAmount>`,
    );
    for (const line of ['Late return (4 h)', 'Fuel', 'Cleaning, sand']) expect(invoice.body).toContain(line);
    expect(invoice.body).not.toContain('mirror');
    const view = (
      await app.inject({
        url: `/api/v1/auth/bookings/${second.booking.id}`,
        headers: second.customer.headers,
      })
    ).json().response.data;
    expect(view.taxInvoice.notes).toEqual([]);
  });
});
