import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';

describeEachDatabase('back office newsletter subscribers', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  const tag = Date.now().toString(36);
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    auth = await signInEveryone(app);
    const add = (email: string, language: string, status: string, confirmedAt: string | null) =>
      ctx.database.query(
        `INSERT INTO newsletter_subscribers (email, language, status, unsubscribe_token, confirmed_at, unsubscribed_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $3 = 'unsubscribed' THEN now() END)`,
        [email, language, status, `token-${email}`, confirmedAt],
      );
    await add(`ann-${tag}@example.com`, 'en', 'confirmed', '2026-03-01T02:00:00Z');
    await add(`somchai-${tag}@example.co.th`, 'th', 'confirmed', '2026-03-02T03:00:00Z');
    // A valid address a spreadsheet would take for a formula, and one that needs quoting.
    await add(
      `=HYPERLINK("http://evil.example","x")-${tag}@example.com`,
      'zh',
      'confirmed',
      '2026-03-03T04:00:00Z',
    );
    await add(`+cmd-${tag}@example.com`, 'en', 'confirmed', '2026-03-04T05:00:00Z');
    await add(`pending-${tag}@example.com`, 'en', 'pending', null);
    await add(`gone-${tag}@example.com`, 'th', 'unsubscribed', '2026-02-01T00:00:00Z');
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = auth.admin) =>
    app.inject({ url: `/api/v1/admin${url}`, headers });

  it('lists subscribers by status with the count of each', async () => {
    const counts = await ctx.database.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM newsletter_subscribers GROUP BY status',
    );
    const expected = {
      pending: 0,
      confirmed: 0,
      unsubscribed: 0,
      ...Object.fromEntries(counts.map((c) => [c.status, c.n])),
    };
    const all = await get('/newsletter/subscribers?limit=100');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().response.counts).toEqual(expected);
    expect(all.json().response.pagination.total).toBe(
      expected.pending + expected.confirmed + expected.unsubscribed,
    );

    const pending = (await get('/newsletter/subscribers?status=pending&limit=100')).json().response;
    expect(pending.data.every((s: { status: string }) => s.status === 'pending')).toBe(true);
    expect(pending.data.map((s: { email: string }) => s.email)).toContain(`pending-${tag}@example.com`);
    expect(pending.counts).toEqual(expected);
    const gone = (await get('/newsletter/subscribers?status=unsubscribed&limit=100')).json().response.data;
    expect(gone.find((s: { email: string }) => s.email === `gone-${tag}@example.com`)).toMatchObject({
      language: 'th',
      unsubscribedAt: expect.any(String),
    });
    expect((await get('/newsletter/subscribers?status=maybe')).statusCode).toBe(400);
  });

  it('exports confirmed subscribers only as CSV, formulas defused, and audits the export', async () => {
    const res = await get('/newsletter/subscribers.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-confirmed-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFFemail,language,confirmed_at\r\n')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const ours = lines.filter((l) => l.includes(tag));
    expect(ours).toEqual([
      `ann-${tag}@example.com,en,2026-03-01T02:00:00.000Z`,
      `somchai-${tag}@example.co.th,th,2026-03-02T03:00:00.000Z`,
      `"'=HYPERLINK(""http://evil.example"",""x"")-${tag}@example.com",zh,2026-03-03T04:00:00.000Z`,
      `'+cmd-${tag}@example.com,en,2026-03-04T05:00:00.000Z`,
    ]);
    expect(res.body).not.toContain(`pending-${tag}`);
    expect(res.body).not.toContain(`gone-${tag}`);
    const [confirmed] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM newsletter_subscribers WHERE status = 'confirmed'",
    );
    expect(lines.length - 2).toBe(confirmed!.n);

    const [audit] = await ctx.database.query<{ action: string; actor_email: string; after: unknown }>(
      "SELECT action, actor_email, after FROM audit_log WHERE entity = 'newsletter' ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toEqual({
      action: 'newsletter.exported',
      actor_email: 'admin@siamdrive.test',
      after: { count: confirmed!.n },
    });
  });

  it('keeps the list and the export for admins: staff 403, customer 403, visitor 401', async () => {
    for (const url of ['/newsletter/subscribers', '/newsletter/subscribers.csv']) {
      expect((await get(url, auth.staff)).statusCode, `staff ${url}`).toBe(403);
      expect((await get(url, auth.customer)).statusCode, `customer ${url}`).toBe(403);
      expect((await get(url, {})).statusCode, `visitor ${url}`).toBe(401);
    }
  });
});
