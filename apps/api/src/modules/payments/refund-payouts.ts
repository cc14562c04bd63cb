import type { refundPaidBodySchema, refundPayoutBodySchema } from '@siam/contract/refunds';
import type { CustomerRefund, StaffRefund } from '@siam/contract/refunds';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/audit.service';
import type { BookingsService } from '../bookings/bookings.service';
import { promptPayQr } from './promptpay';
import type { RefundPayoutsRepository, RefundRow } from './refund-payouts.repository';

const REFUND_DONE_MESSAGE = 'This refund has already been paid';
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * Refunds the gateway cannot pay (docs/decisions/3650). Omise gives money back only to what it took
 * by API (`POST /charges/:id/refunds`); a PromptPay payment is a bank transfer to the merchant
 * (https://docs.omise.co/promptpay: an "offline payment flow", nothing on the page offers a way back
 * to the payer's account), and a transfer with a slip or the shop's own QR never passed through the
 * gateway. Such money waits for staff (a pending refund, refunds.ts); the customer gives a PromptPay
 * ID (a Thai mobile number or a 13-digit ID) and the name on the account, staff scan a PromptPay QR
 * for that ID and amount with the bank's app and mark it paid with the bank's transfer reference.
 */
export class RefundPayouts {
  constructor(
    private readonly repo: RefundPayoutsRepository,
    private readonly bookings: BookingsService,
    private readonly audit: AuditService,
  ) {}

  /** A booking's refunds as its customer sees them; another customer's booking is a 404. */
  async mine(userId: number, bookingId: number): Promise<CustomerRefund[]> {
    const refunds = await this.repo.ofBooking(bookingId, userId);
    if (!refunds.length) await this.bookings.getForUser(userId, bookingId, 'en');
    return refunds.map(customerRefund);
  }

  /** All of a customer's refunds (My bookings reads them in one request). */
  async allMine(userId: number): Promise<CustomerRefund[]> {
    return (await this.repo.ofCustomer(userId)).map(customerRefund);
  }

  /** The customer gives (or corrects) the PromptPay ID a waiting refund goes to. */
  async givePromptPayId(
    userId: number,
    bookingId: number,
    refundId: number,
    body: z.output<typeof refundPayoutBodySchema>,
  ) {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.find(tx, refundId, { bookingId, userId });
      if (!row) throw notFound('Refund');
      if (!(await this.repo.setPayout(tx, refundId, body.promptpayId, body.accountName)))
        throw new AppError('CONFLICT', REFUND_DONE_MESSAGE);
    });
    return this.mine(userId, bookingId);
  }

  /** Refunds staff are to pay, with a PromptPay QR for the customer's ID and the amount. */
  async pending(): Promise<StaffRefund[]> {
    return Promise.all(
      (await this.repo.pending()).map(async (r) => ({
        id: r.id,
        bookingId: r.booking_id,
        bookingNumber: r.booking_number,
        customerName: r.customer_name,
        amount: r.amount,
        promptpayId: r.payout_promptpay_id,
        accountName: r.payout_name,
        qrSvg: r.payout_promptpay_id
          ? (await promptPayQr(r.payout_promptpay_id, r.amount, r.booking_number)).qrSvg
          : null,
        createdAt: iso(r.created_at)!,
      })),
    );
  }

  /**
   * Staff sent the money (to the customer's PromptPay ID, or another way they record): the refund is
   * paid with the bank's reference, audited, and the customer told (mail, and LINE if linked).
   */
  async markPaid(actor: Actor, refundId: number, body: z.output<typeof refundPaidBodySchema>) {
    const row = await this.repo.transaction(async (tx) => {
      const found = await this.repo.find(tx, refundId, null);
      if (!found) throw notFound('Refund');
      if (!(await this.repo.markPaid(tx, refundId, { ...body, at: this.bookings.now() })))
        throw new AppError('CONFLICT', REFUND_DONE_MESSAGE);
      await this.audit.record(tx, actor, {
        entity: 'payment',
        entityId: refundId,
        action: 'payment.refund_paid',
        before: { status: 'pending' },
        after: {
          bookingId: found.booking_id,
          amount: found.amount,
          way: body.way,
          // Not the customer's PromptPay ID: the audit log outlives an account's erasure, the refund row
          // keeps the ID until then (PaymentsRepository.erasePayoutsOf).
          reference: body.reference,
        },
      });
      return found;
    });
    await this.bookings.sendMail(row.booking_id, 'refund_paid', undefined, undefined, row.amount);
    return { id: refundId, bookingNumber: row.booking_number, amount: row.amount };
  }
}

function customerRefund(r: RefundRow): CustomerRefund {
  const paid = r.status === 'succeeded';
  return {
    id: r.id,
    bookingId: r.booking_id,
    amount: r.amount,
    state: paid ? 'paid' : r.payout_promptpay_id ? 'being_sent' : 'needs_promptpay_id',
    viaGateway: paid && !r.paid_at,
    promptpayId: r.payout_promptpay_id,
    accountName: r.payout_name,
    paidAt: iso(r.paid_at),
  };
}
