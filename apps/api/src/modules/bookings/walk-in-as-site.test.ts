import { isThaiTaxId } from '@siam/contract/tax-invoices';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { daysFromNow, driver, makeCar, makeCustomer } from './booking-fixtures.test-helper';

/** A valid Thai tax ID of this test's own (the check digit computed), so each company is new. */
function newTaxId(): string {
  const first12 = `0105${String(Date.now() % 1e8).padStart(8, '0')}`;
  for (let d = 0; d < 10; d++) if (isThaiTaxId(`${first12}${d}`)) return `${first12}${d}`;
  throw new Error('no check digit');
}

/**
 * The counter books as the site does (issue 36 part 6, decisions 3640 and 3662): a walk-in with the car
 * delivered to a hotel, a second driver, child seats by kind and quantity (never more than the branch's
 * stock), priced by the site's own quote; and a walk-in for a member of a company account, booked on
 * the company's account like the member's own booking on the site.
 */
describeEachDatabase('a walk-in booked as the site books', (ctx) => {
  let app: App;
  let staff: { authorization: string };
  let admin: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    const s = demoStaffAccounts.find((x) => x.role === 'staff')!;
    staff = await login(app, s.email, s.password);
    const a = demoStaffAccounts.find((x) => x.role === 'admin')!;
    admin = await login(app, a.email, a.password);
  });
  afterAll(() => app.close());

  const l = (s: string) => JSON.stringify({ th: s, en: s, zh: s });
  const walkIn = (payload: object, key = `walkin-${crypto.randomUUID()}`) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/admin/bookings?lng=en',
      headers: { ...staff, 'idempotency-key': key },
      payload,
    });
  const secondDriver = {
    firstName: 'Malee',
    lastName: 'Jaidee',
    birthDate: '1992-02-10',
    licenceNumber: '60012345',
    licenceCountry: 'TH',
    licenceIssued: '2016-03-01',
    licenceExpiry: '2035-03-01',
  };

  it('delivers to a hotel, takes a second driver and seats by kind, at the site quote’s price', async () => {
    const car = await makeCar(ctx.database, 1);
    const [zone] = await ctx.database.query<{ id: number }>(
      `INSERT INTO delivery_zones (branch_code, name, fee, is_active) VALUES ($1, $2, 300, true) RETURNING id`,
      [car.branchCode, l('Beach hotels')],
    );
    const trip = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(10),
      returnDate: daysFromNow(12),
      addons: [
        { code: 'child_seat', quantity: 2 },
        { code: 'infant_seat', quantity: 1 },
      ],
      delivery: { zoneId: zone!.id, kind: 'hotel', address: 'Sea Breeze Hotel, 12 Beach Road' },
    };
    // Two days at ฿1,000 = ฿2,000; two child seats at ฿120 a day = ฿480; an infant seat at ฿150 = ฿300;
    // brought to the hotel ฿300: ฿3,080.
    const quote = await app.inject({ method: 'POST', url: '/api/v1/guest/bookings/quote', payload: trip });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().response.data.total).toBe(308_000);

    const res = await walkIn({
      ...trip,
      driver: { ...driver, email: '' },
      additionalDrivers: [secondDriver],
      paymentMethod: 'card_terminal',
      terminalReference: 'TID 7 APPR 55',
      paid: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().response.data;
    expect(b).toMatchObject({
      status: 'confirmed',
      total: 308_000,
      addons: [
        { code: 'infant_seat', quantity: 1, amount: 30_000 },
        { code: 'child_seat', quantity: 2, amount: 48_000 },
      ],
      fees: [{ code: 'delivery', amount: 30_000 }],
      delivery: { kind: 'hotel', address: 'Sea Breeze Hotel, 12 Beach Road' },
      payment: { method: 'card_terminal', amount: 308_000, reference: 'TID 7 APPR 55' },
    });
    expect(b.drivers.map((d: { firstName: string }) => d.firstName)).toEqual(['Somchai', 'Malee']);

    // The branch has two infant seats; one is out on these days: three more are refused, naming what is left.
    const car2 = { ...trip, addons: [{ code: 'infant_seat', quantity: 3 }], delivery: undefined };
    const short = await walkIn({ ...car2, driver, paymentMethod: 'cash', paid: false });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'SEATS_SHORT',
      errors: [{ path: 'addons.infant_seat', left: 1 }],
    });
  });

  it('books a company account’s member on the company’s account, and no one else', async () => {
    const car = await makeCar(ctx.database, 2);
    const company = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/companies',
      headers: admin,
      payload: {
        buyer: {
          companyName: 'บริษัท เดินทางดี จำกัด',
          address: '99 ถนนสาทรใต้',
          subDistrictCode: '102803',
          postcode: '10120',
          taxId: newTaxId(),
          branch: '00000',
        },
        billingEmail: 'ap@dern-thang.co.th',
      },
    });
    expect(company.statusCode, company.body).toBe(200);
    const companyId = company.json().response.data.id as number;
    const employee = await makeCustomer(app);
    const member = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/companies/${companyId}/members`,
      headers: admin,
      payload: { email: employee.email, role: 'driver' },
    });
    expect(member.statusCode, member.body).toBe(200);
    const trip = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(20),
      returnDate: daysFromNow(23),
      addons: [{ code: 'gps', quantity: 1 }],
      driver,
      paymentMethod: 'company_account',
    };

    // Someone who is not a member cannot be put on it; nor can a walk-in without an account.
    const stranger = await makeCustomer(app);
    const notMember = await walkIn({ ...trip, customerEmail: stranger.email });
    expect(notMember.statusCode, notMember.body).toBe(400);
    const walkInNotMember = 'This customer is not a member of a company account: give their account email';
    expect(notMember.json().errors).toEqual([{ path: 'customerEmail', message: walkInNotMember }]);
    const noAccount = await walkIn(trip);
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().errors).toEqual([{ path: 'customerEmail', message: walkInNotMember }]);

    // Three days at ฿1,000 and a GPS at ฿100 a day: ฿3,300, on the company's monthly invoice.
    const res = await walkIn({ ...trip, customerEmail: employee.email });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().response.data;
    expect(b).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'company_account',
      total: 330_000,
      taxInvoice: { companyName: 'บริษัท เดินทางดี จำกัด', monthly: true },
    });
    // The employee sees it in My bookings; another customer gets the one 404.
    const mine = await app.inject({ url: `/api/v1/auth/bookings/${b.id}`, headers: employee.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    const other = await app.inject({ url: `/api/v1/auth/bookings/${b.id}`, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
  });
});
