import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { metricsRegistry, requestDuration } from '../lib/metrics';

/**
 * Prometheus metrics at /metrics (issue 15): request latency by route, bookings
 * created, payments by outcome, background job runs, and Node's own figures.
 * Not public: without METRICS_TOKEN the address does not exist (404); with it,
 * a scrape must send `Authorization: Bearer <token>` (401 otherwise).
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      {
        method: request.method,
        // The pattern (/api/v1/guest/cars/:id), never the address: ids and queries stay out of labels.
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const token = app.settings.METRICS_TOKEN;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.status(401).header('cache-control', 'no-store').send({
        status: false,
        code: 'UNAUTHORIZED',
        msg: 'A metrics token is needed',
      });
    return reply
      .header('cache-control', 'no-store')
      .type(metricsRegistry.contentType)
      .send(await metricsRegistry.metrics());
  });
});
