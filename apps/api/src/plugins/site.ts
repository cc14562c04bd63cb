import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  isServerRendered,
  isSitePath,
  matchSitePath,
  pageQuery,
  sitePaths,
  type SitePathName,
} from '@siam/contract/site-routes';
import type { ErrorEnvelope } from '@siam/contract/errors';
import { pageLanguage, requestLanguage } from '../lib/language';
import { localizeMessage } from '../lib/message-words';
import { injectHead } from '../modules/seo/html-head';
import { injectPreloads, preloadTags, readPagePreloads } from './page-preloads';
import type { Language } from '@siam/contract/languages';
import { pageBuilds } from '../lib/metrics';
import { sendUnavailable } from './unavailable-answer';
import { PageCache, compressForOne, type CachedPage } from './page-cache';
import { bootScriptTag, insertRenderedPage, loadPageRenderer } from './page-renderer';

export interface SitePluginOptions {
  /** The built site (apps/web/dist). When it has no index.html, a short page says how to build it. */
  webRoot: string;
}

/**
 * Renders under way at once, and waiting for a turn. A render is CPU on the one event loop that also
 * answers /health and every API call: past these, a page nobody has asked for lately gets the busy
 * page (503) at once instead of queueing behind renders (issue 14).
 */
const MAX_RENDERS = 2;
const MAX_RENDERS_WAITING = 8;

/** How long after its few fresh seconds a cached page is still served while it is rendered again. */
const PAGE_STALE_MS = 60_000;

