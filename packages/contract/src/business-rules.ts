/** Business constants of the spec (§9) that both the site and the API rely on. */
export const businessRules = {
  timeZone: 'Asia/Bangkok',
  /** The times a booking form offers first (spec §9); customers choose others within the branch's hours. */
  pickupTime: '09:00',
  returnTime: '18:00',
  /**
   * Hours after a rental's last full 24 hours that cost nothing when no late-return rule covers the
   * car: the spec's day, picked up at 09:00 and back by 18:00 (docs/decisions/1706).
   */
  returnGraceHours: 9,
  listingPageSize: 9,
  listingSkeletonCards: 6,
  priceMin: 0,
  priceMax: 1_000_000,
  priceSliderStep: 1_000,
  /** New passwords (issue 31): NIST SP 800-63B's floor; older accounts' shorter ones still sign in. */
  passwordMinLength: 8,
  passwordMaxLength: 128,
  /**
   * How long an unpaid booking holds its car (issue 13): PromptPay is paid in a
   * minute from any banking app; a bank transfer's slip may come within the spec's
   * 24 hours (§4, §9), so an evening booking is not cancelled overnight
   * (docs/decisions/3504). Past that the car goes back to everyone. A booking
   * whose slip waits for review stays held.
   */
  promptPayHoldMinutes: 60,
  transferHoldHours: 24,
  /** A walk-in booking staff left unpaid, to be paid in cash at the counter the same day. */
  counterCashHoldHours: 6,
  freeCancellationHours: 24,
  /** At most this many drivers besides the main one; each is free (the rental terms say so). */
  maxAdditionalDrivers: 2,
  dateChangeNoticeHours: 24,
  maxRentalDays: 90,
  compactNavAfterPx: 20,
  vatPercent: 7,
  /** Hours a unit stays blocked after a return, for cleaning and checks, before its next pickup. */
  turnaroundHours: 3,
  /**
   * Bookings a customer may have awaiting payment at once: each holds a car
   * unpaid, so without a cap one account could hold the fleet. A new account
   * gets one; a verified email or a completed rental raises it.
   */
  maxUnpaidBookings: 3,
  maxUnpaidBookingsNewAccount: 1,
  /** Unpaid bookings made from one network address, or one browser, that may hold cars at once, whatever the accounts. */
  maxUnpaidPerAddress: 4,
  maxUnpaidPerDevice: 2,
  /**
   * At most this share of a model's cars at a branch may be held unpaid on any day, rounded down:
   * a one-car group none, two cars one (issue 31). The rest wait for someone who pays at once.
   */
  maxUnpaidShareOfModel: 0.5,
  /**
   * A slip the slip-verification provider could not be asked about (it was down, or none is set
   * up) keeps its booking's car this long past the payment deadline, for staff to look; a slip it
   * does not know, a PDF or another kind of QR code keeps nothing (docs/decisions/3102).
   */
  uncheckedSlipHoldHours: 12,
} as const;

/**
 * How many cars of a model at a branch may be held unpaid on one day (issue 31): half, rounded down,
 * so a group's last car always waits for someone who pays at once (a card, or a wallet at the gateway).
 */
export function unpaidHoldsAllowed(units: number): number {
  return Math.floor(units * businessRules.maxUnpaidShareOfModel);
}

/** Footer car-type links go to `/cars?type=…` with one of these. */
export const carTypeLinks = ['cap', 'minivan', '7seat', 'van', 'hatchback', 'suv', 'sedan'] as const;
export type CarTypeLink = (typeof carTypeLinks)[number];
