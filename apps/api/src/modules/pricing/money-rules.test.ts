import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
  slipPicture,
  uploadSlip,
} from '../bookings/booking-fixtures.test-helper';
import { lateReturnCharge } from './pricing-rules';

/**
 * The money rules a deliberate mistake once slipped past (issue 32, part 1), each pinned with
 * figures worked out by hand in the comments: VAT is 7/107 of a VAT-inclusive total, rounded to the
 * satang; makeCar's cars cost ฿1,000 a day unless given a price, and no pricing rule covers their
 * category of their own.
 */

const HOUR = 3_600_000;

describe('late return (decision 1804)', () => {
  const bookedReturnAt = new Date('2026-12-10T11:00:00Z'); // 18:00 in Bangkok
  const late = (hours: number) =>
    lateReturnCharge({
      bookedReturnAt,
      returnedAt: new Date(bookedReturnAt.getTime() + hours * HOUR),
      dailyPrice: 100_000, // ฿1,000 a day
      rule: { graceHours: 1, percent: 10 },
    });

  it('never costs more than a day’s price for each started day: 20 h late at 10 % of ฿1,000 is ฿1,000, not ฿2,000', () => {
    // 4 h × 10 % × ฿1,000 = ฿400 (under the cap).
    expect(late(4)).toEqual({ hours: 4, amount: 40_000 });
    // 20 h × ฿100 = ฿2,000 > one day's ฿1,000: capped at ฿1,000.
    expect(late(20)).toEqual({ hours: 20, amount: 100_000 });
    // 26 h: one whole day ฿1,000 + 2 h × ฿100 = ฿1,200.
    expect(late(26)).toEqual({ hours: 26, amount: 120_000 });
    // 47 h: one whole day ฿1,000 + 23 h × ฿100 = ฿2,300, capped to ฿1,000 for the second day = ฿2,000.
    expect(late(47)).toEqual({ hours: 47, amount: 200_000 });
  });
});

