import { createHash, randomBytes } from 'node:crypto';
import { addressKey } from '../../lib/address-key';
import { AppError } from '../../lib/app-error';
import type { CounterStore } from '../../lib/counters';
import { signToken, verifyToken } from '../../lib/signed-token';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait and try again later.';
export const CHALLENGE_REQUIRED_MESSAGE = 'Please confirm this sign-in: your browser solves a short check';

export interface ThrottleLimits {
  maxFailures: number;
  maxRegistrations: number;
  windowMinutes: number;
}

/** Who is trying to sign in, as the limits see it. */
export interface SignInAttempt {
  email: string;
  ip: string;
  /** A device this account signed in from before (a signed cookie), when the request carries one. */
  trustedDeviceId?: string;
  /** A solved challenge, when the browser was asked for one. */
  challenge?: { token: string; nonce: string };
}

/** Failures from one address across accounts before sign-ins from it must solve a challenge. */
const ADDRESS_FACTOR = 4;
/**
 * The proof of work's leading zero bits (docs/decisions/3106): 14 bits (about 16,000 hashes) at the
 * first challenge, one bit more (twice the work) for every further AUTH_MAX_FAILURES failures, up to
 * 20 bits (about a million hashes): measured 287,000 hashes/s for a script on one core and 43,000 in
 * Chromium on a core of this (loaded) machine, so at the ceiling a guess costs a script some 3.7 s
 * (7 times the old ceiling of 17 bits) and an owner signing in from a new phone some 20-30 s on average.
 */
export const BASE_DIFFICULTY = 14;
export const MAX_DIFFICULTY = 20;
const CHALLENGE_LIFETIME_MS = 5 * 60_000;
/**
 * An account's failures are remembered a day, not one window: an attack that goes on across
 * windows keeps the difficulty it has reached instead of starting cheap again every 15 minutes.
 */
const ACCOUNT_MEMORY_MS = 24 * 3_600_000;
/** An account's failures (from anywhere) at which its owner is told by mail, once per ACCOUNT_MEMORY_MS. */
const OWNER_ALERT_FACTOR = 2;

/** The difficulty for `over` failures past a limit (1 = the first one over), with `step` failures a bit. */
export function difficultyFor(over: number, step: number): number {
  if (over <= 0) return 0;
  return Math.min(MAX_DIFFICULTY, BASE_DIFFICULTY + Math.floor((over - 1) / step));
}

/** True when SHA-256(token:nonce) starts with `difficulty` zero bits. */
export function solvesChallenge(token: string, nonce: string, difficulty: number): boolean {
  const digest = createHash('sha256').update(`${token}:${nonce}`).digest();
  let bits = difficulty;
  for (const byte of digest) {
    if (bits <= 0) return true;
    if (bits >= 8) {
      if (byte !== 0) return false;
      bits -= 8;
    } else return byte >> (8 - bits) === 0;
  }
  return true;
}

/**
 * The abuse limits of sign-in, after OWASP's authentication guidance (issue 13):
 * nobody can lock another person out.
 *
 * - Nothing is ever locked (issue 31): past its limit, a sign-in must carry a solved
 *   proof-of-work challenge, which costs a person's browser a moment and a guessing
 *   script a lot, more as failures grow. The limits: one account from one address (or
 *   one trusted device) at AUTH_MAX_FAILURES; one account from anywhere at the same
 *   number, remembered a day; one address across accounts at four times it (office and
 *   mobile-carrier NAT). An owner behind the attacker's proxy or NAT still gets in.
 * - A device the account signed in from before (signed cookie) skips the challenge
 *   unless its own pair is past the limit: strangers' failures never stand between an
 *   owner and their account.
 * - When failures on an account reach twice the limit, its owner is told by mail, once a day.
 *
 * Failed password checks on a password change keep the simpler per-account and
 * per-address limit; registrations are counted per address and per email. Unknown
 * emails are counted exactly like known ones, so no answer reveals who has an account.
 */
