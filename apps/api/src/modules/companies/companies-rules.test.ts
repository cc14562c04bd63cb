import { companyMessages } from '@siam/contract/companies';
import { isThaiTaxId } from '@siam/contract/tax-invoices';
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { testSettings } from '../../../test/app';
import { insertBooking } from '../../../test/booking-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { buildServices } from '../../services';
import { customerActor, staffActor } from '../bookings/booking-access';
import { makeCar } from '../bookings/booking-fixtures.test-helper';
import { UsersRepository } from '../users/users.repository';
import { failure } from '../../../test/failure';

let taxSeq = 0;
/** A valid tax ID of our own (the check digit found by the contract's check), so each company is new. */
function newTaxId(): string {
  for (;;) {
    taxSeq += 1;
    const first12 = `01055${String(taxSeq).padStart(7, '0')}`;
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

// The company accounts' rules on the service the routes use (companies.test.ts drives them through
// HTTP and the booking flow; these reach each rule directly, fast enough for mutation testing,
// decision 3204). Bookings are written straight into the table with amounts worked out by hand.
describeEachDatabase('company accounts: the service rules', (ctx) => {
  let services: ReturnType<typeof buildServices>;
  let users: UsersRepository;
  let now = new Date();
  let admin: { id: number; email: string };
  let unitId: number;
  beforeAll(async () => {
    services = buildServices(ctx.database, testSettings(), { clock: { now: () => now } });
    users = new UsersRepository(ctx.database.db);
    const a = demoStaffAccounts.find((x) => x.role === 'admin')!;
    admin = { id: (await users.findByEmail(a.email))!.id, email: a.email };
    const car = await makeCar(ctx.database, 1);
    // The car's name on the invoice lines is its Thai brand and model.
    await ctx.database.query(
      `UPDATE car_models SET model = '{"th":"Yaris","en":"Yaris","zh":"Yaris"}' WHERE id = $1`,
      [car.carModelId],
    );
    unitId = car.unitIds[0]!;
  });
  const companies = () => services.companies;
  const customer = async (firstName = 'Nok', lastName = 'Dee') =>
    (await users.insert({
      email: `co-${randomBytes(5).toString('hex')}@example.com`,
      role: 'customer',
      firstName,
      lastName,
    }))!;
  const open = (active = true) =>
    companies().create(admin, { buyer: buyer(), billingEmail: 'ap@dern-thang.co.th', active });
  /** A booking on the company's account; amounts in baht as the bookings table keeps them. */
  const booking = async (
    companyId: number,
    values: { status: string; pickup: string; back: string; days: number; total: number; fee?: number },
  ) => {
    const b = await insertBooking(ctx.database, {
      userId: null,
      status: values.status,
      unitId,
      pickupDate: values.pickup,
      returnDate: values.back,
    });
    await ctx.database.query(
      `UPDATE bookings SET company_id = $2, payment_method = 'company_account', days = $3, total_amount = $4,
         cancellation_fee = $5 WHERE id = $1`,
      [b.id, companyId, values.days, values.total, values.fee ?? null],
    );
    return b;
  };
  const auditOf = (companyId: number) =>
    ctx.database.query<{
      actor_id: number;
      actor_email: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      `SELECT actor_id, actor_email, action, before, after FROM audit_log
        WHERE entity = 'company' AND entity_id = $1 ORDER BY id`,
      [String(companyId)],
    );

  it('opens an account with a checked address, once per tax ID and branch, and records who did it', async () => {
    const wrongPostcode = { ...buyer(), postcode: '50000' };
    expect(
      await failure(
        companies().create(admin, { buyer: wrongPostcode, billingEmail: 'ap@x.co.th', active: true }),
      ),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: expect.stringMatching(/^buyer\.(postcode|subDistrictCode)$/) }],
    });

    const company = await open();
    expect(company).toEqual({
      id: company.id,
      buyer: company.buyer,
      billingEmail: 'ap@dern-thang.co.th',
      active: true,
      // A new account bills its bookings' deposits to nobody but the driver until an admin says (3662).
      depositsOnAccount: false,
      members: [],
      invoices: [],
      unbilled: { bookings: 0, total: 0 },
    });
    expect(company.buyer.companyName).toBe('บริษัท เดินทางดี จำกัด');
    expect(
      await failure(
        companies().create(admin, {
          buyer: buyer(company.buyer.taxId),
          billingEmail: 'b@x.co.th',
          active: true,
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: companyMessages.duplicate,
      errors: [{ path: 'buyer.taxId', message: companyMessages.duplicate }],
    });
    // The same tax ID at another branch is another account.
    await companies().create(admin, {
      buyer: { ...buyer(company.buyer.taxId), branch: '00001' },
      billingEmail: 'b@x.co.th',
      active: true,
    });
    const [created, ...more] = await auditOf(company.id);
    expect(more).toEqual([]);
    expect(created).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      action: 'company.created',
      before: null,
      after: { billingEmail: 'ap@dern-thang.co.th', active: true, buyer: { taxId: company.buyer.taxId } },
    });
  });

  it('changes or suspends an account, recording before and after; an unknown one is not found', async () => {
    const company = await open();
    const changed = await companies().update(admin, company.id, {
      buyer: buyer(company.buyer.taxId),
      billingEmail: 'billing@dern-thang.co.th',
      active: false,
    });
    expect(changed).toMatchObject({ billingEmail: 'billing@dern-thang.co.th', active: false });
    expect((await auditOf(company.id))[1]).toMatchObject({
      action: 'company.updated',
      before: { billingEmail: 'ap@dern-thang.co.th', active: true, buyer: { taxId: company.buyer.taxId } },
      after: { billingEmail: 'billing@dern-thang.co.th', active: false },
    });
    expect(
      await failure(
        companies().update(admin, company.id, {
          ...changed,
          buyer: { ...buyer(company.buyer.taxId), postcode: '1' },
        }),
      ),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: expect.stringMatching(/^buyer\.(postcode|subDistrictCode)$/) }],
    });
    expect(
      await failure(
        companies().update(admin, 2_000_000_000, { buyer: buyer(), billingEmail: 'a@b.co', active: true }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'Company not found', errors: undefined });
    const other = await open();
    expect(
      await failure(
        companies().update(admin, other.id, {
          buyer: buyer(company.buyer.taxId),
          billingEmail: 'a@b.co',
          active: true,
        }),
      ),
    ).toMatchObject({
      code: 'CONFLICT',
      errors: [{ path: 'buyer.taxId', message: companyMessages.duplicate }],
    });
    expect(await failure(companies().get(2_000_000_000))).toEqual({
      code: 'NOT_FOUND',
      message: 'Company not found',
      errors: undefined,
    });
  });

  it('lists the accounts with their number of members', async () => {
    const company = await open(false);
    await companies().addMember(admin, company.id, (await customer()).email, 'driver');
    await companies().addMember(admin, company.id, (await customer()).email, 'manager');
    const listed = (await companies().list()).find((c) => c.id === company.id);
    expect(listed).toEqual({ id: company.id, buyer: company.buyer, active: false, members: 2 });
  });

  it('adds customers found by email in any case, changes a role, and refuses strangers, staff and other companies’ members', async () => {
    const company = await open();
    const nok = await customer('Nok', '');
    const added = await companies().addMember(admin, company.id, nok.email.toUpperCase(), 'driver');
    expect(added.members).toEqual([{ userId: nok.id, name: 'Nok', email: nok.email, role: 'driver' }]);
    const promoted = await companies().addMember(admin, company.id, nok.email, 'manager');
    expect(promoted.members).toEqual([{ userId: nok.id, name: 'Nok', email: nok.email, role: 'manager' }]);
    expect((await auditOf(company.id)).slice(1)).toMatchObject([
      { action: 'company.member_added', after: { userId: nok.id, role: 'driver' } },
      { action: 'company.member_added', after: { userId: nok.id, role: 'manager' } },
    ]);

    const noCustomer = {
      code: 'NOT_FOUND',
      message: companyMessages.noCustomer,
      errors: [{ path: 'email', message: companyMessages.noCustomer }],
    };
    expect(await failure(companies().addMember(admin, company.id, 'nobody@example.com', 'driver'))).toEqual(
      noCustomer,
    );
    const staff = demoStaffAccounts.find((x) => x.role === 'staff')!;
    expect(await failure(companies().addMember(admin, company.id, staff.email, 'driver'))).toEqual(
      noCustomer,
    );
    expect(await failure(companies().addMember(admin, 2_000_000_000, nok.email, 'driver'))).toEqual({
      code: 'NOT_FOUND',
      message: 'Company not found',
      errors: undefined,
    });
    const other = await open();
    expect(await failure(companies().addMember(admin, other.id, nok.email, 'driver'))).toEqual({
      code: 'CONFLICT',
      message: companyMessages.elsewhere,
      errors: [{ path: 'email', message: companyMessages.elsewhere }],
    });
    expect((await companies().get(other.id)).members).toEqual([]);
  });

  it('takes a member off, once; their membership is theirs to export and goes with their account', async () => {
    const company = await open();
    const manager = await customer('Som', 'Chai');
    const driver = await customer('Dao', 'Ruang');
    await companies().addMember(admin, company.id, manager.email, 'manager');
    await companies().addMember(admin, company.id, driver.email, 'driver');
    expect(await companies().mine(manager.id)).toEqual({
      name: 'บริษัท เดินทางดี จำกัด',
      role: 'manager',
      active: true,
      invoices: [],
    });
    expect(await companies().exportFor(driver.id)).toEqual({
      name: 'บริษัท เดินทางดี จำกัด',
      role: 'driver',
      active: true,
      invoices: [],
    });
    expect(await companies().mine((await customer()).id)).toBeNull();

    const left = await companies().removeMember(admin, company.id, driver.id);
    expect(left.members).toEqual([
      { userId: manager.id, name: 'Som Chai', email: manager.email, role: 'manager' },
    ]);
    expect((await auditOf(company.id)).at(-1)).toMatchObject({
      action: 'company.member_removed',
      before: { userId: driver.id },
      after: null,
    });
    expect(await failure(companies().removeMember(admin, company.id, driver.id))).toEqual({
      code: 'NOT_FOUND',
      message: 'Member not found',
      errors: undefined,
    });
    await companies().erase(manager.id);
    expect(await companies().mine(manager.id)).toBeNull();
    expect((await companies().get(company.id)).members).toEqual([]);
  });

  it('issues one invoice per ended month, its VAT 7/107 of the total, each line with its net, numbered MI-year-000001 on', async () => {
    const a = await open();
    const b = await open();
    const manager = await customer('Som', 'Chai');
    const driver = await customer('Dao', 'Ruang');
    await companies().addMember(admin, a.id, manager.email, 'manager');
    await companies().addMember(admin, a.id, driver.email, 'driver');
    // February: one booking of ฿1,070.
    const feb = await booking(a.id, {
      status: 'completed',
      pickup: '2031-02-14',
      back: '2031-02-15',
      days: 1,
      total: 1070,
    });
    // March: ฿2,000 with ฿400 late, ฿300 cleaning and ฿1,000 damage kept from the driver's own deposit
    // (so never billed to the company too), a cancellation that kept a ฿500 fee, ฿3,000; a free
    // cancellation bills nothing.
    const first = await booking(a.id, {
      status: 'confirmed',
      pickup: '2031-03-05',
      back: '2031-03-07',
      days: 2,
      total: 2000,
    });
    await ctx.database.query(
      `INSERT INTO booking_charges (booking_id, kind, amount, hours, note) VALUES
         ($1, 'late', 400, 4, ''), ($1, 'cleaning', 300, NULL, 'sand'), ($1, 'damage', 1000, NULL, 'mirror')`,
      [first.id],
    );
    const cancelled = await booking(a.id, {
      status: 'cancelled',
      pickup: '2031-03-10',
      back: '2031-03-12',
      days: 2,
      total: 2000,
      fee: 500,
    });
    const third = await booking(a.id, {
      status: 'completed',
      pickup: '2031-03-20',
      back: '2031-03-23',
      days: 3,
      total: 3000,
    });
    await booking(a.id, {
      status: 'cancelled',
      pickup: '2031-03-21',
      back: '2031-03-22',
      days: 1,
      total: 1000,
      fee: 0,
    });
    // April (not ended yet), and another company's March.
    await booking(a.id, {
      status: 'confirmed',
      pickup: '2031-04-01',
      back: '2031-04-02',
      days: 1,
      total: 1500,
    });
    await booking(b.id, {
      status: 'confirmed',
      pickup: '2031-03-08',
      back: '2031-03-09',
      days: 1,
      total: 10_700,
    });

    // ฿1,070 + ฿2,000 + ฿500 + ฿3,000 + ฿1,500 = ฿8,070 not invoiced yet.
    expect((await companies().get(a.id)).unbilled).toEqual({ bookings: 5, total: 807_000 });

    // 23:59 on 31 March in Bangkok (16:59 UTC): March has not ended.
    now = new Date('2031-03-31T16:59:00Z');
    expect(await companies().issueDue(a.id)).toEqual([
      {
        number: 'MI-2031-000001',
        month: '2031-02',
        issuedAt: '2031-03-31T16:59:00.000Z',
        bookings: 1,
        total: 107_000,
      },
    ]);
    // 00:30 on 1 April in Bangkok (still 31 March in UTC): it has; only company A's months.
    now = new Date('2031-03-31T17:30:00Z');
    const issued = await companies().issueDue(a.id);
    expect(issued).toEqual([
      {
        number: 'MI-2031-000002',
        month: '2031-03',
        issuedAt: '2031-03-31T17:30:00.000Z',
        bookings: 3,
        total: 550_000,
      },
    ]);
    expect(await companies().issueDue(a.id)).toEqual([]);

    const [row] = await ctx.database.query<{
      period: string;
      branch_code: string;
      net: string;
      vat: string;
      total: string;
      lines: { name: string; quantity: number; total: number; net: number }[];
      buyer: { taxId: string };
      seller: { branchNo: string };
    }>(
      `SELECT to_char(period, 'YYYY-MM-DD') AS period, branch_code, net_amount::text AS net, vat_amount::text AS vat,
              total_amount::text AS total, lines, buyer, seller
         FROM tax_invoices WHERE number = 'MI-2031-000002'`,
    );
    // ฿5,500: VAT 5,500 × 7/107 = ฿359.81, net ฿5,140.19.
    expect(row).toMatchObject({
      period: '2031-03-01',
      branch_code: 'mi',
      net: '5140.19',
      vat: '359.81',
      total: '5500.00',
    });
    expect(row!.buyer.taxId).toBe(a.buyer.taxId);
    expect(row!.seller.branchNo).toBe('00000');
    // Each line's net is its total less its own VAT; the last takes the rounding (here none).
    expect(row!.lines).toEqual([
      {
        name: `Car rental Toyota Yaris, 2031-03-05 – 2031-03-07 (${first.bookingNumber}), driver Test Driver`,
        quantity: 2,
        total: 200_000,
        net: 186_916,
      },
      {
        name: `Cancellation fee (${cancelled.bookingNumber}), driver Test Driver`,
        quantity: 1,
        total: 50_000,
        net: 46_729,
      },
      {
        name: `Car rental Toyota Yaris, 2031-03-20 – 2031-03-23 (${third.bookingNumber}), driver Test Driver`,
        quantity: 3,
        total: 300_000,
        net: 280_374,
      },
    ]);
    const amounts = await ctx.database.query<{ booking_id: number; amount: string }>(
      `SELECT l.booking_id, l.amount::text AS amount FROM tax_invoice_bookings l
         JOIN tax_invoices t ON t.id = l.invoice_id WHERE t.company_id = $1 ORDER BY l.booking_id`,
      [a.id],
    );
    expect(amounts).toEqual([
      { booking_id: feb.id, amount: '1070.00' },
      { booking_id: first.id, amount: '2000.00' },
      { booking_id: cancelled.id, amount: '500.00' },
      { booking_id: third.id, amount: '3000.00' },
    ]);
    const [febRow] = await ctx.database.query<{ net: string; vat: string }>(
      `SELECT net_amount::text AS net, vat_amount::text AS vat FROM tax_invoices WHERE number = 'MI-2031-000001'`,
    );
    // ฿1,070: VAT ฿70.00, net ฿1,000.00.
    expect(febRow).toEqual({ net: '1000.00', vat: '70.00' });

    const company = await companies().get(a.id);
    expect(company.unbilled).toEqual({ bookings: 1, total: 150_000 });
    expect(company.invoices).toEqual([
      issued[0],
      {
        number: 'MI-2031-000001',
        month: '2031-02',
        issuedAt: '2031-03-31T16:59:00.000Z',
        bookings: 1,
        total: 107_000,
      },
    ]);
    // A manager sees the invoices; a driver does not.
    expect((await companies().mine(manager.id))!.invoices.map((i) => i.number)).toEqual([
      'MI-2031-000002',
      'MI-2031-000001',
    ]);
    expect((await companies().mine(driver.id))!.invoices).toEqual([]);

    // A March booking recorded after March was invoiced waits: a month is invoiced once.
    await booking(a.id, {
      status: 'completed',
      pickup: '2031-03-28',
      back: '2031-03-29',
      days: 1,
      total: 800,
    });
    expect(await companies().issueDue(a.id)).toEqual([]);
    // Every company's months when none is named: B's March, the next number of the year.
    now = new Date('2031-04-02T03:00:00Z');
    expect(await companies().issueDue()).toEqual([
      {
        number: 'MI-2031-000003',
        month: '2031-03',
        issuedAt: '2031-04-02T03:00:00.000Z',
        bookings: 1,
        total: 1_070_000,
      },
    ]);
    const [bRow] = await ctx.database.query<{ net: string; vat: string }>(
      `SELECT net_amount::text AS net, vat_amount::text AS vat FROM tax_invoices WHERE number = 'MI-2031-000003'`,
    );
    // ฿10,700: VAT ฿700.00, net ฿10,000.00.
    expect(bRow).toEqual({ net: '10000.00', vat: '700.00' });

    now = new Date();
  });

  it('serves a monthly invoice as e-Tax XML or PDF to its company’s managers and to staff, to nobody else', async () => {
    const a = await open();
    const b = await open();
    const manager = await customer('Som', 'Chai');
    const driver = await customer('Dao', 'Ruang');
    await companies().addMember(admin, a.id, manager.email, 'manager');
    await companies().addMember(admin, a.id, driver.email, 'driver');
    await booking(a.id, {
      status: 'completed',
      pickup: '2032-05-14',
      back: '2032-05-15',
      days: 1,
      total: 1070,
    });
    now = new Date('2032-06-01T03:00:00Z');
    expect((await companies().issueDue(a.id)).map((i) => i.number)).toEqual(['MI-2032-000001']);
    const xml = await companies().invoiceFile(customerActor(manager.id), 'MI-2032-000001', 'xml');
    expect(xml.number).toBe('MI-2032-000001');
    expect(xml.body.toString('utf8')).toContain('<ram:ID>MI-2032-000001</ram:ID>');
    expect(xml.body.toString('utf8')).toMatch(/<ram:TypeCode[^>]*>388<\/ram:TypeCode>/);
    const pdf = await companies().invoiceFile(staffActor, 'MI-2032-000001', 'pdf', a.id);
    expect(pdf.number).toBe('MI-2032-000001');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await companies().invoiceFile(staffActor, 'MI-2032-000001', 'xml')).number).toBe(
      'MI-2032-000001',
    );
    const notFound = { code: 'NOT_FOUND', message: 'Tax invoice not found', errors: undefined };
    expect(await failure(companies().invoiceFile(customerActor(driver.id), 'MI-2032-000001', 'xml'))).toEqual(
      notFound,
    );
    expect(await failure(companies().invoiceFile(staffActor, 'MI-2032-000001', 'xml', b.id))).toEqual(
      notFound,
    );
    expect(await failure(companies().invoiceFile(staffActor, 'MI-2032-000009', 'xml'))).toEqual(notFound);
    now = new Date();
  });
  it('issues on the real clock when the services are built without one (production)', async () => {
    const company = await open();
    // No booking on the account: nothing is due, whatever today is.
    expect(await buildServices(ctx.database, testSettings()).companies.issueDue(company.id)).toEqual([]);
  });
});
