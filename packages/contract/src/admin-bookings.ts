import { z } from 'zod';
import { auditEntrySchema } from './admin';
import { isoDateSchema } from './safe-input';
import {
  bookingSchema,
  bookingStatuses,
  changeBodySchema,
  changeQuoteSchema,
  createBookingBodySchema,
  driverSchema,
  quoteBodySchema,
  recordedPaymentMethods,
  slipCheckResults,
  slipStandings,
} from './bookings';
import { dataEnvelope, pagedEnvelope } from './envelope';
import { counterPaymentMethods } from './payment-methods';

/** Bookings in the back office (issue 7): search, a booking's page, its transitions, Today's figures. */

export const adminBookingsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(bookingStatuses).optional(),
  branch: z.string().max(30).optional(),
  /** Pickup on or after this Bangkok day. */
  from: isoDateSchema.optional(),
  /** Pickup on or before this Bangkok day. */
  to: isoDateSchema.optional(),
  /** Customer: part of the driver's name, email or phone, or the account's email. */
  customer: z.string().trim().max(100).optional(),
  /** Booking number, whole or part. */
  number: z.string().trim().max(40).optional(),
});
export type AdminBookingsQuery = z.input<typeof adminBookingsQuerySchema>;

export const adminBookingSummarySchema = z.object({
  id: z.number().int(),
  bookingNumber: z.string(),
  status: z.enum(bookingStatuses),
  carName: z.string(),
  plate: z.string().nullable(),
  branchCode: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  paymentMethod: z.enum(recordedPaymentMethods),
  total: z.number().int(),
  slipPending: z.boolean(),
  createdAt: z.string(),
});
export type AdminBookingSummary = z.infer<typeof adminBookingSummarySchema>;

export const adminSlipSchema = z.object({
  id: z.number().int(),
  contentType: z.string(),
  size: z.number().int(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The automatic check's finding (null: uploaded before the checks existed). */
  check: z.enum(slipCheckResults).nullable(),
  /** What the slip is worth to the hold (contract slipStanding): `unverified` keeps nothing past the deadline. */
  standing: z.enum(slipStandings).nullable(),
  /** The transfer as the bank reported it, when the provider found it (satang; an instant). */
  slipAmount: z.number().int().nullable(),
  slipPaidAt: z.string().nullable(),
});
export type AdminSlip = z.infer<typeof adminSlipSchema>;

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  method: z.enum(recordedPaymentMethods),
  kind: z.enum(['charge', 'refund']),
  status: z.string(),
  amount: z.number().int(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});

export const freeUnitSchema = z.object({ id: z.number().int(), plate: z.string(), current: z.boolean() });

export const adminBookingDetailSchema = z.object({
  booking: bookingSchema,
  unit: z.object({ id: z.number().int(), plate: z.string() }).nullable(),
  customerAccountEmail: z.string().nullable(),
  /** Where the booking's mails (a walk-in's receipt among them) go; null: no email given, print it. */
  mailedTo: z.string().nullable(),
  payments: z.array(adminPaymentSchema),
  slips: z.array(adminSlipSchema),
  /** PromptPay charges made at the gateway for this booking, and the gateway's webhook events about them. */
  gatewayCharges: z.array(
    z.object({
      reference: z.string(),
      status: z.string(),
      amount: z.number().int(),
      createdAt: z.string(),
      settledAt: z.string().nullable(),
    }),
  ),
  gatewayEvents: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      reference: z.string(),
      outcome: z.string(),
      receivedAt: z.string(),
    }),
  ),
  history: z.array(auditEntrySchema),
  /** Units of the model at the branch free for this booking's dates (for pickup), the current one first. */
  freeUnits: z.array(freeUnitSchema),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;

export const rejectSlipBodySchema = z.object({
  reason: z.string().trim().min(1, 'Required').max(500, 'Too long'),
});
export const pickupBodySchema = z.object({ unitId: z.number().int().positive().optional() });
export const staffCancelBodySchema = z.object({
  reason: z.string().trim().min(1, 'Required').max(500, 'Too long'),
  /** The customer fee rule applies unless staff waive it (the default: staff cancel free of charge). */
  applyFee: z.boolean().default(false),
});
export const slipParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  slipId: z.coerce.number().int().positive(),
});

export const adminBookingsResponseSchema = pagedEnvelope(adminBookingSummarySchema);
export const adminBookingDetailResponseSchema = dataEnvelope(adminBookingDetailSchema);

// ---------- today ----------

