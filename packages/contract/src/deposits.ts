import { z } from 'zod';
import { businessRules } from './business-rules';

/**
 * The refundable security deposit (issue 17, part 4). Each car model has its own (admins set it with
 * the model); a new model starts from its category's (rental-rules.ts depositByCategory, which the
 * rental terms name). Taken at pickup (card, PromptPay or cash, by staff),
 * returned at return in full or in part with a reason. Never part of the booking's total.
 */

/**
 * How long before the return a deposit may be held on a card online (decision 3413): Omise lets an
 * uncaptured authorization lapse after 7 days (docs.omise.co/does-omise-support-authorize-and-hold-only),
 * so a hold made earlier than this would be gone when the car comes back; a day is kept spare. A hold
 * still open this long after it was made while the car is not back is let go and asked for again.
 */
export const DEPOSIT_HOLD_DAYS = 6;
const DAY_MS = 86_400_000;

/** From when a deposit may be held on a card for a return at `returnAt`. */
export function depositHoldOpensAt(returnAt: Date): Date {
  return new Date(returnAt.getTime() - DEPOSIT_HOLD_DAYS * DAY_MS);
}

export const depositStates = ['due', 'held', 'released', 'partly_released'] as const;
export type DepositState = (typeof depositStates)[number];
/**
 * How a deposit was taken: cash or the card at the counter (or held on a card online), or PromptPay at
 * the counter, which is given back after return to the customer's PromptPay ID (decision 3650).
 */
export const depositMethods = ['card', 'cash', 'promptpay'] as const;
export type DepositMethod = (typeof depositMethods)[number];

/** A booking's deposit as the customer and staff see it (amounts in satang, as the booking's). */
export const bookingDepositSchema = z.object({
  amount: z.number().int(),
  state: z.enum(depositStates),
  /**
   * `on_account`: billed to the company whose account the booking is on (decisions 3612, 3662): nothing
   * is taken from the driver; what is kept at the return goes on the company's monthly invoice.
   */
  method: z.enum([...depositMethods, 'on_account']).nullable(),
  /** The company a deposit `on_account` is covered by (its name as on its invoices); null otherwise. */
  coveredBy: z.string().nullable(),
  /** What was kept at return, and why. */
  kept: z.number().int(),
  keptReason: z.string().nullable(),
  heldAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  /** Held on the customer's card through the payment gateway (taken at return only for what is kept). */
  heldOnCard: z.boolean(),
  /** The customer may hold it on their card now, online, instead of at the counter. */
  canHoldOnCard: z.boolean(),
  /**
   * When the customer may hold it on a card online, when that is still to come: DEPOSIT_HOLD_DAYS
   * before the return (a card's hold lasts a week at Omise, decision 3413). Null otherwise.
   */
  holdOpensAt: z.string().nullable(),
  /**
   * A hold waiting for the card's bank (3-D Secure): its page, where the customer approves it. Null
   * when none waits.
   */
  authorizeUri: z.string().nullable(),
  /**
   * The customer may pay it now by PromptPay online, before pickup (decision 3652): due on a confirmed
   * booking. The page offers it only where the gateway takes PromptPay (its `sources`).
   */
  canPayByPromptPay: z.boolean(),
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

/**
 * How long a deposit's PromptPay QR may be paid (decision 3652): PromptPay's window on this site
 * (business-rules promptPayHoldMinutes, what a booking paid by PromptPay has). Past it the page makes
 * a new QR on asking; money paid on an old one still counts, once.
 */
export const DEPOSIT_QR_MINUTES = businessRules.promptPayHoldMinutes;

/** The deposit's PromptPay QR at the gateway, as My bookings shows it (amount in satang). */
export const depositPromptPaySchema = z.object({
  /** The booking's deposit as it is now (held once paid). */
  deposit: bookingDepositSchema,
  /** The QR to pay, while the deposit is due and one is live; null once paid, or none made yet. */
  qr: z
    .object({
      amount: z.number().int(),
      qrSvg: z.string(),
      /** Until when this QR may be paid (DEPOSIT_QR_MINUTES after it was made). */
      validUntil: z.string(),
    })
    .nullable(),
});
export type DepositPromptPay = z.infer<typeof depositPromptPaySchema>;
