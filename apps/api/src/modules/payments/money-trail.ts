import type { Reconciliation } from '@siam/contract/admin-payment-checks';
import { slipStanding } from '@siam/contract/bookings';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MoneyTrailOfBooking } from '../bookings/bookings-admin.service';
import type { MoneyTrailRepository } from './money-trail.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The money trail as staff see it (payments/ owns its tables): a booking's payments, slips, gateway
 * charges and webhook events on the staff's booking page (through the StaffBookingActions port), and the
 * loose ends of "Card payments being checked" with the refund of money that paid no booking.
 */
export class MoneyTrail {
  constructor(
    private readonly repository: MoneyTrailRepository,
    private readonly deps: {
      audit: AuditService;
      /** Gives back money the gateway took that paid no booking (gateway-charges.ts). */
      refundUnmatchedCharge(reference: string): Promise<'refunded' | 'nothing_to_refund' | 'gateway_refused'>;
    },
  ) {}

  /** A booking's money for the staff's booking page. */
  async ofBooking(bookingId: number): Promise<MoneyTrailOfBooking> {
    const [payments, slips, gatewayCharges, gatewayEvents] = await Promise.all([
      this.repository.payments(bookingId),
      this.repository.slips(bookingId),
      this.repository.gatewayCharges(bookingId),
      this.repository.gatewayEvents(bookingId),
    ]);
    return {
      payments: payments.map((p) => ({
        id: p.id,
        method: p.method,
        kind: p.kind,
        status: p.status,
        amount: p.amount,
        reference: p.gateway_ref,
        createdAt: iso(p.created_at),
      })),
      slips: slips.map((s) => ({
        id: s.id,
        contentType: s.content_type,
        size: s.size_bytes,
        status: s.status,
        rejectReason: s.reject_reason,
        createdAt: iso(s.created_at),
        reviewedAt: s.reviewed_at ? iso(s.reviewed_at) : null,
        check: s.check_result,
        standing: s.check_result ? slipStanding(s.check_result) : null,
        slipAmount: s.slip_amount,
        slipPaidAt: s.slip_paid_at ? iso(s.slip_paid_at) : null,
      })),
      gatewayCharges: gatewayCharges.map((c) => ({
        reference: c.reference,
        status: c.status,
        amount: c.amount,
        createdAt: iso(c.created_at),
        settledAt: c.settled_at ? iso(c.settled_at) : null,
      })),
      gatewayEvents: gatewayEvents.map((e) => ({
        id: e.id,
        kind: e.kind,
        reference: e.reference,
        outcome: e.outcome,
        receivedAt: iso(e.received_at),
      })),
    };
  }

  /** The money trail's loose ends: gateway money no booking payment stands for, bookings paid twice. */
  async reconciliation(): Promise<Reconciliation> {
    const [unmatched, twice] = await Promise.all([
      this.repository.unmatchedCharges(),
      this.repository.paidTwice(),
    ]);
    return {
      unmatchedCharges: unmatched.map((c) => ({
        reference: c.reference,
        gateway: c.gateway,
        bookingId: c.booking_id,
        bookingNumber: c.booking_number,
        bookingStatus: c.booking_status,
        amount: c.amount,
        paidAt: c.settled_at ? iso(c.settled_at) : null,
        outcome: c.outcome,
      })),
      paidTwice: twice.map((b) => ({
        bookingId: b.booking_id,
        bookingNumber: b.booking_number,
        bookingStatus: b.booking_status,
        paymentsIn: b.payments_in,
      })),
    };
  }

  /**
   * Gives back money that paid no booking, when the gateway refused the automatic refund (the loose
   * ends' list), audited.
   */
  async refundUnmatched(actor: Actor, reference: string) {
    const outcome = await this.deps.refundUnmatchedCharge(reference);
    if (outcome === 'refunded')
      await this.deps.audit.record(this.repository.db, actor, {
        entity: 'payment',
        entityId: reference,
        action: 'payment.unmatched_refunded',
        before: null,
        after: { reference },
      });
    return { outcome };
  }
}
