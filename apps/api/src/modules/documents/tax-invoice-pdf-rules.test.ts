import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfText } from '../../../test/pdf-text';
import type { TaxInvoiceRow, TaxNoteRow } from './documents.repository';
import { taxInvoicePdf, taxNotePdf } from './tax-invoices';

// What the tax documents' PDFs say, read back with pdftotext (issue 32: the PDF's words were read by
// no test, so Stryker's survivors on tax-invoices.ts were all here). Section 86/4 of the Revenue Code
// (invoice) and 86/10 (86/9) (credit and debit notes) list what each must state; every line is
// written out below, amounts worked out by hand. No database: fast enough for mutation testing.

/**
 * The words of a PDF without the layout: pdftotext places Thai marks above and below the line on
 * lines of their own and splits sara am, so marks and white space are left out of both sides.
 */
const words = (text: string) =>
  text
    .replace(/\u0E4D\u0E32|\u0E33\u0E32?/g, '\u0E32')
    .replace(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/g, '')
    .replace(/\s+/g, '');
const paper = async (pdf: Promise<Buffer>) => words(pdfText(await pdf));
const lines = (...text: string[]) => words(text.join('\n'));

/** A branch's invoice (a receipt too): seller branch 00001, buyer at its head office. */
const invoice = {
  id: 1,
  number: 'AIR-2031-000001',
  branch_code: 'air',
  // 2 June 2031, 10:04 in Bangkok.
  issued_ms: Date.UTC(2031, 5, 2, 3, 4, 5),
  seller: {
    name: 'บริษัท สยามไดรฟ์ จำกัด',
    taxId: '0105561000001',
    branchNo: '00001',
    branchName: 'สาขาสนามบิน',
    address: '1/2 ถนนสาทรใต้ กรุงเทพมหานคร 10120',
  },
  buyer: {
    companyName: 'Dern Co',
    address: '99 Rama IV',
    subDistrictCode: '102803',
    postcode: '10120',
    taxId: '0105558000001',
    branch: '00000',
  },
  lines: [
    { name: 'Car rental', quantity: 2, net: 214_953, total: 230_000 },
    { name: 'one-way: Old Town', quantity: 1, net: 46_729, total: 50_000 },
  ],
  // ฿2,300 + ฿500 = ฿2,800: VAT 2,800 × 7/107 = ฿183.18, net ฿2,616.82. The rental's net: 2,300 less
  // 2,300 × 7/107 = ฿150.47 is ฿2,149.53; the last line takes the rest, ฿2,616.82 − ฿2,149.53 = ฿467.29.
  net: 261_682,
  vat: 18_318,
  total: 280_000,
  booking_total: 280_000,
} as TaxInvoiceRow;

const parties = (seller: string, buyer: string) => [
  'ผู้ขาย / Seller',
  'บริษัท สยามไดรฟ์ จำกัด',
  '1/2 ถนนสาทรใต้ กรุงเทพมหานคร 10120',
  `เลขประจำตัวผู้เสียภาษี / Tax ID 0105561000001 · ${seller}`,
  'ผู้ซื้อ / Buyer',
  'Dern Co',
  '99 Rama IV',
  `เลขประจำตัวผู้เสียภาษี / Tax ID 0105558000001 · ${buyer}`,
];
// ฿2,800 down to ฿1,700: ฿1,100 back; VAT 1,100 × 7/107 = ฿71.96, net ฿1,028.04. The invoice's value
// before VAT ฿2,616.82; the correct value ฿2,616.82 − ฿1,028.04 = ฿1,588.78.
const creditNote = {
  number: 'CN-AIR-2031-000001',
  kind: 'credit',
  reason: 'changed',
  original_total: 280_000,
  corrected_total: 170_000,
  net: 102_804,
  vat: 7_196,
  total: 110_000,
  issued_ms: Date.UTC(2031, 5, 3, 3, 0),
} as TaxNoteRow;
const footer = 'ออกโดยระบบอิเล็กทรอนิกส์ของสยามไดรฟ์ / Issued electronically by Siam Drive';

