import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { storageFolder } from '../../lib/file-storage';
import { CAR_PICTURES_FOLDER, carPictureType, UPLOADS_PUBLIC_PATH } from './car-images';

/**
 * Serves the public car pictures at /uploads/cars/… from the file storage (the
 * local folder, or the bucket every instance shares). Their names are unique and
 * never reused, so browsers and CDNs may keep them for a year. Only that folder:
 * slips are read through the API by their owner and staff, never as files.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  const pictures = storageFolder(app.services.files, CAR_PICTURES_FOLDER);
  app.get(
    `${UPLOADS_PUBLIC_PATH}/:file`,
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.(webp|avif)$/) }),
      },
      // A malformed name is simply not a picture; any other failure goes to the app's error handler.
      errorHandler: (error, _request, reply) => {
        if (!(error as { validation?: unknown }).validation) throw error;
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      },
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const content = await pictures.get(file);
      if (!content) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(carPictureType(file))
        .send(content);
    },
  );
});
