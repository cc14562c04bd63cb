import { CHARGE_STAFF_CHECK_MINUTES } from '@siam/contract/admin-payment-checks';
import type { BookingsService } from '../bookings/bookings.service';
import type { Executor } from '../../db/sql-rows';
import type { PaymentsRepository } from './payments.repository';
import type { ChargeResult, PaymentGateway } from './payment-gateway';
import { toBaht } from '../pricing/pricing';
import { AppError } from '../../lib/app-error';
import { payments } from '../../lib/metrics';

/** A charge answered a moment ago may still be on its way: the reconciling job leaves it this long. */
const CHARGE_SETTLE_MS = 30_000;
/**
 * A charge still not known this long after it was sent (not found in the gateway's list of the
 * charges made then, or no answer) goes to staff as "charged? check" (decision 3411): it is never
 * taken for "not charged" by itself, since a charge the list missed may have taken the money.
 */
const CHARGE_STAFF_CHECK_MS = CHARGE_STAFF_CHECK_MINUTES * 60_000;

/** Staff may settle by hand only a charge already gone to them as "charged? check". */
const NOT_A_STAFF_CHECK_MESSAGE =
  'This booking has no card payment marked "charged? check": it is still being looked up, or was settled';
const GATEWAY_SILENT_MESSAGE = 'The payment gateway did not answer: nothing changed, ask again in a moment';

type RefusalCode = Extract<ChargeResult, { status: 'failed' }>['code'];

/** What the customer is told when the gateway says no (the site shows its own words by the code). */
export const cardRefusalMessages: Record<RefusalCode, string> = {
  declined: 'Your card was declined. Please use another card or another payment method',
  insufficient_funds: 'Your card has insufficient funds. Please use another card or another payment method',
  processing_error: 'The card payment could not be processed. Please try again',
};

/** A card the gateway refused (or could not charge): 402 with the refusal's code for the site's words. */
export function cardPaymentRefused(code: RefusalCode) {
  return new AppError('PAYMENT_FAILED', cardRefusalMessages[code], [{ path: 'card', message: code }]);
}

/**
 * The gateway did not answer the charge of a change's difference: the change is undone, but the card
 * may have been charged. The caller looks the charge up by its key and gives it back (Refunds.giveBackLostCharge).
 */
export class ChangeChargeUnknown extends Error {
  constructor(
    readonly key: string,
    readonly amountSatang: number,
  ) {
    super('The card charge of a change had no answer');
  }
}

/** What became of a booking's card charge. */
export type CardOutcome =
  | { kind: 'paid' }
  /** The gateway did not answer: the car stays held while the charge is looked up (reconcile). */
  | { kind: 'checking' }
  /** The card's bank asks the customer to approve (3-D Secure) on its page. */
  | { kind: 'authorize'; authorizeUri: string }
  | { kind: 'refused'; code: RefusalCode };

/**
 * Card payments of bookings (docs/decisions/1901-unknown-card-outcomes.md): the
 * charge of a new booking, with its three outcomes, and the lookup of charges
 * whose answer was lost. Moves bookings only through the status table.
 */
export class CardPayments {
  constructor(
    private readonly repo: PaymentsRepository,
    /** The booking record: its row, and its status table to confirm it. */
    private readonly bookings: BookingsService,
    private readonly gateway: PaymentGateway,
    private readonly now: () => Date,
  ) {}

  private get db(): Executor {
    return this.repo.db;
  }

