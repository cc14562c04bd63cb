import { bangkokToday } from '@siam/contract/bangkok-time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscribersQuerySchema, subscribersResponseSchema } from '@siam/contract/admin-inbox';
import { currentUser } from '../../plugins/authenticate';

/**
 * Newsletter subscribers in the back office, /api/v1/admin/newsletter/…
 * (inside the admin scope). Admins only: the export is a bulk copy of
 * personal data, so it stays with the people who answer for it.
 */
export const newsletterAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole('admin');
  const tags = ['admin'];

  app.get(
    '/newsletter/subscribers',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Subscribers newest first, by status, with the count of each status',
        querystring: subscribersQuerySchema,
        response: { 200: subscribersResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: await app.services.newsletterAdmin.list(request.query),
    }),
  );

  app.get(
    '/newsletter/subscribers.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Confirmed subscribers as CSV (email, language, confirmed_at); the export is audited',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { csv } = await app.services.newsletterAdmin.exportConfirmed({ id: user.id, email: user.email });
      const day = bangkokToday();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-confirmed-${day}.csv"`)
        .send(csv);
    },
  );
};
