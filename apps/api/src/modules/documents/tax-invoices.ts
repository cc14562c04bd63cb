import { bangkokDate } from '@siam/contract/bangkok-time';
import type { Booking } from '@siam/contract/bookings';
import { businessRules } from '@siam/contract/business-rules';
import { companyMessages } from '@siam/contract/companies';
import type { ThaiAddress } from '@siam/contract/thai-address';
import { AppError, notFound } from '../../lib/app-error';
import { escapeMarkup } from '../../lib/escape-markup';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import { subDistrict, thaiAddressWords } from '../thai-addresses/thai-addresses';
import type { Executor } from '../../db/sql-rows';
import type { BookingsService } from '../bookings/bookings.service';
import type {
  DocumentsRepository,
  TaxBranchRow,
  TaxInvoiceRow,
  TaxNoteRow,
  TaxSeller,
} from './documents.repository';
import { pdfWriter } from '../../lib/pdf/pdf-writer';
import { vatPart } from '../pricing/pricing';

/** A tax invoice, credit note or debit note as a private file to download. */
export const taxInvoiceFile = (invoice: { number: string; body: Buffer }, format: 'pdf' | 'xml') => ({
  contentType: format === 'xml' ? 'application/xml; charset=utf-8' : 'application/pdf',
  content: invoice.body,
  downloadAs: `${/^CN-/.test(invoice.number) ? 'credit-note' : /^DN-/.test(invoice.number) ? 'debit-note' : 'tax-invoice'}-${invoice.number}.${format}`,
});

/**
 * The invoice's lines from the booking as agreed: the rental (shaped by the pricing rules, less a hot
 * deal and a promotion code), each extra, each one-way or delivery fee. Each line's price includes
 * VAT; its net is rounded, the last line taking the rounding so the nets add up to the total less VAT.
 */
/**
 * The charges after a return that are part of the service, so of its VAT and tax documents: late
 * hours, fuel, cleaning. Damage is compensation for a loss, not a service supplied: it stays off them.
 */
export function invoicedCharges(booking: Booking) {
  // On a company's account the company is billed what it covers: with its deposit on account, all that
  // staff keep (decision 3662). Otherwise the driver's own deposit paid the charges at the return, and
  // billing the company for them too would take the same money twice.
  if (booking.paymentMethod === 'company_account')
    return booking.deposit.method === 'on_account' ? booking.charges : [];
  return booking.charges.filter((c) => c.kind !== 'damage');
}

const chargeNames = { late: 'Late return', fuel: 'Fuel', cleaning: 'Cleaning', damage: 'Damage' } as const;

/** A charge after the return as an invoice line: "Late return (4 h)", "Cleaning, sand". */
export function chargeLine(c: Booking['charges'][number]) {
  const name = chargeNames[c.kind as keyof typeof chargeNames] ?? c.kind;
  return {
    name: `${name}${c.hours ? ` (${c.hours} h)` : ''}${c.note ? `, ${c.note}` : ''}`,
    quantity: 1,
    total: c.amount,
  };
}

/**
 * What the booking comes to on its tax documents now: a cancelled one the fee kept, else its total
 * and the charges after its return that are services.
 */
export function invoicedTotal(booking: Booking): number {
  if (booking.status === 'cancelled' || booking.status === 'expired') return booking.cancellationFee ?? 0;
  return booking.total + invoicedCharges(booking).reduce((sum, c) => sum + c.amount, 0);
}

export function invoiceLines(booking: Booking): TaxInvoiceRow['lines'] {
  const rules = booking.priceRules.reduce((sum, r) => sum + r.amount, 0);
  const rental = booking.rentalAmount + rules - booking.hotDealDiscount - booking.promoDiscount;
  const lines = [
    {
      name: `Car rental ${booking.carName}, ${booking.pickupDate} ${booking.pickupTime} – ${booking.returnDate} ${booking.returnTime} (${booking.bookingNumber})`,
      quantity: booking.days,
      total: rental,
    },
    ...booking.addons
      .filter((a) => a.amount > 0)
      .map((a) => ({ name: a.label, quantity: booking.days, total: a.amount })),
    ...booking.fees.map((f) => ({
      name: `${f.code.replace('_', '-')}: ${f.label}`,
      quantity: 1,
      total: f.amount,
    })),
    ...invoicedCharges(booking).map(chargeLine),
  ].filter((l) => l.total > 0);
  return withNets(lines, invoicedTotal(booking) - invoicedVat(booking));
}

