import type { FastifyRequest } from 'fastify';
import { type Language, pickLanguage } from '@siam/contract/languages';

/** The language an answer is written in: `?lng=`, else Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  return pickLanguage(query?.lng, request.headers['accept-language']);
}

/**
 * The language a site page (HTML) is written for: `?lng=`, else the choice the
 * site remembered in the `i18next` cookie, else Accept-Language. The browser
 * detects in the same order, so the page's <html lang>, its title and the text
 * chunks it preloads match what the scripts will render.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.lng === 'string') return pickLanguage(query.lng, request.headers['accept-language']);
  const remembered = /(?:^|;\s*)i18next=([a-zA-Z-]{2,10})/.exec(request.headers.cookie ?? '')?.[1];
  return pickLanguage(remembered, request.headers['accept-language']);
}
