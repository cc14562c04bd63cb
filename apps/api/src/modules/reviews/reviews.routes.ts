import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  reviewBodySchema,
  reviewResponseSchema,
  reviewsResponseSchema,
} from '@siam/contract/content';
import { dataEnvelope } from '@siam/contract/envelope';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { requestLanguage } from '../../lib/language';
import { formBodyLimit } from '../../lib/public-forms';
import { currentUser } from '../../plugins/authenticate';

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/bookings/:id/review',
    {
      onRequest: app.requireUser,
      bodyLimit: formBodyLimit,
      config: { rateLimit: { max: 10, windowMinutes: 10 } },
      schema: {
        tags: ['reviews'],
        summary: 'Review a completed or active booking (once); answers with the thank-you coupon',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: reviewBodySchema,
        response: {
          200: reviewResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await app.services.reviews.submit(
        user.id,
        request.params.id,
        request.body,
        requestLanguage(request),
        request.log,
      );
      return { status: true as const, response: { data } };
    },
  );

  app.get(
    '/auth/reviews',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: "The signed-in customer's reviews and their coupons",
        security: [{ bearerAuth: [] }],
        response: { 200: reviewsResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const data = await app.services.reviews.mine(currentUser(request).id, requestLanguage(request));
      return { status: true as const, response: { data } };
    },
  );

  app.get(
    '/admin/reviews',
    {
      onRequest: app.requireRole('staff', 'admin'),
      schema: {
        tags: ['reviews'],
        summary: 'Reviews for staff to moderate',
        security: [{ bearerAuth: [] }],
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const data = await app.services.reviews.forStaff(request.query.status, requestLanguage(request));
      return { status: true as const, response: { data } };
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/admin/reviews/:id/${action}`,
      {
        onRequest: app.requireRole('staff', 'admin'),
        schema: {
          tags: ['reviews'],
          summary:
            action === 'approve'
              ? 'Approve a review: it appears among the testimonials'
              : 'Reject a review (withdrawn from the testimonials if it was shown)',
          security: [{ bearerAuth: [] }],
          params: idParams,
          response: {
            200: dataEnvelope(z.null()),
            401: errorEnvelopeSchema,
            403: errorEnvelopeSchema,
            404: errorEnvelopeSchema,
          },
        },
      },
      async (request) => {
        const { id, email } = currentUser(request);
        await app.services.reviews[action](request.params.id, { id, email });
        return { status: true as const, response: { data: null } };
      },
    );
  }
};
