import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A site page as every visitor gets it, compressed once for all of them. */
export interface CachedPage {
  status: number;
  html: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

export interface PageCacheOptions {
  /** How long a page is served as it is; 0 turns the cache off. */
  freshMs: number;
  /** After that, how long it is still served while one render replaces it in the background. */
  staleMs: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  page?: CachedPage;
  renderedAt: number;
  /** The render under way for this key, which every request that asks meanwhile shares. */
  rendering?: Promise<CachedPage | undefined>;
}

/**
 * Rendered site pages, the same for every visitor of a path, query and language
 * (the server renders as a visitor: sessions live in the browser), kept for a
 * few seconds so a crowd on the same pages costs one render every few seconds
 * instead of one per visitor (docs/decisions/1401-page-cache.md).
 *
 * Fresh pages are served as they are; stale ones are still served while a
 * single render replaces them (stale-while-revalidate); a missing page is
 * rendered once for everyone who asks meanwhile. Staff changes clear it on
 * every instance (db/public-changes.ts). A render that fell back to the
 * browser (the renderer failed) is served but not kept.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly maxEntries: number;
  /** Bumped by clear(): a render that began before a staff change is not kept after it. */
  private generation = 0;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 200;
  }

  get enabled(): boolean {
    return this.options.freshMs > 0;
  }

  /**
   * The page for `key`: from the cache, or from `render()` (shared while it runs).
   * `render` answers undefined when there is nobody left to render for, and
   * `{ keep: false }` for a page that must not be kept.
   */
  async get(
    key: string,
    render: () => Promise<{ status: number; html: string; keep: boolean } | undefined>,
  ): Promise<CachedPage | undefined> {
    const t = this.now();
    const entry = this.entries.get(key);
    if (entry?.page) {
      const age = t - entry.renderedAt;
      if (age < this.options.freshMs) return entry.page;
      if (age < this.options.freshMs + this.options.staleMs) {
        if (!entry.rendering) void this.refresh(key, entry, render);
        return entry.page;
      }
    }
    if (entry?.rendering) return entry.rendering;
    const fresh: Entry = entry ?? { renderedAt: 0 };
    if (!entry) this.remember(key, fresh);
    return this.refresh(key, fresh, render);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  private remember(key: string, entry: Entry): void {
    if (this.entries.size >= this.maxEntries) {
      // Drop the oldest (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  private refresh(
    key: string,
    entry: Entry,
    render: () => Promise<{ status: number; html: string; keep: boolean } | undefined>,
  ): Promise<CachedPage | undefined> {
    const generation = this.generation;
    const rendering = (async () => {
      try {
        const rendered = await render();
        if (!rendered) return undefined;
        const page = await compressPage(rendered);
        if (rendered.keep && generation === this.generation && this.entries.get(key) === entry) {
          entry.page = page;
          entry.renderedAt = this.now();
        }
        return page;
      } finally {
        entry.rendering = undefined;
        if (!entry.page && this.entries.get(key) === entry) this.entries.delete(key);
      }
    })();
    entry.rendering = rendering;
    // A background refresh that fails leaves the stale page in place; its caller logs nothing.
    rendering.catch(() => {});
    return rendering;
  }
}

/** Compresses a page once, off the main thread (zlib runs on libuv's pool). */
export async function compressPage(page: { status: number; html: string }): Promise<CachedPage> {
  const body = Buffer.from(page.html);
  const [br, gz] = await Promise.all([brotliText(body, 6), gzipAsync(body, { level: 6 })]);
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { status: page.status, html: page.html, etag, br, gzip: gz };
}

/**
 * Compresses a page made for one visitor (the page cache is off), in one call: the stream
 * @fastify/compress would pass it through cost several times the compression itself (issue
 * 14's profile). Quality 4, as app.ts sets for every other answer.
 */
export function compressForOne(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br' ? brotliText(body, 4) : gzipAsync(body, { level: 6 });
}

/** Brotli for a page's text, told its size up front (zlib runs on libuv's pool, off the main thread). */
function brotliText(body: Buffer, quality: number): Promise<Buffer> {
  return brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
