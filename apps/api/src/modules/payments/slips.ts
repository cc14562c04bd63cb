import { randomUUID } from 'node:crypto';
import type { Booking, SlipCheckResult } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import { AppError, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/file-storage';
import { payments } from '../../lib/metrics';
import type { AccessActor } from '../bookings/booking-access';
import type { BookingsService, InTransaction } from '../bookings/bookings.service';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import { toBaht } from '../pricing/pricing';
import type { PaymentsRepository } from './payments.repository';
import { SLIP_ALREADY_USED_MESSAGE, checkSlip, judgeTransfer } from './slip-checks';
import type { SlipQr } from './slip-qr';
import type { SlipVerifier } from './slip-verifier';

/**
 * Transfers paid by slip (docs/decisions/3102): the customer's upload, checked by its QR code and, when
 * a provider is set, by the bank; staff confirm or reject what waits. Confirming moves the booking
 * through the record's status table.
 */
export class SlipPayments {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly bookings: BookingsService,
    /** The slips folder of the file storage (private: served only through the API). */
    private readonly slips: FileStorage,
    private readonly deps: {
      siteSettings: SiteSettingsService;
      /** Asks the bank about a slip's transfer (EasySlip's API); null: every slip waits for staff. */
      slipVerifier?: SlipVerifier | null;
    },
  ) {}

  /**
   * A customer uploads a transfer slip: a picture or PDF up to 5 MB, checked by decoding it, whose
   * QR code names a transfer no other slip named (slip-checks.ts). The bank is then asked, through
   * the slip-verification provider, what that transfer was: when it pays this booking exactly, the
   * booking is confirmed at once; otherwise the slip waits for staff, marked with why.
   */
  async upload(userId: number, bookingId: number, content: Buffer, lang: Language) {
    if (content.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty');
    const booking = await this.bookings.getForUser(userId, bookingId, lang);
    if (booking.paymentMethod === 'card' || booking.status !== 'awaiting_payment')
      throw new AppError('CONFLICT', 'This booking does not wait for a transfer slip');
    if (booking.payBy && new Date(booking.payBy) <= this.bookings.now())
      throw new AppError('CONFLICT', 'The time to pay for this booking has passed');
    if (await this.repo.liveSourceCharge(this.repo.db, bookingId))
      throw new AppError('CONFLICT', 'This booking is paid through the payment gateway: no slip is needed');
    const slip = await checkSlip(content);
    const key = `${bookingId}-${randomUUID()}.${slip.ext}`;
    await this.slips.put(key, content, slip.contentType);
    const slipId = await this.repo.insertSlip(this.repo.db, {
      bookingId,
      key,
      contentType: slip.contentType,
      size: content.length,
      qrRef: slip.qr?.ref ?? null,
    });
    if (slipId === null) {
      await this.slips.delete(key);
      payments.inc({ method: 'transfer', outcome: 'slip_reused' });
      throw new AppError('SLIP_ALREADY_USED', SLIP_ALREADY_USED_MESSAGE, [
        { path: 'file', message: SLIP_ALREADY_USED_MESSAGE },
      ]);
    }
    payments.inc({ method: 'transfer', outcome: 'slip_received' });
    const check = await this.checkTransfer(slip.qr, booking);
    await this.repo.setSlipCheck(this.repo.db, slipId, check);
    payments.inc({ method: 'transfer', outcome: `slip_${check.result}` });
    if (check.result === 'verified') {
      try {
        return await this.confirmPayment(
          bookingId,
          lang,
          undefined,
          `bank transfer ${slip.qr!.ref}, verified by the bank`,
        );
      } catch (error) {
        // Staff (or the deadline) got to the booking first: the slip stays on it for them.
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      }
    }
    return this.bookings.getById(bookingId, lang);
  }

  /** Asks the bank what the slip's transfer was, and whether it pays this booking (slip-checks.ts judgeTransfer). */
  private async checkTransfer(
    qr: SlipQr | null,
    booking: Booking,
  ): Promise<{ result: SlipCheckResult; amountSatang?: number; paidAt?: Date }> {
    if (!qr) return { result: 'pdf_not_read' };
    if (qr.kind !== 'bank') return { result: 'other_qr' };
    if (!this.deps.slipVerifier) return { result: 'no_provider' };
    const transfer = await this.deps.slipVerifier.verify(qr.payload);
    if (transfer.status === 'not_found') return { result: 'not_found' };
    // The slip's record says so, and staff see it; the metric counts it (slip_provider_unavailable).
    if (transfer.status === 'unavailable') return { result: 'provider_unavailable' };
    const settings = await this.deps.siteSettings.publicSettings('en');
    const result = judgeTransfer(transfer, {
      totalSatang: booking.total,
      bookedAt: new Date(booking.createdAt),
      now: this.bookings.now(),
      bankAccount: settings.bankAccount.accountNumber,
      promptpayId: settings.promptpayId,
    });
    return { result, amountSatang: transfer.amountSatang, paidAt: transfer.paidAt };
  }

  /** Staff accept the transfer: the payment is recorded and the booking confirmed. */
  async confirmPayment(
    bookingId: number,
    lang: Language = 'en',
    inTx?: InTransaction,
    reference = 'slip verified by staff',
  ) {
    await this.repo.transaction(async (tx) => {
      const row = await this.bookings.find(tx, { id: bookingId, forUpdate: true });
      if (!row) throw notFound('Booking');
      if (row.status !== 'awaiting_payment')
        throw new AppError('CONFLICT', 'This booking is not awaiting payment');
      await this.repo.reviewSlips(tx, bookingId, 'accepted', null);
      await this.repo.insertPayment(tx, {
        bookingId,
        method: row.payment_method,
        status: 'succeeded',
        amount: toBaht(row.total_amount),
        reference,
      });
      await this.bookings.confirmPaid(tx, bookingId);
      await inTx?.(tx, row);
    });
    payments.inc({ method: 'transfer', outcome: 'verified' });
    await this.bookings.sendMail(bookingId, 'confirmed');
    return this.bookings.getById(bookingId, lang);
  }

  /** Staff reject a slip; the customer may upload another before the 24 hours run out. */
  async reject(bookingId: number, reason: string, lang: Language = 'en', inTx?: InTransaction) {
    await this.repo.transaction(async (tx) => {
      const row = await this.bookings.find(tx, { id: bookingId, forUpdate: true });
      if (!row) throw notFound('Booking');
      const n = await this.repo.reviewSlips(tx, bookingId, 'rejected', reason);
      if (n === 0) throw new AppError('CONFLICT', 'No slip waits for review');
      await inTx?.(tx, row);
    });
    payments.inc({ method: 'transfer', outcome: 'slip_rejected' });
    await this.bookings.sendMail(bookingId, 'slip_rejected', undefined, reason);
    return this.bookings.getById(bookingId, lang);
  }

  /** A booking's slip, for whoever may read the booking (its customer, to look at again); else a 404. */
  async file(actor: AccessActor, bookingId: number, slipId: number) {
    await this.bookings.assertCanReadBooking(actor, bookingId);
    const slip = await this.repo.findSlip(this.repo.db, bookingId, slipId);
    if (!slip) throw notFound('Slip');
    const content = await this.slips.get(slip.storage_key);
    if (!content) throw notFound('Slip');
    return { contentType: slip.content_type, content };
  }
}
