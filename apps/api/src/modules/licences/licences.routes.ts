import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  licenceCountryParamsSchema,
  licenceRuleBodySchema,
  licenceRulesResponseSchema,
} from '@siam/contract/licence-rules';
import { actorOf } from '../../plugins/authenticate';
import { ok } from '../../lib/answer';

/** What a licence from each country needs: staff's changes to the contract's defaults (decision 3601). */
export const licencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guest/licence-rules',
    {
      schema: {
        tags: ['site'],
        summary: 'Licence countries whose rule staff changed from the defaults (licence-countries.ts)',
        response: { 200: licenceRulesResponseSchema },
      },
    },
    async (_request, reply) => {
      // Staff changes must show soon; the short cache spares a burst of page loads.
      void reply.header('cache-control', 'public, max-age=30');
      return ok({ changes: await app.services.licences.changes() });
    },
  );
};

/** The back office's licence rules, inside the admin scope (admin.routes.ts): admins change them. */
export const licencesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/licence-rules',
    {
      schema: {
        tags: ['admin'],
        summary: 'Licence countries whose rule staff changed',
        response: { 200: licenceRulesResponseSchema },
      },
    },
    async () => ok({ changes: await app.services.licences.changes() }),
  );
  app.put(
    '/licence-rules/:country',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: "Set what a country's licence needs (the default's value removes the change); audited",
        params: licenceCountryParamsSchema,
        body: licenceRuleBodySchema,
        response: { 200: licenceRulesResponseSchema },
      },
    },
    async (request) =>
      ok({
        changes: await app.services.licences.set(
          actorOf(request),
          request.params.country,
          request.body.accepts,
        ),
      }),
  );
};