  /**
   * Charges a booking's total once with the card's token (the gateway's idempotency key comes from
   * the booking's own). A card whose bank asks for 3-D Secure leaves a charge waiting at the gateway
   * (gateway_charges, like PromptPay's): its final state, fetched back when the gateway's webhook or
   * the customer comes back, settles the booking (GatewayCharges.settle, gateway-charges.ts).
   */
  async charge(bookingId: number, cardToken: string, key: string, returnUri: string): Promise<CardOutcome> {
    const row = (await this.bookings.row(bookingId))!;
    const gatewayKey = `booking-${bookingId}-${key}`.slice(0, 64);
    const charge = await this.gateway.charge({
      amountSatang: row.total_amount,
      cardToken,
      description: `Siam Drive booking ${row.booking_number}`,
      idempotencyKey: gatewayKey,
      returnUri,
    });
    if (charge.status === 'authorize') {
      await this.repo.insertGatewayCharge(this.db, {
        bookingId,
        gateway: this.gateway.name,
        method: 'card',
        reference: charge.reference,
        amountSatang: row.total_amount,
        qrSvg: null,
        authorizeUri: charge.authorizeUri,
      });
      payments.inc({ method: 'card', outcome: 'authorize' });
      return { kind: 'authorize', authorizeUri: charge.authorizeUri };
    }
    const payment = {
      bookingId,
      method: 'card',
      amount: toBaht(row.total_amount),
      gateway: this.gateway.name,
      brand: charge.brand,
      last4: charge.last4,
      gatewayKey,
    };
    if (charge.status === 'unknown') {
      // The card may have been charged: keep the car and find out (reconcile).
      await this.repo.insertPayment(this.db, { ...payment, status: 'pending' });
      payments.inc({ method: 'card', outcome: 'unknown' });
      return { kind: 'checking' };
    }
    if (charge.status === 'succeeded') {
      await this.repo.transaction(async (tx) => {
        await this.repo.insertPayment(tx, { ...payment, status: 'succeeded', reference: charge.reference });
        await this.confirm(tx, bookingId);
      });
      payments.inc({ method: 'card', outcome: 'paid' });
      return { kind: 'paid' };
    }
    // Refused: the booking keeps its car until its time to pay runs out, to be paid again (another
    // card, or another way) on the same booking (docs/decisions/3530); the expiry job ends it.
    await this.repo.insertPayment(this.db, {
      ...payment,
      status: 'failed',
      reference: charge.reference,
      failureCode: charge.code,
    });
    payments.inc({ method: 'card', outcome: 'refused' });
    return { kind: 'refused', code: charge.code };
  }

  /** Paid: confirmed, in the caller's transaction. */
  async confirm(tx: Executor, bookingId: number) {
    await this.bookings.confirmPaid(tx, bookingId);
  }

  /**
   * Charges a change's difference in the change's transaction (rentals/booking-changes.ts), under the
   * booking's lock and its new hold: refused, it throws and the whole change is undone; no answer, it
   * throws ChangeChargeUnknown (the card may have been charged: it is looked up and given back).
   * Returns the payment kept, in the same transaction.
   */
  async chargeDifference(
    tx: Executor,
    c: {
      bookingId: number;
      bookingNumber: string;
      amountSatang: number;
      cardToken: string;
      key: string;
      returnUri: string;
    },
  ) {
    const gatewayKey = `change-${c.bookingId}-${c.key}`.slice(0, 64);
    const charge = await this.gateway.charge({
      amountSatang: c.amountSatang,
      cardToken: c.cardToken,
      description: `Siam Drive booking ${c.bookingNumber}: change`,
      idempotencyKey: gatewayKey,
      returnUri: c.returnUri,
    });
    if (charge.status === 'unknown') throw new ChangeChargeUnknown(gatewayKey, c.amountSatang);
    if (charge.status !== 'succeeded') {
      // A bank asking for 3-D Secure cannot be waited for here: nothing is taken until it is approved.
      throw cardPaymentRefused(charge.status === 'failed' ? charge.code : 'processing_error');
    }
    await this.repo.insertPayment(tx, {
      bookingId: c.bookingId,
      method: 'card',
      status: 'succeeded',
      amount: toBaht(c.amountSatang),
      gateway: this.gateway.name,
      reference: charge.reference,
      brand: charge.brand,
      last4: charge.last4,
      gatewayKey,
    });
  }

  /**
   * Card charges whose outcome is still unknown, for the back office; one the gateway was asked about
   * more than CHARGE_STAFF_CHECK_MS after it was sent, and still did not know, staff check themselves.
   */
  async pending() {
    const list = await this.repo.pendingCharges(this.db, this.now(), 200);
    return list.map((p) => ({
      staffCheck: p.checked_ms !== null && p.checked_ms - p.created_ms > CHARGE_STAFF_CHECK_MS,
      bookingId: p.booking_id,
      bookingNumber: p.booking_number,
      customerName: p.customer_name,
      amount: p.amount,
      since: new Date(p.created_ms).toISOString(),
      lastCheckedAt: p.checked_ms ? new Date(p.checked_ms).toISOString() : null,
      checks: p.check_count,
    }));
  }

