import type { Booking } from '@siam/contract/bookings';
import { describe, expect, it } from 'vitest';
import { etdaErrors } from '../../../test/etda-validators';
import type { TaxInvoiceRow, TaxNoteRow } from './documents.repository';
import {
  chargeLine,
  invoiceLines,
  invoicedTotal,
  taxInvoiceFile,
  taxInvoiceKind,
  taxInvoiceXml,
  taxNoteXml,
  withNets,
} from './tax-invoices';

// The tax documents' pure rules (issue 32 part 2: fast enough for mutation testing, decision 3204):
// the lines and their nets from a booking, what it comes to, and ETDA's e-Tax XML written out in full
// by hand (every element, in the schema's order), then put through ETDA's own XSD and Schematron.

/** A booking as the documents read it: only the fields they use (amounts in satang). */
const booking = (values: Partial<Booking> = {}) =>
  ({
    bookingNumber: 'SD-20310602-0001',
    carName: 'Toyota Yaris',
    pickupDate: '2031-06-02',
    pickupTime: '10:00',
    returnDate: '2031-06-04',
    returnTime: '10:00',
    days: 2,
    status: 'completed',
    rentalAmount: 200_000,
    priceRules: [{ amount: 20_000 }],
    hotDealDiscount: 22_000,
    promoDiscount: 19_800,
    addons: [
      { label: 'GPS', amount: 30_000 },
      { label: 'Map', amount: 0 },
    ],
    fees: [{ code: 'one_way', label: 'Old Town', amount: 50_000 }],
    charges: [
      { kind: 'late', amount: 40_000, hours: 4, note: '' },
      { kind: 'damage', amount: 100_000, hours: null, note: 'mirror' },
    ],
    // ฿2,000 + ฿200 (rules) − ฿220 (deal) − ฿198 (code) + ฿300 (GPS) + ฿500 (one-way) = ฿2,582;
    // VAT 2,582 × 7/107 = ฿168.92.
    total: 258_200,
    vat: 16_892,
    cancellationFee: null,
    ...values,
  }) as unknown as Booking;

