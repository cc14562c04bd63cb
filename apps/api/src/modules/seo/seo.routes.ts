import type { FastifyPluginAsync } from 'fastify';
import { ShareImages } from './share-images';

/** `/sitemap.xml` for search engines and `/og/...png` share pictures (site root, not under /api/v1). */
export const seoRoutes: FastifyPluginAsync<{ webRoot: string }> = async (app, opts) => {
  const images = new ShareImages(opts.webRoot);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await app.services.seo.sitemapXml();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });

  app.get<{ Params: { kind: string; key: string } }>(
    '/og/:kind/:key',
    { schema: { hide: true } },
    async (request, reply) => {
      const { kind, key } = request.params;
      const match = /^([a-z0-9-]{1,120})\.png$/.exec(key);
      const source =
        match && (kind === 'cars' || kind === 'articles')
          ? await app.services.seo.pictureFor(kind, match[1]!)
          : undefined;
      const png = source ? await images.png(source) : undefined;
      if (!png) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );
};
