import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';

/** A minimal built site: the head the real index.html has, and robots.txt. */
function fakeWebRoot(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'siam-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <title>Siam Drive: car rental in Thailand</title>
    <meta
      name="description"
      content="Rent a car in Thailand."
    />
  </head>
  <body><div id="root"></div></body>
</html>`,
  );
  // The real drawings, so share pictures can be made from them.
  cpSync(path.resolve(import.meta.dirname, '../../../../web/public/images'), path.join(dir, 'images'), {
    recursive: true,
  });
  writeFileSync(
    path.join(dir, 'robots.txt'),
    'User-agent: *\nAllow: /\nSitemap: http://localhost:3000/sitemap.xml\n',
  );
  return dir;
}

describeEachDatabase('search engines and link previews', (ctx) => {
  const open = () =>
    buildTestApp(ctx.database, {
      settings: testSettings({ PUBLIC_URL: 'https://www.siamdrive.example' }),
      webRoot: fakeWebRoot(),
    });

  it('lists every public page, car and article in /sitemap.xml with th/en/zh alternates', async () => {
    const app = await open();
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const cars = await ctx.database.query<{ id: number }>('SELECT id FROM car_models WHERE is_active');
    expect(cars.length).toBeGreaterThan(0);
    for (const { id } of cars) expect(locs).toContain(`https://www.siamdrive.example/cars/${id}?lng=th`);
    for (const p of [
      '/',
      '/terms',
      '/privacy',
      '/contact',
      '/corporate',
      '/articles/fuel-tolls-and-expressways',
    ])
      for (const lng of ['th', 'en', 'zh'])
        expect(locs).toContain(`https://www.siamdrive.example${p}?lng=${lng}`);
    expect(locs.some((l) => l!.includes('/admin') || l!.includes('/profile'))).toBe(false);
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="zh" href="https://www.siamdrive.example/articles/fuel-tolls-and-expressways?lng=zh"/>',
    );
    // Well-formed enough for a strict parser: every <url> closed, no stray ampersands.
    expect(xml.match(/<url>/g)!.length).toBe(xml.match(/<\/url>/g)!.length);
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
    await app.close();
  });

  it("puts an article's title, description, canonical, hreflang and share picture into the page", async () => {
    const app = await open();
    const res = await app.inject({ url: '/articles/documents-foreigners-need-to-rent-a-car?lng=zh' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="zh"');
    expect(html).toContain('<title>外国人在泰国租车需要哪些证件 | Siam Drive</title>');
    expect(html).toContain('<meta name="description" content="护照、驾照和国际驾照');
    expect(html).toContain(
      '<link rel="canonical" href="https://www.siamdrive.example/articles/documents-foreigners-need-to-rent-a-car?lng=zh" />',
    );
    expect(html).toContain(
      'hreflang="th" href="https://www.siamdrive.example/articles/documents-foreigners-need-to-rent-a-car?lng=th"',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://www.siamdrive.example/og/articles/documents-foreigners-need-to-rent-a-car.png" />',
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    await app.close();
  });

  it("puts a car's name, price and picture into the page", async () => {
    const app = await open();
    const [car] = await ctx.database.query<{ id: number; brand: { th: string }; model: { th: string } }>(
      'SELECT id, brand, model FROM car_models WHERE is_active ORDER BY id LIMIT 1',
    );
    const res = await app.inject({ url: `/cars/${car!.id}?lng=th` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>เช่า ${car!.brand.th} ${car!.model.th} | Siam Drive</title>`);
    expect(res.body).toMatch(/<meta name="description" content="฿[\d,]+ บาท\/วัน\./);
    expect(res.body).toContain(
      `<meta property="og:image" content="https://www.siamdrive.example/og/cars/${car!.id}.png" />`,
    );
    await app.close();
  });

  it('answers an unknown article or car with the not-found page and 404', async () => {
    const app = await open();
    for (const url of ['/articles/no-such-article', '/articles/Bad_Slug', '/cars/99999999', '/cars/abc']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).not.toContain('rel="canonical"');
    }
    // Other site pages still get 200, with their canonical URL.
    const terms = await app.inject({ url: '/terms?lng=en' });
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain(
      '<link rel="canonical" href="https://www.siamdrive.example/terms?lng=en" />',
    );
    await app.close();
  });

  it('draws share pictures as PNG from our SVGs, and 404 for anything else', async () => {
    const app = await open();
    const [car] = await ctx.database.query<{ id: number }>('SELECT id FROM car_models ORDER BY id LIMIT 1');
    for (const url of [`/og/cars/${car!.id}.png`, '/og/articles/fuel-tolls-and-expressways.png']) {
      const res = await app.inject({ url });
      expect(res.statusCode, `${url} ${res.body.slice(0, 80)}`).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect(res.rawPayload.readUInt32BE(16)).toBe(1200); // IHDR width
      expect(res.rawPayload.readUInt32BE(20)).toBe(630);
    }
    for (const url of ['/og/cars/999999.png', '/og/articles/nope.png', '/og/users/1.png', '/og/cars/1.svg'])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    await app.close();
  });

  it('names the sitemap by its absolute address in robots.txt', async () => {
    const app = await open();
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: https://www.siamdrive.example/sitemap.xml');
    expect(res.body).not.toContain('localhost');
    await app.close();
  });
});