/** The VAT in what the booking comes to: the booking's own, and each charge's. */
function invoicedVat(booking: Booking): number {
  return booking.vat + invoicedCharges(booking).reduce((sum, c) => sum + vatPart(c.amount), 0);
}

/** Each line's net (its price less VAT), the last taking the rounding so the nets add up to `net`. */
export function withNets(lines: { name: string; quantity: number; total: number }[], net: number) {
  let left = net;
  return lines.map((l, i) => {
    const lineNet = i === lines.length - 1 ? left : l.total - vatPart(l.total);
    left -= lineNet;
    return { ...l, net: lineNet };
  });
}

/**
 * Full tax invoices (ใบกำกับภาษีเต็มรูป, issue 18 part 3; docs/decisions/1801): issued once for a paid
 * booking whose customer gave a company's details, with the rental branch's next running number of
 * the year; kept as printed; written as a PDF (Thai with English) and as ETDA's e-Tax invoice XML.
 */
export class TaxInvoices {
  constructor(
    private readonly repo: DocumentsRepository,
    /** The booking's row lock: a document is numbered under it (bookings/). */
    private readonly bookings: Pick<BookingsService, 'lockForDocument'>,
    private readonly siteSettings: SiteSettingsService,
  ) {}

  /** The next running number of a series (a branch's, or the monthly invoices') in a year, in `tx`. */
  nextInvoiceNo(tx: Executor, series: string, year: number) {
    return this.repo.nextTaxInvoiceNo(tx, series, year);
  }

  /** Whether the booking has a tax invoice issued (one indexed look). */
  async issuedFor(bookingId: number) {
    return (await this.repo.taxInvoice(this.repo.db, bookingId)) !== undefined;
  }

  /**
   * The seller on a company's monthly invoice: the company itself, its head office, at the registered
   * address of the branch registered as the head office ('00000'); the site's head-office words only
   * while no branch has one (decision 3402).
   */
  async headOfficeSeller(): Promise<TaxSeller> {
    const [company, contact, branch] = await Promise.all([
      this.siteSettings.read('company'),
      this.siteSettings.read('contact'),
      this.repo.headOfficeBranch(this.repo.db),
    ]);
    return {
      name: company.legalName.th,
      taxId: company.taxId,
      branchNo: '00000',
      branchName: 'สำนักงานใหญ่',
      ...(branch?.registered_address
        ? registeredAt(branch.registered_address)
        : { address: contact.headOffice.th }),
    };
  }

  /** The booking's invoice, issued now if it is due and was not yet. */
  async issue(booking: Booking): Promise<TaxInvoiceRow> {
    if (!booking.taxInvoice) throw notFound('Tax invoice');
    // Its invoice is the company's of the month, which lists colleagues' bookings: managers and staff
    // download it from the company's pages (companies.service.ts).
    if (booking.taxInvoice.monthly) throw new AppError('CONFLICT', companyMessages.onMonthlyInvoice);
    // Issued once, kept for good: a booking cancelled or changed since still has it (and its notes).
    const issued = await this.repo.taxInvoice(this.repo.db, booking.id);
    if (issued) return issued;
    if (!booking.taxInvoice.ready)
      throw new AppError('CONFLICT', 'A tax invoice is issued once the booking is paid');
    // Read before the transaction: the settings come from the pool, which on the embedded database
    // is the one connection the transaction holds.
    const company = await this.siteSettings.read('company');
    return this.repo.transaction(async (tx) => {
      // The booking's lock: two downloads at once issue one invoice.
      const row = await this.bookings.lockForDocument(tx, booking.id);
      if (!row?.tax_buyer) throw notFound('Tax invoice');
      const already = await this.repo.taxInvoice(tx, booking.id);
      if (already) return already;
      const branch = await this.repo.taxBranch(tx, row.branch_code);
      const seller: TaxSeller = {
        name: company.legalName.th,
        taxId: company.taxId,
        branchNo: branch?.tax_branch_no ?? '00000',
        branchName: branch?.name.th ?? row.branch_code,
        ...branchAddress(branch),
      };
      const year = Number(bangkokDate(new Date()).slice(0, 4));
      const no = await this.repo.nextTaxInvoiceNo(tx, row.branch_code, year);
      const invoice = {
        number: `${row.branch_code.toUpperCase()}-${year}-${String(no).padStart(6, '0')}`,
        branch_code: row.branch_code,
        seller,
        buyer: row.tax_buyer,
        lines: invoiceLines(booking),
        net: invoicedTotal(booking) - invoicedVat(booking),
        vat: invoicedVat(booking),
        total: invoicedTotal(booking),
      };
      await this.repo.insertTaxInvoice(tx, booking.id, invoice);
      return (await this.repo.taxInvoice(tx, booking.id))!;
    });
  }

