/** Business constants of the spec (§9) that both the site and the API rely on. */
export const businessRules = {
  timeZone: 'Asia/Bangkok',
  pickupTime: '09:00',
  returnTime: '18:00',
  listingPageSize: 9,
  listingSkeletonCards: 6,
  priceMin: 0,
  priceMax: 1_000_000,
  priceSliderStep: 1_000,
  passwordMinLength: 6,
  passwordMaxLength: 128,
  slipDeadlineHours: 24,
  freeCancellationHours: 24,
  dateChangeNoticeHours: 24,
  maxRentalDays: 90,
  compactNavAfterPx: 20,
  vatPercent: 7,
  /** Hours a unit stays blocked after a return, for cleaning and checks, before its next pickup. */
  turnaroundHours: 3,
  /**
   * Bookings a customer may have awaiting payment at once: each holds a car for
   * up to slipDeadlineHours, so without a cap one account could hold the fleet.
   */
  maxUnpaidBookings: 3,
} as const;

/** Footer car-type links go to `/cars?type=…` with one of these. */
export const carTypeLinks = ['cap', 'minivan', '7seat', 'van', 'hatchback', 'suv', 'sedan'] as const;
export type CarTypeLink = (typeof carTypeLinks)[number];
