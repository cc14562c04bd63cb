import { z } from 'zod';
import { businessRules } from './business-rules';
import { bangkokToday } from './bangkok-time';
import { carSorts, rentalDays, specKeys } from './catalog-rules';
import { isoDateSchema } from './safe-input';
import { dataEnvelope, pagedEnvelope } from './envelope';

// Query strings arrive as text; an empty value means "not set".
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,9}$/, 'Must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`))
      .optional(),
  );
const isoDate = z.preprocess(emptyToUndefined, isoDateSchema.optional());

export const maxListingLimit = 50;
export const maxSearchLength = 100;

/**
 * `GET /guest/cars`: the spec's filter state (§3) plus sort, type (the
 * footer's car types, a category slug) and availability by dates and branch.
 */
export const carListQuerySchema = z
  .object({
    category_id: wholeNumber(1, 2_147_483_647),
    search: z.preprocess(
      emptyToUndefined,
      z.string().trim().max(maxSearchLength, `At most ${maxSearchLength} characters`).optional(),
    ),
    is_active: z.preprocess(
      emptyToUndefined,
      z.enum(['0', '1'], 'Must be 0 or 1').default('1').transform(Number),
    ),
    priceRange: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{1,7},\d{1,7}$/, 'Must be two whole numbers: min,max')
        .transform((v) => v.split(',').map(Number) as [number, number])
        .refine(
          ([min, max]) => min >= businessRules.priceMin && max <= businessRules.priceMax && min <= max,
          `Must be ${businessRules.priceMin} ≤ min ≤ max ≤ ${businessRules.priceMax}`,
        )
        .optional(),
    ),
    page: wholeNumber(1, 100_000).default(1),
    limit: wholeNumber(1, maxListingLimit).default(businessRules.listingPageSize),
    sort: z.preprocess(emptyToUndefined, z.enum(carSorts).default('recommended')),
    type: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/, 'Must be a car type such as suv or sedan')
        .optional(),
    ),
    pickup_date: isoDate,
    return_date: isoDate,
    branch: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z]{2,20}$/, 'Must be a branch code')
        .optional(),
    ),
    /** A one-way return (with `branch`): the dated prices include the route's fee, as the quote does. */
    return_branch: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z]{2,20}$/, 'Must be a branch code')
        .optional(),
    ),
    lng: z.string().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.pickup_date && !q.return_date)
      ctx.addIssue({ code: 'custom', path: ['return_date'], message: 'Required with pickup_date' });
    if (q.return_date && !q.pickup_date)
      ctx.addIssue({ code: 'custom', path: ['pickup_date'], message: 'Required with return_date' });
    if (q.pickup_date && q.pickup_date < bangkokToday())
      ctx.addIssue({ code: 'custom', path: ['pickup_date'], message: 'Must not be in the past' });
    if (q.pickup_date && q.return_date) {
      if (q.return_date < q.pickup_date)
        ctx.addIssue({ code: 'custom', path: ['return_date'], message: 'Must not be before pickup_date' });
      else if (rentalDays(q.pickup_date, q.return_date) > businessRules.maxRentalDays)
        ctx.addIssue({
          code: 'custom',
          path: ['return_date'],
          message: `A rental lasts at most ${businessRules.maxRentalDays} days`,
        });
    }
  });
export type CarListQuery = z.output<typeof carListQuerySchema>;

export const hotDealSummarySchema = z.object({
  discount_percent: z.string(),
  /** The daily price after the discount, "1161.00". */
  price_per_day: z.string(),
  saving_per_day: z.string(),
  ends_at: z.string(),
});
export type HotDealSummary = z.infer<typeof hotDealSummarySchema>;

