import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsPatchSchema, settingsResponseSchema } from '@siam/contract/admin';
import { actorOf } from '../../plugins/authenticate';
import { ok } from '../../lib/answer';

/**
 * The settings admins change without a deploy (the rental switch, bank account, PromptPay,
 * contact details, exchange rates), inside the admin scope (admin.routes.ts): admins only.
 */
export const siteSettingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole('admin');
  const tags = ['admin'];

  app.get(
    '/settings',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Rental switch, bank account, PromptPay, contact details',
        response: { 200: settingsResponseSchema },
      },
    },
    async () => ok(await app.services.settingsAdmin.read()),
  );
  app.patch(
    '/settings',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Change settings; each changed one is audited',
        body: settingsPatchSchema,
        response: { 200: settingsResponseSchema },
      },
    },
    async (request) => ok(await app.services.settingsAdmin.update(actorOf(request), request.body)),
  );
};