export class AuthThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: ThrottleLimits,
    private readonly secret: string,
  ) {}

  private get windowMs() {
    return this.limits.windowMinutes * 60_000;
  }

  private refuse(resetInMs: number): never {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE, undefined, { 'retry-after': String(seconds) });
  }

  private keys(attempt: SignInAttempt) {
    // An IPv6 client by its /64: its other addresses are the same household.
    const address = addressKey(attempt.ip);
    return {
      pair: attempt.trustedDeviceId
        ? `login:device:${attempt.email}|${attempt.trustedDeviceId}`
        : `login:pair:${attempt.email}|${address}`,
      account: `login:account:${attempt.email}`,
      address: `login:ip:${address}`,
    };
  }

  /**
   * The challenge difficulty this attempt needs, or 0 when it needs none: the highest of what its
   * pair, its account (from anywhere) and its address (across accounts) call for. A trusted device
   * answers only for its own pair.
   */
  private async requiredDifficulty(attempt: SignInAttempt): Promise<number> {
    const keys = this.keys(attempt);
    const max = this.limits.maxFailures;
    const over = (count: number, limit: number) => (count >= limit ? count - limit + 1 : 0);
    const pair = await this.store.peek(keys.pair);
    if (attempt.trustedDeviceId) return difficultyFor(over(pair.count, max), max);
    const [account, address] = await Promise.all([
      this.store.peek(keys.account),
      this.store.peek(keys.address),
    ]);
    return Math.max(
      difficultyFor(over(pair.count, max), max),
      difficultyFor(over(account.count, max), max),
      difficultyFor(over(address.count, max * ADDRESS_FACTOR), max * ADDRESS_FACTOR),
    );
  }

  /** Asks for a challenge (429 CHALLENGE_REQUIRED) when one is due and not solved; never locks anyone out. */
  async beforeSignIn(attempt: SignInAttempt): Promise<void> {
    const difficulty = await this.requiredDifficulty(attempt);
    if (difficulty === 0) return;
    if (attempt.challenge && (await this.acceptChallenge(attempt.challenge, attempt.email, difficulty)))
      return;
    throw new AppError('CHALLENGE_REQUIRED', CHALLENGE_REQUIRED_MESSAGE);
  }

  /** A fresh challenge for a sign-in to this email, at the difficulty it needs now (at least the base). */
  async issueChallenge(email: string, ip: string): Promise<{ token: string; difficulty: number }> {
    const difficulty = Math.max(BASE_DIFFICULTY, await this.requiredDifficulty({ email, ip }));
    const token = signToken(
      'sign-in-challenge',
      {
        exp: Date.now() + CHALLENGE_LIFETIME_MS,
        email,
        difficulty,
        id: randomBytes(12).toString('base64url'),
      },
      this.secret,
    );
    return { token, difficulty };
  }

  /** A solved challenge counts once, for the email it was issued for, at a difficulty at least the one due. */
  private async acceptChallenge(challenge: { token: string; nonce: string }, email: string, due: number) {
    const claims = verifyToken<{ exp: number; email: string; difficulty: number; id: string }>(
      'sign-in-challenge',
      challenge.token,
      this.secret,
    );
    if (!claims || claims.email !== email || claims.difficulty < due) return false;
    if (!solvesChallenge(challenge.token, challenge.nonce, claims.difficulty)) return false;
    return this.spendOnce('challenge', claims.id, CHALLENGE_LIFETIME_MS);
  }

  /**
   * A single-use token's id (a solved challenge, LINE's identity cookie): true the first time,
   * false ever after while the token lives. Counted in the shared store, so every instance agrees.
   */
  async spendOnce(kind: string, id: string, lifetimeMs: number): Promise<boolean> {
    const used = await this.store.hit(`${kind}:${id}`, lifetimeMs);
    return used.count === 1;
  }

  /**
   * Counts a failed sign-in. `alertOwner` is true for exactly one failure a day per account:
   * the one that brings the account's failures to twice the limit.
   */
  async recordSignInFailure(
    attempt: SignInAttempt,
  ): Promise<{ alertOwner: boolean; accountFailures: number }> {
    const keys = this.keys(attempt);
    const [, account] = await Promise.all([
      this.store.hit(keys.pair, this.windowMs),
      this.store.hit(keys.account, ACCOUNT_MEMORY_MS),
      this.store.hit(keys.address, this.windowMs),
    ]);
    return {
      alertOwner: account.count === this.limits.maxFailures * OWNER_ALERT_FACTOR,
      accountFailures: account.count,
    };
  }

  /**
   * After a success this pair starts again. The account's and the address's counts stay:
   * one correct guess among many must not wipe the evidence of the others.
   */
  async recordSignInSuccess(attempt: SignInAttempt): Promise<void> {
    await this.store.reset(this.keys(attempt).pair);
  }

  /** Password checks on a password change or account erasure: refused (429) past the limit per account and per address. */
  async assertAllowed(kind: 'password', keys: string[]): Promise<void> {
    const counts = await Promise.all(keys.map((key) => this.store.peek(`${kind}:${key}`)));
    const blocked = counts.filter((c) => c.count >= this.limits.maxFailures);
    if (blocked.length) this.refuse(Math.max(...blocked.map((c) => c.resetInMs)));
  }

  async recordFailure(kind: 'password', keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.store.hit(`${kind}:${key}`, this.windowMs)));
  }

  /** After a success the account's counter starts again; the address's does not (one address, many accounts). */
  async recordSuccess(kind: 'password', accountKey: string): Promise<void> {
    await this.store.reset(`${kind}:${accountKey}`);
  }

  /** Second-factor codes: five wrong codes per account in a window, then 429. */
  async secondFactorAttempt(userId: string, ok: () => Promise<boolean>): Promise<boolean> {
    const key = `second-factor:${userId}`;
    const seen = await this.store.peek(key);
    if (seen.count >= this.limits.maxFailures) this.refuse(seen.resetInMs);
    const passed = await ok();
    if (passed) await this.store.reset(key);
    else await this.store.hit(key, this.windowMs);
    return passed;
  }

  /** Every registration counts, new email or not, so the limit cannot tell which emails exist. */
  async registration(email: string, address: string): Promise<void> {
    const [byAddress, byEmail] = await Promise.all([
      this.store.hit(`register:ip:${addressKey(address)}`, this.windowMs),
      this.store.hit(`register:email:${email}`, this.windowMs),
    ]);
    if (byAddress.count > this.limits.maxRegistrations) this.refuse(byAddress.resetInMs);
    if (byEmail.count > this.limits.maxFailures) this.refuse(byEmail.resetInMs);
  }
}
