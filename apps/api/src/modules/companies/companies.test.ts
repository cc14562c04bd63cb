import { companyMessages } from '@siam/contract/companies';
import { isThaiTaxId } from '@siam/contract/tax-invoices';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { etdaErrors } from '../../../test/etda-validators';
import { lineMessageText } from '../line/line-texts';
import { sentMails } from '../../../test/outbox';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  driver,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';

let taxSeq = 0;
/** A valid tax ID of our own (the check digit computed), so each test's company is new. */
function newTaxId(): string {
  for (;;) {
    taxSeq += 1;
    const first12 = `0105${String(Date.now() % 1e6).padStart(6, '0')}${String(taxSeq % 100).padStart(2, '0')}`;
    for (let d = 0; d < 10; d++) if (isThaiTaxId(`${first12}${d}`)) return `${first12}${d}`;
  }
}

const buyer = (taxId = newTaxId()) => ({
  companyName: 'บริษัท เดินทางดี จำกัด',
  address: '99 ถนนสาทรใต้',
  // ทุ่งมหาเมฆ, เขตสาทร, กรุงเทพมหานคร (TISI 1099: 102803).
  subDistrictCode: '102803',
  postcode: '10120',
  taxId,
  branch: '00000',
});

/** The first day of the month after the one `date` (YYYY-MM-DD) is in, at 09:00 Bangkok. */
const monthAfter = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return new Date(`${next}-01T02:00:00Z`);
};

/**
 * Company accounts (issue 18, part 3; decision 1807): staff open one and add members; a member books
 * on the account (nothing to pay, made out to the company); once the month has ended the company gets
 * one full tax invoice for all its bookings, which its managers (and staff) download; a later
 * cancellation is corrected by a credit note against it.
 */
