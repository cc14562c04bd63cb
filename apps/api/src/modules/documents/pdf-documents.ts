import type { Booking } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import type { TaxInvoiceRow, TaxNoteRow } from './documents.repository';
import { renderReceipt, type PaymentRow } from './receipt';
import { rentalAgreementPdf, type RentalAgreementInput } from './rental-agreement';
import { taxInvoicePdf, taxNotePdf } from './tax-invoices';

/**
 * Every PDF the site writes, as plain data a worker thread can be handed (pdf-renderer.ts): what to
 * write and from what. The writing itself stays with each document (receipt.ts, tax-invoices.ts,
 * rental-agreement.ts); this is the one list of them.
 */
export type PdfJob =
  | { kind: 'receipt'; booking: Booking; payments: PaymentRow[]; lang: Language; statusLabel: string }
  | { kind: 'tax-invoice'; invoice: TaxInvoiceRow }
  | { kind: 'tax-note'; invoice: TaxInvoiceRow; note: TaxNoteRow }
  | { kind: 'rental-agreement'; agreement: RentalAgreementInput };

export function writePdf(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case 'receipt':
      return renderReceipt(job.booking, job.payments, job.lang, job.statusLabel);
    case 'tax-invoice':
      return taxInvoicePdf(job.invoice);
    case 'tax-note':
      return taxNotePdf(job.invoice, job.note);
    case 'rental-agreement':
      return rentalAgreementPdf(job.agreement);
  }
}
