import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** A route's limit per client address: at most `max` requests in `windowMinutes`. */
export interface RouteRateLimit {
  max: number;
  windowMinutes: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Limits this route per client address (counted in the app's counter store, shared through Redis). */
    rateLimit?: RouteRateLimit;
  }
}

const minutes = (n: number) => (n === 1 ? '1 minute' : `${n} minutes`);

/**
 * Per-address limits for the routes that ask for one (`config: { rateLimit }`):
 * the public forms, the newsletter links, reviews. They count in the same store
 * as the sign-in limits, so when Redis is away they go on counting per instance
 * (lib/counters.ts) instead of letting everything through.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  // Counted after the route's own sign-in guard (onRequest), before the body is validated:
  // an anonymous caller of a customer route gets 401, and invalid posts count too.
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const count = async (request: FastifyRequest) => {
      const { count: n, resetInMs } = await app.services.counters.hit(
        `route:${request.method}:${request.routeOptions.url}:${request.ip}`,
        limit.windowMinutes * 60_000,
      );
      if (n > limit.max)
        throw new AppError(
          'RATE_LIMITED',
          `Too many requests, try again in ${minutes(Math.ceil(resetInMs / 60_000))}`,
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
