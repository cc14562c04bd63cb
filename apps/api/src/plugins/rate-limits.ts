import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '@siam/contract/languages';
import { addressKey } from '../lib/address-key';
import { AppError } from '../lib/app-error';
import { requestLanguage } from '../lib/language';

/** A route's limit: at most `max` requests in `windowMinutes`. */
export interface RouteRateLimit {
  max: number;
  windowMinutes: number;
  /**
   * Whom it counts: the client address (the default), or the signed-in person (a route behind
   * requireUser or requireStaff), whatever address they come from.
   */
  per?: 'address' | 'user';
  /** Routes that share one count (e.g. every document download); each route counts alone without one. */
  group?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Limits this route (counted in the app's counter store, shared through Redis). */
    rateLimit?: RouteRateLimit;
  }
}

const tooMany: Record<Language, (minutes: number) => string> = {
  th: (n) => `มีคำขอมากเกินไป กรุณาลองใหม่ในอีก ${n} นาที`,
  en: (n) => `Too many requests, try again in ${n === 1 ? '1 minute' : `${n} minutes`}`,
  zh: (n) => `请求过多，请在 ${n} 分钟后重试`,
};

/**
 * Document downloads per signed-in person (receipts, tax invoices and notes, monthly invoices,
 * agreements): one count across all of them, so one customer's loop cannot keep the PDF writer
 * busy for everyone (docs/decisions/3103).
 */
export function documentDownloadsLimit(app: FastifyInstance): RouteRateLimit {
  return {
    max: app.settings.DOCUMENT_DOWNLOADS_PER_MINUTE,
    windowMinutes: 1,
    per: 'user',
    group: 'documents',
  };
}

/**
 * Limits for the routes that ask for one (`config: { rateLimit }`): per address for the public forms,
 * the newsletter links, reviews; per signed-in person for document downloads. They count in the same
 * store as the sign-in limits, so when Redis is away they go on counting per instance
 * (lib/counters.ts) instead of letting everything through. The 429 is in the caller's language.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  // Counted after the route's own sign-in guard (onRequest), before the body is validated:
  // an anonymous caller of a customer route gets 401, and invalid posts count too.
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const count = async (request: FastifyRequest) => {
      const userId = request.auth?.user.id;
      const who = limit.per === 'user' && userId !== undefined ? `user:${userId}` : addressKey(request.ip);
      const { count: n, resetInMs } = await app.services.counters.hit(
        `route:${limit.group ?? `${request.method}:${request.routeOptions.url}`}:${who}`,
        limit.windowMinutes * 60_000,
      );
      if (n > limit.max)
        throw new AppError(
          'RATE_LIMITED',
          tooMany[requestLanguage(request)](Math.ceil(resetInMs / 60_000)),
          undefined,
          { 'retry-after': String(Math.max(1, Math.ceil(resetInMs / 1000))) },
        );
    };
    route.preValidation = [
      count,
      ...([] as unknown[]).concat(route.preValidation ?? []),
    ] as typeof route.preValidation;
  });
});
