import { randomUUID } from 'node:crypto';
import { bangkokInstant } from '@siam/contract/bangkok-time';
import { DEPOSIT_HOLD_DAYS, depositHoldOpensAt, type depositActionSchema } from '@siam/contract/deposits';
import type { Language } from '@siam/contract/languages';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import type { BookingsService, InTransaction } from '../bookings/bookings.service';
import { toBaht } from '../pricing/pricing';
import { cardPaymentRefused } from './card-payments';
import type { PaymentGateway } from './payment-gateway';
import type { PaymentsRepository } from './payments.repository';

/** The gateway did not take, or let go, a deposit held on a card: nothing changed, try again. */
const DEPOSIT_GATEWAY_DOWN_MESSAGE =
  'The card company did not answer about the deposit held on the card: nothing changed, try again in a moment';
const DEPOSIT_NOT_DUE_MESSAGE =
  'The deposit is taken when the car is handed over, once: this booking has none due now';
const DEPOSIT_NOT_HELD_MESSAGE = 'No deposit is held for this booking, or the car has not been picked up';
/** Asked for before DEPOSIT_HOLD_DAYS before the return: a card's hold would lapse before the car is back. */
const DEPOSIT_NOT_YET_MESSAGE = `A card hold lasts a week: the deposit can be held on a card from ${DEPOSIT_HOLD_DAYS} days before the return`;
const DAY_MS = 86_400_000;
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
      /** Where the card's bank sends the customer back after a 3-D Secure hold: My bookings. */
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
        // Taken by PromptPay: what is not kept goes back to the customer's PromptPay ID, sent by staff
        // (refund-payouts.ts, decision 3650), in the same transaction as the release.
        if (row.deposit_method === 'promptpay' && row.deposit_amount - kept > 0)
          await this.repo.insertPayment(tx, {
            bookingId,
            method: 'promptpay',
            kind: 'refund',
            status: 'pending',
            amount: toBaht(row.deposit_amount - kept),
            forDeposit: true,
          });
      }
      await inTx?.(tx, row);
    });
    return this.bookings.getById(bookingId, lang);
  }

  /**
   * The customer holds the deposit on their card online (decision 3413): an authorisation at the
   * gateway (nothing taken), under the booking's lock so it is held once, and only from
   * DEPOSIT_HOLD_DAYS before the return, so that it lasts until the car is back. A card whose bank asks
   * for 3-D Secure leaves the hold waiting at the gateway (a gateway charge of method `deposit`) with
   * the bank's page to send the customer to: its state, fetched back, holds the deposit
   * (GatewayCharges). A gateway that does not answer is refused: the deposit stays due.
   */
  async holdOnCard(userId: number, bookingId: number, cardToken: string, lang: Language) {
    await this.repo.transaction(async (tx) => {
      const row = await this.bookings.find(tx, { id: bookingId, userId, forUpdate: true });
      if (!row) throw notFound('Booking');
      if (
        row.deposit_state !== 'due' ||
        row.deposit_amount <= 0 ||
        !['confirmed', 'active'].includes(row.status) ||
        row.deposit_authorize_uri
      )
        throw new AppError('CONFLICT', DEPOSIT_NOT_DUE_MESSAGE);
      const now = this.bookings.now();
      if (now < depositHoldOpensAt(bangkokInstant(row.return_date, row.return_time)))
        throw new AppError('CONFLICT', DEPOSIT_NOT_YET_MESSAGE);
      const hold = await this.gateway.authorize({
        amountSatang: row.deposit_amount,
        cardToken,
        description: `Siam Drive booking ${row.booking_number}: security deposit (held, not charged)`,
        idempotencyKey: `deposit-${bookingId}-${randomUUID()}`,
        returnUri: this.deps.returnUri(row.booking_number),
      });
      if (hold.status === 'authorize') {
        const kept = await this.repo.insertGatewayCharge(tx, {
          bookingId,
          gateway: this.gateway.name,
          method: 'deposit',
          reference: hold.reference,
          amountSatang: row.deposit_amount,
          qrSvg: null,
          authorizeUri: hold.authorizeUri,
        });
        if (!kept) throw new AppError('CONFLICT', DEPOSIT_NOT_DUE_MESSAGE);
        return;
      }
      if (hold.status !== 'succeeded')
        throw cardPaymentRefused(hold.status === 'failed' ? hold.code : 'processing_error');
      if (!(await this.bookings.holdDeposit(tx, bookingId, hold.reference, this.gateway.name, now)))
        throw new AppError('CONFLICT', DEPOSIT_NOT_DUE_MESSAGE);
    });
    return this.bookings.getForUser(userId, bookingId, lang);
  }

  /**
   * Card holds made DEPOSIT_HOLD_DAYS ago whose car is not back yet (an extended rental, a late car):
   * a day before the gateway lets each lapse, it is let go there and the deposit is due again, to be
   * held anew (online, or at the counter). The minute job; safe on several instances (once per hold).
   */
  async renew(now: Date) {
    let renewed = 0;
    const before = new Date(now.getTime() - DEPOSIT_HOLD_DAYS * DAY_MS);
    for (const held of await this.bookings.cardDepositsHeldBefore(before)) {
      const done = await this.repo.transaction(async (tx) => {
        await this.bookings.find(tx, { id: held.id, forUpdate: true });
        return this.bookings.depositDueAgain(tx, held.id, held.deposit_ref);
      });
      if (!done) continue;
      renewed++;
      try {
        await this.gateway.reverse({ reference: held.deposit_ref });
      } catch (error) {
        // It lapses by itself within a day: nothing is taken either way.
        this.deps.log?.error(
          { err: error, bookingId: held.id },
          'a lapsing deposit hold could not be let go',
        );
      }
    }
    return { renewed };
  }
}
