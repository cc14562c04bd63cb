import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { renderMarkdown } from './markdown';

const evil = `# Hello

<script>alert(1)</script>

[click me](javascript:alert(2)) and [also](JaVaScRiPt:alert(3)) and [data](data:text/html;base64,PHNjcmlwdD4=)

<img src="x" onerror="alert(4)"> <a href="https://example.com" onclick="alert(5)">ok</a>

<iframe src="https://evil.example"></iframe><style>body{display:none}</style>

<svg><script>alert(6)</script></svg> <div style="background:url(javascript:alert(7))">styled</div>`;

describe('article Markdown rendering', () => {
  it('keeps formatting and drops every way to run code', () => {
    const html = renderMarkdown(evil);
    expect(html).toContain('<h2>Hello</h2>');
    expect(html).not.toMatch(/<script|<iframe|<style|<svg|javascript:|onerror|onclick|style=|data:text/i);
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a>',
    );
  });

  it('renders lists, emphasis and tables', () => {
    const html = renderMarkdown('- **one**\n- *two*\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<li><strong>one</strong></li>');
    expect(html).toContain('<em>two</em>');
    expect(html).toContain('<td>1</td>');
  });
});

describeEachDatabase('articles API', (ctx) => {
  it('lists published articles newest first, paged, in the asked language', async () => {
    const app = await buildTestApp(ctx.database);
    const res = await app.inject({ url: '/api/v1/guest/articles?lng=th&limit=3&page=1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.response.pagination).toEqual({ page: 1, limit: 3, total: 7, total_pages: 3 });
    expect(body.response.data).toHaveLength(3);
    expect(body.response.data[0]).toMatchObject({
      slug: 'driving-in-thailand-rules-of-the-road',
      title: 'ขับรถในไทยให้ปลอดภัย: กฎจราจรที่ควรรู้',
      language: 'th',
      translated: true,
      coverImage: '/images/articles/driving-in-thailand.svg',
    });
    const page3 = (await app.inject({ url: '/api/v1/guest/articles?lng=zh&limit=3&page=3' })).json();
    expect(page3.response.data).toHaveLength(1);
    expect(page3.response.data[0]).toMatchObject({
      slug: 'renting-an-electric-car-in-thailand',
      language: 'en',
      translated: false,
    });
    const bad = await app.inject({ url: '/api/v1/guest/articles?page=0' });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });

  it('serves one article as sanitized HTML, with English and a flag when not translated', async () => {
    const app = await buildTestApp(ctx.database);
    const zh = (
      await app.inject({ url: '/api/v1/guest/articles/airport-pickup-suvarnabhumi-don-mueang?lng=zh' })
    ).json();
    expect(zh.response.data).toMatchObject({
      title: '素万那普与廊曼机场取车指南',
      language: 'zh',
      translated: true,
    });
    expect(zh.response.data.html).toContain('<h2>素万那普机场（BKK）</h2>');
    expect(zh.response.data.availableLanguages).toEqual(['th', 'en', 'zh']);

    const fallback = (
      await app.inject({ url: '/api/v1/guest/articles/renting-an-electric-car-in-thailand?lng=zh' })
    ).json();
    expect(fallback.response.data).toMatchObject({
      language: 'en',
      translated: false,
      availableLanguages: ['th', 'en'],
    });
    expect(fallback.response.data.title).toBe('Renting an electric car in Thailand');
    await app.close();
  });

  it('never lets a script through, even from an article written by an attacker', async () => {
    await ctx.database.query(
      `INSERT INTO articles (slug, title, excerpt, body, cover_image) VALUES ('evil-article', $1, $1, $2, '/images/articles/documents.svg')`,
      [JSON.stringify({ en: 'Evil' }), JSON.stringify({ en: evil, th: evil })],
    );
    const app = await buildTestApp(ctx.database);
    for (const lng of ['en', 'th']) {
      const res = await app.inject({ url: `/api/v1/guest/articles/evil-article?lng=${lng}` });
      expect(res.statusCode).toBe(200);
      const { html } = res.json().response.data;
      expect(html).not.toMatch(/<script|<iframe|javascript:|onerror|onclick|<style|style=/i);
    }
    await app.close();
  });

  it('answers 404 for an unknown or unpublished slug and 400 for a malformed one', async () => {
    await ctx.database.query(
      `INSERT INTO articles (slug, title, excerpt, body, cover_image, is_published) VALUES ('draft-article', $1, $1, $1, '/x.svg', false)`,
      [JSON.stringify({ en: 'Draft' })],
    );
    const app = await buildTestApp(ctx.database);
    expect((await app.inject({ url: '/api/v1/guest/articles/no-such-article' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/guest/articles/draft-article' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/guest/articles/Bad%20Slug' })).statusCode).toBe(400);
    await app.close();
  });
});
