import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app';
import { buildTestApp } from '../../test/app';
import { signInEveryone } from '../../test/admin-helpers';
import { describeEachDatabase } from '../../test/databases';

/** A built site's shell, enough for the server to serve pages with their own heads. */
function fakeWebRoot(): string {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'siam-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><title>x</title></head><div id="root"></div></html>',
  );
  return webRoot;
}

const description = (html: string) => /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1];

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 50 && !ok(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

// Two instances of the site on one database, as behind a load balancer (issue 14 and 15).
describeEachDatabase('pages cached by two instances on one database', (ctx) => {
  let a: App;
  let b: App;
  beforeAll(async () => {
    const webRoot = fakeWebRoot();
    a = await buildTestApp(ctx.database, { webRoot });
    b = await buildTestApp(ctx.database, { webRoot });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('serves a page from its cache, compressed once, and 304 to a browser that has it', async () => {
    const first = await b.inject({ url: '/cars/2?lng=en', headers: { 'accept-encoding': 'gzip, br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    const html = brotliDecompressSync(first.rawPayload).toString();
    expect(description(html)).toMatch(/^฿[\d,]+ THB\/day/);
    // A change made behind the site's back (no staff action) is not seen for the cache's few seconds:
    // every visitor meanwhile gets the one rendered page.
    await ctx.database.query('UPDATE car_models SET price_per_day = price_per_day + 1 WHERE id = 2');
    const again = await b.inject({ url: '/cars/2?lng=en' });
    expect(description(again.body)).toBe(description(html));
    expect(again.headers.etag).toBe(first.headers.etag);
    const notModified = await b.inject({
      url: '/cars/2?lng=en',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it("shows a staff member's change made through one instance on the other at once", async () => {
    const auth = await signInEveryone(a);
    const before = await b.inject({ url: '/cars/3?lng=th' });
    expect(description(before.body)).toMatch(/^฿/);
    const changed = await a.inject({
      method: 'PATCH',
      url: '/api/v1/admin/car-models/3',
      headers: auth.admin,
      payload: { pricePerDay: 4321 },
    });
    expect(changed.statusCode).toBe(200);
    // Instance A forgets before it answers; B hears it through the database within moments.
    expect(description((await a.inject({ url: '/cars/3?lng=th' })).body)).toMatch(/^฿4,321 /);
    const seen = await eventually(
      async () => description((await b.inject({ url: '/cars/3?lng=th' })).body),
      (text) => /^฿4,321 /.test(text ?? ''),
    );
    expect(seen).toMatch(/^฿4,321 /);
    // The catalog's own answers too: B's listing shows the new price.
    const listed = await b.inject({ url: '/api/v1/guest/cars/3?lng=th' });
    expect(listed.json().response.data.price_per_day).toBe('4321.00');
  });
});
