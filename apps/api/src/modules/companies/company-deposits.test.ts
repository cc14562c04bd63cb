import { isThaiTaxId } from '@siam/contract/tax-invoices';
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
  inspectAtPickup,
  makeCar,
  makeCustomer,
  uploadFile,
} from '../bookings/booking-fixtures.test-helper';

let taxSeq = 0;
/** A valid tax ID of this test's own (the check digit computed), so each company is new. */
function newTaxId(): string {
  for (;;) {
    taxSeq += 1;
    const first12 = `0107${String(Date.now() % 1e6).padStart(6, '0')}${String(taxSeq % 100).padStart(2, '0')}`;
    for (let d = 0; d < 10; d++) if (isThaiTaxId(`${first12}${d}`)) return `${first12}${d}`;
  }
}

/** The first day of the month after the one `date` (YYYY-MM-DD) is in, at 09:00 Bangkok. */
const monthAfter = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return new Date(`${next}-01T02:00:00Z`);
};

/**
 * Deposits billed to the company (issue 36 part 6, decisions 3612 and 3662): an account with the
 * setting books its members' cars with the deposit `on_account`: nothing is taken from the employee at
 * the hand-over, the booking and the mail say the company covers it, and what staff keep at the return
 * (fuel, damage) is a line of the company's monthly invoice, whose VAT is 7/107 of its total.
 */
describeEachDatabase('a company’s deposits on its account', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  let staff: { authorization: string };
  let now: Date | undefined;
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
  const openAccount = async (companyName: string, depositsOnAccount: boolean) => {
    const res = await post('/admin/companies', admin, {
      buyer: {
        companyName,
        address: '99 ถนนสาทรใต้',
        subDistrictCode: '102803',
        postcode: '10120',
        taxId: newTaxId(),
        branch: '00000',
      },
      billingEmail: 'ap@example.com',
      depositsOnAccount,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response.data as { id: number; depositsOnAccount: boolean };
  };
  const member = async (companyId: number, role: 'driver' | 'manager') => {
    const customer = await makeCustomer(app);
    const added = await post(`/admin/companies/${companyId}/members`, admin, { email: customer.email, role });
    expect(added.statusCode, added.body).toBe(200);
    return customer;
  };

  it('takes nothing from the employee and bills what is kept at the return on the company’s invoice', async () => {
    now = undefined;
    // A car at ฿1,000 a day with the usual deposit of ฿5,000.
    const car = await makeCar(ctx.database, 2);
    const company = await openAccount('บริษัท มัดจำดี จำกัด', true);
    expect(company.depositsOnAccount).toBe(true);
    const plain = await openAccount('บริษัท ธรรมดา จำกัด', false);
    const employee = await member(company.id, 'driver');
    const otherManager = await member(plain.id, 'manager');

    const made = await createBooking(app, employee.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(1),
      returnDate: daysFromNow(3),
      paymentMethod: 'company_account',
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking).toMatchObject({
      status: 'confirmed',
      total: 200_000,
      deposit: {
        amount: 500_000,
        state: 'held',
        method: 'on_account',
        coveredBy: 'บริษัท มัดจำดี จำกัด',
        canHoldOnCard: false,
        holdOpensAt: null,
      },
    });
    const mail = (await sentMails(app)).find(
      (m) => m.to.includes(employee.email) && m.subject.includes(booking.bookingNumber),
    )!;
    expect(mail.text.replace(/\s+/g, ' ')).toContain(
      'Security deposit THB 5,000.00: covered by บริษัท มัดจำดี จำกัด, nothing to pay at the counter.',
    );
    // Another company's member books with the deposit due at the counter, as before.
    const otherCar = await makeCar(ctx.database, 1);
    const theirs = await createBooking(app, otherManager.headers, {
      carModelId: otherCar.carModelId,
      branchCode: otherCar.branchCode,
      pickupDate: daysFromNow(1),
      returnDate: daysFromNow(3),
      paymentMethod: 'company_account',
    });
    expect(theirs.json().response.data.booking.deposit).toMatchObject({
      state: 'due',
      method: null,
      coveredBy: null,
    });

    // The hand-over takes no deposit; the car goes out.
    const out = await inspectAtPickup(app, staff, booking.id);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().response.data).toMatchObject({
      status: 'active',
      deposit: { state: 'held', method: 'on_account' },
    });

    // Back early with ฿500 of fuel and a ฿2,000 scratch: ฿2,500 kept, billed to the company, nothing
    // refunded to anyone (no payment row at all: the company pays its invoice).
    const { default: sharp } = await import('sharp');
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
    const photo = await uploadFile(
      app,
      staff,
      `/api/v1/admin/bookings/${booking.id}/condition-reports/return/photos`,
      picture,
      'back.jpg',
      'image/jpeg',
    );
    const back = await post(`/admin/bookings/${booking.id}/condition-reports/return`, staff, {
      fuelEighths: 5,
      mileageKm: 12_300,
      photoIds: [photo.json().response.data.id],
      charges: [
        { kind: 'fuel', amount: 500, note: '' },
        { kind: 'damage', amount: 2000, note: 'door' },
      ],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().response.data).toMatchObject({
      status: 'completed',
      chargesTotal: 250_000,
      deposit: { state: 'partly_released', method: 'on_account', kept: 250_000 },
    });
    const [payments] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments WHERE booking_id = $1`,
      [booking.id],
    );
    expect(payments!.n).toBe(0);

    // The month's invoice: the rental ฿2,000 and what was kept ฿2,500 = ฿4,500, VAT 7/107 = ฿294.39.
    now = monthAfter(daysFromNow(1));
    const issued = await post(`/admin/companies/${company.id}/invoices`, staff);
    expect(issued.statusCode, issued.body).toBe(200);
    const [invoice] = issued.json().response.data as { number: string; total: number }[];
    expect(invoice!.total).toBe(450_000);
    const [row] = await ctx.database.query<{
      vat: string;
      net: string;
      lines: { name: string; total: number }[];
    }>(`SELECT vat_amount::text AS vat, net_amount::text AS net, lines FROM tax_invoices WHERE number = $1`, [
      invoice!.number,
    ]);
    expect(row).toMatchObject({ vat: '294.39', net: '4205.61' });
    expect(row!.lines.map((l) => [l.name.replace(/ \(SD\d+\)$/, ''), l.total])).toEqual([
      [expect.stringContaining('Car rental'), 200_000],
      ['Fuel', 50_000],
      ['Damage, door', 200_000],
    ]);
    now = undefined;

    // The employee reads it; another company's manager and a stranger get the one 404.
    expect((await get(`/auth/bookings/${booking.id}`, employee.headers)).statusCode).toBe(200);
    expect((await get(`/auth/bookings/${booking.id}`, otherManager.headers)).statusCode).toBe(404);
    expect((await get(`/auth/company/invoices/${invoice!.number}`, otherManager.headers)).statusCode).toBe(
      404,
    );
  });
});
