import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settleCheckBodySchema, settleCheckResponseSchema } from '@siam/contract/admin-payment-checks';
import { ok } from '../../lib/answer';
import { actorOf } from '../../plugins/authenticate';

/**
 * Payments' staff routes, inside the back office's scope (staff and admins only, admin.routes.ts).
 */
export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payment-checks/settle',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Settles a card payment marked "charged? check": asks the gateway once more; paid → the booking is paid, not charged → it is let go (its car freed when its time to pay is over). Nothing changes when the gateway does not answer (503)',
        body: settleCheckBodySchema,
        response: { 200: settleCheckResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.payments.settleChargedCheck(actorOf(request), request.body.bookingId)),
  );
};
