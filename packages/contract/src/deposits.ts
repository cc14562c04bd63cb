import { z } from 'zod';

/**
 * The refundable security deposit (issue 17, part 4). Each car model has its own (admins set it with
 * the model); a new model starts from its category's (rental-rules.ts depositByCategory, which the
 * rental terms name). Taken at pickup (card or cash, by staff),
 * returned at return in full or in part with a reason. Never part of the booking's total.
 */

export const depositStates = ['due', 'held', 'released', 'partly_released'] as const;
export type DepositState = (typeof depositStates)[number];
export const depositMethods = ['card', 'cash'] as const;

/** A booking's deposit as the customer and staff see it (amounts in satang, as the booking's). */
export const bookingDepositSchema = z.object({
  amount: z.number().int(),
  state: z.enum(depositStates),
  method: z.enum(depositMethods).nullable(),
  /** What was kept at return, and why. */
  kept: z.number().int(),
  keptReason: z.string().nullable(),
  heldAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  /** Held on the customer's card through the payment gateway (taken at return only for what is kept). */
  heldOnCard: z.boolean(),
  /** The customer may hold it on their card now, online, instead of at the counter. */
  canHoldOnCard: z.boolean(),
});
export type BookingDeposit = z.infer<typeof bookingDepositSchema>;

/** Staff take the deposit at pickup, or give it back at return (all of it, or all but what they keep, with why). */
export const depositActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('take'), method: z.enum(depositMethods) }),
  z.object({
    action: z.literal('release'),
    kept: z.coerce.number().int('Whole baht only').min(0, 'Must not be negative').default(0),
    reason: z.string().trim().max(300, 'Too long').optional(),
  }),
]);
