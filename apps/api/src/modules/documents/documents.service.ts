import type { Language } from '@siam/contract/languages';
import { companyMessages } from '@siam/contract/companies';
import { AppError } from '../../lib/app-error';
import type { AccessActor } from '../bookings/booking-access';
import type { BookingsService, TotalChange } from '../bookings/bookings.service';
import type { IssuedDocuments } from './issued-documents';
import { receiptNotPaid } from './receipt';
import type { TaxInvoices } from './tax-invoices';

/**
 * A booking's documents (documents/): its full tax invoice and credit and debit notes (issued once,
 * kept, served as PDF or e-Tax XML) and its receipt, for whoever booking-access.ts lets read the
 * booking; and the note a change of the booking's total calls for (BookingsService.onTotalChanged).
 */
export class DocumentsService {
  constructor(
    private readonly taxInvoices: TaxInvoices,
    private readonly bookings: BookingsService,
    private readonly deps: {
      /** Issued tax documents, written once and kept (issued-documents.ts). */
      documents: IssuedDocuments;
      log?: { error: (obj: unknown, msg: string) => void };
    },
  ) {}

  /**
   * A booking's full tax invoice (issued on first asking, once paid) as a PDF or as e-Tax XML, for
   * whoever booking-access.ts lets read the booking.
   */
  async taxInvoice(actor: AccessActor, bookingId: number, format: 'pdf' | 'xml') {
    const booking = await this.bookings.getFor(actor, bookingId, 'th');
    const invoice = await this.taxInvoices.issue(booking);
    return {
      number: invoice.number,
      body:
        format === 'xml'
          ? Buffer.from(this.taxInvoices.xml(invoice))
          : await this.deps.documents.taxInvoicePdf(invoice),
    };
  }

  /** A credit or debit note of a booking (PDF, or e-Tax XML), for whoever may read the booking. */
  async taxNote(actor: AccessActor, bookingId: number, number: string, format: 'pdf' | 'xml') {
    await this.bookings.assertCanReadBooking(actor, bookingId);
    const { invoice, note } = await this.taxInvoices.note(bookingId, number);
    return {
      number: note.number,
      body:
        format === 'xml'
          ? Buffer.from(this.taxInvoices.noteXml(invoice, note))
          : await this.deps.documents.taxNotePdf(invoice, note),
    };
  }

  /**
   * A cancelled or changed booking whose tax invoice was issued, or one charged after its return,
   * gets a credit or debit note for the difference (tax-invoices.ts adjust). Like a mail, its failure never undoes the customer's step:
   * it is logged for staff, and the next change of the booking settles the whole difference.
   */
  async correctTaxInvoice(bookingId: number, reason: TotalChange) {
    try {
      // Most bookings have no invoice: one indexed look before loading the whole booking.
      if (!(await this.taxInvoices.issuedFor(bookingId))) return;
      await this.taxInvoices.adjust(await this.bookings.getById(bookingId, 'th'), reason);
    } catch (error) {
      this.deps.log?.error({ err: error, bookingId }, 'credit or debit note not issued');
    }
  }

  /**
   * What a receipt is written from: a paid booking and its payments, for whoever booking-access.ts
   * lets read it (its customer at their door, staff at theirs: a walk-in's receipt printed at the desk).
   */
  async receiptData(actor: AccessActor, bookingId: number, lang: Language) {
    const booking = await this.bookings.getFor(actor, bookingId, lang);
    // Nothing was received from the customer: the company's monthly invoice is the document.
    if (booking.paymentMethod === 'company_account')
      throw new AppError('CONFLICT', companyMessages.onMonthlyInvoice);
    // A receipt says money was received: none before payment (it was a free PDF to ask for, over and over).
    if (!booking.paid) throw new AppError('CONFLICT', receiptNotPaid[lang]);
    const payments = await this.bookings.payments(bookingId);
    return { booking, payments };
  }
}
