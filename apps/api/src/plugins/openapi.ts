import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI built from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json.
 * In production the published document holds the public and customer operations
 * only: the back office's map is nobody else's business.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  const publishStaffRoutes = app.settings.NODE_ENV !== 'production';
  const transform: typeof jsonSchemaTransform = (document) =>
    !publishStaffRoutes && document.url.startsWith('/api/v1/admin/')
      ? { schema: { hide: true }, url: document.url }
      : jsonSchemaTransform(document);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Siam Drive API',
        description: 'Car rental in Thailand. Answers in th, en or zh by `?lng=` or Accept-Language.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
