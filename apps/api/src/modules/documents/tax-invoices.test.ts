import { isThaiTaxId, taxMessages } from '@siam/contract/tax-invoices';
import { thaiAddressMessages } from '@siam/contract/thai-address';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { etdaErrors } from '../../../test/etda-validators';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';

describe('Thai tax IDs (13 digits, the last a check digit)', () => {
  it('takes real ones and refuses a wrong digit', () => {
    expect(isThaiTaxId('0105558000006')).toBe(true);
    expect(isThaiTaxId('0994000165510')).toBe(true);
    expect(isThaiTaxId('0105558000000')).toBe(false);
    expect(isThaiTaxId('010555800000')).toBe(false);
    expect(isThaiTaxId('01055580000061')).toBe(false);
  });
});

const company = {
  companyName: 'บริษัท ทดสอบการเดินทาง จำกัด',
  address: '123 ถนนสุขุมวิท',
  // คลองเตย, เขตคลองเตย, กรุงเทพมหานคร (TISI 1099: 10 Bangkok, 1033 Khlong Toei, 103301).
  subDistrictCode: '103301',
  postcode: '10110',
  taxId: '0105558000006',
  branch: '00000',
};

/** A rental branch registered as branch 00003 at ห้วยขวาง (101701), 10310: what its invoices print. */
const registeredAddress = {
  buildingNumber: '3/34',
  street: 'ถนนรัชดาภิเษก',
  subDistrictCode: '101701',
  postcode: '10310',
};

/**
 * The elements ETDA's TaxInvoice_CrossIndustryInvoice schema (v2.1, ขมธอ. 3-2560) requires, as paths
 * from the root, transcribed from its element declarations (minOccurs 1), with the Thai rules we know
 * of: type code 388, seller and buyer tax IDs of 13 digits and the 5-digit branch, THB, VAT at 7 %.
 */
const requiredPaths = [
  'rsm:ExchangedDocumentContext.ram:GuidelineSpecifiedDocumentContextParameter.ram:ID',
  'rsm:ExchangedDocument.ram:ID',
  'rsm:ExchangedDocument.ram:Name',
  'rsm:ExchangedDocument.ram:TypeCode',
  'rsm:ExchangedDocument.ram:IssueDateTime',
  'rsm:ExchangedDocument.ram:CreationDateTime',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeAgreement.ram:SellerTradeParty.ram:Name',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeAgreement.ram:SellerTradeParty.ram:SpecifiedTaxRegistration.ram:ID',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeAgreement.ram:SellerTradeParty.ram:PostalTradeAddress.ram:CountryID',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeAgreement.ram:BuyerTradeParty.ram:Name',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeAgreement.ram:BuyerTradeParty.ram:SpecifiedTaxRegistration.ram:ID',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeDelivery',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement.ram:InvoiceCurrencyCode',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement.ram:ApplicableTradeTax.ram:TypeCode',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement.ram:ApplicableTradeTax.ram:CalculatedRate',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:LineTotalAmount',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:TaxBasisTotalAmount',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:TaxTotalAmount',
  'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement.ram:SpecifiedTradeSettlementHeaderMonetarySummation.ram:GrandTotalAmount',
];
const lineRequired = [
  'ram:AssociatedDocumentLineDocument.ram:LineID',
  'ram:SpecifiedTradeProduct.ram:Name',
  'ram:SpecifiedLineTradeAgreement',
  'ram:SpecifiedLineTradeDelivery.ram:BilledQuantity',
  'ram:SpecifiedLineTradeSettlement.ram:SpecifiedTradeSettlementLineMonetarySummation',
];
const at = (node: unknown, path: string) =>
  path.split('.').reduce<unknown>((n, key) => (n as Record<string, unknown> | undefined)?.[key], node);
const text = (node: unknown) =>
  typeof node === 'object' && node !== null ? String((node as { '#text': unknown })['#text']) : String(node);

/**
 * Full tax invoices for companies (issue 18, part 3): the company's details at booking (tax ID
 * checked), kept in the profile; the invoice issued once paid, with the rental branch's running
 * number, as a PDF and as e-Tax XML; private to the customer and staff.
 */
