import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { demoStaffAccounts } from '../db/seed/demo-staff';
import { buildTestApp, testSettings } from '../../test/app';
import { createTestDatabase } from '../../test/databases';

const PROXY = '10.0.0.7';
const STRANGER = '198.51.100.23';

/**
 * HSTS and Secure cookies follow the scheme the visitor used (issue 31): TLS to us, or
 * X-Forwarded-Proto from a proxy in TRUST_PROXY; with neither, what PUBLIC_URL says (a proxy
 * that ends TLS without saying so). Before, HSTS went out on plain http and Secure followed
 * PUBLIC_URL alone.
 */
describe('https-only headers follow the request', () => {
  let database: Database;
  let httpSite: App;
  let httpsSite: App;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    httpSite = await buildTestApp(database, {
      settings: testSettings({ PUBLIC_URL: 'http://localhost:8080', TRUST_PROXY: PROXY }),
    });
    httpsSite = await buildTestApp(database, {
      settings: testSettings({ PUBLIC_URL: 'https://siamdrive.example', TRUST_PROXY: PROXY }),
    });
  });
  afterAll(async () => {
    await httpSite.close();
    await httpsSite.close();
    await database.close();
  });

  const health = (app: App, remoteAddress: string, proto?: string) =>
    app.inject({
      url: '/api/v1/health',
      remoteAddress,
      headers: proto ? { 'x-forwarded-proto': proto } : {},
    });
  const signIn = (app: App, remoteAddress: string, proto?: string) => {
    const [admin] = demoStaffAccounts;
    return app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      headers: proto ? { 'x-forwarded-proto': proto } : {},
      payload: { email: admin!.email, password: admin!.password },
    });
  };
  const hsts = 'strict-transport-security';
  const deviceCookie = (res: { headers: Record<string, unknown> }) => {
    const cookie = String(res.headers['set-cookie'] ?? '');
    expect(cookie).toMatch(/^siam_device=/);
    return cookie;
  };

  it('sends no HSTS over plain http, and HSTS when our proxy says the visitor used https', async () => {
    expect((await health(httpSite, STRANGER)).headers[hsts]).toBeUndefined();
    expect((await health(httpSite, PROXY, 'http')).headers[hsts]).toBeUndefined();
    expect((await health(httpSite, PROXY, 'https')).headers[hsts]).toBe(
      'max-age=31536000; includeSubDomains',
    );
    // Anyone else saying so is not believed.
    expect((await health(httpSite, STRANGER, 'https')).headers[hsts]).toBeUndefined();
  });

  it('believes PUBLIC_URL https unless our proxy says this visitor came over http', async () => {
    expect((await health(httpsSite, STRANGER)).headers[hsts]).toBe('max-age=31536000; includeSubDomains');
    expect((await health(httpsSite, PROXY, 'https')).headers[hsts]).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await health(httpsSite, PROXY, 'http')).headers[hsts]).toBeUndefined();
  });

  it('marks the sign-in cookie Secure when this request came over https, whatever PUBLIC_URL says', async () => {
    expect(deviceCookie(await signIn(httpSite, PROXY, 'https'))).toContain('; Secure');
    expect(deviceCookie(await signIn(httpSite, STRANGER))).not.toContain('Secure');
    expect(deviceCookie(await signIn(httpsSite, STRANGER))).toContain('; Secure');
    // Over plain http a Secure cookie is never sent back: the browser would forget the device.
    expect(deviceCookie(await signIn(httpsSite, PROXY, 'http'))).not.toContain('Secure');
  });
});
