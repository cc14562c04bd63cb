import { z } from 'zod';
import { agreementViewSchema, chargeViewSchema, conditionReportViewSchema } from './condition-reports';
import { isoDateSchema, timeOfDaySchema } from './safe-input';
import { emailSchema, phoneSchema } from './auth';
import { businessRules } from './business-rules';
import { dataEnvelope } from './envelope';
import { cardRefusals, cardTokenSchema } from './card-tokens';
import { bookingDepositSchema } from './deposits';
import { priceRuleLineSchema } from './pricing-rules';
import { taxBuyerSchema } from './tax-invoices';
import {
  bookingDeliverySchema,
  feeLineSchema,
  FLIGHT_NUMBER,
  deliveryMessages,
  deliveryRequestSchema,
  deliveryZoneSchema,
} from './delivery';
import {
  additionalDriverSchema,
  bookingDriverSchema,
  driverLicenceFields,
  driverRulesSchema,
} from './drivers';

/** A calendar date in Asia/Bangkok, as the site and the API exchange it. */

export const addonCodes = [
  'insurance',
  'gps',
  'infant_seat',
  'child_seat',
  'booster_seat',
  'driver',
] as const;
export type AddonCode = (typeof addonCodes)[number];

// The methods live in a module without zod, so the booking form's first load carries no schema
// library (issue 33's JavaScript budget); they are this module's words too.
export * from './payment-methods';
import { paymentMethods, recordedPaymentMethods, walletMethods } from './payment-methods';
/**
 * The ways a customer may pay a booking whose card was refused, on the same booking while it holds
 * its car (POST /auth/bookings/:id/pay, docs/decisions/3530): another card, or another way.
 */
export const payAgainMethods = ['card', 'bank_transfer', 'promptpay', ...walletMethods] as const;
export const payAgainBodySchema = z.object({
  paymentMethod: z.enum(payAgainMethods),
  /** The gateway's token for the card (made in the browser); a card number or CVV is never sent. */
  cardToken: cardTokenSchema.optional(),
});
export type PayAgainBody = z.input<typeof payAgainBodySchema>;
/**
 * A new booking's card refused (402 PAYMENT_FAILED): the booking was made and keeps its car until
 * its `payBy`; this field error's message is its number, so the site opens it to pay again.
 */
export const refusedBookingPath = 'booking';

/**
 * What the automatic check of a transfer slip found (issue 16): 'verified' confirmed the booking
 * at once; any other result leaves the slip to staff, who see why.
 */
export const slipCheckResults = [
  'verified',
  'pdf_not_read',
  'other_qr',
  'no_provider',
  'provider_unavailable',
  'not_found',
  'amount_mismatch',
  'account_mismatch',
  'date_mismatch',
] as const;
export type SlipCheckResult = (typeof slipCheckResults)[number];

/**
 * What a waiting slip is worth to its booking's hold (issue 31, docs/decisions/3102):
 * - `bank_confirmed`: the bank knows the transfer (verified, or a mismatch a person must settle):
 *   money moved, so the car is kept until staff decide, as before.
 * - `unchecked`: a real bank slip QR the provider could not be asked about (down, or none set up):
 *   the car is kept `businessRules.uncheckedSlipHoldHours` past the payment deadline, no longer.
 * - `unverified`: nothing says money moved (a PDF, which is not read; another kind of QR code; a
 *   transfer the bank does not know): the deadline runs as if there were no slip. Staff see it so.
 */
export const slipStandings = ['bank_confirmed', 'unchecked', 'unverified'] as const;
export type SlipStanding = (typeof slipStandings)[number];
export const slipChecksByStanding: Record<SlipStanding, readonly SlipCheckResult[]> = {
  bank_confirmed: ['verified', 'amount_mismatch', 'account_mismatch', 'date_mismatch'],
  unchecked: ['no_provider', 'provider_unavailable'],
  unverified: ['pdf_not_read', 'other_qr', 'not_found'],
};
export function slipStanding(check: SlipCheckResult): SlipStanding {
  return slipStandings.find((s) => slipChecksByStanding[s].includes(check))!;
}

