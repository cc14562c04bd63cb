import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { carUploadsDir, UPLOADS_PUBLIC_PATH } from './car-images';

/**
 * Serves the public car pictures from DATA_DIR/uploads/cars at /uploads/cars/…
 * Their names are unique and never reused, so browsers may keep them for a year.
 * Only that folder: slips and other personal files under DATA_DIR/uploads are
 * read through the API by their owner and staff, never as static files.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  const root = carUploadsDir(app.settings.dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${UPLOADS_PUBLIC_PATH}/`,
    decorateReply: false,
    index: false,
    serveDotFiles: false,
    list: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      res.header('x-content-type-options', 'nosniff');
    },
  });
});
