import { bangkokDate } from '@siam/contract/bangkok-time';
import type { Booking } from '@siam/contract/bookings';
import { businessRules } from '@siam/contract/business-rules';
import { AppError, notFound } from '../../lib/app-error';
import { escapeMarkup } from '../../lib/escape-markup';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import type { BookingsRepository, Executor, TaxInvoiceRow, TaxSeller } from './bookings.repository';
import { pdfWriter } from './pdf-writer';
import { vatPart } from './pricing';

/** A tax invoice as a private file to download. */
export const taxInvoiceFile = (invoice: { number: string; body: Buffer }, format: 'pdf' | 'xml') => ({
  contentType: format === 'xml' ? 'application/xml; charset=utf-8' : 'application/pdf',
  content: invoice.body,
  downloadAs: `tax-invoice-${invoice.number}.${format}`,
});

/**
 * The invoice's lines from the booking as agreed: the rental (shaped by the pricing rules, less a hot
 * deal and a promotion code), each extra, each one-way or delivery fee. Each line's price includes
 * VAT; its net is rounded, the last line taking the rounding so the nets add up to the total less VAT.
 */
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
  ].filter((l) => l.total > 0);
  const net = booking.total - booking.vat;
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
    private readonly repo: BookingsRepository,
    private readonly siteSettings: SiteSettingsService,
  ) {}

  /** The booking's invoice, issued now if it is due and was not yet. */
  async issue(booking: Booking): Promise<TaxInvoiceRow> {
    if (!booking.taxInvoice) throw notFound('Tax invoice');
    if (!booking.taxInvoice.ready)
      throw new AppError('CONFLICT', 'A tax invoice is issued once the booking is paid');
    const issued = await this.repo.taxInvoice(this.repo.db as unknown as Executor, booking.id);
    if (issued) return issued;
    // Read before the transaction: the settings come from the pool, which on the embedded database
    // is the one connection the transaction holds.
    const [company, contact] = await Promise.all([
      this.siteSettings.read('company'),
      this.siteSettings.read('contact'),
    ]);
    return this.repo.transaction(async (tx) => {
      // The booking's lock: two downloads at once issue one invoice.
      const row = await this.repo.findBooking(tx, { id: booking.id, forUpdate: true });
      if (!row?.tax_buyer) throw notFound('Tax invoice');
      const already = await this.repo.taxInvoice(tx, booking.id);
      if (already) return already;
      const branch = await this.repo.taxBranch(tx, row.branch_code);
      const seller: TaxSeller = {
        name: company.legalName.th,
        taxId: company.taxId,
        branchNo: branch?.tax_branch_no ?? '00000',
        branchName: branch?.name.th ?? row.branch_code,
        address: contact.headOffice.th,
      };
      const year = Number(bangkokDate(new Date()).slice(0, 4));
      const no = await this.repo.nextTaxInvoiceNo(tx, row.branch_code, year);
      const invoice = {
        number: `${row.branch_code.toUpperCase()}-${year}-${String(no).padStart(6, '0')}`,
        branch_code: row.branch_code,
        seller,
        buyer: row.tax_buyer,
        lines: invoiceLines(booking),
        net: booking.total - booking.vat,
        vat: booking.vat,
        total: booking.total,
      };
      await this.repo.insertTaxInvoice(tx, booking.id, invoice);
      return (await this.repo.taxInvoice(tx, booking.id))!;
    });
  }

  /** The invoice as a PDF: Thai, the Revenue Code's words, with English beneath. */
  async pdf(invoice: TaxInvoiceRow): Promise<Buffer> {
    const pdf = pdfWriter(`Tax invoice ${invoice.number}`);
    const { write, row, money, doc } = pdf;
    const branchWords = (no: string) =>
      no === '00000' ? 'สำนักงานใหญ่ / Head office' : `สาขาที่ / Branch ${no}`;
    write('ใบกำกับภาษี / ใบเสร็จรับเงิน', { bold: true, size: 18 });
    write('Tax invoice / Receipt', { bold: true, size: 13 });
    doc.moveDown(0.5);
    row('เลขที่ / No.', invoice.number, true);
    row('วันที่ / Date', bangkokDate(new Date(invoice.issued_ms)));
    doc.moveDown(0.5);
    write('ผู้ขาย / Seller', { bold: true });
    write(invoice.seller.name);
    write(invoice.seller.address);
    write(`เลขประจำตัวผู้เสียภาษี / Tax ID ${invoice.seller.taxId} · ${branchWords(invoice.seller.branchNo)}`);
    doc.moveDown(0.5);
    write('ผู้ซื้อ / Buyer', { bold: true });
    write(invoice.buyer.companyName);
    write(invoice.buyer.address);
    write(`เลขประจำตัวผู้เสียภาษี / Tax ID ${invoice.buyer.taxId} · ${branchWords(invoice.buyer.branch)}`);
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
   * The invoice in ETDA's e-Tax invoice structure (ขมธอ. 3-2560: TaxInvoice_CrossIndustryInvoice,
   * a profile of UN/CEFACT's Cross Industry Invoice), unsigned: the Revenue Department's channel
   * signs and sends it. Tax IDs carry the 5-digit branch (18 digits, scheme TXID).
   */
  xml(invoice: TaxInvoiceRow): string {
    const x = (v: string | number) => escapeMarkup(String(v));
    const amount = (satang: number) => (satang / 100).toFixed(2);
    const issued = new Date(invoice.issued_ms);
    const localTime = `${bangkokDate(issued)}T${new Date(issued.getTime() + 7 * 3_600_000).toISOString().slice(11, 19)}`;
    const party = (tag: string, p: { name: string; taxId: string; branch: string; address: string }) =>
      `<ram:${tag}><ram:Name>${x(p.name)}</ram:Name>` +
      `<ram:SpecifiedTaxRegistration><ram:ID schemeID="TXID">${x(p.taxId + p.branch)}</ram:ID></ram:SpecifiedTaxRegistration>` +
      `<ram:PostalTradeAddress><ram:LineOne>${x(p.address)}</ram:LineOne><ram:CountryID schemeID="3166-1 alpha-2">TH</ram:CountryID></ram:PostalTradeAddress>` +
      `</ram:${tag}>`;
    const tax = (basis: number, vat: number) =>
      `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CalculatedRate>${businessRules.vatPercent}</ram:CalculatedRate>` +
      `<ram:BasisAmount>${amount(basis)}</ram:BasisAmount><ram:CalculatedAmount>${amount(vat)}</ram:CalculatedAmount></ram:ApplicableTradeTax>`;
    const lines = invoice.lines
      .map(
        (l, i) =>
          `<ram:IncludedSupplyChainTradeLineItem>` +
          `<ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
          `<ram:SpecifiedTradeProduct><ram:Name>${x(l.name)}</ram:Name></ram:SpecifiedTradeProduct>` +
          `<ram:SpecifiedLineTradeAgreement><ram:GrossPriceProductTradePrice><ram:ChargeAmount>${amount(Math.round(l.net / l.quantity))}</ram:ChargeAmount></ram:GrossPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
          `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${l.quantity > 1 || i === 0 ? 'DAY' : 'C62'}">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
          `<ram:SpecifiedLineTradeSettlement>${tax(l.net, l.total - l.net)}` +
          `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:TaxTotalAmount currencyID="THB">${amount(l.total - l.net)}</ram:TaxTotalAmount>` +
          `<ram:NetLineTotalAmount currencyID="THB">${amount(l.net)}</ram:NetLineTotalAmount>` +
          `<ram:NetIncludingTaxesLineTotalAmount currencyID="THB">${amount(l.total)}</ram:NetIncludingTaxesLineTotalAmount>` +
          `</ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>` +
          `</ram:IncludedSupplyChainTradeLineItem>`,
      )
      .join('');
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<rsm:TaxInvoice_CrossIndustryInvoice xmlns:rsm="urn:etda:uncefact:data:standard:TaxInvoice_CrossIndustryInvoice:2" ` +
      `xmlns:ram="urn:etda:uncefact:data:standard:TaxInvoice_ReusableAggregateBusinessInformationEntity:2">` +
      `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>` +
      `<ram:ID schemeAgencyID="ETDA" schemeVersionID="v2.0">ER3-2560</ram:ID>` +
      `</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
      `<rsm:ExchangedDocument><ram:ID>${x(invoice.number)}</ram:ID><ram:Name>ใบกำกับภาษี</ram:Name>` +
      `<ram:TypeCode listID="1001_ThaiDocumentNameCodeInvoice" listAgencyID="RD/ETDA" listVersionID="1.0">388</ram:TypeCode>` +
      `<ram:IssueDateTime>${localTime}</ram:IssueDateTime><ram:CreationDateTime>${localTime}</ram:CreationDateTime>` +
      `</rsm:ExchangedDocument>` +
      `<rsm:SupplyChainTradeTransaction>` +
      `<ram:ApplicableHeaderTradeAgreement>` +
      party('SellerTradeParty', {
        name: invoice.seller.name,
        taxId: invoice.seller.taxId,
        branch: invoice.seller.branchNo,
        address: invoice.seller.address,
      }) +
      party('BuyerTradeParty', {
        name: invoice.buyer.companyName,
        taxId: invoice.buyer.taxId,
        branch: invoice.buyer.branch,
        address: invoice.buyer.address,
      }) +
      `</ram:ApplicableHeaderTradeAgreement>` +
      `<ram:ApplicableHeaderTradeDelivery/>` +
      `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode listID="ISO 4217 3A">THB</ram:InvoiceCurrencyCode>` +
      tax(invoice.net, invoice.vat) +
      `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
      `<ram:LineTotalAmount currencyID="THB">${amount(invoice.net)}</ram:LineTotalAmount>` +
      `<ram:TaxBasisTotalAmount currencyID="THB">${amount(invoice.net)}</ram:TaxBasisTotalAmount>` +
      `<ram:TaxTotalAmount currencyID="THB">${amount(invoice.vat)}</ram:TaxTotalAmount>` +
      `<ram:GrandTotalAmount currencyID="THB">${amount(invoice.total)}</ram:GrandTotalAmount>` +
      `</ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement>` +
      lines +
      `</rsm:SupplyChainTradeTransaction></rsm:TaxInvoice_CrossIndustryInvoice>\n`
    );
  }
}
