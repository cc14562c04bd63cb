import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendUnavailable } from './unavailable-answer';

/** Two samples of the event loop (200 ms each): long enough to forget the start-up. */
const STARTUP_GRACE_MS = 500;

/**
 * Requests that are always answered, however busy the process: the health
 * checks (a load balancer that hears nothing drops the instance, which makes
 * a crowd worse) and the built files, which cost nothing to send and without
 * which a page already shown cannot start.
 */
function alwaysAnswered(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api/v1/health' || path.startsWith('/api/v1/health/') || path === '/metrics') return true;
  return !path.startsWith('/api/') && /\.[a-z0-9]{2,5}$/i.test(path);
}

/**
 * When the process is saturated (its event loop falls behind), new requests
 * are turned away at once with 503 and Retry-After, in the visitor's language,
 * instead of queueing behind work nobody will wait for: the requests already
 * taken finish in time and /health keeps answering (issue 14). The thresholds
 * are settings: SHED_EVENT_LOOP_DELAY_MS and SHED_EVENT_LOOP_UTILIZATION.
 */
export const loadSheddingPlugin = fp(async (app: FastifyInstance) => {
  const { SHED_EVENT_LOOP_DELAY_MS, SHED_EVENT_LOOP_UTILIZATION } = app.settings;
  if (SHED_EVENT_LOOP_DELAY_MS === 0) return;
  // Starting up (migrations, loading the page renderer) keeps the loop late for a moment; that is
  // not a crowd, so the first samples after the app is ready do not count.
  let countsFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    countsFrom = performance.now() + STARTUP_GRACE_MS;
  });
  await app.register(underPressure, {
    sampleInterval: 200,
    // The share of the last sample's 200 ms, not of the whole life of the process.
    eventLoopUtilizationMode: 'interval',
    maxEventLoopDelay: SHED_EVENT_LOOP_DELAY_MS,
    // 1 leaves the utilisation out: only the delay counts.
    ...(SHED_EVENT_LOOP_UTILIZATION < 1 && { maxEventLoopUtilization: SHED_EVENT_LOOP_UTILIZATION }),
    pressureHandler: (request: FastifyRequest, reply: FastifyReply, type: string, value?: number) => {
      // Nothing sent: the request goes on as usual.
      if (alwaysAnswered(request) || performance.now() < countsFrom) return;
      request.log.warn({ type, value, url: request.url }, 'busy: request turned away');
      sendUnavailable(app, request, reply, 'busy');
    },
  });
});
