import { z } from 'zod';
import { businessRules } from './business-rules';
import { dataEnvelope } from './envelope';
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
  .max(254, 'Email is too long')
  .pipe(z.email('Invalid email format'))
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

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(businessRules.passwordMaxLength),
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

export const meResponseSchema = dataEnvelope(userSchema);
export type MeResponse = z.infer<typeof meResponseSchema>;
