import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { healthResponseSchema } from '@siam/contract/health';

/** 200 once the database answers, 503 otherwise: what a load balancer asks. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database readiness',
        response: { 200: healthResponseSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.query('SELECT 1');
        return { status: true };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database does not answer');
        return reply.status(503).send({
          status: false as const,
          code: 'SERVICE_UNAVAILABLE' as const,
          msg: 'Database unavailable',
        });
      }
    },
  );
};
