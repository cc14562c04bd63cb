import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves uploaded pictures from DATA_DIR/uploads at /uploads/… Their names
 * are unique and never reused, so browsers may keep them for a year.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  const root = path.join(app.settings.dataDir, 'uploads');
  mkdirSync(path.join(root, 'cars'), { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
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
