import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './settings';

describe('settings', () => {
  it('has working defaults', () => {
    const s = loadSettings({});
    expect(s.PORT).toBe(3000);
    expect(s.HOST).toBe('localhost');
    expect(s.dataDir).toMatch(/data$/);
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.publicUrl).toBe('http://localhost:3000');
  });

  it('treats empty values as unset', () => {
    expect(loadSettings({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['TEST_DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['SMTP_URL', 'localhost:25'],
    ['LOG_LEVEL', 'loud'],
    ['GOOGLE_JWKS_URL', 'not a url'],
    ['FACEBOOK_APP_ID', 'abc'],
    ['FACEBOOK_GRAPH_URL', 'graph.facebook.com'],
    ['AUTH_MAX_FAILURES', '0'],
    ['AUTH_WINDOW_MINUTES', 'soon'],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    expect(() => loadSettings({ [name]: value })).toThrow(SettingsError);
    expect(() => loadSettings({ [name]: value })).toThrow(new RegExp(`^Invalid settings:\\n  ${name}:`));
  });

  it('accepts PostgreSQL, Redis and SMTP URLs', () => {
    const s = loadSettings({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(s.DATABASE_URL).toContain('postgres://');
  });

  it('defaults sign-in to Google and Facebook production addresses, 5 failures per 15 minutes', () => {
    const s = loadSettings({});
    expect(s.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(s.GOOGLE_JWKS_URL).toBe('https://www.googleapis.com/oauth2/v3/certs');
    expect(s.FACEBOOK_GRAPH_URL).toMatch(/^https:\/\/graph\.facebook\.com\/v\d+\.\d+$/);
    expect([s.AUTH_MAX_FAILURES, s.AUTH_WINDOW_MINUTES]).toEqual([5, 15]);
  });
});

describe('production defaults (issue 19)', () => {
  const production = { NODE_ENV: 'production', DATA_DIR: '/tmp/siam-settings-test' };
  const omise = { OMISE_PUBLIC_KEY: 'pkey_test_x', OMISE_SECRET_KEY: 'skey_test_x' };

  it('seeds no demo data or demo staff in production unless asked explicitly', () => {
    expect(loadSettings({ ...production, ...omise }).SEED_DEMO).toBe(false);
    expect(loadSettings({ ...production, ...omise, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadSettings({ DATA_DIR: '/tmp/siam-settings-test' }).SEED_DEMO).toBe(true);
  });

  it('refuses to start in production when card payments would go to the sandbox, unless the site says it is a demo', () => {
    expect(() => loadSettings(production)).toThrow(/sandbox.*OMISE_PUBLIC_KEY.*DEMO_SITE/s);
    expect(loadSettings({ ...production, DEMO_SITE: 'true' }).DEMO_SITE).toBe(true);
    expect(loadSettings({ ...production, ...omise }).DEMO_SITE).toBe(false);
  });
});

describe('provider versions and modes (issue 34 part 6)', () => {
  const base = { DATA_DIR: '/tmp/siam-settings-test' };
  it("asks Meta's current Graph API version unless told, and refuses a Graph URL without a version", () => {
    expect(loadSettings(base).FACEBOOK_GRAPH_URL).toBe('https://graph.facebook.com/v26.0');
    expect(() => loadSettings({ ...base, FACEBOOK_GRAPH_URL: 'https://graph.facebook.com' })).toThrow(
      /FACEBOOK_GRAPH_URL: must end with the version/,
    );
  });
  it('sends uploads without checksums S3 does not require, unless told', () => {
    expect(loadSettings(base).S3_CHECKSUMS).toBe('WHEN_REQUIRED');
    expect(loadSettings({ ...base, S3_CHECKSUMS: 'WHEN_SUPPORTED' }).S3_CHECKSUMS).toBe('WHEN_SUPPORTED');
  });
});
