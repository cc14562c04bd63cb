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
});
