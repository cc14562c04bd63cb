import type { FastifyRequest } from 'fastify';

/**
 * Whether the visitor reached the site over https, for what only makes sense there: HSTS and
 * `Secure` cookies (issue 31). TLS to this process, or `X-Forwarded-Proto: https` from a proxy in
 * TRUST_PROXY (Fastify's `request.protocol` believes the header from those alone); when nobody
 * we trust says so, what PUBLIC_URL says (a proxy that ends TLS without being declared). A proxy
 * we trust, or the visitor about themselves, saying http is plain http whatever PUBLIC_URL says:
 * a browser never sends a Secure cookie back over http.
 */
export function cameOverHttps(request: FastifyRequest, publicUrl: string): boolean {
  if (request.protocol === 'https') return true;
  const forwarded = request.headers['x-forwarded-proto'];
  // The last hop's word, as Fastify reads it.
  const said = typeof forwarded === 'string' ? forwarded.split(',').at(-1)?.trim().toLowerCase() : undefined;
  if (said === 'http') return false;
  return publicUrl.startsWith('https:');
}
