import { randomUUID } from 'node:crypto';
import { DEPOSIT_QR_MINUTES, type DepositPromptPay as DepositQr } from '@siam/contract/deposits';
import type { Language } from '@siam/contract/languages';
import { AppError, notFound } from '../../lib/app-error';
import type { Executor } from '../../db/sql-rows';
import type { BookingRow, BookingsService } from '../bookings/bookings.service';
import { toBaht } from '../pricing/pricing';
import type { GatewayCharge, PaymentGateway } from './payment-gateway';
import type { PaymentsRepository } from './payments.repository';

const DEPOSIT_NOT_PAYABLE_MESSAGE =
  'This booking has no deposit to pay now: it is paid, or it is taken at the counter with the car';
const NO_PROMPTPAY_MESSAGE =
  'PromptPay online is not available now: the deposit is taken at the counter at pickup';
const QR_NOT_MADE_MESSAGE =
  'The payment gateway did not make the QR code: nothing changed, try again in a moment';
const MINUTE_MS = 60_000;

/**
 * The security deposit paid by PromptPay online before pickup (issue 36 part 3, docs/decisions/3652):
 * a gateway charge of its own method (`deposit_promptpay`) for the deposit's amount, with its own QR.
 * Paid (the charge fetched back from the gateway, never an event believed), the deposit is taken by
 * PromptPay as at the counter (BookingsService.takeDeposit) and its money recorded as the deposit's
 * (payments `for_deposit`), never the booking's: its receipt, what it paid and its refunds do not see
 * it. After the return, what is not kept goes to the customer's PromptPay ID (deposits.ts, decision
 * 3650); cancelled before pickup, all of it does. Money that pays no deposit (paid twice, or after the
 * deposit was taken at the counter) goes back by itself through the gateway.
 */
