import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';

type Headers = { authorization: string };
type AuditEntry = { action: string; actorEmail: string; before: unknown; after: unknown; entityId: string };

const article = (slug: string, overrides: Record<string, unknown> = {}) => ({
  slug,
  title: { th: 'เช่ารถที่เชียงใหม่', en: 'Renting a car in Chiang Mai', zh: '' },
  excerpt: { th: 'สิ่งที่ควรรู้', en: 'What to know before you go.', zh: '' },
  body: { th: '## ถนนบนดอย\n\nขับช้า ๆ', en: '## Mountain roads\n\nDrive **slowly**.', zh: '' },
  coverImage: '/images/articles/road-trip.svg',
  isPublished: false,
  ...overrides,
});

describeEachDatabase('back office: articles, rental conditions and their audit', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Headers = auth.staff,
  ) => app.inject({ method, url: `/api/v1/admin${url}`, headers, payload });
  const get = (url: string, headers: Headers = auth.staff) =>
    app.inject({ url: `/api/v1/admin${url}`, headers });
  const audit = async (entity: string, entityId: number) =>
    (await get(`/audit-log?entity=${entity}&entityId=${entityId}&limit=50`, auth.admin)).json().response
      .data as AuditEntry[];
  const publicList = async (lng = 'en') =>
    (await app.inject({ url: `/api/v1/guest/articles?lng=${lng}&limit=50` })).json().response.data as {
      slug: string;
      title: string;
    }[];

  describe('articles', () => {
    it('keeps a draft off the site, publishes it at once, takes it back and deletes it, auditing each step', async () => {
      const created = await send('POST', '/articles', article('chiang-mai-by-car'));
      expect(created.statusCode).toBe(200);
      const draft = created.json().response.data;
      expect(draft).toMatchObject({
        slug: 'chiang-mai-by-car',
        isPublished: false,
        title: { th: 'เช่ารถที่เชียงใหม่', en: 'Renting a car in Chiang Mai', zh: '' },
      });

      // Staff see the draft; the public does not, and its address is a 404.
      const listed = (await get('/articles')).json().response.data;
      expect(listed[0]).toMatchObject({ id: draft.id, isPublished: false });
      expect((await publicList()).map((a) => a.slug)).not.toContain('chiang-mai-by-car');
      expect((await app.inject({ url: '/api/v1/guest/articles/chiang-mai-by-car' })).statusCode).toBe(404);

      const published = await send('POST', `/articles/${draft.id}/publish`, { isPublished: true });
      expect(published.statusCode).toBe(200);
      expect(published.json().response.data.isPublished).toBe(true);
      const first = (await publicList())[0];
      expect(first).toMatchObject({ slug: 'chiang-mai-by-car', title: 'Renting a car in Chiang Mai' });
      expect((await publicList('th'))[0]!.title).toBe('เช่ารถที่เชียงใหม่');
      const page = await app.inject({ url: '/api/v1/guest/articles/chiang-mai-by-car?lng=th' });
      expect(page.statusCode).toBe(200);
      expect(page.json().response.data.html).toContain('<h2>ถนนบนดอย</h2>');
      // No Chinese text: the Chinese reader gets English and is told so.
      const zh = (await app.inject({ url: '/api/v1/guest/articles/chiang-mai-by-car?lng=zh' })).json();
      expect(zh.response.data).toMatchObject({ language: 'en', translated: false });

      // An edit shows at once, even right after the page was read (and cached).
      const edited = await send(
        'PUT',
        `/articles/${draft.id}`,
        article('chiang-mai-by-car', {
          isPublished: true,
          body: { th: '## ถนนบนดอย', en: '## Mountain roads, updated', zh: '## 山路' },
          title: { th: 'เช่ารถที่เชียงใหม่', en: 'Renting a car in Chiang Mai', zh: '在清迈租车' },
        }),
      );
      expect(edited.statusCode).toBe(200);
      const after = (await app.inject({ url: '/api/v1/guest/articles/chiang-mai-by-car?lng=zh' })).json();
      expect(after.response.data).toMatchObject({ title: '在清迈租车', language: 'zh', translated: true });
      expect(after.response.data.html).toContain('<h2>山路</h2>');

      const withdrawn = await send('POST', `/articles/${draft.id}/publish`, { isPublished: false });
      expect(withdrawn.json().response.data.isPublished).toBe(false);
      expect((await app.inject({ url: '/api/v1/guest/articles/chiang-mai-by-car' })).statusCode).toBe(404);
      expect((await publicList()).map((a) => a.slug)).not.toContain('chiang-mai-by-car');
      // Taking back what is already a draft changes (and records) nothing.
      await send('POST', `/articles/${draft.id}/publish`, { isPublished: false });

      expect((await send('DELETE', `/articles/${draft.id}`)).statusCode).toBe(200);
      expect((await get(`/articles/${draft.id}`)).statusCode).toBe(404);
      expect((await send('DELETE', `/articles/${draft.id}`)).statusCode).toBe(404);

      const log = await audit('article', draft.id);
      expect(log.map((e) => e.action)).toEqual([
        'article.delete',
        'article.unpublish',
        'article.update',
        'article.publish',
        'article.create',
      ]);
      expect(log.every((e) => e.actorEmail === 'staff@siamdrive.test')).toBe(true);
      expect(log[4]).toMatchObject({
        before: null,
        after: { slug: 'chiang-mai-by-car', isPublished: false },
      });
      expect(log[3]).toMatchObject({ before: { isPublished: false }, after: { isPublished: true } });
      expect(log[2]).toMatchObject({
        before: { body: { en: '## Mountain roads\n\nDrive **slowly**.' } },
        after: { body: { en: '## Mountain roads, updated' } },
      });
      expect(log[0]).toMatchObject({ before: { slug: 'chiang-mai-by-car' }, after: null });
    });

    it('publishes directly on creation, dated now, at the top of the public list', async () => {
      const res = await send(
        'POST',
        '/articles',
        article('songkran-driving', { isPublished: true }),
        auth.admin,
      );
      expect(res.statusCode).toBe(200);
      const { publishedAt } = res.json().response.data;
      expect(Math.abs(Date.parse(publishedAt) - Date.now())).toBeLessThan(60_000);
      expect((await publicList())[0]!.slug).toBe('songkran-driving');
    });

    it('refuses bad articles field by field: English required, slug format and uniqueness, cover picture', async () => {
      const bad = await send(
        'POST',
        '/articles',
        article('Bad Slug!', {
          title: { th: 'ไทย', en: '  ', zh: '' },
          excerpt: { en: 'x'.repeat(501) },
          body: { th: 'ไทย' },
          coverImage: 'javascript:alert(1)',
        }),
      );
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { path: string }) => e.path)
          .sort(),
      ).toEqual(['body.en', 'coverImage', 'excerpt.en', 'slug', 'title.en']);
      expect((await send('POST', '/articles', { ...article('no-cover'), coverImage: '' })).statusCode).toBe(
        400,
      );

      const taken = await send('POST', '/articles', article('fuel-tolls-and-expressways'));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CONFLICT', errors: [{ path: 'slug' }] });

      const mine = (await send('POST', '/articles', article('a-second-draft'))).json().response.data;
      const clash = await send('PUT', `/articles/${mine.id}`, article('fuel-tolls-and-expressways'));
      expect(clash.statusCode).toBe(409);
      expect((await send('PUT', '/articles/999999', article('nowhere'))).statusCode).toBe(404);
      expect((await send('POST', '/articles/999999/publish', { isPublished: true })).statusCode).toBe(404);
      // Nothing half-written: the refused change left no audit record.
      expect((await audit('article', mine.id)).map((e) => e.action)).toEqual(['article.create']);
    });

    it('previews Markdown exactly as the public page renders it, scripts removed', async () => {
      const res = await send('POST', '/articles/preview', {
        markdown: '# Title\n\n<script>alert(1)</script>\n\n[x](javascript:alert(2)) **bold**',
      });
      expect(res.statusCode).toBe(200);
      const { html } = res.json().response.data;
      expect(html).toContain('<h2>Title</h2>');
      expect(html).toContain('<strong>bold</strong>');
      expect(html).not.toMatch(/<script|javascript:/);
    });

    it('lists the cover pictures articles use', async () => {
      const images = (await get('/articles/cover-images')).json().response.data;
      expect(images).toContain('/images/articles/road-trip.svg');
      expect(new Set(images).size).toBe(images.length);
    });
  });

  describe('rental conditions', () => {
    const publicConditions = async (kind: string, lng: string) =>
      (await app.inject({ url: `/api/v1/rental-conditions/${kind}?lng=${lng}` })).json().response.data as {
        id: number;
        text: string;
      }[];
    const text = { th: 'ที่นั่งเด็กฟรี', en: 'Free child seat', zh: '免费儿童座椅' };

    it('adds, edits, reorders and deletes, showing on the car page at once and auditing each change', async () => {
      const before = await publicConditions('included', 'en');
      const added = await send('POST', '/rental-conditions', { kind: 'included', text });
      expect(added.statusCode).toBe(200);
      const condition = added.json().response.data;
      expect(condition).toMatchObject({ kind: 'included', text });
      const shown = await publicConditions('included', 'en');
      expect(shown.map((c) => c.text)).toEqual([...before.map((c) => c.text), 'Free child seat']);

      const edited = await send('PATCH', `/rental-conditions/${condition.id}`, {
        text: { ...text, th: 'คาร์ซีทเด็กฟรี' },
      });
      expect(edited.statusCode).toBe(200);
      expect((await publicConditions('included', 'th')).at(-1)!.text).toBe('คาร์ซีทเด็กฟรี');

      const moved = await send('POST', `/rental-conditions/${condition.id}/move`, { direction: 'up' });
      expect(moved.statusCode).toBe(200);
      const order = (await publicConditions('included', 'en')).map((c) => c.text);
      expect(order.at(-2)).toBe('Free child seat');
      expect(order.at(-1)).toBe(before.at(-1)!.text);
      // The first cannot go further up: nothing changes.
      const firstId = before[0]!.id;
      const still = await send('POST', `/rental-conditions/${firstId}/move`, { direction: 'up' });
      expect(still.statusCode).toBe(200);
      expect((await publicConditions('included', 'en'))[0]!.id).toBe(firstId);

      expect((await send('DELETE', `/rental-conditions/${condition.id}`)).statusCode).toBe(200);
      expect((await publicConditions('included', 'en')).map((c) => c.text)).toEqual(
        before.map((c) => c.text),
      );
      expect((await send('DELETE', `/rental-conditions/${condition.id}`)).statusCode).toBe(404);

      const log = await audit('rental_condition', condition.id);
      expect(log.map((e) => e.action)).toEqual([
        'rental_condition.delete',
        'rental_condition.reorder',
        'rental_condition.update',
        'rental_condition.create',
      ]);
      expect(log[2]).toMatchObject({
        before: { text: { th: 'ที่นั่งเด็กฟรี' } },
        after: { text: { th: 'คาร์ซีทเด็กฟรี' } },
      });
      const reorder = log[1]!;
      expect((reorder.before as { order: number[] }).order.at(-1)).toBe(condition.id);
      expect((reorder.after as { order: number[] }).order.at(-2)).toBe(condition.id);
      expect(log[0]).toMatchObject({
        before: { id: condition.id },
        after: null,
        actorEmail: 'staff@siamdrive.test',
      });
    });

    it('refuses a condition without all three languages, or of an unknown kind', async () => {
      const bad = await send('POST', '/rental-conditions', {
        kind: 'maybe',
        text: { th: '', en: 'x', zh: 'y'.repeat(301) },
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { path: string }) => e.path)
          .sort(),
      ).toEqual(['kind', 'text.th', 'text.zh']);
      const first = (await get('/rental-conditions')).json().response.data[0];
      const patch = await send('PATCH', `/rental-conditions/${first.id}`, {
        text: { th: 'x', en: '', zh: 'y' },
      });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().errors).toEqual([expect.objectContaining({ path: 'text.en' })]);
      expect((await send('PATCH', '/rental-conditions/999999', { text })).statusCode).toBe(404);
    });
  });

  it('lets staff and admins edit content, and refuses visitors and customers', async () => {
    for (const headers of [auth.staff, auth.admin]) {
      expect((await get('/articles', headers)).statusCode).toBe(200);
      expect((await get('/rental-conditions', headers)).statusCode).toBe(200);
    }
    const calls: [string, string, object?][] = [
      ['GET', '/articles'],
      ['GET', '/articles/1'],
      ['POST', '/articles', article('sneaky')],
      ['PUT', '/articles/1', article('sneaky')],
      ['POST', '/articles/1/publish', { isPublished: false }],
      ['DELETE', '/articles/1'],
      ['POST', '/articles/preview', { markdown: 'x' }],
      ['GET', '/rental-conditions'],
      ['POST', '/rental-conditions', { kind: 'included', text: { th: 'a', en: 'b', zh: 'c' } }],
      ['PATCH', '/rental-conditions/1', { text: { th: 'a', en: 'b', zh: 'c' } }],
      ['POST', '/rental-conditions/1/move', { direction: 'down' }],
      ['DELETE', '/rental-conditions/1'],
    ];
    for (const [method, url, payload] of calls) {
      const request = { method: method as 'GET', url: `/api/v1/admin${url}`, payload };
      expect((await app.inject(request)).statusCode, `visitor ${method} ${url}`).toBe(401);
      expect(
        (await app.inject({ ...request, headers: auth.customer })).statusCode,
        `customer ${method} ${url}`,
      ).toBe(403);
    }
    // Nothing was changed by the refused calls.
    expect((await get('/articles/1')).json().response.data.slug).not.toBe('sneaky');
    expect(
      (await get('/rental-conditions')).json().response.data.some((c: { id: number }) => c.id === 1),
    ).toBe(true);
  });
});
