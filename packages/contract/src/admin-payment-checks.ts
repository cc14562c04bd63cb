import { z } from 'zod';
import { dataEnvelope } from './envelope';

/**
 * Card payments whose outcome is unknown (issue 19): the gateway did not answer
 * in time, so the booking keeps its car while a job asks the gateway by the
 * charge's idempotency key. Staff see the list and can ask again at once.
 */
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
});
export type PaymentCheck = z.infer<typeof paymentCheckSchema>;
export const paymentChecksResponseSchema = dataEnvelope(z.array(paymentCheckSchema));

/** Ask about one booking's charge (a customer on the phone), or, without it, about all of them. */
export const reconcileBodySchema = z.object({ bookingId: z.number().int().positive().optional() }).optional();

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
 * a verified slip). Staff refund or settle each by hand.
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
export const reconciliationResponseSchema = dataEnvelope(reconciliationSchema);
