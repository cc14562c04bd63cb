import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentDealsResponseSchema } from '@siam/contract/content';
import { requestLanguage } from '../../lib/language';

export const dealsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guest/promotions/current',
    {
      schema: {
        tags: ['content'],
        summary: 'Hot deals running now (the promotions page)',
        response: { 200: currentDealsResponseSchema },
      },
    },
    async (request, reply) => {
      // The car names are in the request's language: a browser must not serve one language's copy for another's.
      void reply.header('cache-control', 'public, max-age=60');
      void reply.header('vary', 'accept-language');
      const data = await app.services.deals.current(requestLanguage(request));
      return { status: true as const, response: { data } };
    },
  );
};
