import { randomUUID } from 'node:crypto';
import type { GatewaySource } from '@siam/contract/bookings';
import type { Executor } from '../../db/sql-rows';
import { payments } from '../../lib/metrics';
import type { BookingsService } from '../bookings/bookings.service';
import { toBaht } from '../pricing/pricing';
import type { GatewayCharge, PaymentGateway } from './payment-gateway';
import type { PaymentsRepository } from './payments.repository';

/**
 * The use case a change's difference pays for (rentals/ booking-changes.ts, wired in services.ts, since
 * payments sit below rentals): `apply` makes the waiting change in the paying transaction, false when it
 * can no longer be made (lapsed, the booking cancelled: the money goes back); `after` runs once it is
 * committed (mail, tax invoice).
 */
export interface ChangePaidPort {
  apply(tx: Executor, changeRef: number): Promise<boolean>;
  after(changeRef: number): Promise<void>;
}

/**
 * A paid booking's dearer change paid by PromptPay's QR or a wallet at the gateway (issue 36 part 3,
 * decision 3631): the charge made for the difference, and settled by the charge fetched back
 * (gateway-charges.ts hands over those with a `change_ref`), the change made in the same transaction.
 */
export class ChangeCharges {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly bookings: BookingsService,
    private readonly gateway: PaymentGateway,
    private readonly deps: {
      returnUri: (bookingNumber: string) => string;
      log?: { error: (obj: unknown, msg: string) => void };
      /** Money that paid nothing, given back (gateway-charges.ts). */
      refundUnmatched: (reference: string, taken?: number) => Promise<unknown>;
    },
  ) {}

  /** Who makes a change once its difference is paid (rentals/, decision 3631). */
  changePaid: ChangePaidPort | null = null;

  /**
   * The charge at the gateway paying a waiting change's difference (decision 3631), made the first time
   * it is asked for, or again when the last one failed or expired at the gateway: its QR code or the
   * wallet's page. Null when the gateway takes no such source or cannot make a charge now.
   */
  async create(c: {
    bookingId: number;
    bookingNumber: string;
    changeRef: number;
    source: GatewaySource;
    amountSatang: number;
  }): Promise<{
    reference: string;
    status: string;
    qrSvg: string | null;
    authorizeUri: string | null;
  } | null> {
    const { gateway } = this;
    const shown = (row: {
      reference: string;
      status: string;
      qr_svg: string | null;
      authorize_uri: string | null;
    }) => ({
      reference: row.reference,
      status: row.status,
      qrSvg: row.qr_svg,
      authorizeUri: row.authorize_uri,
    });
    const last = await this.repo.changeCharge(this.repo.db, c.changeRef);
    if (last && (last.status === 'pending' || last.status === 'successful')) return shown(last);
    if (!gateway.createSourceCharge || !(await gateway.sources()).includes(c.source)) return null;
    let charge;
    try {
      charge = await gateway.createSourceCharge({
        source: c.source,
        amountSatang: c.amountSatang,
        description: `Siam Drive booking ${c.bookingNumber}: change`,
        bookingNumber: c.bookingNumber,
        idempotencyKey: `change-${c.changeRef}-${randomUUID()}`,
        returnUri: this.deps.returnUri(c.bookingNumber),
      });
    } catch (error) {
      this.deps.log?.error({ err: error, bookingId: c.bookingId }, 'gateway charge for a change failed');
      return null;
    }
    const kept = await this.repo.insertGatewayCharge(this.repo.db, {
      bookingId: c.bookingId,
      gateway: gateway.name,
      method: c.source,
      reference: charge.reference,
      amountSatang: c.amountSatang,
      qrSvg: charge.qrSvg,
      authorizeUri: charge.authorizeUri,
      changeRef: c.changeRef,
    });
    if (!kept) {
      const again = await this.repo.changeCharge(this.repo.db, c.changeRef);
      return again?.status === 'pending' ? shown(again) : null;
    }
    return {
      reference: charge.reference,
      status: 'pending',
      qrSvg: charge.qrSvg,
      authorizeUri: charge.authorizeUri,
    };
  }

  /**
   * A change's difference (decision 3631), by the charge fetched back, once: paid in full → a payment of
   * the booking and the change made in the same transaction (rentals' port); failed or expired → the
   * change keeps waiting until its time (a new QR may be asked for). Money for a change that can no
   * longer be made (it lapsed, the booking ended) goes back by itself.
   */
  async settle(
    chargeId: string,
    local: { booking_id: number; method: string; amount: number; change_ref: number },
    charge: GatewayCharge,
    event: { id: string; key: string } | null,
  ) {
    if (charge.status === 'pending' && !event) return 'pending';
    const paid =
      charge.status === 'successful' && charge.amountSatang === local.amount && charge.currency === 'thb';
    const outcome = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.firstDelivery(tx, event, this.gateway.name, chargeId))) return 'duplicate';
      let result: string;
      if (charge.status === 'pending') result = 'pending';
      else {
        await this.bookings.find(tx, { id: local.booking_id, forUpdate: true });
        if (!(await this.repo.settleGatewayCharge(tx, chargeId, charge.status))) result = 'already_settled';
        else if (charge.status !== 'successful') result = 'settled';
        else if (!paid) result = 'amount_mismatch';
        else if (!(await this.changePaid?.apply(tx, local.change_ref))) result = 'late';
        else {
          await this.repo.insertPayment(tx, {
            bookingId: local.booking_id,
            method: local.method,
            status: 'succeeded',
            amount: toBaht(local.amount),
            gateway: this.gateway.name,
            reference: chargeId,
            brand: null,
            last4: null,
          });
          result = 'change_made';
        }
      }
      if (event) await this.repo.setGatewayEventOutcome(tx, event.id, result);
      return result;
    });
    if (outcome === 'change_made') {
      payments.inc({ method: 'gateway_source', outcome: 'gateway_confirmed' });
      await this.changePaid?.after(local.change_ref);
    }
    if (outcome === 'late' || outcome === 'amount_mismatch')
      await this.deps.refundUnmatched(chargeId, charge.amountSatang);
    return outcome;
  }
}
