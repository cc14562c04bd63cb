import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { buildTestApp, testSettings } from '../../test/app';
import { createTestDatabase } from '../../test/databases';

describe('serving the built site', () => {
  let database: Database;
  let app: App;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'siam-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html lang="en"><head><title>x</title></head><div id="root"></div></html>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    // What the web build writes (apps/web/vite.config.ts, pagePreloads).
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(
      path.join(webRoot, '.vite', 'page-preloads.json'),
      JSON.stringify({
        pages: {
          home: {
            js: ['/assets/home-page-1.js'],
            namespaces: ['home'],
            image: '/images/hero-road.svg',
            imageSizes: '100vw',
          },
          carDetails: {
            js: ['/assets/car-details-page-1.js'],
            namespaces: ['catalog'],
            imageSizes: '(min-width: 1024px) 60vw, 100vw',
          },
        },
        texts: {
          'th/common': ['/assets/common-th.js'],
          'en/common': ['/assets/common-en.js'],
          'zh/common': ['/assets/common-zh.js'],
          'th/home': ['/assets/home-th.js'],
          'en/home': ['/assets/home-en.js'],
          'th/catalog': ['/assets/catalog-th.js'],
          'en/catalog': ['/assets/catalog-en.js'],
        },
      }),
    );
    // The Thai regular and semibold faces, as Vite names them (the build hashes them).
    writeFileSync(path.join(webRoot, 'assets', 'sarabun-thai-400-normal-Bx2k9c1Q.woff2'), 'wOF2');
    writeFileSync(path.join(webRoot, 'assets', 'sarabun-thai-600-normal-C3mQ8aZr.woff2'), 'wOF2');
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

  it('sends the Brotli copy the build wrote to a browser that accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it("preloads the page's chunk, its texts in the page's language and the fallback, and its hero picture", async () => {
    const res = await app.inject({ method: 'GET', url: '/?lng=th' });
    expect(res.body).toContain('<html lang="th"');
    const hrefs = [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(hrefs).toEqual([
      '/assets/home-page-1.js',
      '/assets/common-th.js',
      '/assets/home-th.js',
      '/assets/common-en.js',
      '/assets/home-en.js',
    ]);
    // The drawing's WebP, in the width the page's <img srcset sizes> will pick.
    expect(res.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/hero-road-800.webp" ' +
        'imagesrcset="/images/hero-road-400.webp 400w, /images/hero-road-800.webp 800w, /images/hero-road-1200.webp 1200w" ' +
        'imagesizes="100vw" />',
    );
  });

  it('writes the page in the language the site remembered in its cookie, unless ?lng= says otherwise', async () => {
    const remembered = await app.inject({
      method: 'GET',
      url: '/cars/1',
      headers: { cookie: 'theme=x; i18next=zh', 'accept-language': 'th-TH,th;q=0.9' },
    });
    expect(remembered.body).toContain('<html lang="zh"');
    expect(remembered.body).toContain('href="/assets/car-details-page-1.js"');
    expect(remembered.body).toContain('href="/assets/common-zh.js"');
    expect(remembered.body).not.toContain('common-th.js');
    // The car's first photo, which the details page shows largest.
    expect(remembered.body).toMatch(
      /<link rel="preload" as="image" fetchpriority="high" href="\/images\/cars\/[a-z0-9-]+-800\.webp" imagesrcset="[^"]+ 1200w" imagesizes="\(min-width: 1024px\) 60vw, 100vw" \/>/,
    );
    const asked = await app.inject({
      method: 'GET',
      url: '/cars/1?lng=en',
      headers: { cookie: 'i18next=zh' },
    });
    expect(asked.body).toContain('<html lang="en"');
    expect(asked.body).toContain('href="/assets/common-en.js"');
    expect(asked.body).not.toContain('common-zh.js');
    const browser = await app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-language': 'th-TH' },
    });
    expect(browser.body).toContain('<html lang="th"');
  });

  it('preloads both Thai faces (regular, semibold) on Thai pages only, so Thai text never waits on a missing font', async () => {
    const tag = (file: string) =>
      `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}" />`;
    const th = (await app.inject({ url: '/?lng=th' })).body;
    expect(th).toContain(tag('sarabun-thai-400-normal-Bx2k9c1Q.woff2'));
    expect(th).toContain(tag('sarabun-thai-600-normal-C3mQ8aZr.woff2'));
    expect((await app.inject({ url: '/?lng=en' })).body).not.toContain('as="font"');
  });

  it('with the page cache off, compresses each page as the browser takes it, in one call', async () => {
    const uncached = await buildTestApp(database, {
      webRoot,
      settings: testSettings({ PAGE_CACHE_SECONDS: '0' }),
    });
    try {
      const br = await uncached.inject({ url: '/?lng=th', headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<html lang="th"');
      const gzip = await uncached.inject({ url: '/cars/999999', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.statusCode).toBe(404);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
      const plain = await uncached.inject({ url: '/?lng=en', headers: { 'accept-encoding': 'br;q=0' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<html lang="en"');
    } finally {
      await uncached.close();
    }
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
