import { createHash, randomUUID } from 'node:crypto';
import type { PayAgainBody } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import { AppError } from '../../lib/app-error';
import type { BookingsService } from '../bookings/bookings.service';
import type { PaymentsService } from '../payments/payments.service';
import { replay, stableJson, type BookingCreated, type Checkout } from './checkout';
import type { RentalsRepository, StoredOutcome } from './rentals.repository';

/** Pay again (docs/decisions/3530): the booking no longer waits for a payment, or its time to pay is over. */
const PAY_AGAIN_CLOSED_MESSAGE = 'This booking no longer waits for a payment';
/** Pay again while a card charge of the booking may still take the money. */
const PAY_AGAIN_CHECKING_MESSAGE =
  'A card payment of this booking is still being checked: wait for its outcome before paying again';

/** Paying again a booking whose card was refused, while it holds its car (docs/decisions/3530). */
export class PayAgain {
  constructor(
    private readonly repo: RentalsRepository,
    private readonly bookings: BookingsService,
    private readonly payments: PaymentsService,
    private readonly checkout: Checkout,
  ) {}

  /**
   * Pays again a booking whose card was refused, while it holds its car (docs/decisions/3530): with
   * another card, or another way (the booking then waits for that, by the same deadline). Under the
   * booking's lock, so a booking being paid or checked is not paid twice; the key makes a repeat
   * answer as the first did.
   */
  async payAgain(
    userId: number,
    bookingId: number,
    input: PayAgainBody,
    lang: Language,
    idempotencyKey: string | undefined,
  ): Promise<BookingCreated> {
    const booking = await this.bookings.getForUser(userId, bookingId, lang);
    const method = input.paymentMethod;
    if (method === 'card' && !input.cardToken)
      throw new AppError('VALIDATION_FAILED', 'Card token required', [
        { path: 'cardToken', message: 'Card token required' },
      ]);
    if (
      method !== 'card' &&
      method !== 'bank_transfer' &&
      !(await this.payments.sources()).includes(method)
    ) {
      // The sandbox takes PromptPay by its static QR and a slip, like a transfer.
      if (method !== 'promptpay')
        throw new AppError('VALIDATION_FAILED', 'This payment method is not available', [
          { path: 'paymentMethod', message: 'This payment method is not available' },
        ]);
    }
    const hash = createHash('sha256')
      .update(stableJson({ payAgain: booking.id, paymentMethod: method }))
      .digest('hex');
    const key = idempotencyKey ?? randomUUID();
    const claimed = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.claimIdempotencyKey(tx, userId, key, hash))) {
        const record = await this.repo.idempotencyRecord(tx, userId, key);
        if (record && record.request_hash !== hash)
          throw new AppError('CONFLICT', 'This Idempotency-Key was already used for another request');
        return this.repo.storedOutcome(record) ?? ('wait' as const);
      }
      const row = (await this.bookings.find(tx, { id: booking.id, forUpdate: true }))!;
      if (row.status !== 'awaiting_payment' || (row.payment_due_ms ?? 0) <= this.bookings.now().getTime())
        throw new AppError('CONFLICT', PAY_AGAIN_CLOSED_MESSAGE);
      const tries = await this.bookings.payments(booking.id, tx);
      // A card charge being checked, or at the bank for 3-D Secure, may still take the money.
      const cardAtWork =
        tries.some((p) => p.kind === 'charge' && p.status === 'pending') ||
        (row.payment_method === 'card' && row.gateway_pending);
      if (cardAtWork) throw new AppError('CONFLICT', PAY_AGAIN_CHECKING_MESSAGE);
      if (row.payment_method !== method) await this.bookings.writes.setPaymentMethod(tx, booking.id, method);
      await this.repo.attachIdempotencyBooking(tx, userId, key, booking.id);
      return null;
    });
    if (claimed === 'wait') return this.checkout.waitForOutcome(userId, key, booking.id, lang);
    if (claimed) return replay(claimed);
    let result: StoredOutcome;
    if (method === 'card') result = await this.checkout.chargeCard(booking.id, input.cardToken!, key, lang);
    else {
      const fresh = await this.bookings.getById(booking.id, lang);
      result = {
        ok: true,
        data: { booking: fresh, instructions: await this.payments.instructions(fresh, lang) },
      };
    }
    await this.repo.storeIdempotencyOutcome(this.repo.db, userId, key, result);
    return replay(result);
  }
}
