import type { Booking, PaymentInstructions } from '@siam/contract/bookings';
import type { depositActionSchema } from '@siam/contract/deposits';
import type { Language } from '@siam/contract/languages';
import type { z } from 'zod';
import type { FileStorage } from '../../lib/file-storage';
import type { Executor } from '../../db/sql-rows';
import type { CounterPaymentMethod } from '@siam/contract/payment-methods';
import { toBaht } from '../pricing/pricing';
import type { Actor, AuditService } from '../audit/audit.service';
import type { AccessActor } from '../bookings/booking-access';
import type { BookingRow, BookingsService, InTransaction } from '../bookings/bookings.service';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import { CardPayments, type ChangeChargeUnknown } from './card-payments';
import { Deposits } from './deposits';
import type { ChangePaidPort } from './change-charges';
import { GatewayCharges } from './gateway-charges';
import type { PaymentGateway } from './payment-gateway';
import type { PaymentsRepository } from './payments.repository';
import { promptPayQr } from './promptpay';
import { Refunds } from './refunds';
import { SlipPayments } from './slips';
import type { SlipVerifier } from './slip-verifier';

/** Nothing to show: a booking paid, or waiting for nothing the customer can do here. */
export const noInstructions: PaymentInstructions = {
  bankAccount: null,
  promptpay: null,
  card: null,
  wallet: null,
};

/**
 * Payments of bookings: card charges and their reconciliation (card-payments.ts), charges at the
 * gateway and its webhook (gateway-charges.ts), refunds (refunds.ts), transfer slips (slips.ts),
 * deposits (deposits.ts), and how to pay a booking that waits. Payments sits above bookings: it reads
 * the record and moves it through BookingsService (its status table), never through its SQL.
 */