describe('tax documents: lines, totals and files', () => {
  it('writes a charge after the return as a line: its hours and its note when it has them', () => {
    expect(
      chargeLine({ kind: 'late', amount: 40_000, hours: 4, note: '' } as Booking['charges'][number]),
    ).toEqual({
      name: 'Late return (4 h)',
      quantity: 1,
      total: 40_000,
    });
    expect(
      chargeLine({
        kind: 'cleaning',
        amount: 30_000,
        hours: null,
        note: 'sand',
      } as Booking['charges'][number]),
    ).toEqual({ name: 'Cleaning, sand', quantity: 1, total: 30_000 });
    expect(
      chargeLine({ kind: 'fuel', amount: 5_000, hours: 0, note: '' } as Booking['charges'][number]).name,
    ).toBe('Fuel');
  });

  it('comes to the total and the service charges (not damage); a cancelled or expired booking to its fee', () => {
    // ฿2,582 + ฿400 late; the ฿1,000 damage is compensation.
    expect(invoicedTotal(booking())).toBe(298_200);
    expect(invoicedTotal(booking({ status: 'cancelled', cancellationFee: 50_000 }))).toBe(50_000);
    expect(invoicedTotal(booking({ status: 'expired', cancellationFee: 20_000 }))).toBe(20_000);
    expect(invoicedTotal(booking({ status: 'cancelled', cancellationFee: null }))).toBe(0);
  });

  it("on a company's account comes to what the company covers: not the charges the driver's own deposit paid, all of them when the company covers the deposit", () => {
    // The driver's deposit (a card) paid the ฿400 late hours and the ฿1,000 damage: ฿2,582 only.
    expect(
      invoicedTotal(
        booking({ paymentMethod: 'company_account', deposit: { method: 'card' } } as Partial<Booking>),
      ),
    ).toBe(258_200);
    // The company covers the deposit (decision 3662): ฿2,582 + ฿400 + ฿1,000 = ฿3,982.
    expect(
      invoicedTotal(
        booking({ paymentMethod: 'company_account', deposit: { method: 'on_account' } } as Partial<Booking>),
      ),
    ).toBe(398_200);
  });

  it("lists the rental as agreed, each paid extra, each fee and each service charge, each line's net with the rounding on the last", () => {
    // ฿2,982 in all; VAT: the booking's ฿168.92 and the late charge's 400 × 7/107 = ฿26.17: ฿195.09;
    // net ฿2,786.91.
    expect(invoiceLines(booking())).toEqual([
      {
        name: 'Car rental Toyota Yaris, 2031-06-02 10:00 – 2031-06-04 10:00 (SD-20310602-0001)',
        quantity: 2,
        // ฿1,782: VAT ฿116.58, net ฿1,665.42.
        total: 178_200,
        net: 166_542,
      },
      { name: 'GPS', quantity: 2, total: 30_000, net: 28_037 },
      { name: 'one-way: Old Town', quantity: 1, total: 50_000, net: 46_729 },
      // The last line takes what is left: ฿2,786.91 − ฿1,665.42 − ฿280.37 − ฿467.29 = ฿373.83.
      { name: 'Late return (4 h)', quantity: 1, total: 40_000, net: 37_383 },
    ]);
    // A rental with nothing left after its code is no line.
    expect(
      invoiceLines(booking({ promoDiscount: 198_000, addons: [], fees: [], charges: [], total: 0, vat: 0 })),
    ).toEqual([]);
  });

  it('gives each line its price less its own VAT, and the last whatever makes the nets add up', () => {
    expect(
      withNets(
        [
          { name: 'a', quantity: 1, total: 10_700 },
          { name: 'b', quantity: 1, total: 10_700 },
        ],
        19_999,
      ),
    ).toEqual([
      { name: 'a', quantity: 1, total: 10_700, net: 10_000 },
      { name: 'b', quantity: 1, total: 10_700, net: 9_999 },
    ]);
  });

  it('names the file by what it is, and says its type', () => {
    const body = Buffer.from('x');
    expect(taxInvoiceFile({ number: 'AIR-2031-000001', body }, 'pdf')).toEqual({
      contentType: 'application/pdf',
      content: body,
      downloadAs: 'tax-invoice-AIR-2031-000001.pdf',
    });
    expect(taxInvoiceFile({ number: 'CN-AIR-2031-000001', body }, 'xml')).toEqual({
      contentType: 'application/xml; charset=utf-8',
      content: body,
      downloadAs: 'credit-note-CN-AIR-2031-000001.xml',
    });
    expect(taxInvoiceFile({ number: 'DN-MI-2031-000002', body }, 'pdf').downloadAs).toBe(
      'debit-note-DN-MI-2031-000002.pdf',
    );
    // Only a number that starts so is a note: not a branch's invoice whose code ends in CN or DN.
    expect(taxInvoiceFile({ number: 'KDN-2031-000001', body }, 'pdf').downloadAs).toBe(
      'tax-invoice-KDN-2031-000001.pdf',
    );
    expect(taxInvoiceFile({ number: 'MI-CN-2031-000001', body }, 'pdf').downloadAs).toBe(
      'tax-invoice-MI-CN-2031-000001.pdf',
    );
    expect(taxInvoiceKind({ number: 'MI-2031-000001' })).toEqual({
      code: '388',
      th: 'ใบกำกับภาษี',
      en: 'Tax invoice',
    });
    expect(taxInvoiceKind({ number: 'AIR-MI-2031-000001' })).toEqual({
      code: 'T03',
      th: 'ใบเสร็จรับเงิน/ใบกำกับภาษี',
      en: 'Receipt / Tax invoice',
    });
  });
});

/** A branch's invoice: the seller at its registered address, the buyer with a name to escape. */
const invoice: TaxInvoiceRow = {
  id: 1,
  number: 'AIR-2031-000001',
  branch_code: 'air',
  // 2 June 2031, 10:04:05 in Bangkok.
  issued_ms: Date.UTC(2031, 5, 2, 3, 4, 5),
  seller: {
    name: 'บริษัท สยามไดรฟ์ จำกัด',
    taxId: '0105561000001',
    branchNo: '00001',
    branchName: 'สาขาสนามบิน',
    address: '1/2 ถนนสาทรใต้ แขวงทุ่งมหาเมฆ เขตสาทร กรุงเทพมหานคร 10120',
    registered: { buildingNumber: '1/2', street: 'ถนนสาทรใต้', subDistrictCode: '102803', postcode: '10120' },
  },
  buyer: {
    companyName: 'Dern & "Thang" <Co>',
    address: '99 Rama IV',
    subDistrictCode: '102803',
    postcode: '10120',
    taxId: '0105558000001',
    branch: '00000',
  },
  lines: [
    { name: 'Car rental', quantity: 2, net: 186_916, total: 200_000 },
    { name: 'GPS', quantity: 2, net: 28_037, total: 30_000 },
    { name: 'one-way: Old Town', quantity: 1, net: 46_729, total: 50_000 },
  ],
  // ฿2,800: VAT 2,800 × 7/107 = ฿183.18, net ฿2,616.82.
  net: 261_682,
  vat: 18_318,
  total: 280_000,
};

