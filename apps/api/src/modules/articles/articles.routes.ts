import etag from '@fastify/etag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  articleParamsSchema,
  articleResponseSchema,
  articlesQuerySchema,
  articlesResponseSchema,
} from '@siam/contract/content';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { requestLanguage } from '../../lib/language';

/**
 * Browsers and proxies may keep articles but must ask again before using
 * them (a 304 costs little): staff publish or withdraw an article and the
 * site must show it at once.
 */
const CACHE_CONTROL = 'public, no-cache';

export const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(etag, { weak: true });
  app.get(
    '/guest/articles',
    {
      schema: {
        tags: ['content'],
        summary: 'Published articles, newest first, paged',
        querystring: articlesQuerySchema,
        response: { 200: articlesResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', CACHE_CONTROL);
      const { page, limit } = request.query;
      const result = await app.services.articles.list(requestLanguage(request), page, limit);
      return { status: true as const, response: result };
    },
  );

  app.get(
    '/guest/articles/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'One article, its Markdown rendered to sanitized HTML (English when not translated)',
        params: articleParamsSchema,
        response: { 200: articleResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const data = await app.services.articles.get(request.params.slug, requestLanguage(request));
      void reply.header('cache-control', CACHE_CONTROL);
      return { status: true as const, response: { data } };
    },
  );
};