export class PaymentsService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly bookings: BookingsService,
    private readonly deps: {
      siteSettings: SiteSettingsService;
      gateway: PaymentGateway;
      /** The slips folder of the file storage (private: served only through the API). */
      slips: FileStorage;
      /** Asks the bank about a slip's transfer (EasySlip's API); null: every slip waits for staff. */
      slipVerifier?: SlipVerifier | null;
      publicUrl: string;
      /** Staff settling a "charged? check" is recorded. */
      audit?: AuditService;
      log?: { error: (obj: unknown, msg: string) => void };
    },
  ) {
    const { gateway, log } = deps;
    const returnUri = (number: string) => this.returnUri(number);
    this.cards = new CardPayments(repo, bookings, gateway, () => bookings.now());
    this.charges = new GatewayCharges(repo, bookings, gateway, { returnUri, log });
    this.refunds = new Refunds(repo, bookings, gateway, { log });
    this.slips = new SlipPayments(repo, bookings, deps.slips, deps);
    // Back from a 3-D Secure deposit hold: My bookings, where the deposit is shown (decision 3413).
    this.deposits = new Deposits(repo, bookings, gateway, {
      returnUri: (number) => `${deps.publicUrl}/my-bookings?deposit=${encodeURIComponent(number)}`,
      log,
    });
  }

  /** Card charges of bookings and changes, and lost answers looked up. */
  readonly cards: CardPayments;
  private readonly charges: GatewayCharges;
  private readonly refunds: Refunds;
  private readonly slips: SlipPayments;
  private readonly deposits: Deposits;

  /** PDPA erasure (an account-data contributor, services.ts): the customer's slips, rows first, then files. */
  async eraseFor(userId: number) {
    await this.repo.erasePayoutsOf(this.repo.db, userId);
    const keys = await this.repo.eraseSlipsOf(this.repo.db, userId);
    // The rows are gone first: a file left by a failed delete is never shown to anyone again.
    for (const key of keys) await this.deps.slips.delete(key);
  }

  /** The booking's own page, where a wallet's or a card bank's page sends the customer back. */
  returnUri(bookingNumber: string) {
    return `${this.deps.publicUrl}/booking-success?booking=${encodeURIComponent(bookingNumber)}`;
  }

  /** The ways the gateway takes online now (PromptPay, WeChat Pay, Alipay), as the account has them enabled. */
  sources() {
    return this.deps.gateway.sources();
  }

  /** The gateway as the booking form needs it: the sources offered are those the account has enabled now. */
  async gatewayInfo() {
    return {
      name: this.deps.gateway.name,
      sandbox: this.deps.gateway.sandbox,
      sources: [...(await this.deps.gateway.sources())],
      card: this.deps.gateway.vault,
      partialCapture: this.deps.gateway.partialCapture,
    };
  }

  async paymentInstructions(userId: number, bookingId: number, lang: Language) {
    const booking = await this.bookings.getForUser(userId, bookingId, lang);
    return this.instructions(booking, lang);
  }

  /** How to pay a booking that waits for a payment (nothing for one that does not). */
  async instructions(booking: Booking, lang: Language): Promise<PaymentInstructions> {
    if (booking.status !== 'awaiting_payment') return noInstructions;
    if (booking.paymentMethod === 'card') {
      // A card at 3-D Secure: the bank's page again (the customer left it before approving).
      const live = await this.repo.liveSourceCharge(this.repo.db, booking.id);
      return { ...noInstructions, card: live?.authorize_uri ? { authorizeUri: live.authorize_uri } : null };
    }
    const settings = await this.deps.siteSettings.publicSettings(lang);
    if (booking.paymentMethod === 'bank_transfer')
      return { ...noInstructions, bankAccount: settings.bankAccount };
    if (booking.paymentMethod === 'wechat_pay' || booking.paymentMethod === 'alipay') {
      const charge = await this.charges.sourceCharge(booking, booking.paymentMethod);
      // No charge now (the gateway down): the page says so, and asking again tries again.
      return { ...noInstructions, wallet: charge && { method: booking.paymentMethod, ...charge } };
    }
    if (booking.paymentMethod === 'promptpay') {
      const qrSvg = (await this.charges.sourceCharge(booking, 'promptpay'))?.qrSvg;
      if (qrSvg)
        return { ...noInstructions, promptpay: { id: null, payload: null, qrSvg, viaGateway: true } };
      return {
        ...noInstructions,
        promptpay: await promptPayQr(settings.promptpayId, booking.total, booking.bookingNumber),
      };
    }
    return noInstructions;
  }

  /** Card charges whose outcome is still unknown, for the back office. */
  pendingCardPayments() {
    return this.cards.pending();
  }

  /** Looks up lost card answers at the gateway (card-payments.ts); mails each customer the outcome. */
  async reconcileCardPayments(
    now: Date = this.bookings.now(),
    options: { settleMs?: number; bookingId?: number } = {},
  ) {
    const { settled, counts } = await this.cards.reconcile(now, options);
    for (const { bookingId, outcome } of settled)
      await this.bookings.sendMail(bookingId, outcome === 'paid' ? 'confirmed' : 'payment_failed');
    return counts;
  }

  /**
   * Staff settle a "charged? check" (card-payments.ts, decision 3413): paid → confirmed, mailed; not
   * charged → the booking ends now, its car freed, when its time to pay is over (the usual case by
   * then), else it waits to be paid again and the customer is told.
   */
  async settleChargedCheck(actor: Actor, bookingId: number) {
    const now = this.bookings.now();
    const outcome = await this.cards.settleStaffCheck(bookingId, now);
    const released = outcome === 'not_charged' && (await this.bookings.expireUnpaid(now)).includes(bookingId);
    await this.deps.audit?.record(this.repo.db, actor, {
      entity: 'booking',
      entityId: bookingId,
      action: 'booking.payment_check_settled',
      after: { outcome, released },
    });
    if (outcome === 'paid') await this.bookings.sendMail(bookingId, 'confirmed');
    else if (!released) await this.bookings.sendMail(bookingId, 'payment_failed');
    const booking = await this.bookings.getById(bookingId, 'en');
    return { bookingNumber: booking.bookingNumber, outcome, released };
  }

  /** The minute job: card holds of deposits about to lapse while the car is out, let go and asked for again. */
  renewDepositHolds(now: Date = this.bookings.now()) {
    return this.deposits.renew(now);
  }

  /** Rentals make a waiting change once its difference is paid at the gateway (decision 3631). */
  onChangePaid(port: ChangePaidPort) {
    this.charges.changes.changePaid = port;
  }

  /** The gateway charge (PromptPay's QR, a wallet's page) paying a waiting change's difference. */
  changeCharge(c: Parameters<GatewayCharges['changes']['create']>[0]) {
    return this.charges.changes.create(c);
  }

  /** A waiting change's charge asked after now, as the webhook would. */
  checkChangeCharge(changeRef: number) {
    return this.charges.checkChange(changeRef);
  }

  /** A webhook event from the gateway about a charge (gateway-charges.ts). */
  gatewayEvent(event: { id: string; key: string; chargeId: string }): Promise<string> {
    return this.charges.event(event);
  }

  /** The customer is back from their bank's or wallet's page: the booking's charge is asked after now. */
  checkGatewayPayment(userId: number, bookingId: number, lang: Language) {
    return this.charges.check(userId, bookingId, lang);
  }

  /** The minute job: charges still pending asked after, as the webhook would have told. */
  checkPendingGatewayCharges(now?: Date) {
    return this.charges.checkPending(now);
  }

  /** Gives back money the gateway took that paid no booking (gateway-charges.ts). */
  refundUnmatchedCharge(reference: string, taken?: number) {
    return this.charges.refundUnmatched(reference, taken);
  }

  /**
   * Money the counter took for a booking (a staff change's difference, decision 3661): recorded as a
   * succeeded payment of the counter's method with its reference, in the caller's transaction; no
   * gateway is asked, so a refund of it is left to staff like cash.
   */
  recordCounterPayment(
    ex: Executor,
    p: { bookingId: number; method: CounterPaymentMethod; amountSatang: number; reference: string },
  ) {
    return this.repo.insertPayment(ex, {
      bookingId: p.bookingId,
      method: p.method,
      status: 'succeeded',
      amount: toBaht(p.amountSatang),
      reference: p.reference,
    });
  }

  /** Gives money back to a customer (refunds.ts). */
  giveBack(bookingId: number, amountSatang: number, method: BookingRow['payment_method']) {
    return this.refunds.giveBack(bookingId, amountSatang, method);
  }

  /** A change's card charge the gateway did not answer: looked up and given back (refunds.ts). */
  giveBackLostCharge(bookingId: number, lost: ChangeChargeUnknown) {
    return this.refunds.giveBackLostCharge(bookingId, lost);
  }

  /** A customer's transfer slip (slips.ts). */
  uploadSlip(userId: number, bookingId: number, content: Buffer, lang: Language) {
    return this.slips.upload(userId, bookingId, content, lang);
  }

  /** Staff accept the transfer (or cash): the payment is recorded and the booking confirmed. */
  confirmPayment(bookingId: number, lang: Language = 'en', inTx?: InTransaction, reference?: string) {
    return this.slips.confirmPayment(bookingId, lang, inTx, reference);
  }

  /** Staff reject a slip; the customer may upload another. */
  rejectSlip(bookingId: number, reason: string, lang: Language = 'en', inTx?: InTransaction) {
    return this.slips.reject(bookingId, reason, lang, inTx);
  }

  /** A booking's slip, for whoever may read the booking; else a 404. */
  slip(actor: AccessActor, bookingId: number, slipId: number) {
    return this.slips.file(actor, bookingId, slipId);
  }

  /** The security deposit taken, or given back in full or in part (deposits.ts). */
  changeDeposit(
    bookingId: number,
    action: z.output<typeof depositActionSchema>,
    lang: Language,
    inTx?: InTransaction,
  ) {
    return this.deposits.change(bookingId, action, lang, inTx);
  }

  /** The deposit's PromptPay QR, made when asked for (deposit-promptpay.ts, decision 3652). */
  payDepositByPromptPay(userId: number, bookingId: number, lang: Language) {
    return this.charges.deposits.ask(userId, bookingId, lang);
  }

  /** The deposit and its live PromptPay QR, asked after at the gateway first. */
  depositByPromptPay(userId: number, bookingId: number, lang: Language) {
    return this.charges.deposits.look(userId, bookingId, lang);
  }

  /** A cancelled booking's deposit paid by PromptPay, all of it to go back (in the cancellation's transaction). */
  giveBackDepositOnCancel(tx: Executor, row: BookingRow) {
    return this.charges.deposits.giveBackOnCancel(tx, row);
  }

  /** The customer holds the deposit on their card online, before pickup (deposits.ts). */
  holdDepositOnCard(userId: number, bookingId: number, cardToken: string, lang: Language) {
    return this.deposits.holdOnCard(userId, bookingId, cardToken, lang);
  }
}