  /**
   * Asks the gateway what became of each card charge whose answer was lost, by the
   * idempotency key it was sent with and when: charged → the booking is confirmed; refused →
   * the booking waits to be paid again (docs/decisions/3530); not found, or no answer → the car
   * stays held and it is asked again (past CHARGE_STAFF_CHECK_MS staff see it as "charged?
   * check"). Safe on several instances at once (a charge is settled once).
   */
  async reconcile(now: Date, options: { settleMs?: number; bookingId?: number } = {}) {
    const counts = { confirmed: 0, failed: 0, waiting: 0 };
    const settled: { bookingId: number; outcome: 'paid' | 'refused' }[] = [];
    const before = new Date(now.getTime() - (options.settleMs ?? CHARGE_SETTLE_MS));
    const list = await this.repo.pendingCharges(this.db, before, 50, options.bookingId);
    for (const p of list) {
      const found =
        p.gateway === this.gateway.name && p.gateway_key
          ? await this.gateway.findCharge(p.gateway_key, new Date(p.created_ms))
          : ({ status: 'unknown' } as const);
      if (found.status === 'succeeded') {
        const done = await this.repo.transaction(async (tx) => {
          if (
            !(await this.repo.settleCharge(tx, p.payment_id, {
              status: 'succeeded',
              reference: found.reference,
            }))
          )
            return false;
          await this.confirm(tx, p.booking_id);
          return true;
        });
        if (done) {
          counts.confirmed++;
          settled.push({ bookingId: p.booking_id, outcome: 'paid' });
          payments.inc({ method: 'card', outcome: 'paid_after_check' });
        }
      } else if (found.status === 'failed') {
        const { code, reference } = found;
        // Not charged: the booking keeps its car to be paid again, as after a refusal at once.
        const done = await this.repo.settleCharge(this.db, p.payment_id, {
          status: 'failed',
          reference,
          failureCode: code,
        });
        if (done) {
          counts.failed++;
          settled.push({ bookingId: p.booking_id, outcome: 'refused' });
          payments.inc({ method: 'card', outcome: 'refused_after_check' });
        }
      } else {
        counts.waiting++;
        await this.repo.markChargeChecked(this.db, p.payment_id, now);
      }
    }
    return { counts, settled };
  }

  /**
   * Staff settle a "charged? check" (decision 3413): the gateway is asked once more, now, by the
   * charge's key. Charged → the payment succeeded and the booking is confirmed; refused, or still not
   * there → nothing was charged: the payment failed, and the booking is treated as after a refused
   * card. The gateway not answering changes nothing (503). Only a charge staff were asked to check.
   */
  async settleStaffCheck(bookingId: number, now: Date): Promise<'paid' | 'not_charged'> {
    const [p] = await this.repo.pendingCharges(this.db, now, 1, bookingId);
    if (!p || p.checked_ms === null || p.checked_ms - p.created_ms <= CHARGE_STAFF_CHECK_MS)
      throw new AppError('CONFLICT', NOT_A_STAFF_CHECK_MESSAGE);
    const found =
      p.gateway === this.gateway.name && p.gateway_key
        ? await this.gateway.findCharge(p.gateway_key, new Date(p.created_ms))
        : ({ status: 'unknown' } as const);
    if (found.status === 'unknown') {
      await this.repo.markChargeChecked(this.db, p.payment_id, now);
      throw new AppError('SERVICE_UNAVAILABLE', GATEWAY_SILENT_MESSAGE);
    }
    if (found.status === 'succeeded') {
      const done = await this.repo.transaction(async (tx) => {
        if (
          !(await this.repo.settleCharge(tx, p.payment_id, {
            status: 'succeeded',
            reference: found.reference,
          }))
        )
          return false;
        await this.confirm(tx, p.booking_id);
        return true;
      });
      if (!done) throw new AppError('CONFLICT', NOT_A_STAFF_CHECK_MESSAGE);
      payments.inc({ method: 'card', outcome: 'paid_after_staff_check' });
      return 'paid';
    }
    // Not in the gateway's list a quarter of an hour and more after it was sent: it never reached it.
    const failure =
      found.status === 'failed'
        ? { reference: found.reference, failureCode: found.code }
        : { reference: null, failureCode: 'processing_error' as const };
    if (!(await this.repo.settleCharge(this.db, p.payment_id, { status: 'failed', ...failure })))
      throw new AppError('CONFLICT', NOT_A_STAFF_CHECK_MESSAGE);
    payments.inc({ method: 'card', outcome: 'not_charged_after_staff_check' });
    return 'not_charged';
  }
}
