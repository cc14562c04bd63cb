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
