import { z } from 'zod';
import { businessRules } from './business-rules';
import { EMAIL_MAX_LENGTH, emailPattern } from './email';
import { dataEnvelope } from './envelope';
import { errorEnvelopeSchema } from './errors';
import { languages } from './languages';

/**
 * Phone numbers as Thai customers and visitors write them: Thai mobiles
 * (06/08/09 + 8 digits), Thai landlines (0X + 7 digits), or international
 * (+ and 8-15 digits). Spaces, dashes and dots are removed first.
 */
export const phoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s\-.()]/g, ''))
  .pipe(z.string().regex(/^(0[689]\d{8}|0[2-7]\d{7}|\+\d{8,15})$/, 'Invalid phone number'));

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .pipe(z.email({ pattern: emailPattern, error: 'Invalid email format' }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string()
  .min(
    businessRules.passwordMinLength,
    `Password must be at least ${businessRules.passwordMinLength} characters`,
  )
  .max(
    businessRules.passwordMaxLength,
    `Password must be at most ${businessRules.passwordMaxLength} characters`,
  );

const nameSchema = z.string().trim().min(1, 'Required').max(100, 'Too long');

export const roleSchema = z.enum(['customer', 'staff', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  role: roleSchema,
  language: z.enum(languages),
  avatarUrl: z.string().nullable(),
  /** The address is confirmed (the mailed link was opened): more unpaid bookings are allowed. */
  emailVerified: z.boolean(),
  /** Signed in with LINE (null: not): whether our official account is their friend (booking messages reach them there). */
  line: z.object({ friend: z.boolean() }).nullable(),
});
export type User = z.infer<typeof userSchema>;

export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneSchema,
  language: z.enum(languages).optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The spec's register answer: `{success, message}`. */
export const registerResponseSchema = z.object({ success: z.boolean(), message: z.string() });
/**
 * An email that already has an account (409): the spec's `{success: false, message}`, which the
 * page shows, beside the envelope every other failure has (`status`, `code`, `msg`, `errors`).
 */
export const registerRefusedSchema = errorEnvelopeSchema.extend({
  success: z.literal(false),
  message: z.string(),
});

/** A solved sign-in challenge: the token from POST /auth/login/challenge and the nonce the browser found. */
export const signInChallengeSchema = z.object({
  token: z.string().min(1).max(2000),
  nonce: z.string().min(1).max(40),
});

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(businessRules.passwordMaxLength),
  /** Sent only when the last answer was CHALLENGE_REQUIRED. */
  challenge: signInChallengeSchema.optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The spec's login answer: `{status, token, user, msg}`. */
export const loginResponseSchema = z.object({
  status: z.literal(true),
  token: z.string(),
  user: userSchema,
  msg: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The first step's answer for an account with two-step sign-in: a ticket to send with the code. */
export const secondFactorRequiredSchema = z.object({
  status: z.literal(true),
  secondFactorTicket: z.string(),
  msg: z.string(),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

export const loginAnswerSchema = z.union([loginResponseSchema, secondFactorRequiredSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const secondFactorBodySchema = z.object({
  ticket: z.string().min(1).max(2000),
  /** Six digits from the authenticator app, or a recovery code like `k7q2-m9xw-4hdp`. */
  code: z.string().trim().min(6, 'Enter the code').max(20, 'Enter the code'),
});
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

export const challengeBodySchema = z.object({ email: emailSchema });
export const challengeResponseSchema = dataEnvelope(
  z.object({ token: z.string(), difficulty: z.number().int().min(1).max(32) }),
);
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

/** Two-step sign-in, as staff see it in the back office. */
export const secondFactorStatusSchema = dataEnvelope(
  z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
);
export const secondFactorSetupSchema = dataEnvelope(
  z.object({ otpauthUri: z.string(), secret: z.string(), qrSvg: z.string() }),
);
export const secondFactorCodeBodySchema = z.object({
  code: z.string().trim().min(6, 'Enter the code').max(20),
});
export const recoveryCodesSchema = dataEnvelope(z.object({ recoveryCodes: z.array(z.string()) }));

export const meResponseSchema = dataEnvelope(userSchema);
export type MeResponse = z.infer<typeof meResponseSchema>;
