import type { FastifyRequest } from 'fastify';
import { type Language, isLanguage } from '@siam/contract/languages';
import { requestLanguage } from './language';

/**
 * The abuse rules every public form shares: at most a few posts per address
 * in ten minutes, small bodies, and a spam trap people never notice (a hidden
 * `website` field and a minimum time on screen). A post caught by the trap is
 * answered exactly like a real one and then dropped, so a bot learns nothing.
 */
export const formRateLimit = { max: 5, timeWindow: '10 minutes' } as const;
/** Following an emailed link is cheap and harmless, but still bounded per address. */
export const linkRateLimit = { max: 30, timeWindow: '10 minutes' } as const;
export const formBodyLimit = 32 * 1024;

export interface AntiSpamFields {
  website?: string;
  elapsedMs?: number;
}

/** True when a post looks automated: the hidden field filled, or sent faster than a person can type. */
export function looksAutomated(body: AntiSpamFields, minFillMs: number): boolean {
  if (body.website && body.website.trim() !== '') return true;
  return body.elapsedMs === undefined || body.elapsedMs < minFillMs;
}

/** The language a form was filled in: what the site says, else the request's. */
export function formLanguage(request: FastifyRequest, bodyLanguage?: string): Language {
  return isLanguage(bodyLanguage) ? bodyLanguage : requestLanguage(request);
}
