import type { FastifyPluginAsync } from 'fastify';

/** `/sitemap.xml` for search engines (site root, not under /api/v1). */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await app.services.seo.sitemapXml();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });
};
