import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { businessRules } from '@siam/contract/business-rules';

/** Empty strings in the environment mean "not set", as most shells and .env files intend. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`: one address or network. */
const isAddressOrCidr = (value: string) => {
  const [address, bits, extra] = value.split('/');
  const version = isIP(address ?? '');
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n >= 0 && n <= (version === 4 ? 32 : 128);
};

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
  /**
   * Who every mail is from: an address the mail service may send as (SES and Google Workspace send
   * only from verified addresses or domains), alone or as "Name" <address>. Empty: the default (a
   * shell would read the default's quotes and angle brackets, so .env.example leaves it empty).
   */
  MAIL_FROM: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(?:"[^"<>\r\n]*"\s*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>"]+@[^\s@<>]+\.[^\s@<>]+)$/, {
        error: 'must be an address, or "Name" <address>',
      })
      .default('"Siam Drive" <no-reply@siamdrive.co.th>'),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The address people reach the site at; used in emails, the sitemap and share links. */
  PUBLIC_URL: optional(z.url()),
  /**
   * Seed believable demo data (and the demo admin and staff accounts) when the database is
   * empty. Default: yes for `npm start` and development, no in production (NODE_ENV=production)
   * unless set explicitly.
   */
  SEED_DEMO: optional(z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')),
  /**
   * This site is a demonstration: in production it may take card bookings through the sandbox
   * gateway (no money moves). Without it, production refuses to start without Omise keys.
   */
  DEMO_SITE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * The proxies (load balancers) whose X-Forwarded-For we believe, as addresses or CIDRs,
   * comma-separated. Default none: the client's address is the connection's, so nobody
   * can choose the address every per-address limit counts.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isAddressOrCidr), 'must be a comma-separated list of addresses or CIDRs'),
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
  /**
   * Facebook's Graph API, with its version (access tokens are checked there; the page's SDK is started
   * with the same version). v26.0 is Meta's newest (released 29 July 2026); a version is answered about
   * two years, then calls fall forward to the oldest one still kept.
   */
  FACEBOOK_GRAPH_URL: z
    .url()
    .regex(/\/v\d+\.\d+\/?$/, { error: 'must end with the version, e.g. /v26.0' })
    .default('https://graph.facebook.com/v26.0'),
  /** Facebook's JavaScript SDK (loaded on /login and /register only). */
  FACEBOOK_SDK_URL: z.url().default('https://connect.facebook.net/en_US/sdk.js'),
  /**
   * LINE Login (a "LINE Login" channel): its channel id and secret; both unset = no LINE button.
   * The callback to register with LINE is PUBLIC_URL + /api/v1/auth/line/callback.
   */
  LINE_LOGIN_CHANNEL_ID: optional(z.string().regex(/^\d+$/, 'must be the numeric channel id')),
  LINE_LOGIN_CHANNEL_SECRET: optional(z.string().min(1)),
  /** LINE's authorization page (the browser is sent there). */
  LINE_AUTH_URL: z.url().default('https://access.line.me/oauth2/v2.1/authorize'),
  /** LINE's API: the token endpoint, the ID-token keys, friendship status and the Messaging API. */
  LINE_API_URL: z.url().default('https://api.line.me'),
  /**
   * The Messaging API channel (our official account, linked to the login channel under one
   * provider): a long-lived channel access token for pushes, and its channel secret for webhook
   * signatures. Unset = no LINE messages and the webhook refuses everything.
   */
  LINE_MESSAGING_ACCESS_TOKEN: optional(z.string().min(1)),
  LINE_MESSAGING_CHANNEL_SECRET: optional(z.string().min(1)),
  /** Failed sign-ins or password checks allowed per account and per address in one window. */
  AUTH_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Registrations allowed from one address in one window. */
  AUTH_MAX_REGISTRATIONS: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * Bookings awaiting a transfer or PromptPay that one network address may hold at once,
   * across accounts (docs/decisions/1301-unpaid-holds.md). Raise it for a counter's own
   * network or a test run where every booking comes from one address.
   */
  UNPAID_MAX_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(businessRules.maxUnpaidPerAddress),
  /** The length of the sign-in rate-limit window, in minutes. */
  AUTH_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Omise card payments: both keys switch the sandbox gateway off (docs: README, Settings). */
  OMISE_PUBLIC_KEY: optional(z.string().regex(/^pkey_/, 'must start with pkey_')),
  OMISE_SECRET_KEY: optional(z.string().regex(/^skey_/, 'must start with skey_')),
  OMISE_API_URL: z.url().default('https://api.omise.co'),
  OMISE_VAULT_URL: z.url().default('https://vault.omise.co'),
  /**
   * Omise.js, which turns a card into a token in the customer's browser (Omise's CDN by default); the
   * Content-Security-Policy allows its origin, and the vault's for its frame, only with Omise keys set.
   */
  OMISE_JS_URL: z.url().default('https://cdn.omise.co/omise.js'),
  /**
   * The webhook endpoint's signing secret, as Omise's dashboard shows it (base64). Set: an event is
   * believed only with a valid Omise-Signature (decision 3411); the charge is fetched back either way.
   */
  OMISE_WEBHOOK_SECRET: optional(z.string().regex(/^[A-Za-z0-9+/]{16,}={0,2}$/, 'must be base64')),
  /**
   * How often the server's background jobs run, in seconds: pending gateway charges asked after, unpaid
   * bookings expired, LINE messages pushed, monthly invoices issued, deposit holds renewed, lost card
   * answers looked up (server.ts). Every job is safe at any pace and on several instances at once.
   */
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How long a rendered page is served to every visitor of it before it is rendered again; 0: never kept. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * Turn requests away (503) when the event loop runs this late, in ms, for two samples (400 ms) in a
   * row: a saturated process; 0: never. At 200, a crowd of cache misses is turned away early enough for
   * /health to answer (plugins/load-shedding.ts, docs/decisions/1401 item 6).
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  /**
   * …or when the event loop is busy this share of the time (0-1). 1 (the default): the delay alone
   * decides, since a process answering quickly at full use is busy, not late.
   */
  SHED_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0.5).max(1).default(1),
  /**
   * PDFs (receipts, the first download of a tax document, a signed agreement) are written on this many
   * worker threads, never on the event loop (docs/decisions/3103). One suits two cores: the other
   * answers everyone else.
   */
  PDF_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** PDFs that may wait for a worker; past it a download is answered 503 with Retry-After. */
  PDF_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(8),
  /** Downloads of documents (receipts, tax invoices and notes, agreements) per signed-in person per minute; then 429. */
  DOCUMENT_DOWNLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  /** How long a call to Omise may take; past it a charge's outcome is unknown and checked later. */
  OMISE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /**
   * Deposits held `pre_auth`, so staff can keep part of one (Omise's Single Partial Capture: only with
   * a contract with Omise Thailand). Off: a held deposit is kept whole or returned whole
   * (docs/decisions/3401).
   */
  OMISE_PARTIAL_CAPTURE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Automatic slip checks (issue 16): a slip-verification provider speaking EasySlip's HTTP API
   * (modules/payments/slip-verifier.ts). Unset token: every slip waits for staff, marked so.
   */
  SLIP_VERIFY_TOKEN: optional(z.string().min(8, 'must be at least 8 characters')),
  SLIP_VERIFY_URL: z.url().default('https://developer.easyslip.com'),
  /** How long the provider may take; past it the slip waits for staff, marked "provider unavailable". */
  SLIP_VERIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** Prometheus scrapes /metrics with `Authorization: Bearer <this>`; unset: no /metrics at all. */
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  /**
   * Uploaded files (slips, car pictures) in an S3-compatible bucket that every instance shares
   * (AWS S3, Cloudflare R2, MinIO, Wasabi); unset: DATA_DIR/uploads on this machine.
   */
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name')),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The service's address when it is not AWS (e.g. https://<account>.r2.cloudflarestorage.com). */
  S3_ENDPOINT: optional(z.url()),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /** host/bucket/key addressing (MinIO and most self-hosted services); the default with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: optional(
    z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
  ),
  /**
   * When uploads carry a checksum (the AWS SDK's requestChecksumCalculation, and the answers' checked
   * likewise): WHEN_REQUIRED (the default) only where S3 requires one, which S3-compatible stores
   * (MinIO, R2, Wasabi, older Ceph) take; WHEN_SUPPORTED, the SDK's own default since 2025, adds
   * CRC32 to every upload, which several of them refuse.
   */
  S3_CHECKSUMS: z.enum(['WHEN_REQUIRED', 'WHEN_SUPPORTED']).default('WHEN_REQUIRED'),
});

export type Settings = Omit<z.infer<typeof settingsSchema>, 'SEED_DEMO'> & {
  SEED_DEMO: boolean;
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
  const production = s.NODE_ENV === 'production';
  // Nobody must believe they are paying when the sandbox takes the card: production needs a
  // real gateway, or to say plainly that it is a demonstration.
  if (production && !(s.OMISE_PUBLIC_KEY && s.OMISE_SECRET_KEY) && !s.DEMO_SITE)
    throw new SettingsError(
      'Invalid settings:\n  Card payments would go to the sandbox gateway, which charges nobody. Set OMISE_PUBLIC_KEY and OMISE_SECRET_KEY, or DEMO_SITE=true for a demonstration site.',
    );
  const dataDir = path.resolve(s.DATA_DIR);
  return {
    ...s,
    SEED_DEMO: s.SEED_DEMO ?? !production,
    dataDir,
    publicUrl: (s.PUBLIC_URL ?? `http://${s.HOST}:${s.PORT}`).replace(/\/$/, ''),
  };
}