describe('tax documents: what the PDFs say', () => {
  it('titles each document by its kind and number, created when it was issued (not when it is printed again)', async () => {
    const invoiceInfo = pdfInfo(await taxInvoicePdf(invoice));
    expect(invoiceInfo.Title).toBe('Tax invoice AIR-2031-000001');
    // Issued 2 June 2031, 03:04:05 UTC (10:04:05 in Bangkok).
    expect(invoiceInfo.CreationDate).toBe('2031-06-02T03:04:05Z');
    const noteInfo = pdfInfo(await taxNotePdf(invoice, creditNote));
    expect(noteInfo.Title).toBe('Credit note CN-AIR-2031-000001');
    expect(noteInfo.CreationDate).toBe('2031-06-03T03:00:00Z');
  });

  it('prints a branch’s invoice as a receipt and tax invoice: number, date, parties, each line’s net, the totals', async () => {
    expect(await paper(taxInvoicePdf(invoice))).toBe(
      lines(
        'ใบเสร็จรับเงิน / ใบกำกับภาษี',
        'Receipt / Tax invoice',
        'เลขที่ / No.',
        'AIR-2031-000001',
        'วันที่ / Date',
        '2031-06-02',
        ...parties('สาขาที่ / Branch 00001', 'สำนักงานใหญ่ / Head office'),
        'รายการ / Description',
        'จำนวนเงิน / Amount',
        'Car rental × 2',
        'THB 2,149.53',
        'one-way: Old Town × 1',
        'THB 467.29',
        'มูลค่าสินค้าหรือบริการ / Value before VAT',
        'THB 2,616.82',
        'ภาษีมูลค่าเพิ่ม 7% / VAT 7%',
        'THB 183.18',
        'จำนวนเงินรวมทั้งสิ้น / Total',
        'THB 2,800.00',
        footer,
      ),
    );
  });

  it('prints a company’s monthly invoice as a tax invoice only, from the head office to a buyer’s branch', async () => {
    const monthly = {
      ...invoice,
      number: 'MI-2031-000001',
      // 30 June 2031, 23:30 in Bangkok (16:30 UTC): dated in Bangkok.
      issued_ms: Date.UTC(2031, 5, 30, 16, 30),
      seller: { ...invoice.seller, branchNo: '00000' },
      buyer: { ...invoice.buyer, branch: '00002' },
      lines: [{ name: 'SD-20310602-0001', quantity: 1, net: 261_682, total: 280_000 }],
    };
    expect(await paper(taxInvoicePdf(monthly))).toBe(
      lines(
        'ใบกำกับภาษี',
        'Tax invoice',
        'เลขที่ / No.',
        'MI-2031-000001',
        'วันที่ / Date',
        '2031-06-30',
        ...parties('สำนักงานใหญ่ / Head office', 'สาขาที่ / Branch 00002'),
        'รายการ / Description',
        'จำนวนเงิน / Amount',
        'SD-20310602-0001 × 1',
        'THB 2,616.82',
        'มูลค่าสินค้าหรือบริการ / Value before VAT',
        'THB 2,616.82',
        'ภาษีมูลค่าเพิ่ม 7% / VAT 7%',
        'THB 183.18',
        'จำนวนเงินรวมทั้งสิ้น / Total',
        'THB 2,800.00',
        footer,
      ),
    );
  });

  it('prints a credit note: the invoice it corrects, its value, the correct value, the difference, its VAT, the reason', async () => {
    const note = creditNote;
    expect(await paper(taxNotePdf(invoice, note))).toBe(
      lines(
        'ใบลดหนี้',
        'Credit note',
        'เลขที่ / No.',
        'CN-AIR-2031-000001',
        'วันที่ / Date',
        '2031-06-03',
        'อ้างถึงใบกำกับภาษีเลขที่ / For tax invoice No.',
        'AIR-2031-000001',
        'ลงวันที่ / Dated',
        '2031-06-02',
        ...parties('สาขาที่ / Branch 00001', 'สำนักงานใหญ่ / Head office'),
        'มูลค่าตามใบกำกับภาษีเดิม / Value on the tax invoice',
        'THB 2,616.82',
        'มูลค่าที่ถูกต้อง / Correct value',
        'THB 1,588.78',
        'ผลต่าง / Difference',
        'THB 1,028.04',
        'ภาษีมูลค่าเพิ่ม 7% / VAT 7%',
        'THB 71.96',
        'รวมทั้งสิ้น / Total',
        'THB 1,100.00',
        'เหตุผล / Reason: ค่าบริการลดลงตามการเปลี่ยนแปลงการจอง / Service reduced by a change of booking',
        footer,
      ),
    );
  });

  it('prints a debit note with the correct value above the invoice’s, and each reason in Thai and English', async () => {
    // ฿2,800 up to ฿3,200 (charges after the return): ฿400 more; VAT 400 × 7/107 = ฿26.17, net ฿373.83;
    // the correct value ฿2,616.82 + ฿373.83 = ฿2,990.65.
    const note = {
      number: 'DN-AIR-2031-000001',
      kind: 'debit',
      reason: 'charges',
      original_total: 280_000,
      corrected_total: 320_000,
      net: 37_383,
      vat: 2_617,
      total: 40_000,
      issued_ms: Date.UTC(2031, 5, 5, 3, 0),
    } as TaxNoteRow;
    expect(await paper(taxNotePdf(invoice, note))).toBe(
      lines(
        'ใบเพิ่มหนี้',
        'Debit note',
        'เลขที่ / No.',
        'DN-AIR-2031-000001',
        'วันที่ / Date',
        '2031-06-05',
        'อ้างถึงใบกำกับภาษีเลขที่ / For tax invoice No.',
        'AIR-2031-000001',
        'ลงวันที่ / Dated',
        '2031-06-02',
        ...parties('สาขาที่ / Branch 00001', 'สำนักงานใหญ่ / Head office'),
        'มูลค่าตามใบกำกับภาษีเดิม / Value on the tax invoice',
        'THB 2,616.82',
        'มูลค่าที่ถูกต้อง / Correct value',
        'THB 2,990.65',
        'ผลต่าง / Difference',
        'THB 373.83',
        'ภาษีมูลค่าเพิ่ม 7% / VAT 7%',
        'THB 26.17',
        'รวมทั้งสิ้น / Total',
        'THB 400.00',
        'เหตุผล / Reason: ค่าบริการหลังคืนรถ (คืนรถล่าช้า ค่าน้ำมัน ค่าทำความสะอาด) / Charges after the return (late hours, fuel, cleaning)',
        footer,
      ),
    );
    // The other four reasons, as the PDF's last line before the footer says them.
    const reasons = [
      ['cancelled', 'credit', 'บอกเลิกสัญญาบริการ (ยกเลิกการจอง) / Service cancelled (booking cancelled)'],
      ['cancelled', 'debit', 'ค่าธรรมเนียมการยกเลิก / Cancellation fee'],
      ['charges', 'credit', 'ปรับลดค่าบริการหลังคืนรถ / Charges after the return reduced'],
      ['changed', 'debit', 'ค่าบริการเพิ่มขึ้นตามการเปลี่ยนแปลงการจอง / Service added by a change of booking'],
    ] as const;
    for (const [reason, kind, said] of reasons)
      expect(await paper(taxNotePdf(invoice, { ...note, kind, reason }))).toContain(
        lines(`THB 400.00`, `เหตุผล / Reason: ${said}`, footer),
      );
  });
});
