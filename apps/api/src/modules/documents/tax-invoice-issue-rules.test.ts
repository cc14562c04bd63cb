import type { Booking } from '@siam/contract/bookings';
import { companyMessages } from '@siam/contract/companies';
import { beforeAll, expect, it } from 'vitest';
import { testSettings } from '../../../test/app';
import { insertBooking } from '../../../test/booking-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import { buildServices } from '../../services';
import { makeCar } from '../bookings/booking-fixtures.test-helper';
import { DocumentsRepository } from './documents.repository';
import { TaxInvoices, taxInvoiceXml, taxNoteXml } from './tax-invoices';

// Issuing a booking's full tax invoice and its credit and debit notes, on the service the routes use
// (tax-invoices.test.ts drives the same through HTTP, a minute a run; these reach each rule directly,
// fast enough for mutation testing, decision 3204): when an invoice is issued and refused, its number,
// seller and amounts, and each note's kind, number and amounts after a change or a cancellation
// (decision 1801: credit and debit notes each have their own running numbers). Amounts in satang.
describeEachDatabase('tax invoices issued', (ctx) => {
  let tax: TaxInvoices;
  /** A ฿1,000 car at a new branch: tax branch 00000 (the column's default), no registered address. */
  let car: { carModelId: number; branchCode: string; unitIds: number[] };
  const year = Number(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 4));
  const buyer = {
    companyName: 'Dern Thang Co., Ltd.',
    address: '123 ถนนสุขุมวิท',
    subDistrictCode: '103301',
    postcode: '10110',
    taxId: '0105558000006',
    branch: '00000',
  };
  beforeAll(async () => {
    tax = taxInvoices();
    car = await makeCar(ctx.database, 1);
  });

  /** A booking's row with the buyer given at booking (none: `withBuyer` false). */
  const bookingRow = async (withBuyer = true) => {
    const { id } = await insertBooking(ctx.database, {
      userId: null,
      status: 'confirmed',
      unitId: car.unitIds[0],
    });
    if (withBuyer)
      await ctx.database.query(`UPDATE bookings SET tax_buyer = $2::jsonb WHERE id = $1`, [
        id,
        JSON.stringify(buyer),
      ]);
    return id;
  };
  /** The booking as the documents read it: two days, ฿2,000; VAT 2,000 × 7/107 = ฿130.84. */
  const booking = (id: number, values: Partial<Booking> = {}) =>
    ({
      id,
      bookingNumber: 'SD-20310602-0001',
      carName: 'Toyota Yaris',
      pickupDate: '2031-06-02',
      pickupTime: '10:00',
      returnDate: '2031-06-04',
      returnTime: '10:00',
      days: 2,
      status: 'confirmed',
      rentalAmount: 200_000,
      priceRules: [],
      hotDealDiscount: 0,
      promoDiscount: 0,
      addons: [],
      fees: [],
      charges: [],
      total: 200_000,
      vat: 13_084,
      cancellationFee: null,
      taxInvoice: { ready: true, monthly: false, number: null },
      ...values,
    }) as unknown as Booking;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => 'passed',
      (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
    );
  /** The app's tax documents, wired as services.ts wires them (the booking's lock from bookings/). */
  function taxInvoices() {
    const services = buildServices(ctx.database, testSettings());
    return new TaxInvoices(
      new DocumentsRepository(ctx.database.db),
      services.bookings,
      services.siteSettings,
    );
  }

  it('issues once paid and for a buyer only, numbered by the branch’s series, and keeps it', async () => {
    const id = await bookingRow();
    const notFound = { code: 'NOT_FOUND', message: 'Tax invoice not found' };
    expect(await failure(tax.issue(booking(id, { taxInvoice: null })))).toEqual(notFound);
    expect(
      await failure(
        tax.issue(booking(id, { taxInvoice: { ready: true, monthly: true, number: null } as never })),
      ),
    ).toEqual({ code: 'CONFLICT', message: companyMessages.onMonthlyInvoice });
    expect(
      await failure(
        tax.issue(booking(id, { taxInvoice: { ready: false, monthly: false, number: null } as never })),
      ),
    ).toEqual({ code: 'CONFLICT', message: 'A tax invoice is issued once the booking is paid' });
    // The row has no buyer (the booking object says otherwise): nothing to issue.
    expect(await failure(tax.issue(booking(await bookingRow(false))))).toEqual(notFound);
    expect(await tax.issuedFor(id)).toBe(false);

    const number = `${car.branchCode.toUpperCase()}-${year}-000001`;
    const issued = await tax.issue(booking(id));
    expect(issued).toEqual({
      id: expect.any(Number),
      number,
      branch_code: car.branchCode,
      issued_ms: expect.any(Number),
      // The branch has no registered address yet: its own display address, never the head office's.
      seller: {
        name: 'บริษัท สยามไดรฟ์ จำกัด',
        taxId: '0105558000006',
        branchNo: '00000',
        branchName: expect.stringMatching(/^Branch /),
        address: expect.stringMatching(/^Branch /),
      },
      buyer,
      lines: [
        {
          name: 'Car rental Toyota Yaris, 2031-06-02 10:00 – 2031-06-04 10:00 (SD-20310602-0001)',
          quantity: 2,
          total: 200_000,
          net: 186_916,
        },
      ],
      net: 186_916,
      vat: 13_084,
      total: 200_000,
      booking_total: 200_000,
    });
    expect(issued.seller.branchName).toBe(issued.seller.address);
    expect(await tax.issuedFor(id)).toBe(true);
    // Asked again, even once it is no longer ready (cancelled since): the same invoice.
    expect(
      await tax.issue(booking(id, { taxInvoice: { ready: false, monthly: false, number } as never })),
    ).toEqual(issued);
  });

  it('issues one invoice when two ask at once, and the branch numbers on without a gap', async () => {
    const id = await bookingRow();
    // Both pass the "not issued yet" look before either transaction: the second, under the booking's
    // lock, finds the first's invoice and draws no number.
    const [first, second] = await Promise.all([tax.issue(booking(id)), tax.issue(booking(id))]);
    expect(second).toEqual(first);
    const next = await tax.issue(booking(await bookingRow()));
    expect(Number(next.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 1);
  });

  it('prints the branch’s tax number and registered address once entered, and numbers on', async () => {
    await ctx.database.query(
      `UPDATE branches SET tax_branch_no = '00003', registered_address = $2::jsonb WHERE code = $1`,
      [
        car.branchCode,
        JSON.stringify({
          buildingNumber: '3/34',
          street: 'ถนนรัชดาภิเษก',
          subDistrictCode: '101701',
          postcode: '10310',
        }),
      ],
    );
    const issued = await tax.issue(booking(await bookingRow()));
    // The first case's invoice is 000001, the two issued at once 000002, the one after them 000003.
    expect(issued.number).toBe(`${car.branchCode.toUpperCase()}-${year}-000004`);
    expect(issued.seller).toEqual({
      name: 'บริษัท สยามไดรฟ์ จำกัด',
      taxId: '0105558000006',
      branchNo: '00003',
      branchName: expect.stringMatching(/^Branch /),
      address: '3/34 ถนนรัชดาภิเษก แขวงห้วยขวาง เขตห้วยขวาง กรุงเทพมหานคร 10310',
      registered: {
        buildingNumber: '3/34',
        street: 'ถนนรัชดาภิเษก',
        subDistrictCode: '101701',
        postcode: '10310',
      },
    });
  });

  it('corrects the invoice with a credit note when the booking comes to less, a debit note when to more, each kind its own series', async () => {
    const id = await bookingRow();
    const invoice = await tax.issue(booking(id));
    const issued = (values: Partial<Booking>) =>
      booking(id, {
        taxInvoice: { ready: true, monthly: false, number: invoice.number } as never,
        ...values,
      });
    const branch = car.branchCode.toUpperCase();
    // No invoice number on the booking, or the same total: nothing to correct.
    expect(await tax.adjust(booking(id, { total: 150_000 }), 'changed')).toBeNull();
    expect(await tax.adjust(booking(id, { total: 150_000, taxInvoice: null }), 'changed')).toBeNull();
    expect(await tax.adjust(issued({}), 'changed')).toBeNull();

    // ฿2,000 → ฿1,500: a credit note of ฿500; VAT 500 × 7/107 = ฿32.71, net ฿467.29.
    expect(await tax.adjust(issued({ total: 150_000 }), 'changed')).toEqual({
      number: `CN-${branch}-${year}-000001`,
      kind: 'credit',
      reason: 'changed',
      issued_ms: expect.any(Number),
      original_total: 200_000,
      corrected_total: 150_000,
      net: 46_729,
      vat: 3_271,
      total: 50_000,
    });
    // ฿1,500 → ฿2,300: a debit note of ฿800, the first of its own series; VAT 800 × 7/107 = ฿52.34.
    expect(await tax.adjust(issued({ total: 230_000 }), 'changed')).toEqual({
      number: `DN-${branch}-${year}-000001`,
      kind: 'debit',
      reason: 'changed',
      issued_ms: expect.any(Number),
      original_total: 150_000,
      corrected_total: 230_000,
      net: 74_766,
      vat: 5_234,
      total: 80_000,
    });
    // Charges after the return that are services (not damage) add to it: ฿2,300 + ฿400 late = ฿2,700,
    // a debit note of ฿400; VAT ฿26.17.
    const charges = [
      { kind: 'late', amount: 40_000, hours: 4, note: '' },
      { kind: 'damage', amount: 100_000, hours: null, note: 'mirror' },
    ] as Booking['charges'];
    expect(await tax.adjust(issued({ total: 230_000, charges }), 'charges')).toMatchObject({
      number: `DN-${branch}-${year}-000002`,
      kind: 'debit',
      reason: 'charges',
      original_total: 230_000,
      corrected_total: 270_000,
      net: 37_383,
      vat: 2_617,
      total: 40_000,
    });
    // Cancelled, the ฿500 fee kept: ฿2,700 → ฿500, a credit note of ฿2,200; VAT ฿143.93, net ฿2,056.07.
    const cancelled = issued({ status: 'cancelled', cancellationFee: 50_000, charges });
    expect(await tax.adjust(cancelled, 'cancelled')).toMatchObject({
      number: `CN-${branch}-${year}-000002`,
      kind: 'credit',
      original_total: 270_000,
      corrected_total: 50_000,
      net: 205_607,
      vat: 14_393,
      total: 220_000,
    });
    // Asked again: it stands at the fee now, so no further note.
    expect(await tax.adjust(cancelled, 'cancelled')).toBeNull();

    // Each note with the invoice it corrects; a number not the booking's is not found.
    const found = await tax.note(id, `DN-${branch}-${year}-000002`);
    expect(found.invoice.number).toBe(invoice.number);
    expect(found.note).toMatchObject({ kind: 'debit', total: 40_000 });
    // The files' e-Tax XML is the one tax-invoice-rules.test.ts checks against ETDA's validators.
    expect(tax.xml(found.invoice)).toBe(taxInvoiceXml(found.invoice));
    expect(tax.noteXml(found.invoice, found.note)).toBe(taxNoteXml(found.invoice, found.note));
    expect(tax.noteXml(found.invoice, found.note)).toContain(`DN-${branch}-${year}-000002`);
    expect(await failure(tax.note(id, `DN-${branch}-${year}-000009`))).toEqual({
      code: 'NOT_FOUND',
      message: 'Tax note not found',
    });
    expect(await failure(tax.note(await bookingRow(), `DN-${branch}-${year}-000002`))).toEqual({
      code: 'NOT_FOUND',
      message: 'Tax note not found',
    });
    // A booking whose row has no invoice (its object says it has): no note.
    expect(
      await tax.adjust(booking(await bookingRow(), { taxInvoice: { number: 'X' } as never }), 'changed'),
    ).toBeNull();
  });

  it('sells a company’s monthly invoice as the head office, at the registered address of the branch registered as 00000', async () => {
    const registered = {
      buildingNumber: '99/9',
      street: 'อาคารสยามไดรฟ์ ถนนรัชดาภิเษก',
      subDistrictCode: '102601',
      postcode: '10400',
    };
    const address = '99/9 อาคารสยามไดรฟ์ ถนนรัชดาภิเษก แขวงดินแดง เขตดินแดง กรุงเทพมหานคร 10400';
    const seller = {
      name: 'บริษัท สยามไดรฟ์ จำกัด',
      taxId: '0105558000006',
      branchNo: '00000',
      branchName: 'สำนักงานใหญ่',
    };
    expect(await tax.headOfficeSeller()).toEqual({ ...seller, address, registered });
    // No branch registered as the head office: the site's head-office words, without a structure.
    await ctx.database.query(
      `UPDATE branches SET tax_branch_no = '00009' WHERE tax_branch_no = '00000' AND registered_address IS NOT NULL`,
    );
    await ctx.database.query(
      `UPDATE site_settings SET value = jsonb_set(value, '{headOffice,th}', '"สำนักงานใหญ่ ถนนทดสอบ"') WHERE key = 'contact'`,
    );
    tax = taxInvoices();
    expect(await tax.headOfficeSeller()).toEqual({ ...seller, address: 'สำนักงานใหญ่ ถนนทดสอบ' });
  });
});