export const bookingStatuses = [
  'awaiting_payment',
  'confirmed',
  'active',
  'completed',
  'cancelled',
  'expired',
  'payment_failed',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Statuses in which a booking holds its car (a live unit hold). */
export const holdingStatuses: readonly BookingStatus[] = ['awaiting_payment', 'confirmed', 'active'];

/**
 * The spec's groups of a customer's history (§ booking statuses: completed, active, cancelled); the
 * booking's own status is the detail inside its group.
 */
export const historyGroups = ['active', 'completed', 'cancelled'] as const;
export function historyGroupOf(status: BookingStatus): (typeof historyGroups)[number] {
  if (status === 'completed') return 'completed';
  return holdingStatuses.includes(status) ? 'active' : 'cancelled';
}

export const PROMO_INVALID_MESSAGE = 'Invalid or expired promotion code';
export const CAR_UNAVAILABLE_MESSAGE = 'This car is no longer available for these dates';
export const TOO_MANY_UNPAID_MESSAGE =
  'You already have as many bookings awaiting payment as your account allows. Please pay for or cancel one of them first, or pay by card';
export const UNPAID_HOLDS_FULL_MESSAGE =
  'The cars of this model left on these dates are kept for customers who pay now. Pay by PromptPay QR, card or wallet to book it';
export const UNPAID_HOLDS_FROM_NETWORK_MESSAGE =
  'Too many unpaid bookings were made from this network or device. Pay by card, or pay for one of them first';
export const RENTAL_CLOSED_MESSAGE = 'Bookings are closed for now. Please try again later';

/** Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const addonSelectionSchema = z.object({
  code: z.enum(addonCodes),
  quantity: z.number().int().min(1).max(4).default(1),
});

const promoCodeSchema = z
  .string()
  .trim()
  .max(32)
  .transform((v) => v.toUpperCase())
  .optional();

export const quoteBodySchema = z.object({
  carModelId: z.number().int().positive(),
  pickupDate: isoDateSchema,
  returnDate: isoDateSchema,
  branchCode: z.string().min(1).max(32),
  addons: z.array(addonSelectionSchema).max(addonCodes.length).default([]),
  promoCode: promoCodeSchema,
  /** Another branch to return the car to (a one-way route the company offers, for its fee). */
  returnBranchCode: z.string().max(32).optional(),
  /** The car brought to the customer, or fetched from them at the end, within a zone of the branch. */
  delivery: deliveryZoneSchema.optional(),
  collection: deliveryZoneSchema.optional(),
  /** Bangkok wall-clock times on the hour or half hour, while the branches are open (rental-times.ts). */
  pickupTime: timeOfDaySchema.default(businessRules.pickupTime),
  returnTime: timeOfDaySchema.default(businessRules.returnTime),
});
export type QuoteBody = z.input<typeof quoteBodySchema>;

export const priceLineSchema = z.object({
  code: z.string(),
  label: z.string(),
  quantity: z.number().int(),
  pricePerDay: z.number().int(),
  amount: z.number().int(),
});

