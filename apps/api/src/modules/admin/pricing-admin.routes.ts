import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@siam/contract/admin';
import {
  addonParamsSchema,
  addonPatchSchema,
  addonResponseSchema,
  addonsResponseSchema,
  promotionBodySchema,
  promotionPatchSchema,
  promotionResponseSchema,
  promotionsResponseSchema,
} from '@siam/contract/admin-bookings';
import { currentUser } from '../../plugins/authenticate';

const actorOf = (request: FastifyRequest) => {
  const user = currentUser(request);
  return { id: user.id, email: user.email };
};
const ok = <T>(data: T) => ({ status: true as const, response: { data } });

/** Add-on prices and promotion codes: staff may read them, only admins change them (inside the admin scope). */
export const pricingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const adminOnly = app.requireRole('admin');
  const svc = () => app.services.pricingAdmin;

  app.get(
    '/addons',
    { schema: { tags, summary: 'Add-ons and their daily prices', response: { 200: addonsResponseSchema } } },
    async () => ok(await svc().addons()),
  );
  app.patch(
    '/addons/:code',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Change an add-on's daily price or take it off sale",
        params: addonParamsSchema,
        body: addonPatchSchema,
        response: { 200: addonResponseSchema },
      },
    },
    async (request) => ok(await svc().updateAddon(actorOf(request), request.params.code, request.body)),
  );
  app.get(
    '/promotions',
    { schema: { tags, summary: 'Promotion codes', response: { 200: promotionsResponseSchema } } },
    async () => ok(await svc().promotions()),
  );
  app.post(
    '/promotions',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a promotion code (kind, value, validity, limits)',
        body: promotionBodySchema,
        response: { 200: promotionResponseSchema },
      },
    },
    async (request) => ok(await svc().createPromotion(actorOf(request), request.body)),
  );
  app.patch(
    '/promotions/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Change a promotion code',
        params: idParamsSchema,
        body: promotionPatchSchema,
        response: { 200: promotionResponseSchema },
      },
    },
    async (request) => ok(await svc().updatePromotion(actorOf(request), request.params.id, request.body)),
  );
};