export class DepositPromptPay {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly bookings: BookingsService,
    private readonly gateway: PaymentGateway,
    private readonly deps: {
      /** My bookings, where the deposit is shown (PromptPay has no page to come back from, but Omise takes it). */
      returnUri: (bookingNumber: string) => string;
      /** The charge asked after at the gateway now, as its webhook would (gateway-charges.ts). */
      settle: (reference: string) => Promise<string>;
      refundUnmatched: (reference: string, taken: number) => Promise<unknown>;
      log?: { error: (obj: unknown, msg: string) => void };
    },
  ) {}

  /** Whether the deposit may be paid by PromptPay online now: due on a confirmed booking. */
  private payable(row: BookingRow) {
    return row.deposit_state === 'due' && row.deposit_amount > 0 && row.status === 'confirmed';
  }

  /**
   * The deposit's QR for the booking's own customer, made the first time it is asked for and again
   * once the last one is past its window (DEPOSIT_QR_MINUTES) or expired at the gateway. Anyone else: 404.
   */
  async ask(userId: number, bookingId: number, lang: Language): Promise<DepositQr> {
    const row = await this.bookings.find(this.repo.db, { id: bookingId, userId });
    if (!row) throw notFound('Booking');
    if (!this.payable(row)) throw new AppError('CONFLICT', DEPOSIT_NOT_PAYABLE_MESSAGE);
    const { gateway } = this;
    if (!gateway.createSourceCharge || !(await gateway.sources()).includes('promptpay'))
      throw new AppError('CONFLICT', NO_PROMPTPAY_MESSAGE);
    const shown = await this.look(userId, bookingId, lang);
    if (shown.qr || shown.deposit.state !== 'due') return shown;
    let charge;
    try {
      charge = await gateway.createSourceCharge({
        source: 'promptpay',
        amountSatang: row.deposit_amount,
        description: `Siam Drive booking ${row.booking_number}: security deposit`,
        bookingNumber: row.booking_number,
        idempotencyKey: `deposit-promptpay-${row.booking_number}-${randomUUID()}`,
        returnUri: this.deps.returnUri(row.booking_number),
      });
    } catch (error) {
      this.deps.log?.error({ err: error, bookingId }, 'the deposit QR could not be made at the gateway');
      throw new AppError('SERVICE_UNAVAILABLE', QR_NOT_MADE_MESSAGE);
    }
    if (!charge.qrSvg) throw new AppError('SERVICE_UNAVAILABLE', QR_NOT_MADE_MESSAGE);
    // Another request made one at the same moment: that one is shown (this one expires unpaid).
    await this.repo.insertGatewayCharge(this.repo.db, {
      bookingId,
      gateway: gateway.name,
      method: 'deposit_promptpay',
      reference: charge.reference,
      amountSatang: row.deposit_amount,
      qrSvg: charge.qrSvg,
      authorizeUri: null,
      createdAt: this.bookings.now(),
    });
    return this.look(userId, bookingId, lang);
  }

  /**
   * The deposit and its live QR as the customer's page asks every few seconds: the QR asked after at
   * the gateway first (as the webhook would), one past its window set aside. Anyone else: 404.
   */
  async look(userId: number, bookingId: number, lang: Language): Promise<DepositQr> {
    await this.bookings.getForUser(userId, bookingId, lang);
    let live = await this.repo.liveDepositCharge(this.repo.db, bookingId);
    if (live) {
      try {
        await this.deps.settle(live.reference);
      } catch (error) {
        // The gateway did not answer: the QR stays as it is, the webhook or the next look settles it.
        if (!(error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')) throw error;
      }
      live = await this.repo.liveDepositCharge(this.repo.db, bookingId);
    }
    const validUntil = live && new Date(live.created_ms + DEPOSIT_QR_MINUTES * MINUTE_MS);
    if (live && validUntil && validUntil <= this.bookings.now()) {
      await this.repo.setAsideDepositCharge(this.repo.db, live.reference);
      live = undefined;
    }
    const booking = await this.bookings.getById(bookingId, lang);
    return {
      deposit: booking.deposit,
      qr:
        live && validUntil && booking.deposit.state === 'due'
          ? { amount: live.amount, qrSvg: live.qr_svg, validUntil: validUntil.toISOString() }
          : null,
    };
  }

  /**
   * Settles a deposit's PromptPay charge by its state at the gateway, once: paid in full while the
   * deposit is due → the deposit taken by PromptPay and its money recorded as the deposit's; paid when
   * no deposit is due (paid twice, taken at the counter meanwhile) or not the deposit's amount → given
   * back in full through the gateway; failed or expired → the deposit stays due (a new QR on asking).
   */
  async settle(
    chargeId: string,
    local: { booking_id: number; amount: number },
    charge: GatewayCharge,
    event: { id: string; key: string } | null,
  ) {
    if (charge.status === 'pending' && !event) return 'pending';
    const outcome = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.firstDelivery(tx, event, this.gateway.name, chargeId))) return 'duplicate';
      let result: string;
      if (charge.status === 'pending') result = 'pending';
      else {
        const row = await this.bookings.find(tx, { id: local.booking_id, forUpdate: true });
        const paid =
          charge.status === 'successful' && charge.amountSatang === local.amount && charge.currency === 'thb';
        if (!(await this.repo.settleDepositCharge(tx, chargeId, charge.status))) result = 'already_settled';
        else if (charge.status !== 'successful') result = 'settled';
        else if (!paid) result = 'amount_mismatch';
        // The deposit changed meanwhile (another car): this money is not it, and goes back.
        else if (row?.deposit_amount !== local.amount) result = 'deposit_not_due';
        else if (!(await this.bookings.takeDeposit(tx, local.booking_id, 'promptpay')))
          result = 'deposit_not_due';
        else {
          await this.repo.insertPayment(tx, {
            bookingId: local.booking_id,
            method: 'promptpay',
            status: 'succeeded',
            amount: toBaht(local.amount),
            gateway: this.gateway.name,
            reference: chargeId,
            forDeposit: true,
          });
          result = 'deposit_paid';
        }
      }
      if (event) await this.repo.setGatewayEventOutcome(tx, event.id, result);
      return result;
    });
    if (outcome === 'deposit_not_due' || outcome === 'amount_mismatch')
      await this.deps.refundUnmatched(chargeId, charge.amountSatang);
    return outcome;
  }

  /**
   * A booking cancelled before pickup whose deposit was paid by PromptPay online: all of it goes back
   * to the customer's PromptPay ID, sent by staff (decision 3650), in the cancellation's transaction.
   * `row`: the booking as it was before it was cancelled (under its lock). Answers what goes back
   * (satang; 0 when no such deposit).
   */
  async giveBackOnCancel(tx: Executor, row: BookingRow) {
    if (row.deposit_state !== 'held' || row.deposit_method !== 'promptpay') return 0;
    if (!(await this.bookings.releaseDeposit(tx, row.id, 0, null))) return 0;
    await this.repo.insertPayment(tx, {
      bookingId: row.id,
      method: 'promptpay',
      kind: 'refund',
      status: 'pending',
      amount: toBaht(row.deposit_amount),
      forDeposit: true,
    });
    return row.deposit_amount;
  }
}