/** Every amount is in satang (1 baht = 100 satang), computed by the server. */
export const quoteSchema = z.object({
  carModelId: z.number().int(),
  carName: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  pickupTime: z.string(),
  returnTime: z.string(),
  days: z.number().int(),
  pricePerDay: z.number().int(),
  rentalAmount: z.number().int(),
  /** Seasons, weekends and duration tiers applied to the rental, line by line (pricing-rules.ts). */
  priceRules: z.array(priceRuleLineSchema),
  hotDealPercent: z.number().nullable(),
  hotDealDiscount: z.number().int(),
  addons: z.array(priceLineSchema),
  addonsAmount: z.number().int(),
  promoCode: z.string().nullable(),
  promoDiscount: z.number().int(),
  /** One-way, delivery and collection fees (in the total). */
  fees: z.array(feeLineSchema),
  returnBranchCode: z.string(),
  returnBranchName: z.string(),
  total: z.number().int(),
  vat: z.number().int(),
  vatPercent: z.number(),
  /** The refundable security deposit taken at pickup (satang): not part of the total. */
  deposit: z.number().int(),
  /** Who may drive this car (its category's rules), checked when the booking is made. */
  driverRules: driverRulesSchema,
  available: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteResponseSchema = dataEnvelope(quoteSchema);

export const promoValidateBodySchema = z.object({
  code: z.string().trim().min(1).max(32),
  carModelId: z.number().int().positive().optional(),
  pickupDate: isoDateSchema.optional(),
  returnDate: isoDateSchema.optional(),
  pickupTime: timeOfDaySchema.default(businessRules.pickupTime),
  returnTime: timeOfDaySchema.default(businessRules.returnTime),
  branchCode: z.string().optional(),
  addons: z.array(addonSelectionSchema).default([]),
});
export const promoValidateResponseSchema = dataEnvelope(
  z.object({
    valid: z.literal(true),
    code: z.string(),
    kind: z.enum(['percent', 'amount']),
    value: z.number(),
    discount: z.number().int().nullable(),
  }),
);

const requiredText = (message: string, max = 100) => z.string().trim().min(1, message).max(max, 'Too long');

export const driverSchema = z.object({
  firstName: requiredText('Please enter first name'),
  lastName: requiredText('Please enter last name'),
  email: z.string().trim().min(1, 'Please enter email').pipe(emailSchema),
  phone: z.string().trim().min(1, 'Please enter phone').pipe(phoneSchema),
  idNumber: z
    .string()
    .trim()
    .min(1, 'Please enter ID card or passport number')
    .max(20, 'Too long')
    .regex(/^[A-Za-z0-9-]{6,20}$/, 'Invalid ID card or passport number'),
  ...driverLicenceFields,
});
export type Driver = z.input<typeof driverSchema>;

/**
 * The card form's rules, checked in the browser: the card itself travels only from the browser to
 * the gateway's vault (card-tokens.ts), and the API is sent its token.
 */
export const cardSchema = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, 'Enter card number').refine(luhnValid, 'Invalid card number')),
  name: requiredText('Enter name on card'),
  expiry: z
    .string()
    .trim()
    .min(1, 'Enter expiry')
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Invalid format (MM/YY)'),
  cvv: z
    .string()
    .trim()
    .min(1, 'Enter CVV')
    .regex(/^\d{3,4}$/, 'Invalid CVV'),
});
export type CardInput = z.input<typeof cardSchema>;

export const createBookingBodySchema = quoteBodySchema.extend({
  /** The flight the customer arrives on, for a pickup at an airport branch (kept, shown to staff). */
  flightNumber: z
    .string()
    .trim()
    .toUpperCase()
    .refine((f) => f === '' || FLIGHT_NUMBER.test(f), deliveryMessages.flight)
    .optional(),
  /** With where: the address, the hotel or the flight. */
  delivery: deliveryRequestSchema.optional(),
  collection: deliveryRequestSchema.optional(),
  driver: driverSchema,
  /** Drivers besides the main one, free of charge. */
  additionalDrivers: z
    .array(additionalDriverSchema)
    .max(
      businessRules.maxAdditionalDrivers,
      `At most ${businessRules.maxAdditionalDrivers} additional drivers`,
    )
    .default([]),
  paymentMethod: z.enum(paymentMethods),
  /** The gateway's token for the card (made in the browser); a card number or CVV is never sent. */
  cardToken: cardTokenSchema.optional(),
  acceptTerms: z.literal(true, { error: 'Please accept the terms and conditions' }),
  /** A company's details for a full tax invoice (issued once the booking is paid). */
  taxInvoice: taxBuyerSchema.optional(),
});
export type CreateBookingBody = z.input<typeof createBookingBodySchema>;

