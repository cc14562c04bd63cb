import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Session tokens are compact JWTs, HS256 only, naming a session row:
 * `{sid, sub, iat, exp}`. The database row is what makes a token valid (it
 * can be revoked); the signature only stops anyone from guessing session ids.
 */
export interface SessionClaims {
  sid: string;
  sub: number;
  iat: number;
  exp: number;
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signSessionToken(claims: SessionClaims, secret: string): string {
  const payload = b64(JSON.stringify(claims));
  return `${HEADER}.${payload}.${b64(sign(`${HEADER}.${payload}`, secret))}`;
}

/** The claims of a well-formed, correctly signed, unexpired HS256 token; otherwise null. */
export function verifySessionToken(token: string, secret: string, now = Date.now()): SessionClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    // Only the algorithm we issue: never "none", never RS256 with our secret as a "public key".
    if (h.alg !== 'HS256') return null;
    const expected = sign(`${header}.${payload}`, secret);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<SessionClaims>;
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'number' || typeof claims.exp !== 'number')
      return null;
    if (claims.exp * 1000 <= now) return null;
    return claims as SessionClaims;
  } catch {
    return null;
  }
}
