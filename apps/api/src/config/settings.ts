import path from 'node:path';
import { z } from 'zod';

/** Empty strings in the environment mean "not set", as most shells and .env files intend. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const postgresUrl = z
  .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
  .describe('postgres URL');

export const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(postgresUrl),
  TEST_DATABASE_URL: optional(postgresUrl),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' })),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The address people reach the site at; used in emails, the sitemap and share links. */
  PUBLIC_URL: optional(z.url()),
  /** Seed believable demo data when the database is empty (`npm start`); set to false in production. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Where the built site lives; the API serves it. */
  WEB_DIST_DIR: optional(z.string()),
  /**
   * Signs session tokens. Every instance behind one load balancer needs the
   * same value; when unset, one is generated into DATA_DIR/session-secret.
   */
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),

  /** Google sign-in: the OAuth client id (the ID token's audience). Unset = the Google button says it is not loaded. */
  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  /** Where Google publishes the keys that sign ID tokens. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Google Identity Services' browser script (loaded on /login and /register only). */
  GOOGLE_SCRIPT_URL: z.url().default('https://accounts.google.com/gsi/client'),
  /** Facebook sign-in: both are needed; unset = the Facebook button says it is not ready. */
  FACEBOOK_APP_ID: optional(z.string().regex(/^\d+$/, 'must be the numeric app id')),
  FACEBOOK_APP_SECRET: optional(z.string().min(1)),
  /** Facebook's Graph API, with its version (access tokens are checked there). */
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  /** Facebook's JavaScript SDK (loaded on /login and /register only). */
  FACEBOOK_SDK_URL: z.url().default('https://connect.facebook.net/en_US/sdk.js'),
  /** Failed sign-ins or password checks allowed per account and per address in one window. */
  AUTH_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Registrations allowed from one address in one window. */
  AUTH_MAX_REGISTRATIONS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** The length of the sign-in rate-limit window, in minutes. */
  AUTH_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
});

export type Settings = z.infer<typeof settingsSchema> & {
  dataDir: string;
  publicUrl: string;
};

export class SettingsError extends Error {}

/**
 * Reads the settings once, at start. A bad value stops the start with a
 * message that names the variable, so nobody runs with a half-understood config.
 */
export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new SettingsError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  const dataDir = path.resolve(s.DATA_DIR);
  return {
    ...s,
    dataDir,
    publicUrl: (s.PUBLIC_URL ?? `http://${s.HOST}:${s.PORT}`).replace(/\/$/, ''),
  };
}
