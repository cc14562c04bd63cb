import etag from '@fastify/etag';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  branchesResponseSchema,
  carDetailsResponseSchema,
  carIdParamsSchema,
  carListQuerySchema,
  carListResponseSchema,
  categoriesResponseSchema,
  hotDealsResponseSchema,
  listLimitQuerySchema,
  testimonialsQuerySchema,
  rentalConditionsResponseSchema,
  testimonialsResponseSchema,
} from '@siam/contract/catalog';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { requestLanguage } from '../../lib/language';

const lngQuery = z.object({ lng: z.string().optional() });

/**
 * Public catalog reads. Answers may be kept a minute by the browser and are
 * revalidated by ETag afterwards (304, no body), so a returning visitor does
 * not download them again; they vary by language.
 */
function cacheFor(reply: FastifyReply, seconds: number) {
  void reply.header('cache-control', `public, max-age=${seconds}`);
  void reply.header('vary', 'accept-language');
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to these routes: fastify-plugin puts the hook on this plugin's context only.
  await app.register(etag, { weak: true });
  const catalog = app.services.catalog;

  app.get(
    '/guest/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Car categories, named in the request language',
        querystring: lngQuery,
        response: { 200: categoriesResponseSchema },
      },
    },
    async (request, reply) => {
      cacheFor(reply, 300);
      return {
        status: true as const,
        response: { data: await catalog.categories(requestLanguage(request)) },
      };
    },
  );

  // Cars taken out of service are the back office's business: only staff list them (issue 19).
  const staffOnly = app.requireRole('staff', 'admin');
  app.get(
    '/guest/cars',
    {
      onRequest: async (request, reply) => {
        const { is_active: active } = request.query as { is_active?: unknown };
        if (active === '0' || (Array.isArray(active) && active.includes('0')))
          await staffOnly(request, reply);
      },
      schema: {
        tags: ['catalog'],
        summary: 'The car listing: filters, sort, pages, and availability by dates and branch',
        querystring: carListQuerySchema,
        response: { 200: carListResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      // Availability changes with every booking: dated answers are kept briefly.
      // Staff's view of inactive cars is theirs alone: never in a shared cache.
      if (request.query.is_active === 0) void reply.header('cache-control', 'private, no-store');
      else cacheFor(reply, request.query.pickup_date ? 15 : 60);
      const result = await catalog.listCars(request.query, requestLanguage(request));
      return { status: true as const, response: result };
    },
  );

  app.get(
    '/guest/cars/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Everything the car details screen shows (id = car_model_id)',
        params: carIdParamsSchema,
        querystring: lngQuery,
        response: { 200: carDetailsResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const data = await catalog.carDetails(request.params.id, requestLanguage(request));
      cacheFor(reply, 60);
      return { status: true as const, response: { data } };
    },
  );

  app.get(
    '/guest/hot-deals',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Deals running now, each with its car, discount and end time',
        querystring: listLimitQuerySchema,
        response: { 200: hotDealsResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      cacheFor(reply, 30);
      const data = await catalog.hotDeals(requestLanguage(request), request.query.limit);
      return { status: true as const, response: { data } };
    },
  );

  app.get(
    '/guest/branches',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Branches: code, name, address, phone and opening hours',
        querystring: lngQuery,
        response: { 200: branchesResponseSchema },
      },
    },
    async (request, reply) => {
      cacheFor(reply, 300);
      return { status: true as const, response: { data: await catalog.branches(requestLanguage(request)) } };
    },
  );

  for (const kind of ['included', 'not_included'] as const) {
    app.get(
      `/rental-conditions/${kind}`,
      {
        schema: {
          tags: ['catalog'],
          summary: `Rental conditions: what the price ${kind === 'included' ? 'includes' : 'does not include'}`,
          querystring: lngQuery,
          response: { 200: rentalConditionsResponseSchema },
        },
      },
      async (request, reply) => {
        // Revalidated every time (the ETag makes that a cheap 304): staff edits show at once.
        cacheFor(reply, 0);
        const data = await catalog.rentalConditions(kind, requestLanguage(request));
        return { status: true as const, response: { data } };
      },
    );
  }

  app.get(
    '/guest/testimonials',
    {
      schema: {
        tags: ['catalog'],
        summary: 'What customers say, newest first, in the request language (?car=: one car model’s reviews)',
        querystring: testimonialsQuerySchema,
        response: { 200: testimonialsResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      cacheFor(reply, 300);
      const data = await catalog.testimonials(
        requestLanguage(request),
        request.query.limit,
        request.query.car,
      );
      return { status: true as const, response: { data } };
    },
  );
};
