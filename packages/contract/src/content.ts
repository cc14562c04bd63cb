import { z } from 'zod';
import { emailSchema } from './auth';
import { dataEnvelope, pagedEnvelope } from './envelope';
import { languages } from './languages';

/**
 * Articles, the public forms (contact, corporate quote, newsletter), the
 * promotions page and customer reviews. Every public form carries a spam trap
 * (`website`, hidden from people) and a server-signed token with its issue time.
 */

export const articlesPageSize = 9;

export const articleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverImage: z.string(),
  publishedAt: z.string(),
  /** The language the texts are in: the one asked for, or English when it has no translation. */
  language: z.enum(languages),
  translated: z.boolean(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  /** Sanitized HTML rendered from the article's Markdown. */
  html: z.string(),
  updatedAt: z.string(),
  availableLanguages: z.array(z.enum(languages)),
});
export type Article = z.infer<typeof articleSchema>;

export const articlesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(articlesPageSize),
  lng: z.string().max(10).optional(),
});
export const articleParamsSchema = z.object({
  slug: z
    .string()
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid slug'),
});
export const articlesResponseSchema = pagedEnvelope(articleSummarySchema);
export type ArticlesResponse = z.infer<typeof articlesResponseSchema>;
export const articleResponseSchema = dataEnvelope(articleSchema);
export type ArticleResponse = z.infer<typeof articleResponseSchema>;

/** The spam trap every public form sends: a field people never see, and the token from GET /guest/form-token. */
const antiSpam = {
  website: z.string().max(200).optional().default(''),
  formToken: z.string().max(500).optional(),
};

/** `GET /guest/form-token`: a signed token with the time the form was handed out. */
export const formTokenResponseSchema = dataEnvelope(z.object({ token: z.string() }));
export type FormTokenResponse = z.infer<typeof formTokenResponseSchema>;

const text = (max: number) => z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);

export const contactBodySchema = z.object({
  fullName: text(100),
  email: emailSchema,
  subject: text(150),
  message: z.string().trim().min(10, 'At least 10 characters').max(5000, 'At most 5000 characters'),
  language: z.enum(languages).optional(),
  ...antiSpam,
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const vehicleCountOptions = ['1-3', '4-10', '11-20', '21+'] as const;
export type VehicleCount = (typeof vehicleCountOptions)[number];

/**
 * The corporate packages by fleet size. The page writes each package's range from
 * these numbers, and every band of the quote form falls inside one package
 * (content.test.ts), so the packages and the form cannot disagree again.
 */
export const corporatePackages = [
  { id: 'basic', minVehicles: 1, maxVehicles: 3 },
  { id: 'professional', minVehicles: 4, maxVehicles: 10 },
  { id: 'enterprise', minVehicles: 11, maxVehicles: null },
] as const;

export const corporateQuoteBodySchema = z.object({
  companyName: text(150),
  contactName: text(100),
  position: text(100),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s\-.()]/g, ''))
    .pipe(z.string().regex(/^(0[2-9]\d{7,8}|\+\d{8,15})$/, 'Invalid phone number')),
  vehicles: z.enum(vehicleCountOptions),
  message: z.string().trim().max(5000, 'At most 5000 characters').optional().default(''),
  language: z.enum(languages).optional(),
  ...antiSpam,
});
export type CorporateQuoteBody = z.input<typeof corporateQuoteBodySchema>;

export const newsletterBodySchema = z.object({
  email: emailSchema,
  language: z.enum(languages).optional(),
  ...antiSpam,
});
export type NewsletterBody = z.input<typeof newsletterBodySchema>;

export const newsletterTokenBodySchema = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid token'),
});

/** What the public forms answer: received, nothing more (no form tells whether an email is known). */
export const receivedResponseSchema = dataEnvelope(z.object({ received: z.literal(true) }));
export type ReceivedResponse = z.infer<typeof receivedResponseSchema>;

export const newsletterStatusResponseSchema = dataEnvelope(
  z.object({ status: z.enum(['confirmed', 'already_confirmed', 'unsubscribed']) }),
);
export type NewsletterStatusResponse = z.infer<typeof newsletterStatusResponseSchema>;

/** Spec §9: the promotion codes the site shows to everyone. */
export const publicPromotionCodes = [
  { code: 'SAVE10', kind: 'percent', value: 10 },
  { code: 'SAVE20', kind: 'percent', value: 20 },
  { code: 'NEWUSER', kind: 'amount', value: 500 },
] as const;

export const currentDealSchema = z.object({
  id: z.number().int(),
  carModelId: z.number().int(),
  carName: z.string(),
  image: z.string(),
  pricePerDay: z.string(),
  discountPercent: z.number(),
  /** The price per day with the deal, computed by the server to the satang ("756.50"). */
  dealPricePerDay: z.string(),
  endsAt: z.string(),
});
export type CurrentDeal = z.infer<typeof currentDealSchema>;
export const currentDealsResponseSchema = dataEnvelope(z.array(currentDealSchema));
export type CurrentDealsResponse = z.infer<typeof currentDealsResponseSchema>;

// Reviews: written by the customer after a completed or active booking,
// published on the home page once staff approve them.

export const reviewBodySchema = z.object({
  rating: z.number().int().min(1).max(5),
  text: z.string().trim().min(10, 'At least 10 characters').max(2000, 'At most 2000 characters'),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

export const reviewStatusSchema = z.enum(['pending', 'approved', 'rejected']);

export const couponSchema = z.object({
  code: z.string(),
  /** What the coupon gives, in the request's language. */
  description: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  status: reviewStatusSchema,
  createdAt: z.string(),
  coupon: couponSchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewResponseSchema = dataEnvelope(reviewSchema);
export const reviewsResponseSchema = dataEnvelope(z.array(reviewSchema));

export const adminReviewSchema = reviewSchema.extend({
  userId: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
});
export const adminReviewsResponseSchema = dataEnvelope(z.array(adminReviewSchema));
export const adminReviewsQuerySchema = z.object({ status: reviewStatusSchema.optional() });
