import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { buildTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/databases';

describe('serving the built site', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'siam-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webRoot, 'robots.txt'), 'User-agent: *');
    // Seeded: a car or article page answers 200 only when the car or article exists.
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { webRoot });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each([
    '/',
    '/cars',
    '/cars/1',
    '/booking/3',
    '/articles/driving-in-thailand-rules-of-the-road',
    '/about',
    '/admin/bookings',
  ])('answers the site route %s with index.html and 200', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('keeps query strings on site routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/cars?type=suv&lng=th' });
    expect(res.statusCode).toBe(200);
  });

  it.each(['/no-such-page', '/cars/1/extra', '/bookings', '/cars/999999', '/articles/no-such-article'])(
    'answers %s with the site and 404',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files for a day', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers a missing asset with a plain 404, not the site', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root');
  });
});
