import { randomUUID } from 'node:crypto';
import type { Booking, GatewaySource } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import { AppError } from '../../lib/app-error';
import { payments } from '../../lib/metrics';
import type { BookingsService } from '../bookings/bookings.service';
import { toBaht } from '../pricing/pricing';
import { ChangeCharges } from './change-charges';
import { DepositPromptPay } from './deposit-promptpay';
import type { GatewayCharge, PaymentGateway } from './payment-gateway';
import type { PaymentsRepository } from './payments.repository';

/**
 * Charges at the gateway that the customer pays away from the site (PromptPay's QR, WeChat Pay, Alipay,
 * a card's 3-D Secure page) and their webhook (docs/decisions/1901, 3530): made once per booking,
 * settled by the charge's state fetched back from the gateway, never by what an event says. A paid
 * charge confirms its booking through the record's status table (BookingsService.confirmPaid); money
 * that paid no booking goes back by itself.
 */
export class GatewayCharges {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly bookings: BookingsService,
    private readonly gateway: PaymentGateway,
    private readonly deps: {
      /** The booking's own page, where a wallet's or a card bank's page sends the customer back. */
      returnUri: (bookingNumber: string) => string;
      log?: { error: (obj: unknown, msg: string) => void };
    },
  ) {
    this.changes = new ChangeCharges(repo, bookings, gateway, {
      ...deps,
      refundUnmatched: (reference, taken) => this.refundUnmatched(reference, taken),
    });
    this.deposits = new DepositPromptPay(repo, bookings, gateway, {
      ...deps,
      settle: (reference) => this.settle(reference, null),
      refundUnmatched: (reference, taken) => this.refundUnmatched(reference, taken),
    });
  }

  /** The deposit paid by PromptPay online before pickup (deposit-promptpay.ts, decision 3652). */
  readonly deposits: DepositPromptPay;

  /** Charges paying a waiting change's difference (change-charges.ts, decision 3631). */
  readonly changes: ChangeCharges;

  /** A waiting change's charge asked after now (the customer's page polls, or is back from the wallet). */
  async checkChange(changeRef: number) {
    const last = await this.repo.changeCharge(this.repo.db, changeRef);
    if (last?.status !== 'pending') return;
    try {
      await this.settle(last.reference, null);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')) throw error;
    }
  }

  /**
   * The booking's charge at the gateway for its method (PromptPay, WeChat Pay, Alipay), made the first
   * time it is asked for: its QR code or the wallet's page to approve on. Null when the gateway takes
   * no such source (the sandbox: PromptPay shows the static QR) or cannot make a charge now.
   */
  async sourceCharge(
    booking: Booking,
    source: GatewaySource,
  ): Promise<{ qrSvg: string | null; authorizeUri: string | null } | null> {
    const { gateway } = this;
    if (!gateway.createSourceCharge || !(await gateway.sources()).includes(source)) return null;
    const shown = (row: { qr_svg: string | null; authorize_uri: string | null } | undefined) =>
      row ? { qrSvg: row.qr_svg, authorizeUri: row.authorize_uri } : null;
    const live = await this.repo.liveSourceCharge(this.repo.db, booking.id);
    if (live) return shown(live);
    let charge;
    try {
      charge = await gateway.createSourceCharge({
        source,
        amountSatang: booking.total,
        description: `Siam Drive booking ${booking.bookingNumber}`,
        bookingNumber: booking.bookingNumber,
        idempotencyKey: `${source}-${booking.bookingNumber}-${randomUUID()}`,
        // Back from the wallet's page to the booking's own page, which turns to "confirmed" by itself.
        returnUri: this.deps.returnUri(booking.bookingNumber),
      });
    } catch (error) {
      this.deps.log?.error({ err: error, bookingId: booking.id }, 'gateway charge with a source failed');
      return null;
    }
    const kept = await this.repo.insertGatewayCharge(this.repo.db, {
      bookingId: booking.id,
      gateway: gateway.name,
      method: source,
      reference: charge.reference,
      amountSatang: booking.total,
      qrSvg: charge.qrSvg,
      authorizeUri: charge.authorizeUri,
    });
    // Another request made the booking's charge at the same moment: that one is shown (this one expires unpaid).
    return kept ? charge : shown(await this.repo.liveSourceCharge(this.repo.db, booking.id));
  }

  /**
   * A webhook event from the gateway about a charge. Nothing in the event is believed: the charge is
   * fetched back from the gateway, and only a charge of ours, paid in full, confirms its booking. An
   * event is handled once (its id is kept), in any order: each looks at the charge as it is now.
   * Returns what it came to; throws SERVICE_UNAVAILABLE when the gateway cannot be asked (it retries).
   */
  event(event: { id: string; key: string; chargeId: string }): Promise<string> {
    return this.settle(event.chargeId, event);
  }

  /**
   * The customer is back on the booking's page from their bank's page (3-D Secure) or a wallet's: the
   * booking's charge is asked after at once, as the webhook would (which may come later). The gateway
   * not answering changes nothing: the webhook or the next look settles it.
   */
  async check(userId: number, bookingId: number, lang: Language) {
    const booking = await this.bookings.getForUser(userId, bookingId, lang);
    // The booking's payment, or its deposit's hold waiting for the card's bank (3-D Secure).
    const live =
      (booking.status === 'awaiting_payment' || booking.deposit.authorizeUri) &&
      (await this.repo.liveSourceCharge(this.repo.db, booking.id));
    if (!live) return booking;
    try {
      await this.settle(live.reference, null);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')) throw error;
    }
    return this.bookings.getById(booking.id, lang);
  }

  /**
   * Settles a gateway charge of ours by its state at the gateway (fetched back), once: paid in full →
   * a payment and the booking confirmed; a card its bank did not approve → the booking fails and
   * frees its car, as a declined card does; a source charge failed or expired → the booking waits
   * (its next look makes a new charge). `event`: the webhook event that asked, kept with its outcome.
   */
  private async settle(chargeId: string, event: { id: string; key: string } | null) {
    const { gateway } = this;
    if (!gateway.retrieveCharge) return 'ignored_no_gateway';
    const local = await this.repo.gatewayCharge(this.repo.db, chargeId);
    if (!local) return 'ignored_unknown_charge';
    let charge;
    try {
      charge = await gateway.retrieveCharge(chargeId);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The payment gateway did not answer; send the event again');
    }
    if (!charge) return 'ignored_unknown_charge';
    if (local.method === 'deposit') return this.settleDepositHold(chargeId, local.booking_id, charge, event);
    if (local.method === 'deposit_promptpay') return this.deposits.settle(chargeId, local, charge, event);
    if (local.change_ref !== null)
      return this.changes.settle(chargeId, { ...local, change_ref: local.change_ref }, charge, event);
    const paid =
      charge.status === 'successful' && charge.amountSatang === local.amount && charge.currency === 'thb';
    // Still waiting and no event to keep (the return page, the minute job): nothing to write.
    if (charge.status === 'pending' && !event) return 'pending';
    let mail: 'confirmed' | 'payment_failed' | null = null;
    const outcome = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.firstDelivery(tx, event, gateway.name, chargeId))) return 'duplicate';
      if (charge.status === 'pending') {
        if (event) await this.repo.setGatewayEventOutcome(tx, event.id, 'pending');
        return 'pending';
      }
      const row = await this.bookings.find(tx, { id: local.booking_id, forUpdate: true });
      const payment = {
        bookingId: local.booking_id,
        method: local.method,
        amount: toBaht(local.amount),
        gateway: gateway.name,
        reference: chargeId,
        brand: charge.card?.brand ?? null,
        last4: charge.card?.last4 ?? null,
      };
      let result: string;
      if (!(await this.repo.settleGatewayCharge(tx, chargeId, charge.status))) result = 'already_settled';
      else if (charge.status !== 'successful') {
        result = 'settled';
        if (local.method === 'card' && row?.status === 'awaiting_payment') {
          const code = charge.failureCode ?? 'declined';
          // The booking keeps its car to be paid again (docs/decisions/3530); the mail says until when.
          await this.repo.insertPayment(tx, { ...payment, status: 'failed', failureCode: code });
          mail = 'payment_failed';
        }
      }
      // Money taken, but not the booking's total: no payment of it (the reconciliation view lists it).
      else if (!paid) result = 'amount_mismatch';
      else if (row?.status !== 'awaiting_payment') result = 'late';
      else {
        await this.repo.insertPayment(tx, { ...payment, status: 'succeeded' });
        await this.bookings.confirmPaid(tx, row.id);
        mail = 'confirmed';
        result = 'confirmed';
      }
      if (event) await this.repo.setGatewayEventOutcome(tx, event.id, result);
      return result;
    });
    if (mail === 'confirmed')
      payments.inc({
        method: local.method === 'card' ? 'card' : 'gateway_source',
        outcome: 'gateway_confirmed',
      });
    if (mail) await this.bookings.sendMail(local.booking_id, mail);
    // Money that paid nothing goes back by itself.
    if (outcome === 'late' || outcome === 'amount_mismatch')
      await this.refundUnmatched(chargeId, charge.amountSatang);
    return outcome;
  }

  /**
   * A deposit hold that waited for the card's bank (3-D Secure, decision 3413), by the charge fetched
   * back, once: authorized and not taken → the deposit is held on it; failed or expired → it stays due
   * (held with another card, or at the counter). A hold authorized for a deposit no longer due (staff
   * took it at the counter meanwhile) is let go.
   */
  private async settleDepositHold(
    chargeId: string,
    bookingId: number,
    charge: GatewayCharge,
    event: { id: string; key: string } | null,
  ) {
    const waiting = charge.status === 'pending' && !charge.authorized;
    if (waiting && !event) return 'pending';
    const outcome = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.firstDelivery(tx, event, this.gateway.name, chargeId))) return 'duplicate';
      let result: string;
      if (waiting) result = 'pending';
      else {
        await this.bookings.find(tx, { id: bookingId, forUpdate: true });
        const status = charge.authorized ? 'authorized' : charge.status;
        if (!(await this.repo.settleGatewayCharge(tx, chargeId, status))) result = 'already_settled';
        else if (!charge.authorized) result = 'settled';
        else
          result = (await this.bookings.holdDeposit(
            tx,
            bookingId,
            chargeId,
            this.gateway.name,
            this.bookings.now(),
          ))
            ? 'deposit_held'
            : 'deposit_not_due';
      }
      if (event) await this.repo.setGatewayEventOutcome(tx, event.id, result);
      return result;
    });
    if (outcome === 'deposit_not_due')
      await this.gateway.reverse({ reference: chargeId }).catch((error: unknown) => {
        // Not let go now: it lapses by itself within the week, nothing taken.
        this.deps.log?.error(
          { err: error, bookingId },
          'a deposit hold no longer needed could not be let go',
        );
      });
    return outcome;
  }

  /**
   * Asks the gateway about charges still pending (PromptPay, wallets, cards at 3-D Secure) a minute
   * after they were made, as the webhook would have told: a lost webhook, or a webhook address set
   * wrong, never leaves a paid booking to expire. Run every minute, before the unpaid bookings expire.
   */
  async checkPending(now: Date = this.bookings.now()) {
    const counts = { settled: 0, pending: 0, unanswered: 0 };
    if (!this.gateway.retrieveCharge) return counts;
    const references = await this.repo.takePendingGatewayCharges(
      this.repo.db,
      new Date(now.getTime() - 60_000),
      50,
    );
    for (const reference of references) {
      try {
        if ((await this.settle(reference, null)) === 'pending') counts.pending++;
        else counts.settled++;
      } catch {
        // The gateway did not answer: next minute.
        counts.unanswered++;
      }
    }
    return counts;
  }

  /**
   * Gives back, in full and once, money the gateway took that paid no booking (paid after the booking
   * ended, or not its total), and tells the customer. Called when the webhook finds such money, and by
   * staff from the loose ends when the gateway refused the first time.
   */
  async refundUnmatched(
    reference: string,
    /** What the gateway took (satang), when just fetched back; else it is asked. */
    taken?: number,
  ): Promise<'refunded' | 'nothing_to_refund' | 'gateway_refused'> {
    const { gateway } = this;
    if (taken === undefined) {
      let charge;
      try {
        charge = await gateway.retrieveCharge?.(reference);
      } catch {
        return 'gateway_refused';
      }
      if (charge?.status !== 'successful') return 'nothing_to_refund';
      taken = charge.amountSatang;
    }
    const claim = `claimed:${randomUUID()}`;
    const charge = await this.repo.claimUnmatchedRefund(this.repo.db, reference, claim);
    if (!charge) return 'nothing_to_refund';
    let refundRef: string | null = null;
    try {
      refundRef = (await gateway.refund({ reference, amountSatang: taken })).reference;
    } catch (error) {
      this.deps.log?.error(
        { err: error, reference },
        'refund of money that paid no booking failed; staff can try again',
      );
    }
    await this.repo.finishUnmatchedRefund(this.repo.db, reference, claim, refundRef);
    if (!refundRef) return 'gateway_refused';
    payments.inc({ method: 'gateway_source', outcome: 'unmatched_refunded' });
    await this.bookings.sendMail(charge.booking_id, 'payment_returned', undefined, undefined, taken);
    return 'refunded';
  }
}
