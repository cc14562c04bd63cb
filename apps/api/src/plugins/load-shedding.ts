import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorEnvelope } from '@siam/contract/errors';
import type { Language } from '@siam/contract/languages';
import { escapeMarkup } from '../lib/escape-markup';
import { pageLanguage, requestLanguage } from '../lib/language';

/** How long a turned-away visitor is asked to wait (seconds); the page retries by itself then. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Two samples of the event loop (200 ms each): long enough to forget the start-up. */
const STARTUP_GRACE_MS = 500;

export const busyMessages: Record<Language, { title: string; text: string; retry: string }> = {
  th: {
    title: 'ขณะนี้มีผู้ใช้งานจำนวนมาก',
    text: 'ขณะนี้มีผู้ใช้งานจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกไม่กี่วินาที หน้านี้จะโหลดใหม่เอง',
    retry: 'ลองอีกครั้ง',
  },
  en: {
    title: 'We are very busy right now',
    text: 'We are very busy right now. Please try again in a few seconds: this page reloads by itself.',
    retry: 'Try again',
  },
  zh: {
    title: '当前访问人数较多',
    text: '当前访问人数较多，请几秒钟后再试。本页面会自动重新加载。',
    retry: '重试',
  },
};

/**
 * Requests that are always answered, however busy the process: the health
 * checks (a load balancer that hears nothing drops the instance, which makes
 * a crowd worse) and the built files, which cost nothing to send and without
 * which a page already shown cannot start.
 */
function alwaysAnswered(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api/v1/health' || path.startsWith('/api/v1/health/')) return true;
  return !path.startsWith('/api/') && /\.[a-z0-9]{2,5}$/i.test(path);
}

function busyPage(language: Language): string {
  const m = busyMessages[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${BUSY_RETRY_AFTER_SECONDS}">
<title>${escapeMarkup(m.title)} · Siam Drive</title></head>
<body><main><h1>${escapeMarkup(m.title)}</h1><p>${escapeMarkup(m.text)}</p><p><a href="">${escapeMarkup(m.retry)}</a></p></main></body></html>`;
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
      sendBusy(app, request, reply);
    },
  });
});

/** 503 with Retry-After: a page that reloads itself, or the API's error envelope, in the visitor's language. */
export function sendBusy(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  app.applySecurityHeaders(reply);
  reply
    .status(503)
    .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store');
  if (request.url.startsWith('/api/')) {
    const body: ErrorEnvelope = {
      status: false,
      code: 'SERVICE_UNAVAILABLE',
      msg: busyMessages[requestLanguage(request)].text,
    };
    return reply.send(body);
  }
  return reply.type('text/html; charset=utf-8').send(busyPage(pageLanguage(request)));
}