describeEachDatabase('full tax invoices', (ctx) => {
  let app: App;
  let staff: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
    const account = demoStaffAccounts.find((a) => a.role === 'admin')!;
    staff = await login(app, account.email, account.password);
  });
  afterAll(() => app.close());

  const book = (
    headers: Record<string, string>,
    car: { carModelId: number; branchCode: string },
    from: number,
    extra: object,
  ) =>
    createBooking(app, headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(from),
      returnDate: daysFromNow(from + 2),
      addons: [{ code: 'gps', quantity: 1 }],
      paymentMethod: 'card',
      cardToken: goodCardToken,
      ...extra,
    });
  const invoiceOf = (headers: Record<string, string>, id: number, format = 'pdf') =>
    app.inject({ url: `/api/v1/auth/bookings/${id}/tax-invoice?format=${format}`, headers });
  /** The back office registers the test branch with the Revenue Department (branch 00003). */
  const register = async (branchCode: string) => {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/branches/${branchCode}`,
      headers: staff,
      payload: { taxBranchNo: '00003', registeredAddress },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('refuses a company whose tax ID is wrong, at its field', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const res = await book(customer.headers, car, 30, { taxInvoice: { ...company, taxId: '0105558000001' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      path: 'taxInvoice.taxId',
      message: taxMessages.taxIdChecksum,
    });
    const branch = await book(customer.headers, car, 30, { taxInvoice: { ...company, branch: '12' } });
    expect(branch.json().errors[0].path).toBe('taxInvoice.branch');
  });

  it('issues the invoice once paid with the branch’s running number; PDF and e-Tax XML; private', async () => {
    const car = await makeCar(ctx.database, 2);
    await register(car.branchCode);
    const customer = await makeCustomer(app);
    const made = await book(customer.headers, car, 40, {
      taxInvoice: { ...company, taxId: '0-1055-58000-00-6' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking.taxInvoice).toEqual({
      companyName: company.companyName,
      taxId: company.taxId,
      branch: '00000',
      number: null,
      ready: true,
      monthly: false,
      notes: [],
    });
    // The details are kept for the next booking.
    const kept = await app.inject({ url: '/api/v1/auth/tax-details', headers: customer.headers });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().response.data).toEqual(company);

    const pdf = await invoiceOf(customer.headers, booking.id);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const year = new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();
    const number = `${car.branchCode.toUpperCase()}-${year}-000001`;
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="tax-invoice-${number}.pdf"`);
    // Asked again: the same invoice, not a new number.
    await invoiceOf(customer.headers, booking.id);
    const view = await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers });
    expect(view.json().response.data.taxInvoice.number).toBe(number);

    // The e-Tax XML carries every element the schema requires, and adds up.
    const xml = await invoiceOf(customer.headers, booking.id, 'xml');
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml.body);
    const root = doc['rsm:TaxInvoice_CrossIndustryInvoice'];
    expect(root['@_xmlns:rsm']).toBe('urn:etda:uncefact:data:standard:TaxInvoice_CrossIndustryInvoice:2');
    for (const path of requiredPaths) expect(at(root, path), path).toBeDefined();
    // Issued once paid, it is the receipt too, as its PDF is headed: ETDA's T03.
    expect(text(at(root, 'rsm:ExchangedDocument.ram:TypeCode'))).toBe('T03');
    expect(text(at(root, 'rsm:ExchangedDocument.ram:Name'))).toBe('ใบเสร็จรับเงิน/ใบกำกับภาษี');
    expect(text(at(root, 'rsm:ExchangedDocument.ram:ID'))).toBe(number);
    // ETDA's own XSD and Schematron accept it.
    expect(await etdaErrors(xml.body, 'TaxInvoice')).toEqual([]);
    const agreement = 'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeAgreement';
    // The branch's own number and registered address, not the head office's.
    expect(text(at(root, `${agreement}.ram:SellerTradeParty.ram:SpecifiedTaxRegistration.ram:ID`))).toBe(
      '010555800000600003',
    );
    const seller = at(root, `${agreement}.ram:SellerTradeParty.ram:PostalTradeAddress`);
    expect(
      [
        'PostcodeCode',
        'StreetName',
        'CityName',
        'CitySubDivisionName',
        'CountrySubDivisionID',
        'BuildingNumber',
      ].map((k) => text(at(seller, `ram:${k}`))),
    ).toEqual(['10310', 'ถนนรัชดาภิเษก', '1017', '101701', '10', '3/34']);
    const buyer = at(root, `${agreement}.ram:BuyerTradeParty.ram:PostalTradeAddress`);
    expect(
      ['PostcodeCode', 'LineOne', 'CityName', 'CitySubDivisionName', 'CountrySubDivisionID'].map((k) =>
        text(at(buyer, `ram:${k}`)),
      ),
    ).toEqual(['10110', '123 ถนนสุขุมวิท', '1033', '103301', '10']);
    expect(text(at(root, `${agreement}.ram:BuyerTradeParty.ram:SpecifiedTaxRegistration.ram:ID`))).toBe(
      `${company.taxId}00000`,
    );
    expect(text(at(root, `${agreement}.ram:BuyerTradeParty.ram:Name`))).toBe(company.companyName);
    const settlement = 'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement';
    expect(text(at(root, `${settlement}.ram:InvoiceCurrencyCode`))).toBe('THB');
    const sums = at(root, `${settlement}.ram:SpecifiedTradeSettlementHeaderMonetarySummation`);
    const money = (key: string) => Number(text(at(sums, key)));
    // 2 days × (฿1,000 + GPS ฿100) = ฿2,200; VAT 2,200 × 7 / 107 = 143.925… → ฿143.93.
    expect(money('ram:GrandTotalAmount')).toBe(2200);
    expect(money('ram:TaxTotalAmount')).toBe(143.93);
    expect(money('ram:TaxBasisTotalAmount') + money('ram:TaxTotalAmount')).toBeCloseTo(
      booking.total / 100,
      2,
    );
    const items = [at(root, 'rsm:SupplyChainTradeTransaction.ram:IncludedSupplyChainTradeLineItem')].flat();
    expect(items).toHaveLength(2); // the rental and the GPS
    for (const item of items) for (const path of lineRequired) expect(at(item, path), path).toBeDefined();
    const nets = items.map((i) =>
      Number(
        text(
          at(
            i,
            'ram:SpecifiedLineTradeSettlement.ram:SpecifiedTradeSettlementLineMonetarySummation.ram:NetLineTotalAmount',
          ),
        ),
      ),
    );
    expect(nets.reduce((a, b) => a + b, 0)).toBeCloseTo(money('ram:LineTotalAmount'), 2);

    // Nobody else's; staff read it too; the next booking at the branch takes the next number.
    const stranger = await makeCustomer(app);
    expect((await invoiceOf(stranger.headers, booking.id)).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/v1/auth/bookings/${booking.id}/tax-invoice` })).statusCode).toBe(
      401,
    );
    const byStaff = await app.inject({
      url: `/api/v1/admin/bookings/${booking.id}/tax-invoice`,
      headers: staff,
    });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.headers['content-disposition']).toContain(number);
    const second = await book(customer.headers, car, 50, { taxInvoice: company });
    const secondPdf = await invoiceOf(customer.headers, second.json().response.data.booking.id);
    expect(secondPdf.headers['content-disposition']).toContain(
      `${car.branchCode.toUpperCase()}-${year}-000002`,
    );
  });

  it('refuses a postcode no sub-district has, and a sub-district outside the postcode, at their fields', async () => {
    const customer = await makeCustomer(app);
    const save = (details: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/auth/tax-details',
        headers: customer.headers,
        payload: details,
      });
    const unknown = await save({ ...company, postcode: '10999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: 'postcode', message: thaiAddressMessages.postcodeUnknown },
    ]);
    // สีลม (100402) is in 10500, not 10110.
    const elsewhere = await save({ ...company, subDistrictCode: '100402' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toEqual([
      { path: 'subDistrictCode', message: thaiAddressMessages.subDistrictPostcode },
    ]);
    const car = await makeCar(ctx.database, 1);
    const booked = await book(customer.headers, car, 30, { taxInvoice: { ...company, postcode: '10999' } });
    expect(booked.statusCode).toBe(400);
    expect(booked.json().errors[0]).toEqual({
      path: 'taxInvoice.postcode',
      message: thaiAddressMessages.postcodeUnknown,
    });
    // The back office's branch form: the same check at the registered address's fields.
    const branch = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/branches/${car.branchCode}`,
      headers: staff,
      payload: { registeredAddress: { ...registeredAddress, postcode: '10999' } },
    });
    expect(branch.statusCode).toBe(400);
    expect(branch.json().errors).toEqual([
      { path: 'registeredAddress.postcode', message: thaiAddressMessages.postcodeUnknown },
    ]);
    // The postcode's sub-districts, for the form to choose from.
    const list = await app.inject({ url: '/api/v1/guest/postcodes/10110/sub-districts' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().response.data).toContainEqual({
      code: '103301',
      name: { th: 'คลองเตย', en: 'Khlong Toei' },
      district: { code: '1033', name: { th: 'เขตคลองเตย', en: 'Khet Khlong Toei' } },
      province: { code: '10', name: { th: 'กรุงเทพมหานคร', en: 'Bangkok' } },
    });
    const none = await app.inject({ url: '/api/v1/guest/postcodes/10999/sub-districts' });
    expect(none.json().response.data).toEqual([]);
  });

  it('issues nothing before payment, nor for a booking without a company; the profile forgets on request', async () => {
    const car = await makeCar(ctx.database, 2);
    const customer = await makeCustomer(app);
    const unpaid = await book(customer.headers, car, 60, {
      paymentMethod: 'bank_transfer',
      taxInvoice: company,
    });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    const early = await invoiceOf(customer.headers, unpaid.json().response.data.booking.id);
    expect(early.statusCode).toBe(409);
    // A new account holds one unpaid booking: another customer books without a company.
    const other = await makeCustomer(app);
    const plain = await book(other.headers, car, 70, {});
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await invoiceOf(other.headers, plain.json().response.data.booking.id)).statusCode).toBe(404);
    const forget = await app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/tax-details',
      headers: customer.headers,
    });
    expect(forget.statusCode, forget.body).toBe(200);
    expect(
      (await app.inject({ url: '/api/v1/auth/tax-details', headers: customer.headers })).json(),
    ).toMatchObject({
      response: { data: null },
    });
  });

  const noteOf = (headers: Record<string, string>, id: number, number: string, format = 'pdf') =>
    app.inject({ url: `/api/v1/auth/bookings/${id}/tax-notes/${number}?format=${format}`, headers });
  /** A note's XML: ETDA's note structure (DebitCreditNote_CrossIndustryInvoice), which ETDA's validators accept. */
  const xmlRoot = async (body: string) => {
    expect(await etdaErrors(body, 'DebitCreditNote')).toEqual([]);
    return new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(body)[
      'rsm:DebitCreditNote_CrossIndustryInvoice'
    ];
  };

  it('keeps the invoice of a cancelled booking, and issues a credit note referring to it (CDNS04, type 81)', async () => {
    const car = await makeCar(ctx.database, 1);
    await register(car.branchCode);
    const customer = await makeCustomer(app);
    const made = await book(customer.headers, car, 45, { taxInvoice: company });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    const invoice = await invoiceOf(customer.headers, booking.id);
    expect(invoice.statusCode).toBe(200);
    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${booking.id}/cancel`,
      headers: customer.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = cancelled.json().response.data;
    expect(after.cancellationFee).toBe(0);
    // The invoice stays downloadable: it was issued and is kept for good.
    const again = await invoiceOf(customer.headers, booking.id);
    expect(again.statusCode, again.body).toBe(200);
    const year = new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();
    const number = `CN-${car.branchCode.toUpperCase()}-${year}-000001`;
    expect(after.taxInvoice.notes).toEqual([
      { number, kind: 'credit', issuedAt: expect.any(String), total: booking.total },
    ]);

    const pdf = await noteOf(customer.headers, booking.id, number);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="credit-note-${number}.pdf"`);
    const xml = await noteOf(customer.headers, booking.id, number, 'xml');
    const root = await xmlRoot(xml.body);
    for (const path of requiredPaths) expect(at(root, path), path).toBeDefined();
    expect(text(at(root, 'rsm:ExchangedDocument.ram:TypeCode'))).toBe('81');
    expect(text(at(root, 'rsm:ExchangedDocument.ram:Name'))).toBe('ใบลดหนี้');
    expect(text(at(root, 'rsm:ExchangedDocument.ram:PurposeCode'))).toBe('CDNS04');
    const ref =
      'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeAgreement.ram:AdditionalReferencedDocument';
    const invoiceNumber = /filename="tax-invoice-(.+)\.pdf"/.exec(
      invoice.headers['content-disposition'] as string,
    )![1];
    expect(text(at(root, `${ref}.ram:IssuerAssignedID`))).toBe(invoiceNumber);
    expect(text(at(root, `${ref}.ram:ReferenceTypeCode`))).toBe('T03');
    const sums = at(
      root,
      'rsm:SupplyChainTradeTransaction.ram:ApplicableHeaderTradeSettlement.ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    );
    const money = (key: string) => Number(text(at(sums, key)));
    // The whole ฿2,200 (2 days × (฿1,000 + GPS ฿100)) credited: VAT 2,200 × 7 / 107 = 143.925… → ฿143.93,
    // net 2,200 − 143.93 = ฿2,056.07, which is both the original value and the difference.
    expect(money('ram:GrandTotalAmount')).toBe(2200);
    expect(money('ram:TaxTotalAmount')).toBe(143.93);
    expect(money('ram:OriginalInformationAmount')).toBe(2056.07);
    expect(money('ram:DifferenceInformationAmount')).toBe(2056.07);

    // Private: not another customer's, not without signing in; staff read it.
    const stranger = await makeCustomer(app);
    expect((await noteOf(stranger.headers, booking.id, number)).statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/api/v1/auth/bookings/${booking.id}/tax-notes/${number}` })).statusCode,
    ).toBe(401);
    const byStaff = await app.inject({
      url: `/api/v1/admin/bookings/${booking.id}/tax-notes/${number}?format=xml`,
      headers: staff,
    });
    expect(byStaff.statusCode).toBe(200);
    expect((await noteOf(customer.headers, booking.id, 'CN-NOPE-2026-000001')).statusCode).toBe(404);
    expect((await noteOf(customer.headers, booking.id, 'INV-1%27')).statusCode).toBe(400);
  });

  it('a change to a shorter rental issues a credit note, a longer one a debit note; none without an invoice', async () => {
    const car = await makeCar(ctx.database, 1);
    await register(car.branchCode);
    const customer = await makeCustomer(app);
    const made = await book(customer.headers, car, 90, { taxInvoice: company, addons: [] });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect((await invoiceOf(customer.headers, booking.id)).statusCode).toBe(200);
    const change = (body: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/auth/bookings/${booking.id}/change`,
        headers: customer.headers,
        payload: body,
      });
    const shorter = await change({ pickupDate: daysFromNow(90), returnDate: daysFromNow(91) });
    expect(shorter.statusCode, shorter.body).toBe(200);
    const afterShorter = shorter.json().response.data.booking;
    // 2 days → 1 day at ฿1,000: ฿2,000 → ฿1,000, a credit note of ฿1,000.
    expect(booking.total).toBe(200_000);
    expect(afterShorter.total).toBe(100_000);
    expect(afterShorter.taxInvoice.notes).toMatchObject([{ kind: 'credit', total: 100_000 }]);
    const credit = await xmlRoot(
      (await noteOf(customer.headers, booking.id, afterShorter.taxInvoice.notes[0].number, 'xml')).body,
    );
    expect(text(at(credit, 'rsm:ExchangedDocument.ram:PurposeCode'))).toBe('CDNS02');

    const longer = await change({
      pickupDate: daysFromNow(90),
      returnDate: daysFromNow(93),
      cardToken: goodCardToken,
    });
    expect(longer.statusCode, longer.body).toBe(200);
    const afterLonger = longer.json().response.data.booking;
    // 1 day → 3 days: ฿1,000 → ฿3,000, a debit note of ฿2,000.
    expect(afterLonger.total).toBe(300_000);
    const debit = afterLonger.taxInvoice.notes[1];
    expect(debit).toMatchObject({ kind: 'debit', total: 200_000 });
    expect(debit.number).toMatch(/^DN-/);
    const debitXml = await xmlRoot((await noteOf(customer.headers, booking.id, debit.number, 'xml')).body);
    expect(text(at(debitXml, 'rsm:ExchangedDocument.ram:TypeCode'))).toBe('80');
    expect(text(at(debitXml, 'rsm:ExchangedDocument.ram:PurposeCode'))).toBe('DBNS01');

    // Never asked for its invoice: cancelling issues no note (there is nothing to correct).
    const other = await book(customer.headers, car, 120, { taxInvoice: company });
    expect(other.statusCode, other.body).toBe(200);
    const otherId = other.json().response.data.booking.id;
    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${otherId}/cancel`,
      headers: customer.headers,
      payload: {},
    });
    expect(cancelled.json().response.data.taxInvoice).toMatchObject({ number: null, notes: [] });
  });

  it('gives 20 invoices issued at once at one branch 20 different numbers, one after another', async () => {
    const car = await makeCar(ctx.database, 20);
    const ids: { headers: Record<string, string>; id: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const customer = await makeCustomer(app);
      const made = await book(customer.headers, car, 80, { taxInvoice: company });
      expect(made.statusCode, made.body).toBe(200);
      ids.push({ headers: customer.headers, id: made.json().response.data.booking.id });
    }
    const answers = await Promise.all(ids.map((b) => invoiceOf(b.headers, b.id)));
    // On a loaded machine the server may turn a few away as busy (503, to be tried again): a turned-away
    // request must leave no gap in the numbers, so each is asked again, as a customer would.
    for (const [i, answer] of answers.entries())
      if (answer.statusCode === 503) answers[i] = await invoiceOf(ids[i]!.headers, ids[i]!.id);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => /-(\d{6})\.pdf/.exec(a.headers['content-disposition'] as string)![1]);
    expect([...numbers].sort()).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1).padStart(6, '0')));
  });
});