  /**
   * After a cancellation or a change of a booking whose invoice was issued: what the booking now
   * costs (a cancelled one: the fee kept) against what the invoice and its notes stand at. Less → a
   * credit note (ใบลดหนี้) for the difference; more → a debit note (ใบเพิ่มหนี้); the same → none.
   * In one transaction under the booking's lock, so two at once issue one note.
   */
  async adjust(booking: Booking, reason: TaxNoteRow['reason']): Promise<TaxNoteRow | null> {
    if (!booking.taxInvoice?.number) return null;
    const due = invoicedTotal(booking);
    return this.repo.transaction(async (tx) => {
      await this.bookings.lockForDocument(tx, booking.id);
      const invoice = await this.repo.taxInvoice(tx, booking.id);
      if (!invoice) return null;
      const notes = await this.repo.taxNotes(tx, booking.id);
      // What the booking stood at on its invoice (a monthly invoice bills several), and its notes since.
      const standing = notes.reduce(
        (sum, n) => sum + (n.kind === 'debit' ? n.total : -n.total),
        invoice.booking_total,
      );
      if (due === standing) return null;
      const kind = due < standing ? 'credit' : 'debit';
      const total = Math.abs(standing - due);
      const vat = vatPart(total);
      const year = Number(bangkokDate(new Date()).slice(0, 4));
      const no = await this.repo.nextTaxNoteNo(tx, invoice.branch_code, year, kind);
      const note = {
        number: `${kind === 'credit' ? 'CN' : 'DN'}-${invoice.branch_code.toUpperCase()}-${year}-${String(no).padStart(6, '0')}`,
        kind,
        reason,
        original_total: standing,
        corrected_total: due,
        net: total - vat,
        vat,
        total,
      } as const;
      await this.repo.insertTaxNote(tx, invoice.id, booking.id, note);
      return (await this.repo.taxNotes(tx, booking.id)).at(-1)!;
    });
  }

  /** A note of the booking's, with the invoice it corrects. */
  async note(bookingId: number, number: string) {
    const db = this.repo.db;
    const [invoice, notes] = await Promise.all([
      this.repo.taxInvoice(db, bookingId),
      this.repo.taxNotes(db, bookingId),
    ]);
    const note = notes.find((n) => n.number === number);
    if (!invoice || !note) throw notFound('Tax note');
    return { invoice, note };
  }

  /** The invoice's e-Tax XML (taxInvoiceXml). */
  xml(invoice: TaxInvoiceRow): string {
    return taxInvoiceXml(invoice);
  }

  /** A note's e-Tax XML (taxNoteXml). */
  noteXml(invoice: TaxInvoiceRow, note: TaxNoteRow): string {
    return taxNoteXml(invoice, note);
  }
}

/**
 * The invoice in ETDA's e-Tax invoice structure (ขมธอ. 3-2560 v2.1: TaxInvoice_CrossIndustryInvoice,
 * a profile of UN/CEFACT's Cross Industry Invoice), unsigned: the Revenue Department's channel
 * signs and sends it. Tax IDs carry the 5-digit branch (18 digits, scheme TXID). Its type is the
 * PDF's heading (taxInvoiceKind). ETDA's XSD and Schematron run on it in the tests (decision 3402).
 */
export function taxInvoiceXml(invoice: TaxInvoiceRow): string {
  const kind = taxInvoiceKind(invoice);
  return eTaxXml({
    ...invoice,
    root: 'TaxInvoice',
    typeCode: kind.code,
    name: kind.th,
    issuedMs: invoice.issued_ms,
  });
}

