import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSiteSettingsResponseSchema } from '@siam/contract/site-settings';
import { requestLanguage } from '../../lib/language';

export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guest/site-settings',
    {
      schema: {
        tags: ['site'],
        summary: 'The rental switch and the company contact details, localized',
        response: { 200: publicSiteSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      // Staff changes must show at once; the short cache only spares a burst of page loads.
      void reply.header('cache-control', 'public, max-age=30');
      // Localized (head office, bank): a browser keeps one copy per language, never serves th's to zh.
      void reply.header('vary', 'accept-language');
      const data = await app.services.siteSettings.publicSettings(requestLanguage(request));
      return { status: true as const, response: { data } };
    },
  );
};