export const bookingSchema = z.object({
  id: z.number().int(),
  bookingNumber: z.string(),
  status: z.enum(bookingStatuses),
  carModelId: z.number().int(),
  carName: z.string(),
  carImage: z.string().nullable(),
  branchCode: z.string(),
  branchName: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  pickupTime: z.string(),
  returnTime: z.string(),
  days: z.number().int(),
  paymentMethod: z.enum(recordedPaymentMethods),
  driver: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    idNumber: z.string(),
  }),
  /** Every driver with their licence, the main driver first (empty for bookings made before drivers were asked). */
  drivers: z.array(bookingDriverSchema),
  /** Pictures of the drivers' licences sent before arrival (private: read through the API only). */
  licencePictures: z.array(z.object({ id: z.number().int(), sentAt: z.string() })),
  /** More may be sent (before pickup, at most six). */
  canSendLicencePicture: z.boolean(),
  pricePerDay: z.number().int(),
  rentalAmount: z.number().int(),
  priceRules: z.array(priceRuleLineSchema),
  hotDealPercent: z.number().nullable(),
  hotDealDiscount: z.number().int(),
  addons: z.array(priceLineSchema),
  addonsAmount: z.number().int(),
  promoCode: z.string().nullable(),
  promoDiscount: z.number().int(),
  fees: z.array(feeLineSchema),
  returnBranchCode: z.string(),
  returnBranchName: z.string(),
  /** Where the counter is at the pickup and the return branch (terminal, floor, gate; decision 3611), or null. */
  counterPlace: z.string().nullable(),
  returnCounterPlace: z.string().nullable(),
  /** The flight the customer arrives on, given for a pickup at an airport branch (decision 3602). */
  flightNumber: z.string().nullable(),
  delivery: bookingDeliverySchema.nullable(),
  collection: bookingDeliverySchema.nullable(),
  total: z.number().int(),
  vat: z.number().int(),
  paid: z.boolean(),
  payment: z
    .object({
      method: z.enum(recordedPaymentMethods),
      status: z.string(),
      amount: z.number().int(),
      cardBrand: z.string().nullable(),
      cardLast4: z.string().nullable(),
      reference: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  slipUploaded: z.boolean(),
  /**
   * A card payment not settled yet: the gateway did not answer in time (the charge is being checked),
   * or the card's bank is asking the customer to approve it (3-D Secure). The car stays held.
   */
  paymentChecking: z.boolean(),
  /**
   * The booking's last card try was refused and it still holds its car until `payBy`: the customer
   * pays again on this booking (another card, or another way); null otherwise.
   */
  paymentRefusal: z.enum(cardRefusals).nullable(),
  payBy: z.string().nullable(),
  createdAt: z.string(),
  freeCancellationUntil: z.string(),
  cancellationFee: z.number().int().nullable(),
  /** What cancelling costs once the free period is over (10 % of the total, at least ฿500, at most the total). */
  lateCancellationFee: z.number().int(),
  canCancel: z.boolean(),
  /**
   * The customer may move the dates themselves (up to `dateChangeNoticeHours` before pickup, nothing
   * waiting to be checked), or, once the car is with them, extend the return (booking-changes).
   */
  canChange: z.boolean(),
  canExtend: z.boolean(),
  canUploadSlip: z.boolean(),
  cancelReason: z.string().nullable(),
  /** The refundable security deposit: taken at pickup, returned at return (satang). */
  deposit: bookingDepositSchema,
  /** The hand-over's condition reports: at pickup, then at return (issue 18, part 1). */
  conditionReports: z.array(conditionReportViewSchema),
  /** What was added after the return (late hours, fuel, cleaning, damage), taken from the deposit; satang. */
  charges: z.array(chargeViewSchema),
  chargesTotal: z.number().int(),
  /** The signed rental agreement (issue 18, part 2), or null. */
  agreement: agreementViewSchema.nullable(),
  canSignAgreement: z.boolean(),
  /**
   * The company a full tax invoice is made out to (null: none asked), its number once issued, and
   * whether it can be downloaded now (the booking is paid).
   */
  taxInvoice: z
    .object({
      companyName: z.string(),
      taxId: z.string(),
      branch: z.string(),
      number: z.string().nullable(),
      ready: z.boolean(),
      /** On the company's monthly invoice (company account): `number` is that invoice's once issued, for its managers. */
      monthly: z.boolean(),
      /** Credit notes (the booking cancelled or made cheaper) and debit notes (made dearer) since. */
      notes: z.array(
        z.object({
          number: z.string(),
          kind: z.enum(['credit', 'debit']),
          issuedAt: z.string(),
          total: z.number().int(),
        }),
      ),
    })
    .nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingResponseSchema = dataEnvelope(bookingSchema);
export const bookingListResponseSchema = dataEnvelope(z.array(bookingSchema));

export const paymentInstructionsSchema = z.object({
  bankAccount: z.object({ bank: z.string(), accountName: z.string(), accountNumber: z.string() }).nullable(),
  /**
   * The QR code to scan: the payment gateway's own charge for this booking (`viaGateway`, confirmed by
   * the gateway's webhook), else the company's static PromptPay QR naming the booking (its ID and payload).
   */
  promptpay: z
    .object({
      id: z.string().nullable(),
      payload: z.string().nullable(),
      qrSvg: z.string(),
      viaGateway: z.boolean(),
    })
    .nullable(),
  /** A card charge the card's bank must approve (3-D Secure): the bank's page to send the customer to. */
  card: z.object({ authorizeUri: z.string() }).nullable(),
  /** A wallet's charge at the gateway: WeChat Pay's QR code, or the Alipay page to approve the payment on. */
  wallet: z
    .object({
      method: z.enum(walletMethods),
      qrSvg: z.string().nullable(),
      authorizeUri: z.string().nullable(),
    })
    .nullable(),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;
export const createBookingResponseSchema = dataEnvelope(
  z.object({ booking: bookingSchema, instructions: paymentInstructionsSchema }),
);

export const cancelBookingBodySchema = z
  .object({ reason: z.string().trim().max(500).optional() })
  .optional()
  .nullable();

export const addonSchema = z.object({
  code: z.enum(addonCodes),
  name: z.string(),
  description: z.string(),
  pricePerDay: z.number().int(),
});
export const addonListResponseSchema = dataEnvelope(z.array(addonSchema));

// ---------- self-service changes (issue 17, part 6) ----------

/** Why a change is refused; the site says each in the customer's language (booking namespace, change.errors). */
export const changeMessages = {
  notice: `Changes need at least ${businessRules.dateChangeNoticeHours} hours' notice and nothing waiting to be checked`,
  closed: 'This booking can no longer be changed',
  invalidDate: 'Invalid date',
  pickedUp: 'The car is already picked up: only the return can move',
  extensionLater: 'An extension returns the car later than booked',
  pickupAhead: `The new pickup must be at least ${businessRules.dateChangeNoticeHours} hours ahead`,
  returnAfterPickup: 'Return must be after pickup',
  same: 'This is the booking as it is already',
  tooLong: `At most ${businessRules.maxRentalDays} days`,
  carOrExtrasAfterPickup: 'The car and the extras can only change before pickup',
  carNotOffered: 'This car is not offered at the booking’s branch',
  depositHeld: 'The deposit is already held: the car can be changed at the counter',
  driverNotEligible: 'A driver of this booking may not drive that car',
  unknownAddon: 'Unknown add-on',
  waiting: 'A change of this booking is waiting for its payment',
  methodNotOffered: 'This payment method is not available',
} as const;

/**
 * A change of a booking: new dates and times (both before pickup, a later return for an extension),
 * and before pickup another car at the same branch or other extras. What is left out stays.
 */
export const changeBodySchema = z.object({
  pickupDate: isoDateSchema,
  returnDate: isoDateSchema,
  /** Left out: the booking's own times. */
  pickupTime: timeOfDaySchema.optional(),
  returnTime: timeOfDaySchema.optional(),
  /** Another car model at the booking's branch. */
  carModelId: z.number().int().positive().optional(),
  /** The extras wanted from now on (an empty list: none). */
  addons: z.array(addonSelectionSchema).max(addonCodes.length).optional(),
  /**
   * How a paid booking pays a dearer change (issue 36 part 3, decision 3631): a card (its token, at
   * once), or PromptPay's QR or a wallet at the gateway, the change waiting for it. Left out: a card.
   */
  paymentMethod: z.enum(['card', 'promptpay', ...walletMethods]).optional(),
  /** The card for the difference, when the booking is paid and the new dates cost more (made in the browser). */
  cardToken: cardTokenSchema.optional(),
});
export type ChangeBody = z.input<typeof changeBodySchema>;
/** The ways a change's difference is paid besides a card: at the gateway, while the change waits. */
export const changeGatewayMethods = ['promptpay', ...walletMethods] as const;
export type ChangeGatewayMethod = (typeof changeGatewayMethods)[number];

/**
 * A change waiting for its difference (decision 3631): the new dates are held for the method's window
 * (`payBy`) and the booking is as it was until the gateway says the difference is paid; then the change
 * is made (`status` 'applied'). Unpaid by `payBy`, it lapses ('expired') and the new dates are let go.
 */
export const waitingChangeSchema = z.object({
  id: z.number().int(),
  status: z.enum(['awaiting_payment', 'applied', 'expired']),
  method: z.enum(changeGatewayMethods),
  /** The difference (satang). */
  amount: z.number().int(),
  pickupDate: z.string(),
  returnDate: z.string(),
  pickupTime: z.string(),
  returnTime: z.string(),
  payBy: z.string(),
  /** PromptPay's QR code for the difference (an SVG); null for a wallet, or when the gateway cannot make one now. */
  qrSvg: z.string().nullable(),
  /** The wallet's page to approve on. */
  authorizeUri: z.string().nullable(),
});
export type WaitingChange = z.infer<typeof waitingChangeSchema>;
export const waitingChangeResponseSchema = dataEnvelope(waitingChangeSchema.nullable());

/**
 * What a change would do: the new total at the booking's own agreed prices, and what happens to the
 * difference (satang; positive costs more): `none`, `new_total` (an unpaid booking is paid at its new
 * total), `card` (paid now by card) or `refund` (given back the way it was paid).
 */
export const changeQuoteSchema = z.object({
  pickupDate: z.string(),
  returnDate: z.string(),
  pickupTime: z.string(),
  returnTime: z.string(),
  carModelId: z.number().int(),
  carName: z.string(),
  addons: z.array(z.object({ code: z.string(), quantity: z.number().int() })),
  days: z.number().int(),
  currentTotal: z.number().int(),
  total: z.number().int(),
  difference: z.number().int(),
  settle: z.enum(['none', 'new_total', 'card', 'refund']),
  /** A car is free for the new dates (for an extension: the very car the customer has). */
  available: z.boolean(),
});
export type ChangeQuote = z.infer<typeof changeQuoteSchema>;

/** What a booking may change to: the cars at its branch (today's daily price) and the extras. */
export const changeOptionsSchema = z.object({
  cars: z.array(
    z.object({ carModelId: z.number().int(), carName: z.string(), pricePerDay: z.number().int() }),
  ),
  addons: z.array(z.object({ code: z.enum(addonCodes), label: z.string(), pricePerDay: z.number().int() })),
});
export type ChangeOptions = z.infer<typeof changeOptionsSchema>;
export const changeOptionsResponseSchema = dataEnvelope(changeOptionsSchema);
export const changeQuoteResponseSchema = dataEnvelope(changeQuoteSchema);
export const changeResponseSchema = dataEnvelope(
  z.object({
    booking: bookingSchema,
    charged: z.number().int(),
    refunded: z.number().int(),
    /** A change waiting for its difference at the gateway (PromptPay, a wallet); null when it was made now. */
    waiting: waitingChangeSchema.nullable(),
  }),
);
