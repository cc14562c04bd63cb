import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../../lib/app-error';
import { articlesRoutes } from '../articles/articles.routes';
import { dealsRoutes } from '../deals/deals.routes';
import { formsRoutes } from '../forms/forms.routes';
import { newsletterRoutes } from '../newsletter/newsletter.routes';
import { reviewsRoutes } from '../reviews/reviews.routes';

/**
 * Issue 6's API routes (articles, the public forms, newsletter, promotions,
 * reviews) under /api/v1. The rate limiter lives in this scope only, and only
 * routes that ask for it (`config.rateLimit`) are limited: per address, in
 * Redis when REDIS_URL is set so every instance counts together.
 */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  const redis = app.settings.REDIS_URL
    ? new Redis(app.settings.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: true })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    nameSpace: 'siam-content-rl:',
    ...(redis && { redis }),
    // A broken Redis must not take the contact form down with it.
    skipOnError: true,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests, try again in ${context.after}`),
  });
  await app.register(articlesRoutes);
  await app.register(formsRoutes);
  await app.register(newsletterRoutes);
  await app.register(dealsRoutes);
  await app.register(reviewsRoutes);
};
