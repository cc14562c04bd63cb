import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, whereIs } from '../../test/databases';
import { openDatabase, type Database } from './client';

/**
 * A TCP relay between the app and PostgreSQL that the test can cut and restore,
 * as a database restart or a fail-over does: connections drop, new ones are refused.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  };
  await open();
  return {
    get port() {
      return port;
    },
    async cut() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server!.close(resolve));
    },
    restore: open,
  };
}

const url = process.env.TEST_DATABASE_URL;

// Issue 15: when PostgreSQL is down, pages and the API say "temporarily unavailable" (503, in the
// visitor's language) and the site recovers by itself when the database is back.
describe.skipIf(!url)('when PostgreSQL goes away and comes back', () => {
  let seeded: Database;
  let relayed: Database;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let app: App;
  beforeAll(async () => {
    seeded = await createTestDatabase('postgres');
    const where = await whereIs(seeded);
    const target = new URL(url!);
    relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const relayedUrl = new URL(where.url);
    relayedUrl.hostname = '127.0.0.1';
    relayedUrl.port = String(relay.port);
    relayed = await openDatabase({
      kind: 'postgres',
      url: relayedUrl.toString(),
      searchPath: where.searchPath,
    });
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'siam-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><div id="root"></div></html>',
    );
    app = await buildTestApp(relayed, { webRoot });
  });
  afterAll(async () => {
    await app?.close();
    await relayed?.close().catch(() => {});
    await seeded?.close();
  });

  it('answers 503 in the visitor language while it is down, and normally once it is back', async () => {
    expect((await app.inject({ url: '/api/v1/guest/cars?search=before' })).statusCode).toBe(200);

    await relay.cut();
    const page = await app.inject({ url: '/cars/4?lng=zh' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('服务暂时不可用');
    expect(page.body).toContain('http-equiv="refresh"');
    const api = await app.inject({
      url: '/api/v1/guest/cars?search=during',
      headers: { 'accept-language': 'en' },
    });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      msg: expect.stringContaining('temporarily unavailable'),
    });
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/health/ready' })).statusCode).toBe(503);

    await relay.restore();
    expect((await app.inject({ url: '/api/v1/health/ready' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/guest/cars?search=after' })).statusCode).toBe(200);
    const back = await app.inject({ url: '/cars/4?lng=zh' });
    expect(back.statusCode).toBe(200);
  });
});
