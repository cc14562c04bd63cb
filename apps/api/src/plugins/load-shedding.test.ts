import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { buildTestApp, testSettings } from '../../test/app';
import { createTestDatabase } from '../../test/databases';

/** Keeps the event loop busy, as a process saturated with renders does. */
function hogEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a saturated process turns requests away early (issue 14)', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'siam-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head></head><div id="root"></div></html>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, {
      webRoot,
      settings: testSettings({ SHED_EVENT_LOOP_DELAY_MS: '50', SHED_EVENT_LOOP_UTILIZATION: '1' }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 with Retry-After in the visitor language, keeps /health and files, and recovers by itself', async () => {
    expect((await app.inject({ url: '/?lng=th' })).statusCode).toBe(200);

    // Busy for most of a second, with the short gaps a saturated loop leaves, in which
    // the event loop's delay is sampled.
    const until = performance.now() + 800;
    while (performance.now() < until) {
      hogEventLoop(100);
      await sleep(0);
    }

    const page = await app.inject({ url: '/cars?lng=th' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.body).toContain('lang="th"');
    expect(page.body).toContain('ขณะนี้มีผู้ใช้งานจำนวนมาก');
    expect(page.body).toContain('http-equiv="refresh"');

    const api = await app.inject({ url: '/api/v1/guest/cars', headers: { 'accept-language': 'zh-CN' } });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toMatchObject({
      status: false,
      code: 'SERVICE_UNAVAILABLE',
      msg: expect.stringContaining('当前访问人数较多'),
    });

    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);

    // Once the loop keeps time again, pages are answered as usual.
    let after = await app.inject({ url: '/cars?lng=en' });
    for (let i = 0; i < 20 && after.statusCode === 503; i++) {
      await sleep(100);
      after = await app.inject({ url: '/cars?lng=en' });
    }
    expect(after.statusCode).toBe(200);
  });
});

describe('long tasks are not a crowd (issue 14)', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, {
      settings: testSettings({ SHED_EVENT_LOOP_DELAY_MS: '1000', SHED_EVENT_LOOP_UTILIZATION: '1' }),
    });
    // Past the start-up, whose samples do not count.
    await sleep(700);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers requests that waited a quarter of a second behind each of a row of long tasks when the limit is a second', async () => {
    // A process starved of CPU on a shared machine, or a run of long tasks (a Chinese receipt's
    // font, a large query): every request waits about 250 ms, far from the second the setting
    // allows. (@fastify/under-pressure read such a stretch, with no delay sample in it, as an
    // infinite delay and turned everything away.)
    const until = performance.now() + 1200;
    while (performance.now() < until) {
      hogEventLoop(250);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await app.inject({ url: '/api/v1/guest/branches' })).statusCode).toBe(200);
  });

  it('answers the requests that waited behind one pause longer than the limit: a pause is not a crowd', async () => {
    hogEventLoop(1300);
    await sleep(0);
    expect((await app.inject({ url: '/api/v1/guest/branches' })).statusCode).toBe(200);
  });

  it('turns requests away when the loop stays later than the limit, and answers again once it keeps time', async () => {
    for (let i = 0; i < 3; i++) {
      hogEventLoop(1100);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sleep(0);
    const busy = await app.inject({ url: '/api/v1/guest/branches' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    // A sample on time.
    await sleep(450);
    expect((await app.inject({ url: '/api/v1/guest/branches' })).statusCode).toBe(200);
  });
});