/**
 * A credit (81) or debit (80) note in ETDA's own structure for notes
 * (DebitCreditNote_CrossIndustryInvoice, its namespaces): the invoice it corrects as the referenced
 * document (with that invoice's type), the reason as text and as ETDA's purpose code, and the
 * invoice's value and the difference beside the usual totals.
 */
export function taxNoteXml(invoice: TaxInvoiceRow, note: TaxNoteRow): string {
  const reason = noteReasons[note.reason][note.kind];
  return eTaxXml({
    root: 'DebitCreditNote',
    number: note.number,
    typeCode: note.kind === 'credit' ? '81' : '80',
    name: noteWords[note.kind].th,
    issuedMs: note.issued_ms,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: [{ name: `${reason.th} (${invoice.number})`, quantity: 1, net: note.net, total: note.total }],
    net: note.net,
    vat: note.vat,
    total: note.total,
    reference: {
      number: invoice.number,
      issuedMs: invoice.issued_ms,
      typeCode: taxInvoiceKind(invoice).code,
    },
    purpose: { code: reason.code, text: reason.th },
    originalNet: note.original_total - vatPart(note.original_total),
  });
}

/**
 * A credit or debit note as a PDF, with what section 86/10 (86/9) of the Revenue Code asks: the
 * words ใบลดหนี้ (ใบเพิ่มหนี้), the parties, number and date, the invoice corrected (number, date),
 * its value, the correct value, the difference, the VAT on the difference, and the reason.
 */
export function taxNotePdf(invoice: TaxInvoiceRow, note: TaxNoteRow): Promise<Buffer> {
  const words = noteWords[note.kind];
  const pdf = pdfWriter(`${words.en} ${note.number}`, { issuedAt: new Date(note.issued_ms) });
  const { write, row, money, doc } = pdf;
  write(words.th, { bold: true, size: 18 });
  write(words.en, { bold: true, size: 13 });
  doc.moveDown(0.5);
  row('เลขที่ / No.', note.number, true);
  row('วันที่ / Date', bangkokDate(new Date(note.issued_ms)));
  row('อ้างถึงใบกำกับภาษีเลขที่ / For tax invoice No.', invoice.number);
  row('ลงวันที่ / Dated', bangkokDate(new Date(invoice.issued_ms)));
  doc.moveDown(0.5);
  parties(pdf, invoice);
  doc.moveDown();
  const before = note.original_total - vatPart(note.original_total);
  const sign = note.kind === 'credit' ? -1 : 1;
  row('มูลค่าตามใบกำกับภาษีเดิม / Value on the tax invoice', money(before));
  row('มูลค่าที่ถูกต้อง / Correct value', money(before + sign * note.net));
  row('ผลต่าง / Difference', money(note.net));
  row(`ภาษีมูลค่าเพิ่ม ${businessRules.vatPercent}% / VAT ${businessRules.vatPercent}%`, money(note.vat));
  row('รวมทั้งสิ้น / Total', money(note.total), true);
  doc.moveDown(0.5);
  write(
    `เหตุผล / Reason: ${noteReasons[note.reason][note.kind].th} / ${noteReasons[note.reason][note.kind].en}`,
  );
  doc.moveDown(2);
  write('ออกโดยระบบอิเล็กทรอนิกส์ของสยามไดรฟ์ / Issued electronically by Siam Drive', { size: 9 });
  return pdf.finish();
}

/** The seller and the buyer as the invoice printed them. */
function parties(pdf: ReturnType<typeof pdfWriter>, invoice: TaxInvoiceRow) {
  const { write, doc } = pdf;
  const branchWords = (no: string) => (no === '00000' ? 'สำนักงานใหญ่ / Head office' : `สาขาที่ / Branch ${no}`);
  write('ผู้ขาย / Seller', { bold: true });
  write(invoice.seller.name);
  write(invoice.seller.address);
  write(`เลขประจำตัวผู้เสียภาษี / Tax ID ${invoice.seller.taxId} · ${branchWords(invoice.seller.branchNo)}`);
  doc.moveDown(0.5);
  write('ผู้ซื้อ / Buyer', { bold: true });
  write(invoice.buyer.companyName);
  write(invoice.buyer.address);
  write(`เลขประจำตัวผู้เสียภาษี / Tax ID ${invoice.buyer.taxId} · ${branchWords(invoice.buyer.branch)}`);
}

