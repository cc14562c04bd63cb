import type { FastifyRequest } from 'fastify';
import { type Language, pickLanguage } from '@siam/contract/languages';

/** The language an answer is written in: `?lng=`, else Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  return pickLanguage(query?.lng, request.headers['accept-language']);
}
