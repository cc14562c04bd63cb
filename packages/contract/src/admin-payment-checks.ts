import { z } from 'zod';
import { dataEnvelope } from './envelope';

/**
 * Card payments whose outcome is unknown (issue 19): the gateway did not answer
 * in time, so the booking keeps its car while a job asks the gateway by the
 * charge's idempotency key. Staff see the list and can ask again at once.
 */
/**
 * A card charge the gateway still does not know this many minutes after it was sent goes to staff as
 * "charged? check" (decision 3411): the site never takes it as not charged by itself.
 */
export const CHARGE_STAFF_CHECK_MINUTES = 15;

export const paymentCheckSchema = z.object({
  bookingId: z.number().int(),
  bookingNumber: z.string(),
  customerName: z.string(),
  /** Satang. */
  amount: z.number().int(),
  /** When the charge was sent. */
  since: z.string(),
  lastCheckedAt: z.string().nullable(),
  checks: z.number().int(),
  /**
   * Still unknown CHARGE_STAFF_CHECK_MINUTES after it was sent ("charged? check"): staff look the
   * charge up in the gateway's dashboard; the car stays held until they settle the booking.
   */
  staffCheck: z.boolean(),
});
export type PaymentCheck = z.infer<typeof paymentCheckSchema>;
export const paymentChecksResponseSchema = dataEnvelope(z.array(paymentCheckSchema));

/** Ask about one booking's charge (a customer on the phone), or, without it, about all of them. */
export const reconcileBodySchema = z.object({ bookingId: z.number().int().positive().optional() }).optional();

/**
 * Staff settle a "charged? check" (decision 3413): the gateway is asked once more; found paid, the
 * booking is paid; refused or not there, nothing was charged and the booking is let go (its car freed
 * when its time to pay is over, else it waits to be paid again).
 */
export const settleCheckBodySchema = z.object({ bookingId: z.number().int().positive() });
export const settleCheckResultSchema = z.object({
  bookingNumber: z.string(),
  outcome: z.enum(['paid', 'not_charged']),
  /** Not charged and its time to pay over: the booking ended and its car is free again. */
  released: z.boolean(),
});
export type SettleCheckResult = z.infer<typeof settleCheckResultSchema>;
export const settleCheckResponseSchema = dataEnvelope(settleCheckResultSchema);

export const reconcileResultSchema = z.object({
  confirmed: z.number().int(),
  failed: z.number().int(),
  waiting: z.number().int(),
});
export type ReconcileResult = z.infer<typeof reconcileResultSchema>;
export const reconcileResponseSchema = dataEnvelope(reconcileResultSchema);

/**
 * The money trail's loose ends (issue 16): money the gateway took that paid no booking (paid after
 * the booking ended, or not its total), and bookings paid more than once (two charges, a charge and
 * a verified slip). Money that paid no booking is refunded by itself when it comes in; what the
 * gateway refused to refund then stays listed for staff to refund here. Bookings paid twice staff settle by hand.
 */
export const reconciliationSchema = z.object({
  unmatchedCharges: z.array(
    z.object({
      reference: z.string(),
      gateway: z.string(),
      bookingId: z.number().int(),
      bookingNumber: z.string(),
      bookingStatus: z.string(),
      /** Satang. */
      amount: z.number().int(),
      paidAt: z.string().nullable(),
      /** What the last webhook event about it came to (late, amount_mismatch…). */
      outcome: z.string().nullable(),
    }),
  ),
  paidTwice: z.array(
    z.object({
      bookingId: z.number().int(),
      bookingNumber: z.string(),
      bookingStatus: z.string(),
      /** How many payments came in: charges, unmatched gateway charges, verified slips not used. */
      paymentsIn: z.number().int(),
    }),
  ),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** Staff give back money that paid no booking, by its charge at the gateway. */
export const refundUnmatchedBodySchema = z.object({ reference: z.string().trim().min(1).max(100) });
export const refundUnmatchedResponseSchema = dataEnvelope(
  z.object({ outcome: z.enum(['refunded', 'nothing_to_refund', 'gateway_refused']) }),
);
export type RefundUnmatchedResult = z.infer<typeof refundUnmatchedResponseSchema>['response']['data'];
export const reconciliationResponseSchema = dataEnvelope(reconciliationSchema);
