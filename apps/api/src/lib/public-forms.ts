import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Language, isLanguage } from '@siam/contract/languages';
import type { CounterStore } from './counters';
import { requestLanguage } from './language';
import { signToken, verifyToken } from './signed-token';

/**
 * The abuse rules every public form shares: at most a few posts per address
 * in ten minutes, small bodies, and a spam trap people never notice (a hidden
 * `website` field, and a minimum time between the server handing the form a
 * signed token and the post: the server's clock, not the browser's word).
 * A post caught by the trap is answered exactly like a real one and then
 * dropped, so a bot learns nothing.
 */
export const formRateLimit = { max: 5, windowMinutes: 10 } as const;
/** Following an emailed link is cheap and harmless, but still bounded per address. */
export const linkRateLimit = { max: 30, windowMinutes: 10 } as const;
export const formBodyLimit = 32 * 1024;

export interface AntiSpamFields {
  website?: string;
  formToken?: string;
}

const FORM_TOKEN_PURPOSE = 'public-form';
/** A form left open longer than this asks for a new token (the site does it by itself). */
const FORM_TOKEN_LIFETIME_MS = 6 * 3_600_000;

/** The token a form carries: signed, with the time the server handed it out. */
export function issueFormToken(secret: string, now = Date.now()): string {
  return signToken(
    FORM_TOKEN_PURPOSE,
    { exp: now + FORM_TOKEN_LIFETIME_MS, iat: now, n: randomBytes(6).toString('base64url') },
    secret,
  );
}

/**
 * True when a post looks automated: the hidden field filled, no valid token, sent faster than a
 * person can type, or a token that already served a post. A token serves one post (issue 31: one
 * served 12 posts from 12 addresses): the first post that gets this far spends it, in the counter
 * store every instance shares; the site asks for a new one after each post it sends.
 */
export async function looksAutomated(
  body: AntiSpamFields,
  minFillMs: number,
  secret: string,
  counters: CounterStore,
  now = Date.now(),
): Promise<boolean> {
  if (body.website && body.website.trim() !== '') return true;
  const token = verifyToken<{ exp: number; iat: number; n: string }>(
    FORM_TOKEN_PURPOSE,
    body.formToken,
    secret,
    now,
  );
  if (!token || now - token.iat < minFillMs) return true;
  // Kept as long as the token could still be used.
  const { count } = await counters.hit(`form-token:${token.n}`, Math.max(1, token.exp - now));
  return count > 1;
}

/** Mails to one address that its owner did not ask for by signing in (thank-yous, confirmations): at most this many a day. */
const UNSOLICITED_MAILS_PER_DAY = 3;

/**
 * Whether one more mail may go to an address nobody has verified. The public
 * forms take any address, so without this anyone could make us mail a stranger
 * over and over; past the allowance the post is still stored, only the mail is skipped.
 */
export async function mayMailUnverified(counters: CounterStore, email: string): Promise<boolean> {
  const { count } = await counters.hit(`mail-to:${mailbox(email)}`, 86_400_000);
  return count <= UNSOLICITED_MAILS_PER_DAY;
}

/**
 * The mailbox an address delivers to, so its spellings share one allowance (issue 31: a+1@x,
 * a+2@x… each had their own): lower case, without the `+tag` mail servers drop, and for Gmail
 * without the dots it ignores (googlemail.com is gmail.com).
 */
export function mailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** The language a form was filled in: what the site says, else the request's. */
export function formLanguage(request: FastifyRequest, bodyLanguage?: string): Language {
  return isLanguage(bodyLanguage) ? bodyLanguage : requestLanguage(request);
}
