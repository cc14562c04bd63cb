import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './session-token';

const secret = 'a-test-secret-that-is-long-enough-123456';
const now = Date.now();
const claims = {
  sid: '5b1f3a55-9c1e-4c43-9f0e-3e7f1d0c2a11',
  sub: 7,
  iat: Math.floor(now / 1000),
  exp: Math.floor(now / 1000) + 3600,
};
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('session tokens', () => {
  it('round-trips', () => {
    expect(verifySessionToken(signSessionToken(claims, secret), secret)).toEqual(claims);
  });

  it('refuses a bad signature', () => {
    const token = signSessionToken(claims, secret);
    expect(verifySessionToken(token, 'another-secret-that-is-long-enough-000')).toBeNull();
    const [h, p] = token.split('.');
    expect(verifySessionToken(`${h}.${p}.AAAA`, secret)).toBeNull();
  });

  it('refuses a changed payload', () => {
    const [h, , s] = signSessionToken(claims, secret).split('.');
    expect(verifySessionToken(`${h}.${b64({ ...claims, sub: 8 })}.${s}`, secret)).toBeNull();
  });

  it('refuses an expired token', () => {
    const token = signSessionToken({ ...claims, exp: Math.floor(now / 1000) - 1 }, secret);
    expect(verifySessionToken(token, secret)).toBeNull();
  });

  it('refuses alg "none" and other algorithms, even correctly signed with our secret', () => {
    const payload = b64(claims);
    expect(verifySessionToken(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, secret)).toBeNull();
    const h512 = b64({ alg: 'HS512', typ: 'JWT' });
    const sig = createHmac('sha512', secret).update(`${h512}.${payload}`).digest('base64url');
    expect(verifySessionToken(`${h512}.${payload}.${sig}`, secret)).toBeNull();
  });

  it('refuses garbage', () => {
    for (const t of ['', 'abc', 'a.b.c', '...', 'eyJ.eyJ.x'])
      expect(verifySessionToken(t, secret)).toBeNull();
  });

  it('issues the standard HS256 JWT, byte for byte (worked out with Python hmac/base64, not this module)', () => {
    const fixed = { sid: 's-1', sub: 7, iat: 1_700_000_000, exp: 1_700_003_600 };
    expect(signSessionToken(fixed, 'test-secret')).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzaWQiOiJzLTEiLCJzdWIiOjcsImlhdCI6MTcwMDAwMDAwMCwiZXhwIjoxNzAwMDAzNjAwfQ.Pt7MmU2dN4yKZuYYyoISXm5usvvD5636NtOqNFv0qcY',
    );
  });

  it('is valid until the second it expires, not at it', () => {
    const token = signSessionToken(
      { sid: 's-1', sub: 7, iat: 1_700_000_000, exp: 1_700_003_600 },
      'test-secret',
    );
    expect(verifySessionToken(token, 'test-secret', 1_700_003_599_999)?.sid).toBe('s-1');
    expect(verifySessionToken(token, 'test-secret', 1_700_003_600_000)).toBeNull();
  });

  it('refuses a header naming another algorithm even when an HS256 signature over it is right', () => {
    const payload = b64({ sid: 's-1', sub: 7, iat: 1_700_000_000, exp: 1_700_003_600 });
    for (const alg of ['HS512', 'none', 'RS256']) {
      const header = b64({ alg, typ: 'JWT' });
      const signature = createHmac('sha256', 'test-secret')
        .update(`${header}.${payload}`)
        .digest('base64url');
      expect(
        verifySessionToken(`${header}.${payload}.${signature}`, 'test-secret', 1_700_000_001_000),
      ).toBeNull();
    }
  });

  it('refuses a token with a fourth part, even if its first three are right', () => {
    const token = signSessionToken(claims, secret);
    expect(verifySessionToken(`${token}.x`, secret)).toBeNull();
  });

  it('refuses correctly signed claims of the wrong shape', () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const signed = (body: object) => {
      const payload = b64(body);
      return `${header}.${payload}.${createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')}`;
    };
    expect(verifySessionToken(signed(claims), secret)).toEqual(claims); // the same signing, right shape
    expect(verifySessionToken(signed({ ...claims, sid: 5 }), secret)).toBeNull();
    expect(verifySessionToken(signed({ ...claims, sub: '7' }), secret)).toBeNull();
    expect(verifySessionToken(signed({ ...claims, exp: String(claims.exp) }), secret)).toBeNull();
    expect(verifySessionToken(signed({ sid: claims.sid, sub: 7 }), secret)).toBeNull();
  });
});
