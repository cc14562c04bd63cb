import type { Language } from '@siam/contract/languages';
import { AppError, notFound } from '../../lib/app-error';
import type { BookingsService, InTransaction } from '../bookings/bookings.service';
import type { PaymentsService } from '../payments/payments.service';
import type { PricingService } from '../pricing/pricing.service';
import { cancellationFee, toBaht } from '../pricing/pricing';
import type { RentalsRepository } from './rentals.repository';

/** Cancellation by the customer or staff: the fee rule, the car freed, the money given back. */
export class Cancellation {
  constructor(
    private readonly repo: RentalsRepository,
    private readonly bookings: BookingsService,
    private readonly payments: PaymentsService,
    /** Promotion codes' uses (pricing's tables): an unpaid booking cancelled gives its use back. */
    private readonly pricing: PricingService,
  ) {}

  /**
   * Cancels a booking that still can be (awaiting payment or confirmed): the
   * fee rule applies to customers (staff cancel free of charge), the car is
   * freed and a refund of what was paid minus the fee is recorded, all in one transaction.
   */
  async cancel(
    bookingId: number,
    options: {
      byStaff: boolean;
      reason?: string;
      userId?: number;
      /** Staff may apply the customer fee rule instead of cancelling free of charge. */
      applyFeeRule?: boolean;
      /** Releasing an unpaid hold: a booking paid meanwhile is left alone (checked under the row lock). */
      onlyIfAwaitingPayment?: boolean;
      inTx?: InTransaction;
    },
    lang: Language = 'en',
  ) {
    const refund = await this.repo.transaction(async (tx) => {
      const row = await this.bookings.find(tx, {
        id: bookingId,
        ...(options.byStaff ? {} : { userId: options.userId ?? -1 }),
        forUpdate: true,
      });
      if (!row) throw notFound('Booking');
      if (options.onlyIfAwaitingPayment && row.status !== 'awaiting_payment')
        throw new AppError('CONFLICT', 'This booking is no longer awaiting payment');
      if (row.status !== 'awaiting_payment' && row.status !== 'confirmed')
        throw new AppError('CONFLICT', 'This booking can no longer be cancelled');
      const paid = row.paid_ms !== null;
      const fee =
        options.byStaff && !options.applyFeeRule
          ? 0
          : cancellationFee({
              total: row.total_amount,
              paid,
              createdAt: new Date(row.created_ms),
              now: this.bookings.now(),
            });
      await this.bookings.cancelled(tx, bookingId, {
        by: options.byStaff ? 'staff' : 'customer',
        reason: options.reason ?? null,
        fee: toBaht(fee),
      });
      await this.bookings.releaseHolds(tx, bookingId);
      // A deposit paid by PromptPay online goes back whole, to the customer's PromptPay ID (decision 3652).
      const depositBack = await this.payments.giveBackDepositOnCancel(tx, row);
      if (!paid) await this.pricing.promotions.releasePromotion(tx, bookingId);
      await options.inTx?.(tx, row);
      // A company's account was never charged: its monthly invoice bills the fee, if any.
      if (paid && row.payment_method !== 'company_account' && row.total_amount - fee > 0)
        return { amount: row.total_amount - fee, method: row.payment_method, depositBack };
      return { amount: 0, method: row.payment_method, depositBack };
    });
    const byStaff =
      (refund.amount > 0 ? await this.payments.giveBack(bookingId, refund.amount, refund.method) : 0) +
      refund.depositBack;
    await this.bookings.totalChanged(bookingId, 'cancelled');
    // What staff send back by hand: the mail asks for a PromptPay ID (decision 3650).
    await this.bookings.sendMail(bookingId, 'cancelled', undefined, undefined, byStaff || undefined);
    return this.bookings.getById(bookingId, lang);
  }
}