/** A listing entry (spec §3), plus what a card shows beside it. */
export const carSchema = z.object({
  car_id: z.number().int(),
  car_model_id: z.number().int(),
  car_model_name: z.string(),
  price_per_day: z.string(),
  category_name: z.string(),
  is_active: z.union([z.literal(0), z.literal(1)]),
  cover_image: z.string().nullable(),
  image_path: z.array(z.string()),
  category_slug: z.string(),
  seats: z.number().int(),
  transmission: z.enum(['automatic', 'manual']),
  fuel: z.enum(['petrol', 'diesel', 'hybrid', 'electric']),
  hot_deal: hotDealSummarySchema.nullable(),
  /**
   * With the listing's dates (pickup_date and return_date, at the usual pickup and return times):
   * what the car costs then, as its booking would before extras, codes and fees (seasons, weekends,
   * tiers, a running deal: the server's one price function) with the one-way fee of a chosen return
   * branch (`return_branch`, decision 3611), in satang; the average per day is the
   * total over the days, rounded to the satang. Absent without dates (docs/decisions/3531).
   */
  dated_price: z
    .object({ days: z.number().int(), total: z.number().int(), per_day: z.number().int() })
    .nullable()
    .optional(),
});
export type Car = z.infer<typeof carSchema>;

export const carListResponseSchema = pagedEnvelope(carSchema);
export type CarListResponse = z.infer<typeof carListResponseSchema>;

export const categorySchema = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  category_slug: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = dataEnvelope(z.array(categorySchema));

export const branchSchema = z.object({
  code: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  is_airport: z.boolean(),
  opens_at: z.string(),
  closes_at: z.string(),
  /** The shortest rental picked up here, hours (same-day rentals). */
  min_rental_hours: z.number().int(),
  /** Days ahead the branch is closed: no pickup or return then. */
  closed_on: z.array(z.string()),
  /**
   * The band around the opening hours in which the branch also hands cars over, for `fee` baht per
   * pickup or return outside the opening hours (null: not out of hours; decision 3602). The quote charges it.
   */
  out_of_hours: z.object({ opens_at: z.string(), closes_at: z.string(), fee: z.number() }).nullable(),
  /** Where the counter is (terminal, floor, gate or meeting point), or null (decision 3611). */
  counter_place: z.string().nullable(),
});
export type Branch = z.infer<typeof branchSchema>;
export const branchesResponseSchema = dataEnvelope(z.array(branchSchema));

export const carIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Must be a car model id')
    .transform(Number),
});

export const carDetailsSchema = carSchema.extend({
  brand: z.string(),
  model: z.string(),
  category_id: z.number().int(),
  description: z.string(),
  doors: z.number().int(),
  luggage: z.number().int(),
  specs: z.partialRecord(z.enum(specKeys), z.string()),
  features: z.array(z.object({ key: z.string(), name: z.string() })),
  images: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
  branches: z.array(branchSchema),
  /** The refundable security deposit taken at pickup, baht (not part of the price). */
  deposit: z.number().int(),
  /** Who may drive it: its category's rules, as the booking checks them (drivers.ts driverProblems). */
  driver_rules: z.object({
    min_age: z.number().int(),
    max_age: z.number().int().nullable(),
    min_licence_years: z.number().int(),
  }),
  /** What renters gave this car in their published reviews (average 0 when there are none). */
  rating: z.object({ average: z.number(), count: z.number().int() }),
});
export type CarDetails = z.infer<typeof carDetailsSchema>;
export const carDetailsResponseSchema = dataEnvelope(carDetailsSchema);
export type CarDetailsResponse = z.infer<typeof carDetailsResponseSchema>;

export const listLimitQuerySchema = z.object({
  limit: wholeNumber(1, 20).default(6),
  lng: z.string().optional(),
});
/** Testimonials, all of them or one car model's (its published reviews). */
export const testimonialsQuerySchema = listLimitQuerySchema.extend({
  car: wholeNumber(1, 2_147_483_647).optional(),
});

export const hotDealSchema = z.object({
  id: z.number().int(),
  discount_percent: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  price_per_day: z.string(),
  saving_per_day: z.string(),
  car: carSchema,
});
export type HotDeal = z.infer<typeof hotDealSchema>;
export const hotDealsResponseSchema = dataEnvelope(z.array(hotDealSchema));

export const rentalConditionSchema = z.object({ id: z.number().int(), text: z.string() });
export const rentalConditionsResponseSchema = dataEnvelope(z.array(rentalConditionSchema));

export const testimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  rating: z.number().int(),
  text: z.string(),
  car_model_id: z.number().int().nullable(),
  car_model_name: z.string().nullable(),
  created_at: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialsResponseSchema = dataEnvelope(z.array(testimonialSchema));