describeEachDatabase('company accounts and their monthly tax invoices', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  let staffOnly: { authorization: string };
  let now: Date | undefined;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: { now: () => now ?? new Date() } });
    const a = demoStaffAccounts.find((x) => x.role === 'admin')!;
    admin = await login(app, a.email, a.password);
    const s = demoStaffAccounts.find((x) => x.role === 'staff')!;
    staffOnly = await login(app, s.email, s.password);
  });
  afterAll(() => app.close());

  const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
  const get = (url: string, headers: Record<string, string>) => app.inject({ url: `/api/v1${url}`, headers });
  const openAccount = async () => {
    const res = await post('/admin/companies', admin, {
      buyer: buyer(),
      billingEmail: 'ap@dern-thang.co.th',
    });
    expect(res.statusCode).toBe(200);
    return res.json().response.data as { id: number; buyer: { taxId: string } };
  };
  const addMember = (id: number, email: string, role: 'driver' | 'manager') =>
    post(`/admin/companies/${id}/members`, admin, { email, role });
  const bookOnAccount = (
    headers: Record<string, string>,
    car: { carModelId: number; branchCode: string },
    from: number,
    days = 2,
  ) =>
    createBooking(app, headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(from),
      returnDate: daysFromNow(from + days),
      paymentMethod: 'company_account',
    });

  it('admins open accounts (tax ID checked, one per tax ID and branch) and add customers as members', async () => {
    const wrong = await post('/admin/companies', admin, {
      buyer: { ...buyer(), taxId: '0105558000001' },
      billingEmail: 'ap@example.com',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('buyer.taxId');
    const byStaff = await post('/admin/companies', staffOnly, {
      buyer: buyer(),
      billingEmail: 'ap@example.com',
    });
    expect(byStaff.statusCode).toBe(403);

    const company = await openAccount();
    const twice = await post('/admin/companies', admin, {
      buyer: buyer(company.buyer.taxId),
      billingEmail: 'other@example.com',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0]).toMatchObject({ path: 'buyer.taxId', message: companyMessages.duplicate });

    const unknown = await addMember(company.id, 'nobody-here@example.com', 'driver');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ path: 'email', message: companyMessages.noCustomer });
    const staffAccount = demoStaffAccounts.find((x) => x.role === 'staff')!;
    expect((await addMember(company.id, staffAccount.email, 'driver')).statusCode).toBe(404);

    const customer = await makeCustomer(app);
    const added = await addMember(company.id, customer.email.toUpperCase(), 'driver');
    expect(added.statusCode).toBe(200);
    expect(added.json().response.data.members).toEqual([
      { userId: customer.userId, name: 'Somchai Jaidee', email: customer.email, role: 'driver' },
    ]);
    const promoted = await addMember(company.id, customer.email, 'manager');
    expect(promoted.json().response.data.members[0].role).toBe('manager');

    const other = await openAccount();
    const elsewhere = await addMember(other.id, customer.email, 'driver');
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().errors[0].message).toBe(companyMessages.elsewhere);

    const mine = await get('/auth/company', customer.headers);
    expect(mine.json().response.data).toEqual({
      name: 'บริษัท เดินทางดี จำกัด',
      role: 'manager',
      active: true,
      invoices: [],
    });
    const stranger = await makeCustomer(app);
    expect((await get('/auth/company', stranger.headers)).json().response.data).toBeNull();
    expect((await get('/auth/company', {})).statusCode).toBe(401);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/companies/${company.id}/members/${customer.userId}`,
      headers: admin,
    });
    expect(removed.json().response.data.members).toEqual([]);
    expect((await get('/auth/company', customer.headers)).json().response.data).toBeNull();
  });

  it('only members of an open account book on it', async () => {
    const car = await makeCar(ctx.database, 2);
    const stranger = await makeCustomer(app);
    const refused = await bookOnAccount(stranger.headers, car, 20);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      path: 'paymentMethod',
      message: companyMessages.notMember,
    });

    const company = await openAccount();
    const member = await makeCustomer(app);
    await addMember(company.id, member.email, 'driver');
    const suspended = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/companies/${company.id}`,
      headers: admin,
      payload: { buyer: buyer(company.buyer.taxId), billingEmail: 'ap@example.com', active: false },
    });
    expect(suspended.json().response.data.active).toBe(false);
    const onSuspended = await bookOnAccount(member.headers, car, 20);
    expect(onSuspended.statusCode).toBe(400);
    expect(onSuspended.json().errors[0].message).toBe(companyMessages.suspended);
  });

  it('a member’s booking is confirmed at once, made out to the company, billed on its monthly invoice', async () => {
    now = undefined;
    const car = await makeCar(ctx.database, 3);
    const company = await openAccount();
    const manager = await makeCustomer(app);
    const driverMember = await makeCustomer(app, 'th');
    await addMember(company.id, manager.email, 'manager');
    await addMember(company.id, driverMember.email, 'driver');

    // A new account may hold one unpaid booking; bookings on the account are not unpaid.
    const first = await bookOnAccount(driverMember.headers, car, 3);
    expect(first.statusCode).toBe(200);
    const booking = first.json().response.data.booking;
    expect(booking).toMatchObject({
      status: 'confirmed',
      paid: true,
      paymentMethod: 'company_account',
      taxInvoice: { companyName: 'บริษัท เดินทางดี จำกัด', monthly: true, ready: false, number: null },
    });
    expect(first.json().response.data.instructions).toMatchObject({ bankAccount: null, promptpay: null });
    // The mail says what happened: confirmed and billed to the company, never "payment received".
    const mail = (await sentMails(app)).find(
      (m) => m.to.includes(driverMember.email) && m.subject.includes(booking.bookingNumber),
    )!;
    expect(mail.subject).toBe(`Booking confirmed: ${booking.bookingNumber}`);
    expect(mail.text).toContain('billed to บริษัท เดินทางดี จำกัด on its monthly tax invoice');
    expect(mail.text).not.toContain('received your payment');
    // So does its LINE message (for a member signed in with LINE).
    const line = lineMessageText('paid', booking, 'th', 'https://siamdrive.example');
    expect(line).toContain(`การจอง ${booking.bookingNumber} ได้รับการยืนยันแล้ว เรียกเก็บกับ บริษัท เดินทางดี จำกัด`);
    expect(line).not.toContain('ได้รับชำระเงิน');
    const second = await bookOnAccount(driverMember.headers, car, 4, 1);
    expect(second.statusCode).toBe(200);
    const third = await bookOnAccount(manager.headers, car, 5, 3);
    expect(third.statusCode).toBe(200);

    // No receipt and no per-booking invoice: the monthly invoice is the document.
    const own = await get(`/auth/bookings/${booking.id}/tax-invoice`, driverMember.headers);
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe(companyMessages.onMonthlyInvoice);
    expect((await get(`/auth/bookings/${booking.id}/receipt`, driverMember.headers)).statusCode).toBe(409);

    // A longer rental is billed at its new total: no card asked.
    const quote = await post(`/auth/bookings/${booking.id}/change/quote`, driverMember.headers, {
      pickupDate: daysFromNow(3),
      returnDate: daysFromNow(6),
    });
    expect(quote.json().response.data.settle).toBe('new_total');
    const longer = await post(`/auth/bookings/${booking.id}/change`, driverMember.headers, {
      pickupDate: daysFromNow(3),
      returnDate: daysFromNow(6),
    });
    expect(longer.statusCode).toBe(200);
    expect(longer.json().response.data).toMatchObject({ charged: 0, refunded: 0 });
    const longerTotal = longer.json().response.data.booking.total as number;
    expect(longerTotal).toBeGreaterThan(booking.total);

    // Cancelled in the free period: nothing is given back (nothing was taken) and nothing billed.
    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${second.json().response.data.booking.id}/cancel`,
      headers: driverMember.headers,
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    const [payments] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments WHERE booking_id = $1`,
      [second.json().response.data.booking.id],
    );
    expect(payments!.n).toBe(0);

    // The month has not ended: nothing to issue.
    expect((await post(`/admin/companies/${company.id}/invoices`, staffOnly)).json().response.data).toEqual(
      [],
    );
    const before = (await get(`/admin/companies/${company.id}`, staffOnly)).json().response.data;
    expect(before.unbilled).toEqual({
      bookings: 2,
      total: longerTotal + third.json().response.data.booking.total,
    });

    // The first car came back late and dirty with a scratch (recorded at its return, decision 1804):
    // kept from the driver's own deposit, so none of it is billed to the company as well (only a deposit
    // the company covers puts them on its invoice: company-deposits.test).
    await ctx.database.query(
      `INSERT INTO booking_charges (booking_id, kind, amount, hours, note) VALUES
         ($1, 'late', 400, 4, ''), ($1, 'cleaning', 300, NULL, 'sand'), ($1, 'damage', 1000, NULL, 'mirror')`,
      [booking.id],
    );
    const charged = (await get(`/admin/companies/${company.id}`, staffOnly)).json().response.data;
    expect(charged.unbilled.total).toBe(before.unbilled.total);
    before.unbilled.total = charged.unbilled.total;

    // Each month of pickups is billed once it has ended (the two bookings may fall in two months).
    now = monthAfter(daysFromNow(5));
    const [a, b] = await Promise.all([
      post(`/admin/companies/${company.id}/invoices`, staffOnly),
      app.services.companies.issueDue(),
    ]);
    // Issued by staff and by the job at once: each month once.
    const issued = [...a.json().response.data, ...b] as { number: string }[];
    const after = (await get(`/admin/companies/${company.id}`, staffOnly)).json().response.data;
    expect(after.unbilled).toEqual({ bookings: 0, total: 0 });
    expect(after.invoices.reduce((n: number, i: { bookings: number }) => n + i.bookings, 0)).toBe(2);
    expect(after.invoices.reduce((n: number, i: { total: number }) => n + i.total, 0)).toBe(
      before.unbilled.total,
    );
    expect(issued.map((i) => i.number).sort()).toEqual(
      after.invoices.map((i: { number: string }) => i.number).sort(),
    );
    expect(await app.services.companies.issueDue()).toEqual([]);
    const invoice = after.invoices.at(-1) as {
      number: string;
      month: string;
      bookings: number;
      total: number;
    };
    expect(invoice.number).toMatch(/^MI-\d{4}-\d{6}$/);
    expect(invoice.month).toBe(daysFromNow(3).slice(0, 7));

    // The manager sees and downloads it; the driver, a stranger and another company's manager do not.
    const mine = (await get('/auth/company', manager.headers)).json().response.data;
    expect(mine.invoices.map((i: { number: string }) => i.number)).toContain(invoice.number);
    expect((await get('/auth/company', driverMember.headers)).json().response.data.invoices).toEqual([]);
    const pdf = await get(`/auth/company/invoices/${invoice.number}`, manager.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`tax-invoice-${invoice.number}.pdf`);
    expect((await get(`/auth/company/invoices/${invoice.number}`, driverMember.headers)).statusCode).toBe(
      404,
    );
    const outsider = await makeCustomer(app);
    const otherCompany = await openAccount();
    await addMember(otherCompany.id, outsider.email, 'manager');
    expect((await get(`/auth/company/invoices/${invoice.number}`, outsider.headers)).statusCode).toBe(404);
    expect(
      (await get(`/admin/companies/${otherCompany.id}/invoices/${invoice.number}`, staffOnly)).statusCode,
    ).toBe(404);
    expect((await get(`/auth/company/invoices/not-a-number`, manager.headers)).statusCode).toBe(400);

    // Its e-Tax XML: a tax invoice (388) to the company, one line per booking, sums that add up.
    const xml = await get(`/admin/companies/${company.id}/invoices/${invoice.number}?format=xml`, staffOnly);
    expect(xml.statusCode).toBe(200);
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml.body)[
      'rsm:TaxInvoice_CrossIndustryInvoice'
    ];
    expect(String(doc['rsm:ExchangedDocument']['ram:TypeCode']['#text'])).toBe('388');
    // ETDA's own XSD and Schematron accept it: the head office (the branch registered 00000) as seller.
    expect(await etdaErrors(xml.body, 'TaxInvoice')).toEqual([]);
    const trade = doc['rsm:SupplyChainTradeTransaction'];
    expect(
      trade['ram:ApplicableHeaderTradeAgreement']['ram:BuyerTradeParty']['ram:SpecifiedTaxRegistration'][
        'ram:ID'
      ]['#text'],
    ).toBe(`${company.buyer.taxId}00000`);
    const lines = [trade['ram:IncludedSupplyChainTradeLineItem']].flat();
    // One line per booking: the first booking's late hours, cleaning and damage were the driver's.
    expect(lines).toHaveLength(invoice.bookings);
    expect(xml.body).not.toContain('Late return');
    expect(xml.body).not.toContain('Cleaning');
    expect(xml.body).not.toContain('mirror');
    const sums =
      trade['ram:ApplicableHeaderTradeSettlement']['ram:SpecifiedTradeSettlementHeaderMonetarySummation'];
    expect(Math.round(Number(sums['ram:GrandTotalAmount']['#text']) * 100)).toBe(invoice.total);
    expect(
      Math.round(
        (Number(sums['ram:TaxBasisTotalAmount']['#text']) + Number(sums['ram:TaxTotalAmount']['#text'])) *
          100,
      ),
    ).toBe(invoice.total);
    const lineNets = lines.reduce(
      (s: number, l: Record<string, Record<string, Record<string, Record<string, string>>>>) =>
        s +
        Number(
          l['ram:SpecifiedLineTradeSettlement']!['ram:SpecifiedTradeSettlementLineMonetarySummation']![
            'ram:NetLineTotalAmount'
          ]!['#text'],
        ),
      0,
    );
    expect(Math.round(lineNets * 100)).toBe(
      Math.round(Number(sums['ram:TaxBasisTotalAmount']['#text']) * 100),
    );

    // The booking's view names the invoice it is on.
    const listed = (await get('/auth/bookings', driverMember.headers)).json().response.data as {
      id: number;
      taxInvoice: { number: string | null };
    }[];
    const onInvoice = listed.find((x) => x.id === booking.id)!;
    expect(onInvoice.taxInvoice.number).toMatch(/^MI-/);

    // Staff cancel a billed booking later: a credit note against the monthly invoice, for its amount.
    const staffCancel = await post(`/admin/bookings/${third.json().response.data.booking.id}/cancel`, admin, {
      reason: 'Company asked',
    });
    expect(staffCancel.statusCode).toBe(200);
    const credited = staffCancel.json().response.data.taxInvoice;
    expect(credited.notes).toHaveLength(1);
    expect(credited.notes[0]).toMatchObject({
      kind: 'credit',
      total: third.json().response.data.booking.total,
    });
    expect(credited.notes[0].number).toMatch(/^CN-MI-\d{4}-\d{6}$/);
    const noteXml = await get(
      `/auth/bookings/${third.json().response.data.booking.id}/tax-notes/${credited.notes[0].number}?format=xml`,
      manager.headers,
    );
    expect(noteXml.statusCode).toBe(200);
    expect(noteXml.body).toContain(`<ram:IssuerAssignedID>${credited.number}</ram:IssuerAssignedID>`);
    // A note against a monthly invoice refers to its type (388) and passes ETDA's validators for notes.
    expect(noteXml.body).toContain('<ram:ReferenceTypeCode>388</ram:ReferenceTypeCode>');
    expect(await etdaErrors(noteXml.body, 'DebitCreditNote')).toEqual([]);

    // The owner's output-tax report lists the monthly invoice as the company's.
    const day = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const report = await get(`/admin/reports?from=${day}&to=${day}`, admin);
    const row = report
      .json()
      .response.data.taxInvoices.find((i: { number: string }) => i.number === invoice.number);
    expect(row).toMatchObject({
      kind: 'invoice',
      bookingId: null,
      companyId: company.id,
      total: invoice.total,
    });
    now = undefined;
  });

  it('a manager’s booking for an employee who drives mails the employee the booking and what to bring', async () => {
    now = undefined;
    const car = await makeCar(ctx.database, 2);
    const company = await openAccount();
    const manager = await makeCustomer(app);
    await addMember(company.id, manager.email, 'manager');
    const employee = `kanya.${Date.now().toString(36)}@example.com`;
    const made = await createBooking(app, manager.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(12),
      returnDate: daysFromNow(14),
      paymentMethod: 'company_account',
      driver: { ...driver, firstName: 'Kanya', lastName: 'Suksai', email: employee },
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    const mails = (await sentMails(app)).filter((m) => m.subject.includes(booking.bookingNumber));
    // The manager who booked, and the employee who drives: the same confirmation.
    expect(mails.map((m) => m.to).sort()).toEqual([employee, manager.email].sort());
    const toEmployee = mails.find((m) => m.to === employee)!;
    expect(toEmployee.subject).toBe(`Booking confirmed: ${booking.bookingNumber}`);
    expect(toEmployee.text).toContain('Dear Kanya Suksai,');
    expect(toEmployee.text).toContain(
      'Bring to the counter:\n- Kanya Suksai: passport or Thai ID card, driving licence (Thailand)',
    );
  });
});
