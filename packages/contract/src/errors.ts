import { z } from 'zod';

/**
 * Every failure the API answers with carries one of these codes. The site maps
 * a code (or, failing that, the HTTP status) to a message in the active
 * language, so the server's English `msg` is only a fallback for people.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYMENT_FAILED',
  'RATE_LIMITED',
  /** A sign-in must carry a solved challenge (POST /auth/login/challenge) before it is tried. */
  'CHALLENGE_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  // Business outcomes of a booking, each its own code so the site decides on codes, never on English text.
  /** No unit of the model is free at that branch on those dates. */
  'CAR_UNAVAILABLE',
  /** The customer has as many bookings awaiting payment as their account may (1 for a new account, else 3). */
  'TOO_MANY_UNPAID_BOOKINGS',
  /** Half of the model's cars at that branch are already held unpaid on one of those days: pay by card, or later. */
  'UNPAID_HOLDS_FULL',
  /** Too many unpaid bookings from this network address or this browser. */
  'UNPAID_HOLDS_FROM_NETWORK',
  /** The uploaded file is not a readable slip picture or PDF of a plausible size. */
  'SLIP_INVALID',
  /** A slip picture with no bank slip QR code in it (a screenshot of the payment page, a cropped slip). */
  'SLIP_NO_QR',
  /** The slip's transfer was already uploaded, for this booking or another. */
  'SLIP_ALREADY_USED',
  /** The promotion code does not exist, has ended, is used up, or is not this customer's (field: promoCode). */
  'PROMOTION_INVALID',
  /** Staff have closed the rental for new bookings (site settings). */
  'RENTAL_CLOSED',
  /** A two-step sign-in took too long (or its ticket is not ours): start again from the password. */
  'SIGN_IN_EXPIRED',
  /** A driver does not meet the car's rules (age, licence held long enough, valid to the return, permit). */
  'DRIVER_NOT_ELIGIBLE',
  /**
   * A branch has fewer child seats of a kind free for those times than the booking asks for
   * (docs/decisions/3620): a field error per short kind, `addons.<seat code>`, with `left`.
   */
  'SEATS_SHORT',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorHttpStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYMENT_FAILED: 402,
  RATE_LIMITED: 429,
  CHALLENGE_REQUIRED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  CAR_UNAVAILABLE: 409,
  TOO_MANY_UNPAID_BOOKINGS: 409,
  UNPAID_HOLDS_FULL: 409,
  UNPAID_HOLDS_FROM_NETWORK: 409,
  SLIP_INVALID: 415,
  SLIP_NO_QR: 422,
  SLIP_ALREADY_USED: 409,
  PROMOTION_INVALID: 400,
  RENTAL_CLOSED: 503,
  SIGN_IN_EXPIRED: 401,
  DRIVER_NOT_ELIGIBLE: 422,
  SEATS_SHORT: 409,
};

/** One problem with one field of a request; `path` is dotted (`driver.email`). */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  /**
   * The message as the contract writes it (English), when `message` is in the caller's language: what
   * the site matches against the contract's constants to show its own words at the field (a time the
   * branch is closed, a driver too young with the age). Absent when `message` is already that.
   */
  source: z.string().optional(),
  /** How many are left of what `path` names (SEATS_SHORT: seats of that kind free at the branch). */
  left: z.number().int().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  code: z.enum(errorCodes),
  msg: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