/** The invoice as a PDF: Thai, the Revenue Code's words, with English beneath. */
export function taxInvoicePdf(invoice: TaxInvoiceRow): Promise<Buffer> {
  const kind = taxInvoiceKind(invoice);
  const pdf = pdfWriter(`Tax invoice ${invoice.number}`, { issuedAt: new Date(invoice.issued_ms) });
  const { write, row, money, doc } = pdf;
  write(kind.th.replace('/', ' / '), { bold: true, size: 18 });
  write(kind.en, { bold: true, size: 13 });
  doc.moveDown(0.5);
  row('เลขที่ / No.', invoice.number, true);
  row('วันที่ / Date', bangkokDate(new Date(invoice.issued_ms)));
  doc.moveDown(0.5);
  parties(pdf, invoice);
  doc.moveDown();
  row('รายการ / Description', 'จำนวนเงิน / Amount', true);
  for (const line of invoice.lines) row(`${line.name} × ${line.quantity}`, money(line.net));
  doc.moveDown(0.5);
  row('มูลค่าสินค้าหรือบริการ / Value before VAT', money(invoice.net));
  row(`ภาษีมูลค่าเพิ่ม ${businessRules.vatPercent}% / VAT ${businessRules.vatPercent}%`, money(invoice.vat));
  row('จำนวนเงินรวมทั้งสิ้น / Total', money(invoice.total), true);
  doc.moveDown(2);
  write('ออกโดยระบบอิเล็กทรอนิกส์ของสยามไดรฟ์ / Issued electronically by Siam Drive', { size: 9 });
  return pdf.finish();
}

/**
 * What an invoice is, one answer for its PDF heading and its XML type (ETDA's ThaiDocumentNameCode):
 * a booking's invoice is issued once it is paid, so it is also the receipt (T03,
 * ใบเสร็จรับเงิน/ใบกำกับภาษี); a company's monthly invoice (MI-…) bills the month before it is paid
 * (388, ใบกำกับภาษี).
 */
export function taxInvoiceKind(invoice: { number: string }) {
  return /^MI-/.test(invoice.number)
    ? ({ code: '388', th: 'ใบกำกับภาษี', en: 'Tax invoice' } as const)
    : ({ code: 'T03', th: 'ใบเสร็จรับเงิน/ใบกำกับภาษี', en: 'Receipt / Tax invoice' } as const);
}

/** A seller's address from its registered one: the printed words and the structure ETDA asks for. */
function registeredAt(address: ThaiAddress): Pick<TaxSeller, 'address' | 'registered'> {
  const line = [address.buildingNumber, address.street].filter(Boolean).join(' ');
  return { address: thaiAddressWords({ ...address, line }), registered: address };
}

/**
 * A rental branch's address on its invoices: its registered address, or while none is entered its own
 * display address, never the head office's (a branch's invoice carries the branch's number).
 */
function branchAddress(branch: TaxBranchRow | undefined): Pick<TaxSeller, 'address' | 'registered'> {
  if (branch?.registered_address) return registeredAt(branch.registered_address);
  return { address: branch?.address.th ?? '' };
}

const noteWords = {
  credit: { th: 'ใบลดหนี้', en: 'Credit note' },
  debit: { th: 'ใบเพิ่มหนี้', en: 'Debit note' },
} as const;

/** Why a note was issued, with ETDA's purpose codes for services (CDNS credit, DBNS debit). */
const noteReasons = {
  cancelled: {
    credit: {
      code: 'CDNS04',
      th: 'บอกเลิกสัญญาบริการ (ยกเลิกการจอง)',
      en: 'Service cancelled (booking cancelled)',
    },
    debit: { code: 'DBNS99', th: 'ค่าธรรมเนียมการยกเลิก', en: 'Cancellation fee' },
  },
  charges: {
    credit: { code: 'CDNS99', th: 'ปรับลดค่าบริการหลังคืนรถ', en: 'Charges after the return reduced' },
    debit: {
      code: 'DBNS99',
      th: 'ค่าบริการหลังคืนรถ (คืนรถล่าช้า ค่าน้ำมัน ค่าทำความสะอาด)',
      en: 'Charges after the return (late hours, fuel, cleaning)',
    },
  },
  changed: {
    credit: {
      code: 'CDNS02',
      th: 'ค่าบริการลดลงตามการเปลี่ยนแปลงการจอง',
      en: 'Service reduced by a change of booking',
    },
    debit: {
      code: 'DBNS01',
      th: 'ค่าบริการเพิ่มขึ้นตามการเปลี่ยนแปลงการจอง',
      en: 'Service added by a change of booking',
    },
  },
} as const;