describeEachDatabase('money rules', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  let staff: { authorization: string };
  // The bookings' clock: real time unless a test sets it.
  let now: Date | null = null;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: { now: () => now ?? new Date() } });
    const a = demoStaffAccounts.find((x) => x.role === 'admin')!;
    admin = await login(app, a.email, a.password);
    const s = demoStaffAccounts.find((x) => x.role === 'staff')!;
    staff = await login(app, s.email, s.password);
  });
  afterAll(() => app.close());

  const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
  const get = (url: string, headers: Record<string, string>) => app.inject({ url: `/api/v1${url}`, headers });
  const company = {
    companyName: 'บริษัท ทดสอบการเดินทาง จำกัด',
    address: '123 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
    subDistrictCode: '103301',
    postcode: '10110',
    taxId: '0105558000006',
    branch: '00000',
  };
  /** The header sums of an e-Tax XML document (an invoice or a note), as written (baht with two decimals). */
  const sumsOf = (xml: string) => {
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);
    const root =
      doc['rsm:TaxInvoice_CrossIndustryInvoice'] ?? doc['rsm:DebitCreditNote_CrossIndustryInvoice'];
    const sums =
      root['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeSettlement'][
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation'
      ];
    const amount = (key: string) => String(sums[key]['#text'] ?? sums[key]);
    return {
      net: amount('ram:TaxBasisTotalAmount'),
      vat: amount('ram:TaxTotalAmount'),
      total: amount('ram:GrandTotalAmount'),
    };
  };
  const bangkokYear = () => new Date(Date.now() + 7 * HOUR).getUTCFullYear();

  it("states a company's monthly invoice VAT as 7/107 of its total: ฿10,700 → VAT ฿700.00, net ฿10,000.00", async () => {
    now = null;
    const car = await makeCar(ctx.database, 1, { price: '10700.00' });
    const account = await post('/admin/companies', admin, {
      buyer: company,
      billingEmail: 'ap@thot-sop.co.th',
    });
    expect(account.statusCode, account.body).toBe(200);
    const companyId = account.json().response.data.id as number;
    const member = await makeCustomer(app);
    expect(
      (await post(`/admin/companies/${companyId}/members`, admin, { email: member.email, role: 'manager' }))
        .statusCode,
    ).toBe(200);
    const pickupDate = daysFromNow(3);
    const made = await createBooking(app, member.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate,
      returnDate: daysFromNow(4),
      paymentMethod: 'company_account',
    });
    expect(made.statusCode, made.body).toBe(200);
    // One day at ฿10,700.
    expect(made.json().response.data.booking.total).toBe(1_070_000);

    // The month of the pickup has ended: the first day of the next month, 09:00 in Bangkok.
    const [y, m] = pickupDate.split('-').map(Number) as [number, number];
    now = new Date(`${m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`}-01T02:00:00Z`);
    const issued = await post(`/admin/companies/${companyId}/invoices`, staff);
    expect(issued.statusCode, issued.body).toBe(200);
    const [invoice] = issued.json().response.data as { number: string }[];
    now = null;
    expect(invoice).toBeTruthy();

    // VAT = 10,700 × 7 / 107 = 700.00 exactly; net = 10,700 − 700 = 10,000.00.
    const xml = await get(`/admin/companies/${companyId}/invoices/${invoice!.number}?format=xml`, staff);
    expect(xml.statusCode).toBe(200);
    expect(sumsOf(xml.body)).toEqual({ net: '10000.00', vat: '700.00', total: '10700.00' });
    const [stored] = await ctx.database.query<{ net: string; vat: string; total: string }>(
      `SELECT net_amount::text AS net, vat_amount::text AS vat, total_amount::text AS total
       FROM tax_invoices WHERE number = $1`,
      [invoice!.number],
    );
    expect(stored).toEqual({ net: '10000.00', vat: '700.00', total: '10700.00' });
  });

  it('numbers credit and debit notes in series of their own: the first debit note after a credit note at a fresh branch is DN-…-000001', async () => {
    const car = await makeCar(ctx.database, 1); // a branch of its own: no note issued there yet
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(90),
      returnDate: daysFromNow(92),
      paymentMethod: 'card',
      cardToken: goodCardToken,
      taxInvoice: company,
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking.total).toBe(200_000); // 2 days × ฿1,000
    expect((await get(`/auth/bookings/${booking.id}/tax-invoice`, customer.headers)).statusCode).toBe(200);
    const change = (payload: object) =>
      post(`/auth/bookings/${booking.id}/change`, customer.headers, payload);
    const branch = car.branchCode.toUpperCase();
    const year = bangkokYear();

    // 2 days → 1 day: ฿2,000 − ฿1,000 = a credit note of ฿1,000.
    const shorter = await change({ pickupDate: daysFromNow(90), returnDate: daysFromNow(91) });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json().response.data.booking.taxInvoice.notes).toEqual([
      { number: `CN-${branch}-${year}-000001`, kind: 'credit', issuedAt: expect.any(String), total: 100_000 },
    ]);

    // 1 day → 3 days: ฿3,000 − ฿1,000 = a debit note of ฿2,000, the first of its own series.
    const longer = await change({
      pickupDate: daysFromNow(90),
      returnDate: daysFromNow(93),
      cardToken: goodCardToken,
    });
    expect(longer.statusCode, longer.body).toBe(200);
    const debit = longer.json().response.data.booking.taxInvoice.notes[1];
    expect(debit).toEqual({
      number: `DN-${branch}-${year}-000001`,
      kind: 'debit',
      issuedAt: expect.any(String),
      total: 200_000,
    });
    // VAT of ฿2,000 = 2,000 × 7 / 107 = 130.841… → ฿130.84; net 2,000 − 130.84 = ฿1,869.16.
    const xml = await get(
      `/auth/bookings/${booking.id}/tax-notes/${debit.number}?format=xml`,
      customer.headers,
    );
    expect(xml.statusCode).toBe(200);
    expect(sumsOf(xml.body)).toEqual({ net: '1869.16', vat: '130.84', total: '2000.00' });
  });

  it('gives a transfer booking made at 21:00 Bangkok until 21:00 the next day for its slip (spec §4, §9: 24 hours): taken at 20:59, refused with 409 at 21:00 and 21:01', async () => {
    // Tomorrow at 21:00 in Bangkok (14:00 UTC); the slip may come until the day after at 21:00 (14:00 UTC).
    const bookedOn = daysFromNow(1);
    const nextDay = daysFromNow(2);
    now = new Date(`${bookedOn}T21:00:00+07:00`);
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(20),
      returnDate: daysFromNow(22),
      paymentMethod: 'bank_transfer',
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking.payBy).toBe(`${nextDay}T14:00:00.000Z`);

    // An evening booking is not cancelled overnight: the morning after, and at 20:59, still open.
    now = new Date(`${nextDay}T08:00:00+07:00`);
    expect(await app.services.bookings.expireUnpaid(now)).not.toContain(booking.id);
    for (const at of [`${nextDay}T21:00:00+07:00`, `${nextDay}T21:01:00+07:00`]) {
      now = new Date(at);
      const late = await uploadSlip(app, customer.headers, booking.id, await slipPicture());
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toMatchObject({
        code: 'CONFLICT',
        msg: 'The time to pay for this booking has passed',
      });
    }
    const view = await get(`/auth/bookings/${booking.id}`, customer.headers);
    expect(view.json().response.data.slipUploaded).toBe(false);

    // At 20:59 the next day, a minute before, the same slip is taken.
    now = new Date(`${nextDay}T20:59:00+07:00`);
    const inTime = await uploadSlip(app, customer.headers, booking.id, await slipPicture());
    now = null;
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json().response.data.slipUploaded).toBe(true);
  });

  it('prices a change at the booking’s agreed daily price even after the list price changed (decision 1703)', async () => {
    now = null;
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(30),
      returnDate: daysFromNow(32),
      paymentMethod: 'bank_transfer',
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking.total).toBe(200_000); // 2 days × ฿1,000

    // The list price goes up after the booking was made.
    await ctx.database.query(`UPDATE car_models SET price_per_day = '1500.00' WHERE id = $1`, [
      car.carModelId,
    ]);
    const dates = { pickupDate: daysFromNow(30), returnDate: daysFromNow(33) };
    // 3 days × the agreed ฿1,000 = ฿3,000 (at today's ฿1,500 it would be ฿4,500).
    const quote = await post(`/auth/bookings/${booking.id}/change/quote`, customer.headers, dates);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().response.data).toMatchObject({ total: 300_000 });
    const changed = await post(`/auth/bookings/${booking.id}/change`, customer.headers, dates);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().response.data.booking).toMatchObject({
      pricePerDay: 100_000,
      rentalAmount: 300_000,
      total: 300_000,
    });
    // VAT in ฿3,000 = 3,000 × 7 / 107 = 196.261… → ฿196.26.
    expect(changed.json().response.data.booking.vat).toBe(19_626);
  });
});
