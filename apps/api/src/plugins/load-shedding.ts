import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendUnavailable } from './unavailable-answer';

/** The loop's own timer ticks this often; how late each tick runs is how long a request waited. */
const TICK_MS = 20;
/** The delay and the utilisation are published for each stretch this long. */
const SAMPLE_MS = 200;
/** Two samples: long enough to forget the start-up (migrations, loading the page renderer). */
const STARTUP_GRACE_MS = 500;

/**
 * How late the event loop ran and how busy it was. A sample's delay is the
 * latest a 20 ms timer of our own ran in it: as long as a request arriving
 * then waited before it was read. The loop is late while two samples in a row
 * are past `limitMs`: a crowd keeps every sample late, while one pause (a
 * large query, a collection of the heap) makes one late sample, and is not a
 * crowd.
 *
 * Why not @fastify/under-pressure: it reads a sample in which Node's delay
 * histogram caught nothing as an infinite delay, so a process short of CPU for
 * a moment, or behind a run of 250 ms tasks, turned every visitor away however
 * high the limit (docs/decisions/1401, item 6).
 */
function watchEventLoop(limitMs: number) {
  const loop = { late: false, delayMs: 0, utilization: 0 };
  let lastTick = performance.now();
  let sampleFrom = lastTick;
  let latest = 0;
  let busyBefore = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.now();
    latest = Math.max(latest, now - lastTick - TICK_MS);
    lastTick = now;
    if (now - sampleFrom < SAMPLE_MS) return;
    const busyNow = performance.eventLoopUtilization();
    // loop.delayMs is still the sample before this one.
    loop.late = Math.min(latest, loop.delayMs) > limitMs;
    loop.delayMs = latest;
    loop.utilization = performance.eventLoopUtilization(busyNow, busyBefore).utilization;
    sampleFrom = now;
    busyBefore = busyNow;
    latest = 0;
  }, TICK_MS);
  // The sampling never keeps a process alive that has nothing else to do.
  timer.unref();
  return {
    loop,
    stop: () => clearInterval(timer),
  };
}

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
  const watch = watchEventLoop(SHED_EVENT_LOOP_DELAY_MS);
  app.addHook('onClose', async () => watch.stop());
  // Starting up keeps the loop late for a moment; that is not a crowd, so the first samples
  // after the app is ready do not count.
  let countsFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    countsFrom = performance.now() + STARTUP_GRACE_MS;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (performance.now() < countsFrom || alwaysAnswered(request)) return;
    const { late, delayMs, utilization } = watch.loop;
    // A utilisation limit of 1 leaves the utilisation out: only the delay counts.
    const type = late
      ? 'eventLoopDelay'
      : SHED_EVENT_LOOP_UTILIZATION < 1 && utilization > SHED_EVENT_LOOP_UTILIZATION
        ? 'eventLoopUtilization'
        : null;
    if (!type) return;
    request.log.warn(
      { type, delayMs: Math.round(delayMs), utilization, url: request.url },
      'busy: request turned away',
    );
    return sendUnavailable(app, request, reply, 'busy');
  });
});
