import { randomUUID } from 'node:crypto';
import type { depositActionSchema } from '@siam/contract/deposits';
import type { Language } from '@siam/contract/languages';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import type { BookingsService, InTransaction } from '../bookings/bookings.service';
import { cardPaymentRefused } from './card-payments';
import type { PaymentGateway } from './payment-gateway';
import type { PaymentsRepository } from './payments.repository';

/** The gateway did not take, or let go, a deposit held on a card: nothing changed, try again. */
const DEPOSIT_GATEWAY_DOWN_MESSAGE =
  'The card company did not answer about the deposit held on the card: nothing changed, try again in a moment';
const DEPOSIT_NOT_DUE_MESSAGE =
  'The deposit is taken when the car is handed over, once: this booking has none due now';
const DEPOSIT_NOT_HELD_MESSAGE = 'No deposit is held for this booking, or the car has not been picked up';
/** A card hold the gateway cannot take in part (Omise without pre_auth, docs/decisions/3401). */
const DEPOSIT_WHOLE_ONLY_MESSAGE =
  'This deposit is held on a card that can only be taken in full or returned in full: keep all of it or none';

/**
 * The security deposit's money (issue 17, part 4; docs/decisions/3401): taken at the counter, held on
 * the customer's card at the gateway, kept in part or given back. Its columns are the booking record's
 * (BookingsService.takeDeposit/holdDeposit/releaseDeposit), written under the booking's lock.
 */
export class Deposits {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly bookings: BookingsService,
    private readonly gateway: PaymentGateway,
    private readonly deps: {
      returnUri: (bookingNumber: string) => string;
      log?: { error: (obj: unknown, msg: string) => void };
    },
  ) {}

  /**
   * The security deposit (issue 17, part 4): taken when the car is handed over (a confirmed or running
   * booking), given back when it is back (a running or completed one), in full or all but what staff
   * keep, which needs a reason and cannot be more than the deposit.
   */
  async change(
    bookingId: number,
    action: z.output<typeof depositActionSchema>,
    lang: Language,
    inTx?: InTransaction,
  ) {
    await this.repo.transaction(async (tx) => {
      const row = await this.bookings.find(tx, { id: bookingId, forUpdate: true });
      if (!row) throw notFound('Booking');
      if (action.action === 'take') {
        if (!(await this.bookings.takeDeposit(tx, bookingId, action.method)))
          throw new AppError('CONFLICT', DEPOSIT_NOT_DUE_MESSAGE);
      } else {
        const reason = action.reason?.trim() || null;
        if (action.kept * 100 > row.deposit_amount)
          throw new AppError('VALIDATION_FAILED', 'More than the deposit', [
            { path: 'kept', message: 'More than the deposit' },
          ]);
        if (action.kept > 0 && !reason)
          throw new AppError('VALIDATION_FAILED', 'Say why part of the deposit is kept', [
            { path: 'reason', message: 'Say why part of the deposit is kept' },
          ]);
        if (row.deposit_state !== 'held' || !['active', 'completed'].includes(row.status))
          throw new AppError('CONFLICT', DEPOSIT_NOT_HELD_MESSAGE);
        const kept = Math.round(action.kept * 100);
        if (row.deposit_ref && kept > 0 && kept < row.deposit_amount && !this.gateway.partialCapture)
          throw new AppError('VALIDATION_FAILED', DEPOSIT_WHOLE_ONLY_MESSAGE, [
            { path: 'kept', message: DEPOSIT_WHOLE_ONLY_MESSAGE },
          ]);
        // Held on the customer's card at the gateway: what is kept is taken, the rest let go; the
        // gateway first, under the booking's lock, so a refusal leaves the deposit held.
        if (row.deposit_ref) {
          try {
            if (action.kept > 0)
              await this.gateway.capture({ reference: row.deposit_ref, amountSatang: kept });
            else await this.gateway.reverse({ reference: row.deposit_ref });
          } catch (error) {
            this.deps.log?.error(
              { err: error, bookingId },
              'the deposit hold could not be settled at the gateway',
            );
            throw new AppError('SERVICE_UNAVAILABLE', DEPOSIT_GATEWAY_DOWN_MESSAGE);
          }
        }
        if (!(await this.bookings.releaseDeposit(tx, bookingId, action.kept, reason)))
          throw new AppError('CONFLICT', DEPOSIT_NOT_HELD_MESSAGE);
      }
      await inTx?.(tx, row);
    });
    return this.bookings.getById(bookingId, lang);
  }

  /**
   * The customer holds the deposit on their card online, before pickup: an authorisation at the
   * gateway (nothing taken), under the booking's lock so it is held once. A card whose bank asks for
   * 3-D Secure, or a gateway that does not answer, is refused: the deposit stays due (at the counter).
   */
  async holdOnCard(userId: number, bookingId: number, cardToken: string, lang: Language) {
    await this.repo.transaction(async (tx) => {
      const row = await this.bookings.find(tx, { id: bookingId, userId, forUpdate: true });
      if (!row) throw notFound('Booking');
      if (row.deposit_state !== 'due' || row.deposit_amount <= 0 || row.status !== 'confirmed')
        throw new AppError('CONFLICT', DEPOSIT_NOT_DUE_MESSAGE);
      const hold = await this.gateway.authorize({
        amountSatang: row.deposit_amount,
        cardToken,
        description: `Siam Drive booking ${row.booking_number}: security deposit (held, not charged)`,
        idempotencyKey: `deposit-${bookingId}-${randomUUID()}`,
        returnUri: this.deps.returnUri(row.booking_number),
      });
      if (hold.status !== 'succeeded') {
        throw cardPaymentRefused(hold.status === 'failed' ? hold.code : 'processing_error');
      }
      if (!(await this.bookings.holdDeposit(tx, bookingId, hold.reference, this.gateway.name)))
        throw new AppError('CONFLICT', DEPOSIT_NOT_DUE_MESSAGE);
    });
    return this.bookings.getForUser(userId, bookingId, lang);
  }
}