export const bookingsTodaySchema = z.object({
  date: z.string(),
  branches: z.array(z.object({ code: z.string(), pickups: z.number().int(), returns: z.number().int() })),
  pickups: z.array(adminBookingSummarySchema),
  returns: z.array(adminBookingSummarySchema),
  awaitingPayment: z.array(adminBookingSummarySchema),
  month: z.object({
    month: z.string(),
    bookings: z.number().int(),
    /** VAT-inclusive total of confirmed, active and completed bookings made this month, in satang. */
    revenue: z.number().int(),
  }),
});
export type BookingsToday = z.infer<typeof bookingsTodaySchema>;
export const bookingsTodayResponseSchema = dataEnvelope(bookingsTodaySchema);

// ---------- timeline ----------

export const timelineQuerySchema = z.object({
  branch: z.string().min(1).max(30),
  from: isoDateSchema.optional(),
  days: z.coerce.number().int().min(1).max(31).default(14),
});
export const timelineSchema = z.object({
  branch: z.string(),
  from: z.string(),
  days: z.array(z.string()),
  units: z.array(
    z.object({
      id: z.number().int(),
      plate: z.string(),
      carName: z.string(),
      status: z.string(),
      holds: z.array(
        z.object({
          kind: z.enum(['booking', 'maintenance']),
          bookingId: z.number().int().nullable(),
          bookingNumber: z.string().nullable(),
          status: z.string().nullable(),
          firstDay: z.string(),
          lastDay: z.string(),
          reason: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type Timeline = z.infer<typeof timelineSchema>;
export const timelineResponseSchema = dataEnvelope(timelineSchema);

// ---------- walk-in and phone bookings ----------

/** Only a terminal's slip or a QR payment carries a reference staff copy down. */
export const counterReferenceMessage = 'Only a card terminal or PromptPay payment has a reference';

/**
 * A booking staff make for a customer at the counter or on the phone: the same
 * quote fields and driver details as the site, an existing customer's account
 * email (optional), how the counter took the money (card terminal, PromptPay,
 * cash, transfer; the terminal's reference where there is one), and whether the
 * money is already in.
 */
export const walkInBodySchema = quoteBodySchema
  .extend({
    // A walk-in may give no email (decision 3660): the counter prints the receipt then.
    driver: driverSchema.extend({
      email: z
        .union([z.literal(''), driverSchema.shape.email])
        .optional()
        .default(''),
    }),
    additionalDrivers: createBookingBodySchema.shape.additionalDrivers,
    delivery: createBookingBodySchema.shape.delivery,
    collection: createBookingBodySchema.shape.collection,
    customerEmail: z.string().trim().toLowerCase().email('Invalid email').optional().or(z.literal('')),
    /**
     * How the counter takes the money, or `company_account`: a company account's member (named by
     * `customerEmail`) booked on the company's account, as they book on the site (decision 3662).
     */
    paymentMethod: z.enum([...counterPaymentMethods, 'company_account']),
    /** The card terminal's slip (its terminal and approval numbers) or the PromptPay transaction's id. */
    terminalReference: z
      .string()
      .trim()
      .max(60, 'Too long')
      .optional()
      .transform((v) => v || undefined),
    paid: z.boolean().default(false),
  })
  .refine(
    (b) => !b.terminalReference || b.paymentMethod === 'card_terminal' || b.paymentMethod === 'promptpay',
    {
      path: ['terminalReference'],
      message: counterReferenceMessage,
    },
  );
export type WalkInBody = z.input<typeof walkInBodySchema>;

// ---------- staff change a booking (issue 36 part 6, decision 3661) ----------

/** Why a staff change is refused (th/zh in the API's refusal-words.ts). */
export const staffChangeMessages = {
  collectedBy: 'Say how the counter took the difference',
  pickupPassed: 'The new pickup time has already passed',
  unitNotFree: 'This car is not free for the new dates',
} as const;

/**
 * Staff change a booking from its page in the back office: the customer's change (dates, times,
 * another model, extras with quantities) at the booking's agreed prices, plus a chosen unit of the
 * model, and how the counter took a dearer change's difference (its reference, as at the walk-in).
 */
export const staffChangeBodySchema = changeBodySchema
  .omit({ paymentMethod: true, cardToken: true })
  .extend({
    /** A unit of the model at the branch, free for the new dates; left out: the booking's own first. */
    unitId: z.number().int().positive().optional(),
    /** How the counter took the difference of a paid booking's dearer change. */
    collectedBy: z.enum(counterPaymentMethods).optional(),
    reference: z
      .string()
      .trim()
      .max(60, 'Too long')
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((b) => !b.reference || b.collectedBy === 'card_terminal' || b.collectedBy === 'promptpay', {
    path: ['reference'],
    message: counterReferenceMessage,
  });
export type StaffChangeBody = z.input<typeof staffChangeBodySchema>;

/**
 * What a staff change would do: as a customer's quote, but a dearer change of a paid booking is
 * `collect`ed at the counter (never a card token), and a cheaper one is a `refund` by the refund path.
 */
export const staffChangeQuoteSchema = changeQuoteSchema.extend({
  settle: z.enum(['none', 'new_total', 'collect', 'refund']),
  /** The units of the model at the branch free for the new dates (the booking's own among them). */
  freeUnits: z.array(z.object({ id: z.number().int(), plate: z.string() })),
});
export type StaffChangeQuote = z.infer<typeof staffChangeQuoteSchema>;
export const staffChangeQuoteResponseSchema = dataEnvelope(staffChangeQuoteSchema);
export const staffChangeResponseSchema = dataEnvelope(
  z.object({ booking: bookingSchema, collected: z.number().int(), refunded: z.number().int() }),
);

// ---------- add-on prices and promotion codes (admins change them) ----------

export const adminAddonSchema = z.object({
  code: z.string(),
  name: z.object({ th: z.string(), en: z.string(), zh: z.string() }),
  /** Baht a day. */
  pricePerDay: z.number(),
  isActive: z.boolean(),
});
export type AdminAddon = z.infer<typeof adminAddonSchema>;
export const addonPatchSchema = z
  .object({
    pricePerDay: z.coerce.number().min(0, 'Must not be negative').max(100_000, 'Too high').optional(),
    isActive: z.boolean().optional(),
  })
  .refine((b) => b.pricePerDay !== undefined || b.isActive !== undefined, { message: 'Nothing to change' });
export const addonParamsSchema = z.object({ code: z.string().min(1).max(40) });

export const promotionKinds = ['percent', 'amount'] as const;
export const adminPromotionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(promotionKinds),
  /** Percent off (1-99) or baht off. */
  value: z.number(),
  firstBookingOnly: z.boolean(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usesCount: z.number().int(),
  isActive: z.boolean(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

const promotionFields = z.object({
  kind: z.enum(promotionKinds),
  value: z.coerce.number().positive('Must be more than 0').max(1_000_000, 'Too high'),
  firstBookingOnly: z.boolean().default(false),
  /** First and last Bangkok days the code works (last inclusive; none: no end). */
  startsOn: isoDateSchema,
  endsOn: isoDateSchema.nullable().default(null),
  maxUses: z.coerce.number().int().positive('Must be more than 0').nullable().default(null),
  isActive: z.boolean().default(true),
});
const percentBelow100 = (b: { kind?: string; value?: number }) =>
  b.kind !== 'percent' || (b.value ?? 0) < 100;
const endAfterStart = (b: { startsOn?: string; endsOn?: string | null }) =>
  !b.startsOn || !b.endsOn || b.endsOn >= b.startsOn;
export const promotionBodySchema = promotionFields
  .extend({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,30}$/, 'Use 3-30 letters, digits, - or _'),
  })
  .refine(percentBelow100, { path: ['value'], message: 'A percentage must be below 100' })
  .refine(endAfterStart, { path: ['endsOn'], message: 'Must not be before the start' });
export const promotionPatchSchema = z
  .object({
    kind: z.enum(promotionKinds).optional(),
    value: z.coerce.number().positive('Must be more than 0').max(1_000_000, 'Too high').optional(),
    firstBookingOnly: z.boolean().optional(),
    startsOn: isoDateSchema.optional(),
    endsOn: isoDateSchema.nullable().optional(),
    maxUses: z.coerce.number().int().positive('Must be more than 0').nullable().optional(),
    isActive: z.boolean().optional(),
  })
  .refine(percentBelow100, { path: ['value'], message: 'A percentage must be below 100' })
  .refine(endAfterStart, { path: ['endsOn'], message: 'Must not be before the start' });

export const addonsResponseSchema = dataEnvelope(z.array(adminAddonSchema));
export const addonResponseSchema = dataEnvelope(adminAddonSchema);
export const promotionsResponseSchema = dataEnvelope(z.array(adminPromotionSchema));
export const promotionResponseSchema = dataEnvelope(adminPromotionSchema);
