import type { FastifyPluginAsync } from 'fastify';
import { articlesRoutes } from '../articles/articles.routes';
import { dealsRoutes } from '../deals/deals.routes';
import { formsRoutes } from '../forms/forms.routes';
import { newsletterRoutes } from '../newsletter/newsletter.routes';
import { reviewsRoutes } from '../reviews/reviews.routes';

/**
 * Issue 6's API routes (articles, the public forms, newsletter, promotions,
 * reviews) under /api/v1. Routes that ask for it (`config.rateLimit`) are
 * limited per address by plugins/rate-limits.ts.
 */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(articlesRoutes);
  await app.register(formsRoutes);
  await app.register(newsletterRoutes);
  await app.register(dealsRoutes);
  await app.register(reviewsRoutes);
};