const tax = (basis: string, vat: string) =>
  `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CalculatedRate>7</ram:CalculatedRate><ram:BasisAmount>${basis}</ram:BasisAmount><ram:CalculatedAmount>${vat}</ram:CalculatedAmount></ram:ApplicableTradeTax>`;
const line = (
  id: number,
  name: string,
  price: string,
  unit: string,
  quantity: number,
  net: string,
  vat: string,
  total: string,
) =>
  `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${id}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
  `<ram:SpecifiedTradeProduct><ram:Name>${name}</ram:Name></ram:SpecifiedTradeProduct>` +
  `<ram:SpecifiedLineTradeAgreement><ram:GrossPriceProductTradePrice><ram:ChargeAmount>${price}</ram:ChargeAmount></ram:GrossPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
  `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${unit}">${quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
  `<ram:SpecifiedLineTradeSettlement>${tax(net, vat)}<ram:SpecifiedTradeSettlementLineMonetarySummation>` +
  `<ram:TaxTotalAmount currencyID="THB">${vat}</ram:TaxTotalAmount><ram:NetLineTotalAmount currencyID="THB">${net}</ram:NetLineTotalAmount>` +
  `<ram:NetIncludingTaxesLineTotalAmount currencyID="THB">${total}</ram:NetIncludingTaxesLineTotalAmount>` +
  `</ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`;
// Sathon's TISI 1099 codes: province 10 (Bangkok), district 1028, sub-district 102803.
const sellerParty =
  `<ram:SellerTradeParty><ram:Name>บริษัท สยามไดรฟ์ จำกัด</ram:Name>` +
  `<ram:SpecifiedTaxRegistration><ram:ID schemeID="TXID">010556100000100001</ram:ID></ram:SpecifiedTaxRegistration>` +
  `<ram:PostalTradeAddress><ram:PostcodeCode>10120</ram:PostcodeCode><ram:StreetName>ถนนสาทรใต้</ram:StreetName>` +
  `<ram:CityName>1028</ram:CityName><ram:CitySubDivisionName>102803</ram:CitySubDivisionName>` +
  `<ram:CountryID schemeID="3166-1 alpha-2">TH</ram:CountryID><ram:CountrySubDivisionID>10</ram:CountrySubDivisionID>` +
  `<ram:BuildingNumber>1/2</ram:BuildingNumber></ram:PostalTradeAddress></ram:SellerTradeParty>`;
const buyerParty =
  `<ram:BuyerTradeParty><ram:Name>Dern &amp; &quot;Thang&quot; &lt;Co&gt;</ram:Name>` +
  `<ram:SpecifiedTaxRegistration><ram:ID schemeID="TXID">010555800000100000</ram:ID></ram:SpecifiedTaxRegistration>` +
  `<ram:PostalTradeAddress><ram:PostcodeCode>10120</ram:PostcodeCode><ram:LineOne>99 Rama IV</ram:LineOne>` +
  `<ram:CityName>1028</ram:CityName><ram:CitySubDivisionName>102803</ram:CitySubDivisionName>` +
  `<ram:CountryID schemeID="3166-1 alpha-2">TH</ram:CountryID><ram:CountrySubDivisionID>10</ram:CountrySubDivisionID>` +
  `</ram:PostalTradeAddress></ram:BuyerTradeParty>`;
const head = (root: string, number: string, name: string, typeCode: string, issued: string, purpose = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n` +
  `<rsm:${root}_CrossIndustryInvoice xmlns:rsm="urn:etda:uncefact:data:standard:${root}_CrossIndustryInvoice:2" ` +
  `xmlns:ram="urn:etda:uncefact:data:standard:${root}_ReusableAggregateBusinessInformationEntity:2">` +
  `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>` +
  `<ram:ID schemeAgencyID="ETDA" schemeVersionID="v2.1">ER3-2560</ram:ID>` +
  `</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
  `<rsm:ExchangedDocument><ram:ID>${number}</ram:ID><ram:Name>${name}</ram:Name>` +
  `<ram:TypeCode listID="1001_ThaiDocumentNameCodeInvoice" listAgencyID="RD/ETDA" listVersionID="1.0">${typeCode}</ram:TypeCode>` +
  `<ram:IssueDateTime>${issued}</ram:IssueDateTime>${purpose}<ram:CreationDateTime>${issued}</ram:CreationDateTime>` +
  `</rsm:ExchangedDocument>`;

describe("tax documents: ETDA's e-Tax XML", () => {
  it('writes a branch’s invoice (a receipt too, T03) element by element, and ETDA’s validators pass it', async () => {
    const xml = taxInvoiceXml(invoice);
    expect(xml).toBe(
      head('TaxInvoice', 'AIR-2031-000001', 'ใบเสร็จรับเงิน/ใบกำกับภาษี', 'T03', '2031-06-02T10:04:05') +
        `<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement>${sellerParty}${buyerParty}</ram:ApplicableHeaderTradeAgreement>` +
        `<ram:ApplicableHeaderTradeDelivery/>` +
        `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode listID="ISO 4217 3A">THB</ram:InvoiceCurrencyCode>` +
        tax('2616.82', '183.18') +
        `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
        `<ram:LineTotalAmount currencyID="THB">2616.82</ram:LineTotalAmount>` +
        `<ram:TaxBasisTotalAmount currencyID="THB">2616.82</ram:TaxBasisTotalAmount>` +
        `<ram:TaxTotalAmount currencyID="THB">183.18</ram:TaxTotalAmount>` +
        `<ram:GrandTotalAmount currencyID="THB">2800.00</ram:GrandTotalAmount>` +
        `</ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement>` +
        // Per day: ฿1,869.16 / 2 = ฿934.58; ฿280.37 / 2 = ฿140.185, rounded half up to ฿140.19.
        line(1, 'Car rental', '934.58', 'DAY', 2, '1869.16', '130.84', '2000.00') +
        line(2, 'GPS', '140.19', 'DAY', 2, '280.37', '19.63', '300.00') +
        line(3, 'one-way: Old Town', '467.29', 'C62', 1, '467.29', '32.71', '500.00') +
        `</rsm:SupplyChainTradeTransaction></rsm:TaxInvoice_CrossIndustryInvoice>\n`,
    );
    expect(await etdaErrors(xml, 'TaxInvoice')).toEqual([]);
  });

  it('writes a company’s monthly invoice as a tax invoice (388), its first line by the day, and an old seller’s address as words', async () => {
    const xml = taxInvoiceXml({
      ...invoice,
      number: 'MI-2031-000001',
      seller: { ...invoice.seller, branchNo: '00000', registered: undefined, address: 'Head office & co' },
      lines: [{ name: 'Car rental', quantity: 1, net: 261_682, total: 280_000 }],
    });
    expect(xml).toContain(
      `<ram:TypeCode listID="1001_ThaiDocumentNameCodeInvoice" listAgencyID="RD/ETDA" listVersionID="1.0">388</ram:TypeCode>`,
    );
    expect(xml).toContain('<ram:Name>ใบกำกับภาษี</ram:Name>');
    expect(xml).toContain(
      `<ram:ID schemeID="TXID">010556100000100000</ram:ID></ram:SpecifiedTaxRegistration>` +
        `<ram:PostalTradeAddress><ram:LineOne>Head office &amp; co</ram:LineOne>` +
        `<ram:CountryID schemeID="3166-1 alpha-2">TH</ram:CountryID></ram:PostalTradeAddress></ram:SellerTradeParty>`,
    );
    expect(xml).toContain('<ram:BilledQuantity unitCode="DAY">1</ram:BilledQuantity>');
  });

  it('writes a credit note against the invoice: type 81, the reason and its code, the invoice’s value and the difference', async () => {
    const note: TaxNoteRow = {
      number: 'CN-AIR-2031-000001',
      kind: 'credit',
      reason: 'changed',
      // 4 June 2031, 00:30 in Bangkok (still 3 June in UTC).
      issued_ms: Date.UTC(2031, 5, 3, 17, 30, 0),
      original_total: 280_000,
      corrected_total: 230_000,
      net: 46_729,
      vat: 3_271,
      total: 50_000,
    };
    const xml = taxNoteXml(invoice, note);
    const purpose =
      '<ram:Purpose>ค่าบริการลดลงตามการเปลี่ยนแปลงการจอง</ram:Purpose><ram:PurposeCode>CDNS02</ram:PurposeCode>';
    expect(xml).toBe(
      head('DebitCreditNote', 'CN-AIR-2031-000001', 'ใบลดหนี้', '81', '2031-06-04T00:30:00', purpose) +
        `<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement>${sellerParty}${buyerParty}` +
        `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>AIR-2031-000001</ram:IssuerAssignedID>` +
        `<ram:IssueDateTime>2031-06-02T10:04:05</ram:IssueDateTime><ram:ReferenceTypeCode>T03</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>` +
        `</ram:ApplicableHeaderTradeAgreement><ram:ApplicableHeaderTradeDelivery/>` +
        `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode listID="ISO 4217 3A">THB</ram:InvoiceCurrencyCode>` +
        tax('467.29', '32.71') +
        `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
        // The invoice's ฿2,800 less its VAT (฿183.18).
        `<ram:OriginalInformationAmount currencyID="THB">2616.82</ram:OriginalInformationAmount>` +
        `<ram:LineTotalAmount currencyID="THB">467.29</ram:LineTotalAmount>` +
        `<ram:DifferenceInformationAmount currencyID="THB">467.29</ram:DifferenceInformationAmount>` +
        `<ram:TaxBasisTotalAmount currencyID="THB">467.29</ram:TaxBasisTotalAmount>` +
        `<ram:TaxTotalAmount currencyID="THB">32.71</ram:TaxTotalAmount>` +
        `<ram:GrandTotalAmount currencyID="THB">500.00</ram:GrandTotalAmount>` +
        `</ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement>` +
        line(
          1,
          'ค่าบริการลดลงตามการเปลี่ยนแปลงการจอง (AIR-2031-000001)',
          '467.29',
          'C62',
          1,
          '467.29',
          '32.71',
          '500.00',
        ) +
        `</rsm:SupplyChainTradeTransaction></rsm:DebitCreditNote_CrossIndustryInvoice>\n`,
    );
    expect(await etdaErrors(xml, 'DebitCreditNote')).toEqual([]);
  });

  it("names each note's reason in Thai with ETDA's purpose code, debit notes as type 80, against a monthly invoice's 388", () => {
    const note = (kind: 'credit' | 'debit', reason: TaxNoteRow['reason']) =>
      taxNoteXml(
        { ...invoice, number: 'MI-2031-000001' },
        {
          number: `${kind === 'credit' ? 'CN' : 'DN'}-MI-2031-000001`,
          kind,
          reason,
          issued_ms: invoice.issued_ms,
          original_total: 280_000,
          corrected_total: 230_000,
          net: 46_729,
          vat: 3_271,
          total: 50_000,
        },
      );
    const said = (xml: string) => [
      /<ram:TypeCode [^>]*>(\d+)<\/ram:TypeCode>/.exec(xml)![1],
      /<ram:Name>([^<]*)<\/ram:Name>/.exec(xml)![1],
      /<ram:Purpose>([^<]*)<\/ram:Purpose><ram:PurposeCode>([^<]*)</.exec(xml)!.slice(1).join(' · '),
      /<ram:ReferenceTypeCode>([^<]*)</.exec(xml)![1],
    ];
    expect(said(note('credit', 'cancelled'))).toEqual([
      '81',
      'ใบลดหนี้',
      'บอกเลิกสัญญาบริการ (ยกเลิกการจอง) · CDNS04',
      '388',
    ]);
    expect(said(note('debit', 'cancelled'))).toEqual(['80', 'ใบเพิ่มหนี้', 'ค่าธรรมเนียมการยกเลิก · DBNS99', '388']);
    expect(said(note('credit', 'charges'))).toEqual(['81', 'ใบลดหนี้', 'ปรับลดค่าบริการหลังคืนรถ · CDNS99', '388']);
    expect(said(note('debit', 'charges'))).toEqual([
      '80',
      'ใบเพิ่มหนี้',
      'ค่าบริการหลังคืนรถ (คืนรถล่าช้า ค่าน้ำมัน ค่าทำความสะอาด) · DBNS99',
      '388',
    ]);
    expect(said(note('debit', 'changed'))).toEqual([
      '80',
      'ใบเพิ่มหนี้',
      'ค่าบริการเพิ่มขึ้นตามการเปลี่ยนแปลงการจอง · DBNS01',
      '388',
    ]);
  });
});
