import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@siam/contract/errors';
import type { Language } from '@siam/contract/languages';
import { escapeMarkup } from '../lib/escape-markup';
import { pageLanguage, requestLanguage } from '../lib/language';

/** How long a turned-away visitor is asked to wait (seconds); the page retries by itself then. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Why the site cannot answer now: `busy`, the process is saturated (load
 * shedding); `down`, the database does not answer (issue 15). Both pass.
 */
export type UnavailableReason = 'busy' | 'down';

export const unavailableMessages: Record<
  UnavailableReason,
  Record<Language, { title: string; text: string; retry: string }>
> = {
  busy: {
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
  },
  down: {
    th: {
      title: 'ระบบไม่พร้อมให้บริการชั่วคราว',
      text: 'ระบบไม่พร้อมให้บริการชั่วคราว การจองของคุณไม่สูญหาย กรุณาลองใหม่อีกครั้งในอีกสักครู่ หน้านี้จะโหลดใหม่เอง',
      retry: 'ลองอีกครั้ง',
    },
    en: {
      title: 'Temporarily unavailable',
      text: 'The site is temporarily unavailable; your bookings are safe. Please try again in a moment: this page reloads by itself.',
      retry: 'Try again',
    },
    zh: {
      title: '服务暂时不可用',
      text: '服务暂时不可用，您的预订不会丢失。请稍后再试，本页面会自动重新加载。',
      retry: '重试',
    },
  },
};

function unavailablePage(reason: UnavailableReason, language: Language): string {
  const m = unavailableMessages[reason][language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>${escapeMarkup(m.title)} · Siam Drive</title></head>
<body><main><h1>${escapeMarkup(m.title)}</h1><p>${escapeMarkup(m.text)}</p><p><a href="">${escapeMarkup(m.retry)}</a></p></main></body></html>`;
}

/**
 * 503 with Retry-After, in the visitor's language: for a page, a small page that
 * reloads itself; for the API, the error envelope (the site shows its own words
 * for SERVICE_UNAVAILABLE, other callers read `msg`).
 */
export function sendUnavailable(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  reason: UnavailableReason,
): FastifyReply {
  app.applySecurityHeaders(reply);
  reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  if (request.url.startsWith('/api/')) {
    const language = requestLanguage(request);
    const body: ErrorEnvelope = {
      status: false,
      code: 'SERVICE_UNAVAILABLE',
      msg: unavailableMessages[reason][language].text,
    };
    // The msg's language, so the site shows it only on a page in the same language (api-client serverWords).
    return reply.type('application/json; charset=utf-8').header('content-language', language).send(body);
  }
  return reply.type('text/html; charset=utf-8').send(unavailablePage(reason, pageLanguage(request)));
}
