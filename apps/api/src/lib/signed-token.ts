import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Small tokens the server hands out and later believes because it signed them
 * (HMAC-SHA256 with the session secret): a trusted device, a sign-in challenge,
 * a second-factor ticket, a form's issue time. The purpose is signed in, so a
 * token made for one use is worthless for another. Each payload carries its own
 * expiry (`exp`, epoch milliseconds).
 */
export interface SignedPayload {
  exp: number;
}

const mac = (purpose: string, body: string, secret: string) =>
  createHmac('sha256', secret).update(`${purpose}.${body}`).digest();

export function signToken<T extends SignedPayload>(purpose: string, payload: T, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(purpose, body, secret).toString('base64url')}`;
}

/** The payload of a token signed for this purpose and not expired; otherwise null. */
export function verifyToken<T extends SignedPayload>(
  purpose: string,
  token: string | undefined,
  secret: string,
  now = Date.now(),
): T | null {
  if (!token || token.length > 2000) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = mac(purpose, body, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    return typeof payload.exp === 'number' && payload.exp > now ? payload : null;
  } catch {
    return null;
  }
}
