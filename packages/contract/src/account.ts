import { z } from 'zod';
import { emailSchema, passwordSchema, phoneSchema, userSchema } from './auth';
import { businessRules } from './business-rules';
import { dataEnvelope } from './envelope';

/**
 * The customer's own account beyond register/login (issue 4): profile,
 * password, social sign-in, the sign-in providers' public config, and the
 * PDPA calls (export, deletion).
 */

const nameSchema = z.string().trim().min(1, 'Required').max(100, 'Too long');
const currentPasswordSchema = z.string().max(businessRules.passwordMaxLength);

/** PUT /auth/profile. Changing the email needs the current password. */
export const profileBodySchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneSchema,
  email: emailSchema.optional(),
  currentPassword: currentPasswordSchema.optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;
export const profileResponseSchema = dataEnvelope(userSchema);

/** PUT /auth/password. Accounts made with Google or Facebook have no current password. */
export const passwordBodySchema = z.object({
  currentPassword: currentPasswordSchema.optional(),
  newPassword: passwordSchema,
});
export type PasswordBody = z.infer<typeof passwordBodySchema>;

const tokenAndUser = z.object({ token: z.string(), user: userSchema });
export type TokenAndUser = z.infer<typeof tokenAndUser>;

/** POST /auth/google: the ID token (credential) Google Identity Services gave the site. */
export const googleBodySchema = z.object({ credential: z.string().min(10).max(4096) });
export const googleResponseSchema = dataEnvelope(tokenAndUser);
export type GoogleResponse = z.infer<typeof googleResponseSchema>;

/**
 * LINE Login (issue 18, part 4): the browser goes to GET /auth/line/start (→ LINE → our callback),
 * which sends it back to /login?line=<outcome>; on `ok`, POST /auth/line/session (no body: the
 * checked identity waits in an httpOnly cookie) answers with the session, like Google's.
 */
export const lineOutcomes = [
  'ok',
  'cancelled',
  'failed',
  'expired',
  'unavailable',
  'linked',
  'taken',
] as const;
export type LineOutcome = (typeof lineOutcomes)[number];
export const lineSessionResponseSchema = dataEnvelope(tokenAndUser);
/**
 * POST /auth/line/link (signed in): connecting LINE from the profile. The browser goes to
 * `authorizeUrl`; LINE sends it back to /profile?line=linked (or `taken`: that LINE account is
 * another account's; or cancelled, failed, expired).
 */
export const lineLinkResponseSchema = dataEnvelope(z.object({ authorizeUrl: z.string() }));
export type LineLinkResponse = z.infer<typeof lineLinkResponseSchema>;
export type LineSessionResponse = z.infer<typeof lineSessionResponseSchema>;

/** POST /auth/facebook: `{token, userInfo}` (spec §3). Identity is taken from Facebook, never from userInfo. */
export const facebookBodySchema = z.object({
  token: z.string().min(10).max(4096),
  userInfo: z
    .object({
      id: z.string().max(64).optional(),
      email: z.string().max(254).optional(),
      firstName: z.string().max(100).optional(),
      lastName: z.string().max(100).optional(),
      profileImage: z.string().max(2048).optional(),
    })
    .partial()
    .optional(),
});
export type FacebookBody = z.input<typeof facebookBodySchema>;
/** The spec's Facebook answer: "data with token and user". */
export const facebookResponseSchema = z.object({ status: z.literal(true), data: tokenAndUser });
export type FacebookResponse = z.infer<typeof facebookResponseSchema>;

/** GET /guest/auth-config: what the sign-in screens need to show the provider buttons. */
export const authConfigSchema = z.object({
  google: z.object({ clientId: z.string(), scriptUrl: z.string() }).nullable(),
  /** graphVersion: the Graph API version the server asks (FACEBOOK_GRAPH_URL's), which the page's SDK starts with. */
  facebook: z.object({ appId: z.string(), sdkUrl: z.string(), graphVersion: z.string() }).nullable(),
  /**
   * LINE Login, when configured: the button leads to GET /api/v1/auth/line/start. `messages`: booking
   * messages are sent on LINE to customers who add our official account as a friend.
   */
  line: z.object({ messages: z.boolean() }).nullable(),
  passwordMinLength: z.number().int(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
export const authConfigResponseSchema = dataEnvelope(authConfigSchema);
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

/** DELETE /auth/account: the password, or (for Google/Facebook accounts) a sign-in from the last minutes. */
export const deleteAccountBodySchema = z.object({
  password: currentPasswordSchema.optional(),
  confirm: z.literal(true, 'Please confirm'),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** GET /auth/export: everything held on the customer (sections from other modules are added by them). */
export const accountExportSchema = z
  .object({
    exportedAt: z.string(),
    account: z.object({
      id: z.number().int(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string(),
      role: z.string(),
      language: z.string(),
      avatarUrl: z.string().nullable(),
      hasPassword: z.boolean(),
      googleLinked: z.boolean(),
      facebookLinked: z.boolean(),
      lineLinked: z.boolean(),
      createdAt: z.string(),
      updatedAt: z.string(),
      /** The company kept for full tax invoices (tax-invoices.ts). */
      taxDetails: z
        .object({ companyName: z.string(), address: z.string(), taxId: z.string(), branch: z.string() })
        .nullable(),
    }),
    sessions: z.array(
      z.object({
        createdAt: z.string(),
        expiresAt: z.string(),
        revokedAt: z.string().nullable(),
        userAgent: z.string().nullable(),
        ip: z.string().nullable(),
      }),
    ),
  })
  .catchall(z.unknown());
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The answer of calls that only succeed (password change, account deletion). */
export const okResponseSchema = z.object({
  status: z.literal(true),
  response: z.object({ data: z.null() }),
  msg: z.string().optional(),
});

/** A forgotten password (issue 19): the same answer whether or not the address has an account. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  token: z.string().min(10).max(200),
  newPassword: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export const verifyEmailBodySchema = z.object({ token: z.string().min(10).max(200) });
export const emailVerificationResponseSchema = dataEnvelope(
  z.object({ verified: z.boolean(), sent: z.boolean() }),
);
export type EmailVerificationResponse = z.infer<typeof emailVerificationResponseSchema>;
export const receivedSchema = dataEnvelope(z.object({ received: z.literal(true) }));
