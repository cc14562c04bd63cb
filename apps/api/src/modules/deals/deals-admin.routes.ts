import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  hotDealBodySchema,
  hotDealResponseSchema,
  hotDealsResponseSchema,
  idParamsSchema,
  okResponseSchema,
} from '@siam/contract/admin';
import { ok } from '../../lib/answer';
import { requestLanguage } from '../../lib/language';
import { actorOf } from '../../plugins/authenticate';

/** Hot deals in the back office, inside the admin scope: staff read them, an admin adds and removes them. */
export const dealsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole('admin');
  const tags = ['admin'];

  app.get(
    '/hot-deals',
    {
      schema: {
        tags,
        summary: 'Hot deals, past, running and coming',
        response: { 200: hotDealsResponseSchema },
      },
    },
    async (request) => ok(await app.services.dealsAdmin.hotDeals(requestLanguage(request))),
  );
  app.post(
    '/hot-deals',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a hot deal',
        body: hotDealBodySchema,
        response: { 200: hotDealResponseSchema },
      },
    },
    async (request) =>
      ok(
        await app.services.dealsAdmin.createHotDeal(actorOf(request), request.body, requestLanguage(request)),
      ),
  );
  app.delete(
    '/hot-deals/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Remove a hot deal',
        params: idParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await app.services.dealsAdmin.deleteHotDeal(actorOf(request), request.params.id);
      return ok({ ok: true as const });
    },
  );
};
