import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isSitePath, matchSitePath } from '@siam/contract/site-routes';
import type { ErrorEnvelope } from '@siam/contract/errors';
import { pageLanguage } from '../lib/language';
import { injectHead } from '../modules/seo/html-head';
import { injectPreloads, preloadTags, readPagePreloads } from './page-preloads';
import { bootScriptTag, insertRenderedPage, loadPageRenderer, serverRenderedPages } from './page-renderer';

export interface SitePluginOptions {
  /** The built site (apps/web/dist). When it has no index.html, a short page says how to build it. */
  webRoot: string;
}

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

  /**
   * A site page with its own head (canonical URL, hreflang, and for cars and
   * articles the title, description and share picture). A car or article that
   * does not exist gets the not-found page with 404, as search engines expect.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return sendIndex(reply, 200);
    const pathname = request.url.split('?')[0] ?? '/';
    const language = pageLanguage(request);
    const head = await app.services.seo.headFor(pathname, language);
    if (head === 'not-found') return sendIndex(reply, 404);
    const route = matchSitePath(pathname);
    let html = injectHead(indexHtml, head, app.settings.publicUrl);
    if (preloads) html = injectPreloads(html, preloadTags(preloads, route, language, head.leadImage));
    if (renderPage && route && serverRenderedPages.has(route)) {
      const started = performance.now();
      try {
        const page = await renderPage(request.url, language);
        html = insertRenderedPage(html, page);
        if (deferScripts) html = deferScripts(html);
        reply.header('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
      } catch (error) {
        // The browser renders the page itself, as it does every page the server does not.
        request.log.error({ err: error, url: request.url }, 'server render failed');
      }
    }
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // "/" is a site route; @fastify/static with index:false leaves it to us.
  app.get('/', { schema: { hide: true } }, sendPage);

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
      const body: ErrorEnvelope = { status: false, code: 'NOT_FOUND', msg: 'Requested data not found' };
      return reply.status(404).send(body);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const body: ErrorEnvelope = { status: false, code: 'NOT_FOUND', msg: 'Not found' };
      return reply.status(404).send(body);
    }
    // A missing asset is a plain 404, not the site.
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return isSitePath(pathname) ? sendPage(request, reply) : sendIndex(reply, 404);
  });
});
