import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { etdaErrors, schematronErrors, xsdErrors } from '../../../test/etda-validators';
import type { TaxInvoiceRow, TaxNoteRow } from './documents.repository';
import { taxInvoiceXml, taxNoteXml } from './tax-invoices';

const example = (file: string) =>
  readFileSync(new URL(`../../../test/etda/ETDA/ExampleFile/${file}`, import.meta.url), 'utf8');

/**
 * The validators the e-Tax tests lean on (tax-invoices.test.ts, companies.test.ts) judge as ETDA
 * does: ETDA's own example tax invoice passes both, and the example with a seller's postcode removed
 * and a type code ETDA has not got fails both, with ETDA's words.
 */
describe("ETDA's e-Tax validators (XSD through xmllint, Schematron through node-schematron)", () => {
  it("pass ETDA's own example tax invoice and refuse it broken", async () => {
    const invoice = example('Example_TaxInvoice_2p1_v1.xml');
    expect(await etdaErrors(invoice, 'TaxInvoice')).toEqual([]);
    const broken = invoice
      .replace('<ram:PostcodeCode>10310</ram:PostcodeCode>', '')
      .replace('<ram:TypeCode>388</ram:TypeCode>', '<ram:TypeCode>T09</ram:TypeCode>');
    const errors = await etdaErrors(broken, 'TaxInvoice');
    expect(errors.some((e) => e.includes('TypeCode'))).toBe(true);
    expect(errors.some((e) => e.startsWith('TIV-SellerTradeParty-007'))).toBe(true);
  });

  it("tell ETDA's own credit note from a tax invoice", async () => {
    // (ETDA's example note itself breaks ETDA's XSD: a date with a line break inside; its rules pass.)
    const note = example('Example_CreditNote_2p1_v1.xml');
    expect(schematronErrors(note, 'DebitCreditNote')).toEqual([]);
    // node-schematron leaves out rules on the document node (ETDA's "wrong document type" rule, context
    // "/"): a wrong root is the XSD's to catch.
    expect((await xsdErrors(note, 'TaxInvoice')).join()).toContain('No matching global declaration');
  });
});

/**
 * The writer alone, on documents written out by hand (the API tests issue them through bookings and
 * company accounts, on both databases): a branch's invoice, a monthly invoice, a credit and a debit
 * note, each accepted by ETDA's XSD and Schematron.
 */
describe("our e-Tax writer, judged by ETDA's validators", () => {
  const invoice: TaxInvoiceRow = {
    id: 1,
    number: 'PHUKET-2026-000001',
    branch_code: 'phuket',
    issued_ms: Date.UTC(2026, 10, 20, 3),
    seller: {
      name: 'บริษัท สยามไดรฟ์ จำกัด',
      taxId: '0105558000006',
      branchNo: '00005',
      branchName: 'สนามบินภูเก็ต',
      address: '222 หมู่ 6 ถนนเทพกระษัตรี ตำบลไม้ขาว อำเภอถลาง จังหวัดภูเก็ต 83110',
      registered: {
        buildingNumber: '222',
        street: 'หมู่ 6 ถนนเทพกระษัตรี',
        subDistrictCode: '830305',
        postcode: '83110',
      },
    },
    buyer: {
      companyName: 'บริษัท ทดสอบการเดินทาง จำกัด',
      address: '123 ถนนสุขุมวิท',
      subDistrictCode: '103301',
      postcode: '10110',
      taxId: '0994000165510',
      branch: '00000',
    },
    // 2 days at ฿1,000 and GPS ฿100 a day: ฿2,200, VAT 2,200 × 7 / 107 = 143.93, nets 1,869.16 + 186.91.
    lines: [
      { name: 'Car rental', quantity: 2, net: 186_916, total: 200_000 },
      { name: 'GPS', quantity: 2, net: 18_691, total: 20_000 },
    ],
    net: 205_607,
    vat: 14_393,
    total: 220_000,
  };
  const note = (kind: 'credit' | 'debit'): TaxNoteRow => ({
    number: `${kind === 'credit' ? 'CN' : 'DN'}-PHUKET-2026-000001`,
    kind,
    reason: 'changed',
    issued_ms: Date.UTC(2026, 10, 21, 3),
    original_total: 220_000,
    corrected_total: kind === 'credit' ? 110_000 : 330_000,
    // ฿1,100: VAT 1,100 × 7 / 107 = 71.96, net 1,028.04.
    net: 102_804,
    vat: 7_196,
    total: 110_000,
  });

  it("writes a branch's invoice (T03) and a monthly invoice (388) that ETDA accepts", async () => {
    const xml = taxInvoiceXml(invoice);
    expect(await etdaErrors(xml, 'TaxInvoice')).toEqual([]);
    expect(xml).toContain(
      '<ram:TypeCode listID="1001_ThaiDocumentNameCodeInvoice" listAgencyID="RD/ETDA" listVersionID="1.0">T03</ram:TypeCode>',
    );
    expect(xml).toContain(
      '<ram:PostcodeCode>83110</ram:PostcodeCode><ram:StreetName>หมู่ 6 ถนนเทพกระษัตรี</ram:StreetName>' +
        '<ram:CityName>8303</ram:CityName><ram:CitySubDivisionName>830305</ram:CitySubDivisionName>' +
        '<ram:CountryID schemeID="3166-1 alpha-2">TH</ram:CountryID><ram:CountrySubDivisionID>83</ram:CountrySubDivisionID>' +
        '<ram:BuildingNumber>222</ram:BuildingNumber>',
    );
    // Named as its PDF is headed (taxInvoiceKind): ETDA's name of T03 (its Schematron leaves names unchecked).
    expect(xml).toContain('<ram:Name>ใบเสร็จรับเงิน/ใบกำกับภาษี</ram:Name>');
    const monthly = taxInvoiceXml({ ...invoice, number: 'MI-2026-000001' });
    expect(await etdaErrors(monthly, 'TaxInvoice')).toEqual([]);
    expect(monthly).toContain('>388</ram:TypeCode>');
  });

  it('writes credit and debit notes in ETDA’s note structure, referring to the invoice by its type', async () => {
    for (const kind of ['credit', 'debit'] as const) {
      const xml = taxNoteXml(invoice, note(kind));
      expect(await etdaErrors(xml, 'DebitCreditNote'), kind).toEqual([]);
      expect(xml).toContain('<rsm:DebitCreditNote_CrossIndustryInvoice ');
      expect(xml).toContain('<ram:ReferenceTypeCode>T03</ram:ReferenceTypeCode>');
    }
  });
});
