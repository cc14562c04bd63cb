import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingListResponseSchema,
  bookingResponseSchema,
  quoteBodySchema,
  quoteResponseSchema,
} from '@siam/contract/bookings';
import { taxBuyerSchema, taxDetailsResponseSchema } from '@siam/contract/tax-invoices';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { requestLanguage } from '../../lib/language';
import { sendPrivateFile, uploadedFile } from '../../lib/uploaded-file';
import { currentUser } from '../../plugins/authenticate';
import { customerActor } from './booking-access';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** A licence picture sent before arrival: at most 5 MB, as a slip. */
const LICENCE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The booking record's routes: the quote, my bookings, licence pictures, the tax details I keep.
 * Making and changing a booking: rentals/rentals.routes.ts; paying it: payments/payments.routes.ts.
 */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: LICENCE_PICTURE_MAX_BYTES, files: 1, fields: 5 } });
  const bookings = () => app.services.bookings;

  app.post(
    '/guest/bookings/quote',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The full price breakdown for a car, dates, branch, add-ons and code (satang, VAT included)',
        body: quoteBodySchema,
        response: { 200: quoteResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await bookings().quote(request.body, requestLanguage(request), request.auth?.user.id ?? null),
      },
    }),
  );

  app.get(
    '/auth/bookings',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: "The signed-in customer's bookings, newest first",
        security: [{ bearerAuth: [] }],
        response: { 200: bookingListResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await bookings().listForUser(currentUser(request).id, requestLanguage(request)) },
    }),
  );

  app.get(
    '/auth/bookings/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'One of my bookings, by id or booking number (another customer’s is a 404)',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().min(1).max(40) }),
        response: { 200: bookingResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const raw = request.params.id;
      const id = /^\d{1,9}$/.test(raw) ? Number(raw) : raw.toUpperCase();
      return {
        status: true as const,
        response: {
          data: await bookings().getForUser(currentUser(request).id, id, requestLanguage(request)),
        },
      };
    },
  );

  app.post(
    '/auth/bookings/:id/licence-pictures',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 30, windowMinutes: 60 } },
      schema: {
        tags: ['bookings'],
        summary:
          'Sends a picture of a driver\'s licence before arrival (multipart field "file": JPEG, PNG or WebP, at most 5 MB; at most six a booking). Kept privately, without its metadata',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: idParams,
        response: {
          200: bookingResponseSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const content = await uploadedFile(request, {
        kind: 'picture',
        missing: 'Choose a picture of the licence',
        tooLarge: 'The picture must be at most 5 MB',
      });
      return {
        status: true as const,
        response: {
          data: await bookings().uploadLicencePicture(
            currentUser(request).id,
            request.params.id,
            content,
            requestLanguage(request),
          ),
        },
      };
    },
  );

  app.get(
    '/auth/bookings/:id/licence-pictures/:pictureId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: "A licence picture the customer sent (their own booking's only; never a public file)",
        security: [{ bearerAuth: [] }],
        params: idParams.extend({ pictureId: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, {
        contentType: 'image/jpeg',
        content: await bookings().licencePicture(
          customerActor(currentUser(request).id),
          request.params.id,
          request.params.pictureId,
        ),
      }),
  );

  app.get(
    '/auth/tax-details',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'The company details I keep for full tax invoices (null: none)',
        security: [{ bearerAuth: [] }],
        response: { 200: taxDetailsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await bookings().taxDetails(currentUser(request).id) },
    }),
  );

  app.put(
    '/auth/tax-details',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'Keep my company details for full tax invoices',
        security: [{ bearerAuth: [] }],
        body: taxBuyerSchema,
        response: { 200: taxDetailsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await bookings().saveTaxDetails(currentUser(request).id, request.body) },
    }),
  );

  app.delete(
    '/auth/tax-details',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'Forget my company details (invoices already issued stay, as the law keeps them)',
        security: [{ bearerAuth: [] }],
        response: { 200: taxDetailsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await bookings().saveTaxDetails(currentUser(request).id, null) },
    }),
  );
};
