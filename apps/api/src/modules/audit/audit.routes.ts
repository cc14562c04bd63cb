import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema } from '@siam/contract/admin';

/** GET /admin/audit-log: admins read who changed what (registered inside the admin scope). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first, paged and filterable',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema },
      },
    },
    async (request) => {
      const result = await app.services.audit.list(request.query);
      return { status: true as const, response: result };
    },
  );
};
