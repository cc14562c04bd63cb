import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { startProviderStandIns, type ProviderStandIns } from '../../../test/provider-stand-ins';

describeEachDatabase('Google and Facebook sign-in against local stand-ins', (ctx) => {
  let app: App;
  let providers: ProviderStandIns;
  beforeAll(async () => {
    providers = await startProviderStandIns();
    app = await buildTestApp(ctx.database, { settings: testSettings(providers.settings) });
  });
  afterAll(async () => {
    await app.close();
    await providers.close();
  });

  const google = (credential: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } });
  const facebook = (token: string, userInfo: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/facebook', payload: { token, userInfo } });
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('publishes the client ids for the site, and allows the providers in the CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/guest/auth-config' });
    expect(res.json().response.data).toEqual({
      google: { clientId: providers.googleClientId, scriptUrl: `${providers.url}/gsi/client` },
      facebook: {
        appId: providers.facebookAppId,
        sdkUrl: `${providers.url}/fb/sdk.js`,
        graphVersion: 'v26.0',
      },
      line: { messages: true },
      passwordMinLength: 8,
    });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(new RegExp(`script-src 'self' ${providers.url}`));
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${providers.url}`));
  });

  it('signs in with a Google ID token, creating the account once and reusing it after', async () => {
    const credential = await providers.signGoogleToken({
      sub: 'g-111',
      email: 'Nok.Google@Example.com',
      email_verified: true,
      given_name: 'Nok',
      family_name: 'Srisuk',
    });
    const first = await google(credential);
    expect(first.statusCode).toBe(200);
    const { token, user } = first.json().response.data;
    expect(user).toMatchObject({ email: 'nok.google@example.com', firstName: 'Nok', lastName: 'Srisuk' });
    expect((await me(token)).json().response.data.id).toBe(user.id);

    const again = await google(
      await providers.signGoogleToken({ sub: 'g-111', email: 'changed@example.com' }),
    );
    expect(again.json().response.data.user.id).toBe(user.id);
  });

  it.each([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }, {}],
    ['another issuer', { iss: 'https://evil.example.com' }, {}],
    ['an expired token', {}, { expiresIn: Math.floor(Date.now() / 1000) - 120 }],
    ['a key Google never published', {}, { foreignKey: true }],
    ['HS256 instead of RS256', {}, { alg: 'HS256' as const }],
  ])('refuses a Google token with %s (401)', async (_name, claims, options) => {
    const credential = await providers.signGoogleToken(
      { sub: 'g-bad', email: 'bad@example.com', ...claims },
      options,
    );
    const res = await google(credential);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'UNAUTHORIZED',
      msg: 'Error during Google authentication',
    });
  });

  it('refuses a tampered Google token', async () => {
    const credential = await providers.signGoogleToken({ sub: 'g-222', email: 'x@example.com' });
    const [h, p, s] = credential.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: 'g-111' })).toString('base64url');
    expect((await google(`${h}.${forged}.${s}`)).statusCode).toBe(401);
  });

  it('links a Google identity to an existing account only when Google vouches for the email', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: 'malee@example.com',
        password: 'secret-123',
        firstName: 'Malee',
        lastName: 'K',
        phone: '0812345678',
      },
    });
    const unverified = await google(
      await providers.signGoogleToken({ sub: 'g-334', email: 'malee@example.com', email_verified: false }),
    );
    // Not linked: an account of its own, with an address that can receive no mail.
    expect(unverified.statusCode).toBe(200);
    expect(unverified.json().response.data.user.email).toBe('google-g-334@users.siamdrive.invalid');

    const verified = await google(
      await providers.signGoogleToken({ sub: 'g-333', email: 'malee@example.com', email_verified: true }),
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().response.data.user).toMatchObject({
      email: 'malee@example.com',
      firstName: 'Malee',
    });
    // The password still works for the same account.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'malee@example.com', password: 'secret-123' },
    });
    expect(login.json().user.id).toBe(verified.json().response.data.user.id);
  });

  it('signs in with a Facebook token, identity from Graph and never from the posted userInfo', async () => {
    const token = providers.facebookUser({
      id: 'fb-1',
      email: 'somsak@example.com',
      first_name: 'Somsak',
      last_name: 'Dee',
    });
    const res = await facebook(token, {
      id: 'fb-999',
      email: 'admin@siamdrive.example',
      firstName: 'Mallory',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, data: { token: expect.any(String) } });
    expect(body.data.user).toMatchObject({
      email: 'somsak@example.com',
      firstName: 'Somsak',
      lastName: 'Dee',
    });
    // Asked at the Graph API version of the settings (FACEBOOK_GRAPH_URL, Meta's current by default).
    const debug = providers.graphCalls.find((u) => u.pathname === '/graph/v26.0/debug_token');
    expect(debug?.searchParams.get('access_token')).toBe(`${providers.facebookAppId}|stand-in-app-secret`);
  });

  it('makes an email up from the Facebook id when Facebook gives none', async () => {
    const token = providers.facebookUser({ id: '4242', first_name: 'Noemail', last_name: 'Person' });
    const res = await facebook(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe('facebook-4242@users.siamdrive.invalid');
    const again = await facebook(providers.facebookUser({ id: '4242' }));
    expect(again.json().data.user.id).toBe(res.json().data.user.id);
  });

  it.each([
    ['a token Facebook does not know', () => 'EAAnot-a-real-token-000'],
    ['a token for another app', () => providers.facebookUser({ id: 'fb-2' }, { appId: '999' })],
    ['a revoked token', () => providers.facebookUser({ id: 'fb-3' }, { valid: false })],
    [
      'an expired token',
      () => providers.facebookUser({ id: 'fb-4' }, { expiresAt: Math.floor(Date.now() / 1000) - 10 }),
    ],
  ])('refuses %s (401)', async (_name, make) => {
    const res = await facebook(make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Error during Facebook authentication' });
  });

  it('refuses bad input with 400', async () => {
    expect((await google('')).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/facebook', payload: {} })).statusCode).toBe(
      400,
    );
  });
});

describeEachDatabase('sign-in providers not configured', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  it('says so in the public config, keeps the CSP to self, and answers 404 (not offered here; not a server failure)', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/v1/guest/auth-config' });
    expect(config.json().response.data).toMatchObject({ google: null, facebook: null });
    expect(config.headers['content-security-policy']).toContain("script-src 'self';");
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential: 'eyJhbGciOiJSUzI1NiJ9.e30.sig' },
    });
    expect(res.statusCode).toBe(404);
    const fb = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/facebook',
      payload: { token: 'EAAsomething' },
    });
    expect(fb.statusCode).toBe(404);
  });
});

// Issue 35 part 9: the sign-in pages show a provider's button only when this answer names it.
describeEachDatabase('sign-in providers partly configured', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      settings: testSettings({
        GOOGLE_CLIENT_ID: 'only-google.apps.googleusercontent.com',
        FACEBOOK_APP_ID: '1234567890',
      }),
    });
  });
  afterAll(() => app.close());

  it('names Google with its client id, and not Facebook without its app secret (the server could not check a token)', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/v1/guest/auth-config' });
    expect(config.json().response.data).toEqual({
      google: {
        clientId: 'only-google.apps.googleusercontent.com',
        scriptUrl: 'https://accounts.google.com/gsi/client',
      },
      facebook: null,
      line: null,
      passwordMinLength: 8,
    });
  });
});
