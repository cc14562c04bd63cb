import type { BookingRow, BookingsService } from '../bookings/bookings.service';
import { toBaht } from '../pricing/pricing';
import type { ChangeChargeUnknown } from './card-payments';
import type { PaymentGateway } from './payment-gateway';
import type { PaymentsRepository } from './payments.repository';

/** Money given back to customers: through the gateway when it took it, else left for staff (pending). */
export class Refunds {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly bookings: BookingsService,
    private readonly gateway: PaymentGateway,
    private readonly deps: { log?: { error: (obj: unknown, msg: string) => void } },
  ) {}

  /**
   * A change's card charge the gateway did not answer: the change was undone, so whatever the card
   * was charged goes back. Asked once by its key; still unknown, it is logged for staff.
   */
  async giveBackLostCharge(bookingId: number, lost: ChangeChargeUnknown) {
    const { gateway } = this;
    try {
      // Omise dates its charges by the real clock: the charge was sent just now.
      const found = await gateway.findCharge(lost.key, new Date());
      if (found.status === 'succeeded')
        await gateway.refund({ reference: found.reference, amountSatang: lost.amountSatang });
      else if (found.status === 'unknown')
        this.deps.log?.error(
          { bookingId, key: lost.key },
          'a change charge is unknown: check it at the gateway',
        );
    } catch (error) {
      this.deps.log?.error(
        { err: error, bookingId, key: lost.key },
        'a change charge could not be given back',
      );
    }
  }

  /**
   * Gives money back to a customer: whatever the gateway took (cards, PromptPay through it, wallets)
   * through its refund API, from the booking's newest charge first (a change's extra charge, then the
   * booking's own), each refund at most what that charge took; transfers and the static PromptPay QR,
   * and anything the gateway refuses, are paid back by staff (recorded as pending), to a PromptPay ID
   * the customer gives (refund-payouts.ts). Answers what is left for staff (satang; 0 when none).
   */
  async giveBack(bookingId: number, amountSatang: number, method: BookingRow['payment_method']) {
    const charges = (await this.bookings.payments(bookingId))
      .filter(
        (p) =>
          p.kind === 'charge' && p.status === 'succeeded' && p.gateway_ref && p.gateway === this.gateway.name,
      )
      .reverse();
    let left = amountSatang;
    for (const charge of charges) {
      if (left <= 0) break;
      const amount = Math.min(left, charge.amount);
      try {
        const { reference } = await this.gateway.refund({
          reference: charge.gateway_ref!,
          amountSatang: amount,
        });
        await this.repo.insertPayment(this.repo.db, {
          bookingId,
          method: charge.method,
          kind: 'refund',
          status: 'succeeded',
          amount: toBaht(amount),
          gateway: this.gateway.name,
          reference,
        });
        left -= amount;
      } catch (error) {
        this.deps.log?.error({ err: error, bookingId }, 'gateway refund failed; left pending for staff');
        break;
      }
    }
    if (left > 0)
      await this.repo.insertPayment(this.repo.db, {
        bookingId,
        method: charges[0]?.method ?? method,
        kind: 'refund',
        status: 'pending',
        amount: toBaht(left),
        // The gateway refused: staff retry it there (the payment-checks page); else by transfer.
        gateway: charges.length ? this.gateway.name : null,
        reference: null,
      });
    return Math.max(left, 0);
  }
}