interface ETaxDocument {
  /** ETDA's structure: TaxInvoice_CrossIndustryInvoice or DebitCreditNote_CrossIndustryInvoice. */
  root: 'TaxInvoice' | 'DebitCreditNote';
  number: string;
  typeCode: '388' | 'T03' | '80' | '81';
  name: string;
  issuedMs: number;
  seller: TaxSeller;
  buyer: TaxInvoiceRow['buyer'];
  lines: TaxInvoiceRow['lines'];
  net: number;
  vat: number;
  total: number;
  /** Notes: the invoice corrected, the reason, and the invoice's value before VAT. */
  reference?: { number: string; issuedMs: number; typeCode: string };
  purpose?: { code: string; text: string };
  originalNet?: number;
}

/** An address as the XML writes it: words (LineOne) and/or the structure; what is missing is left out. */
interface XmlAddress {
  line?: string;
  buildingNumber?: string;
  street?: string;
  subDistrictCode?: string;
  postcode?: string;
}

/** One writer for ETDA's e-Tax XML of invoices and notes (the element order of the CII schema). */
function eTaxXml(d: ETaxDocument): string {
  const x = (v: string | number) => escapeMarkup(String(v));
  const amount = (satang: number) => (satang / 100).toFixed(2);
  const localTime = (ms: number) => {
    const at = new Date(ms);
    return `${bangkokDate(at)}T${new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(11, 19)}`;
  };
  const party = (tag: string, p: { name: string; taxId: string; branch: string; address: XmlAddress }) =>
    `<ram:${tag}><ram:Name>${x(p.name)}</ram:Name>` +
    `<ram:SpecifiedTaxRegistration><ram:ID schemeID="TXID">${x(p.taxId + p.branch)}</ram:ID></ram:SpecifiedTaxRegistration>` +
    postalAddress(p.address) +
    `</ram:${tag}>`;
  // TradeAddressType's order: PostcodeCode, LineOne, StreetName, CityName (district), CitySubDivisionName
  // (sub-district), CountryID, CountrySubDivisionID (province), BuildingNumber; the codes are TISI 1099's.
  const postalAddress = (a: XmlAddress) => {
    const place = a.subDistrictCode ? subDistrict(a.subDistrictCode) : undefined;
    const element = (name: string, value: string | undefined) =>
      value ? `<ram:${name}>${x(value)}</ram:${name}>` : '';
    return (
      `<ram:PostalTradeAddress>` +
      element('PostcodeCode', a.postcode) +
      element('LineOne', a.line) +
      element('StreetName', a.street) +
      element('CityName', place?.district.code) +
      element('CitySubDivisionName', place?.code) +
      `<ram:CountryID schemeID="3166-1 alpha-2">TH</ram:CountryID>` +
      element('CountrySubDivisionID', place?.province.code) +
      element('BuildingNumber', a.buildingNumber) +
      `</ram:PostalTradeAddress>`
    );
  };
  const tax = (basis: number, vat: number) =>
    `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CalculatedRate>${businessRules.vatPercent}</ram:CalculatedRate>` +
    `<ram:BasisAmount>${amount(basis)}</ram:BasisAmount><ram:CalculatedAmount>${amount(vat)}</ram:CalculatedAmount></ram:ApplicableTradeTax>`;
  const lines = d.lines
    .map(
      (l, i) =>
        `<ram:IncludedSupplyChainTradeLineItem>` +
        `<ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct><ram:Name>${x(l.name)}</ram:Name></ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:GrossPriceProductTradePrice><ram:ChargeAmount>${amount(Math.round(l.net / l.quantity))}</ram:ChargeAmount></ram:GrossPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${d.root === 'TaxInvoice' && (l.quantity > 1 || i === 0) ? 'DAY' : 'C62'}">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
        `<ram:SpecifiedLineTradeSettlement>${tax(l.net, l.total - l.net)}` +
        `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:TaxTotalAmount currencyID="THB">${amount(l.total - l.net)}</ram:TaxTotalAmount>` +
        `<ram:NetLineTotalAmount currencyID="THB">${amount(l.net)}</ram:NetLineTotalAmount>` +
        `<ram:NetIncludingTaxesLineTotalAmount currencyID="THB">${amount(l.total)}</ram:NetIncludingTaxesLineTotalAmount>` +
        `</ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>` +
        `</ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join('');
  const issued = localTime(d.issuedMs);
  const root = `${d.root}_CrossIndustryInvoice`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rsm:${root} xmlns:rsm="urn:etda:uncefact:data:standard:${root}:2" ` +
    `xmlns:ram="urn:etda:uncefact:data:standard:${d.root}_ReusableAggregateBusinessInformationEntity:2">` +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>` +
    `<ram:ID schemeAgencyID="ETDA" schemeVersionID="v2.1">ER3-2560</ram:ID>` +
    `</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    `<rsm:ExchangedDocument><ram:ID>${x(d.number)}</ram:ID><ram:Name>${x(d.name)}</ram:Name>` +
    `<ram:TypeCode listID="1001_ThaiDocumentNameCodeInvoice" listAgencyID="RD/ETDA" listVersionID="1.0">${d.typeCode}</ram:TypeCode>` +
    `<ram:IssueDateTime>${issued}</ram:IssueDateTime>` +
    (d.purpose
      ? `<ram:Purpose>${x(d.purpose.text)}</ram:Purpose><ram:PurposeCode>${x(d.purpose.code)}</ram:PurposeCode>`
      : '') +
    `<ram:CreationDateTime>${issued}</ram:CreationDateTime>` +
    `</rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>` +
    `<ram:ApplicableHeaderTradeAgreement>` +
    party('SellerTradeParty', {
      name: d.seller.name,
      taxId: d.seller.taxId,
      branch: d.seller.branchNo,
      // Invoices from before decision 3402 kept the address as words only.
      address: d.seller.registered ?? { line: d.seller.address },
    }) +
    party('BuyerTradeParty', {
      name: d.buyer.companyName,
      taxId: d.buyer.taxId,
      branch: d.buyer.branch,
      address: {
        line: d.buyer.address,
        subDistrictCode: d.buyer.subDistrictCode,
        postcode: d.buyer.postcode,
      },
    }) +
    (d.reference
      ? `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>${x(d.reference.number)}</ram:IssuerAssignedID>` +
        `<ram:IssueDateTime>${localTime(d.reference.issuedMs)}</ram:IssueDateTime>` +
        `<ram:ReferenceTypeCode>${d.reference.typeCode}</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>`
      : '') +
    `</ram:ApplicableHeaderTradeAgreement>` +
    `<ram:ApplicableHeaderTradeDelivery/>` +
    `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode listID="ISO 4217 3A">THB</ram:InvoiceCurrencyCode>` +
    tax(d.net, d.vat) +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    (d.originalNet !== undefined
      ? `<ram:OriginalInformationAmount currencyID="THB">${amount(d.originalNet)}</ram:OriginalInformationAmount>`
      : '') +
    `<ram:LineTotalAmount currencyID="THB">${amount(d.net)}</ram:LineTotalAmount>` +
    (d.originalNet !== undefined
      ? `<ram:DifferenceInformationAmount currencyID="THB">${amount(d.net)}</ram:DifferenceInformationAmount>`
      : '') +
    `<ram:TaxBasisTotalAmount currencyID="THB">${amount(d.net)}</ram:TaxBasisTotalAmount>` +
    `<ram:TaxTotalAmount currencyID="THB">${amount(d.vat)}</ram:TaxTotalAmount>` +
    `<ram:GrandTotalAmount currencyID="THB">${amount(d.total)}</ram:GrandTotalAmount>` +
    `</ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement>` +
    lines +
    `</rsm:SupplyChainTradeTransaction></rsm:${root}>\n`
  );
}
