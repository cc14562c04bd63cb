import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { healthResponseSchema } from '@siam/contract/health';
import { appliedMigrations, listMigrations } from '../../db/migrate';

/**
 * Two questions a load balancer or an orchestrator asks (issue 15):
 * - `/health`: is the process alive? Answered without the database, so a
 *   database outage does not get every instance restarted.
 * - `/health/ready`: may it take traffic? The database answers and every
 *   migration this build knows has been applied.
 *   Its answer also names what an operator should fix without failing it: `warnings`
 *   (X-Forwarded-For from a proxy TRUST_PROXY does not list, plugins/client-address.ts).
 * Both are always answered, however busy the process (plugins/load-shedding.ts).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = listMigrations().map((m) => m.name);

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: true }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers and the migrations are applied',
        response: { 200: healthResponseSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      let missing: string[];
      try {
        const applied = await appliedMigrations(app.database);
        missing = expected.filter((name) => !applied.has(name));
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database does not answer');
        return reply.status(503).send({
          status: false as const,
          code: 'SERVICE_UNAVAILABLE' as const,
          msg: 'Database unavailable',
        });
      }
      if (missing.length > 0)
        return reply.status(503).send({
          status: false as const,
          code: 'SERVICE_UNAVAILABLE' as const,
          msg: `Migrations not applied: ${missing.join(', ')}`,
        });
      // Ready, but something an operator should fix (an unlisted proxy, say): said, not failed.
      const warnings = app.clientAddressWarnings();
      return warnings.length ? { status: true, warnings } : { status: true };
    },
  );
};