const NOT_BUILT_HTML = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Siam Drive</title>
<p>The site has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p></html>`;

/**
 * Serves the built site from the same process as the API: hashed assets with a
 * year-long cache, other files for a day, and `index.html` for every site route.
 * A path no site route matches gets the same page (which renders the
 * not-found screen) with status 404; an unknown /api path gets a JSON 404.
 */
export const sitePlugin = fp<SitePluginOptions>(async (app: FastifyInstance, opts) => {
  const indexPath = path.join(opts.webRoot, 'index.html');
  const built = existsSync(indexPath);
  // Read once: index.html changes only with a new build, i.e. a restart.
  const indexHtml = built ? readFileSync(indexPath, 'utf8') : NOT_BUILT_HTML;
  const preloads = built ? readPagePreloads(opts.webRoot) : undefined;
  const renderPage = built ? await loadPageRenderer(app, opts.webRoot) : undefined;
  const deferScripts = renderPage ? bootScriptTag(opts.webRoot) : undefined;

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      wildcard: true,
      index: false,
      serveDotFiles: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'public, max-age=86400');
        }
      },
    });
  }

  const sendIndex = (reply: FastifyReply, status: number) =>
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  const renderSlots = new RenderSlots(MAX_RENDERS, MAX_RENDERS_WAITING);
  // Pages are the same for every visitor of a path, query and language: kept a few seconds.
  const pageCache = new PageCache({
    freshMs: app.settings.PAGE_CACHE_SECONDS * 1000,
    staleMs: PAGE_STALE_MS,
  });
  app.services.publicChanges.onChange(() => pageCache.clear());

  /**
   * A site page with its own head (canonical URL, hreflang, and for cars and
   * articles the title, description and share picture). A car or article that
   * does not exist gets the not-found page with 404, as search engines expect.
   * Undefined when the visitor has gone before the render began: nobody would read it.
   */
  const buildPage = async (request: FastifyRequest, page: PageAddress, language: Language) => {
    const { pathname, route } = page;
    pageBuilds.inc({ page: route ?? 'none' });
    const head = await app.services.seo.headFor(pathname, language);
    if (head === 'not-found') return { status: 404, html: indexHtml, keep: true };
    let html = injectHead(indexHtml, head, app.settings.publicUrl);
    if (preloads) html = injectPreloads(html, preloadTags(preloads, route, language, head.leadImage));
    if (!renderPage || !isServerRendered(route)) return { status: 200, html, keep: true };
    if (clientGone(request)) return undefined;
    if (!(await renderSlots.take())) throw new TooBusy();
    // A visitor who waited for a slot may have gone meanwhile.
    if (clientGone(request)) {
      renderSlots.give();
      return undefined;
    }
    try {
      // Rendered from what the page reads, never from the rest of the address: the page is the
      // same for every visitor of its cache key, whatever tracking parameters they came with.
      const rendered = await renderPage(`${pathname}${page.query}`, language);
      // The scripts are rewritten in the page's head before the body goes in: the rewrite reads
      // the whole text it is given, and the head is a tenth of the page.
      html = insertRenderedPage(deferScripts ? deferScripts(html) : html, rendered);
      // No Server-Timing: how long a render took is the operator's to know, not every visitor's.
      return { status: 200, html, keep: true };
    } catch (error) {
      // The browser renders the page itself, as it does every page the server does not; not kept.
      request.log.error({ err: error, url: request.url }, 'server render failed');
      return { status: 200, html, keep: false };
    } finally {
      renderSlots.give();
    }
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return sendIndex(reply, 200);
    const address = pageAddress(request.url);
    const language = pageLanguage(request);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!pageCache.enabled) {
      const page = await buildPage(request, address, language).catch(busyOrThrow);
      if (page === 'busy') return sendUnavailable(app, request, reply, 'busy');
      if (!page) return reply.status(499).send();
      return sendPageOnce(request, reply, page);
    }
    // The path, the language and the parameters the page reads: an ad click's unique fbclid or
    // utm_* is the same page as every other click's (docs/decisions/3104).
    const key = `${language} ${address.pathname}${address.query}`;
    const render = () => buildPage(request, address, language);
    // A render shared with a visitor who has gone answers nobody: this visitor renders their own.
    const page =
      (await pageCache.get(key, render)) ??
      (clientGone(request) ? undefined : await pageCache.get(key, render));
    if (!page) return reply.status(499).send();
    return sendCachedPage(request, reply, page);
  };

  // Every site route is a route of its own: "/" because @fastify/static (index: false) leaves it
  // to us, the others so a page is not first looked for on disk (a stat for every request)
  // and then found missing. An address no route matches still ends in the not-found handler below.
  for (const pattern of new Set(Object.values(sitePaths))) {
    app.get(pattern, { schema: { hide: true } }, sendPage);
  }

  // robots.txt names the sitemap by its absolute address, which only the running server knows.
  const robotsPath = path.join(opts.webRoot, 'robots.txt');
  if (existsSync(robotsPath)) {
    const robots = readFileSync(robotsPath, 'utf8').replace(
      /^Sitemap:.*$/m,
      `Sitemap: ${app.settings.publicUrl}/sitemap.xml`,
    );
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(robots),
    );
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      const msg = localizeMessage('Requested data not found', requestLanguage(request));
      const body: ErrorEnvelope = { status: false, code: 'NOT_FOUND', msg };
      return reply.status(404).send(body);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const body: ErrorEnvelope = {
        status: false,
        code: 'NOT_FOUND',
        msg: localizeMessage('Not found', requestLanguage(request)),
      };
      return reply.status(404).send(body);
    }
    // A missing asset is a plain 404, not the site.
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return isSitePath(pathname) ? sendPage(request, reply) : sendIndex(reply, 404);
  });
});

/** A page's address as far as the page is concerned: its path, and of its query what it reads. */
interface PageAddress {
  pathname: string;
  route: SitePathName | undefined;
  /** `?…` with the parameters a server-rendered page reads, or ''; '' for every other page, whose HTML is its head alone. */
  query: string;
}

function pageAddress(url: string): PageAddress {
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const route = matchSitePath(pathname);
  return { pathname, route, query: pageQuery(route, at < 0 ? '' : url.slice(at)) ?? '' };
}

/** The client closed the connection (a timed-out phone, a crowd that gave up): no render for it. */
function clientGone(request: FastifyRequest): boolean {
  return request.raw.destroyed || request.raw.socket?.destroyed === true;
}

/** Which of the page's stored encodings the browser takes (q=0 means "not this one"). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const offered = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (offered.has('br')) return 'br';
  if (offered.has('gzip')) return 'gzip';
  return undefined;
}

/** A cached page, compressed as the browser takes it, or 304 when it has this one already. */
function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.header('vary', 'accept-encoding, accept-language, cookie').header('etag', page.etag);
  if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  reply.status(page.status);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
  return reply.send(page.html);
}

/** A page rendered for this visitor alone (the page cache is off), compressed as the browser takes it. */
async function sendPageOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { status: number; html: string },
) {
  reply.status(page.status).header('vary', 'accept-encoding, accept-language, cookie');
  const body = Buffer.from(page.html);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(await compressForOne(body, encoding));
}

/** Thrown when no render slot is free and the queue for one is full. */
class TooBusy extends Error {}

function busyOrThrow(error: unknown): 'busy' {
  if (error instanceof TooBusy) return 'busy';
  throw error;
}

/** A counting semaphore with a bounded queue: take() answers false at once when the queue is full. */
class RenderSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly size: number,
    private readonly maxWaiting: number,
  ) {}

  async take(): Promise<boolean> {
    if (this.running < this.size) {
      this.running++;
      return true;
    }
    if (this.waiting.length >= this.maxWaiting) return false;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return true;
  }

  give(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next in line.
    if (next) next();
    else this.running--;
  }
}
