import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

/** A render the test finishes by hand, counting how many were started. */
function renders() {
  let started = 0;
  const pending: Array<(html: string) => void> = [];
  return {
    get started() {
      return started;
    },
    render: () => {
      started++;
      return new Promise<{ status: number; html: string; keep: boolean }>((resolve) =>
        pending.push((html) => resolve({ status: 200, html, keep: true })),
      );
    },
    finish(html: string) {
      pending.shift()?.(html);
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('PageCache', () => {
  it('renders a missing page once for everyone who asks meanwhile, then serves it fresh', async () => {
    let t = 0;
    const cache = new PageCache({ freshMs: 10_000, staleMs: 60_000, now: () => t });
    const r = renders();
    const first = cache.get('th /', r.render);
    const second = cache.get('th /', r.render);
    r.finish('<p>one</p>');
    const [a, b] = await Promise.all([first, second]);
    expect(r.started).toBe(1);
    expect(a?.html).toBe('<p>one</p>');
    expect(b).toBe(a);
    t = 9_999;
    expect((await cache.get('th /', r.render))?.html).toBe('<p>one</p>');
    expect(r.started).toBe(1);
  });

  it('serves a stale page while one render replaces it, then the new one', async () => {
    let t = 0;
    const cache = new PageCache({ freshMs: 10_000, staleMs: 60_000, now: () => t });
    const r = renders();
    const first = cache.get('en /cars', r.render);
    r.finish('old');
    await first;
    t = 15_000;
    expect((await cache.get('en /cars', r.render))?.html).toBe('old');
    expect((await cache.get('en /cars', r.render))?.html).toBe('old');
    expect(r.started).toBe(2);
    r.finish('new');
    await flush();
    expect((await cache.get('en /cars', r.render))?.html).toBe('new');
    expect(r.started).toBe(2);
  });

  it('renders again once a page is older than fresh + stale', async () => {
    let t = 0;
    const cache = new PageCache({ freshMs: 1_000, staleMs: 1_000, now: () => t });
    const r = renders();
    const first = cache.get('zh /', r.render);
    r.finish('old');
    await first;
    t = 2_500;
    const next = cache.get('zh /', r.render);
    r.finish('new');
    expect((await next)?.html).toBe('new');
  });

  it('forgets everything on clear(), and keeps nothing a render began before it', async () => {
    const cache = new PageCache({ freshMs: 10_000, staleMs: 60_000 });
    const r = renders();
    const before = cache.get('th /', r.render);
    cache.clear();
    r.finish('rendered before the change');
    expect((await before)?.html).toBe('rendered before the change');
    const after = cache.get('th /', r.render);
    expect(r.started).toBe(2);
    r.finish('rendered after the change');
    expect((await after)?.html).toBe('rendered after the change');
  });

  it('serves but does not keep a page the renderer could not make, nor one nobody waits for', async () => {
    const cache = new PageCache({ freshMs: 10_000, staleMs: 60_000 });
    let calls = 0;
    const failing = async () => ({ status: 200, html: `shell ${++calls}`, keep: false });
    expect((await cache.get('en /', failing))?.html).toBe('shell 1');
    expect((await cache.get('en /', failing))?.html).toBe('shell 2');
    expect(await cache.get('en /x', async () => undefined)).toBeUndefined();
    expect((await cache.get('en /x', async () => ({ status: 200, html: 'x', keep: true })))?.html).toBe('x');
  });

  it('compresses once: Brotli and gzip copies and a strong ETag', async () => {
    const cache = new PageCache({ freshMs: 10_000, staleMs: 0 });
    const page = await cache.get('th /', async () => ({
      status: 200,
      html: 'ราคา ฿1,200'.repeat(100),
      keep: true,
    }));
    expect(page?.br.length).toBeLessThan(200);
    expect(page?.gzip.length).toBeLessThan(200);
    expect(page?.etag).toMatch(/^"[\w-]{22}"$/);
  });

  it('is off when freshMs is 0', () => {
    expect(new PageCache({ freshMs: 0, staleMs: 0 }).enabled).toBe(false);
  });
});
