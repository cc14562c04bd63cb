import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendUnavailable } from './unavailable-answer';

/** The event loop is sampled this often; a saturated process is noticed within a sample or two. */
const SAMPLE_MS = 200;
/** Node's delay histogram ticks this often. */
const RESOLUTION_MS = 10;
/** Two samples: long enough to forget the start-up (migrations, loading the page renderer). */
const STARTUP_GRACE_MS = 500;

/**
 * How late the event loop runs and how busy it is, over the last sample.
 *
 * The delay is the larger of the mean of the loop's delays in the sample
 * (Node's histogram: a crowd keeps every turn of the loop long) and how late
 * the sampling timer itself ran (one task that held the loop for a second).
 * A sample in which the histogram caught nothing (the loop, or the whole
 * process on a machine short of CPU, was held for most of it) is as late as
 * the timer says: @fastify/under-pressure read it as an infinite delay, so
 * a run of 250 ms tasks turned every visitor away under a one-second limit.
 */
function watchEventLoop() {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const loop = { delayMs: 0, utilization: 0 };
  let sampledAt = performance.now();
  let busyBefore = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.now();
    const timerLateMs = now - sampledAt - SAMPLE_MS;
    const meanDelayMs = histogram.count > 0 ? histogram.mean / 1e6 - RESOLUTION_MS : 0;
    loop.delayMs = Math.max(0, timerLateMs, meanDelayMs);
    const busyNow = performance.eventLoopUtilization();
    loop.utilization = performance.eventLoopUtilization(busyNow, busyBefore).utilization;
    sampledAt = now;
    busyBefore = busyNow;
    histogram.reset();
  }, SAMPLE_MS);
  // The sampling never keeps a process alive that has nothing else to do.
  timer.unref();
  return {
    loop,
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
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
  const watch = watchEventLoop();
  app.addHook('onClose', async () => watch.stop());
  // Starting up keeps the loop late for a moment; that is not a crowd, so the first samples
  // after the app is ready do not count.
  let countsFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    countsFrom = performance.now() + STARTUP_GRACE_MS;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (performance.now() < countsFrom || alwaysAnswered(request)) return;
    const { delayMs, utilization } = watch.loop;
    // A utilisation limit of 1 leaves the utilisation out: only the delay counts.
    const type =
      delayMs > SHED_EVENT_LOOP_DELAY_MS
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
