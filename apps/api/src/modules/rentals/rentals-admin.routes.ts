import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@siam/contract/admin';
import {
  staffChangeBodySchema,
  staffChangeQuoteResponseSchema,
  staffChangeResponseSchema,
} from '@siam/contract/admin-bookings';
import { changeOptionsResponseSchema } from '@siam/contract/bookings';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { ok } from '../../lib/answer';
import { requestLanguage } from '../../lib/language';
import { actorOf } from '../../plugins/authenticate';
import { staffActor } from '../bookings/booking-access';

/**
 * Staff change a booking from its page in the back office (issue 36 part 6, decision 3661): the
 * customer's one way of changing a booking (rentals/booking-changes.ts), at the booking's agreed
 * prices. Registered inside the admin scope (admin.routes.ts), so the staff/admin role check runs first.
 */
export const rentalsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const rentals = () => app.services.rentals;

  app.get(
    '/bookings/:id/change/options',
    {
      schema: {
        tags,
        summary: 'The cars at the booking’s branch and the extras, to change it to',
        params: idParamsSchema,
        response: { 200: changeOptionsResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await rentals().changeOptions(staffActor, request.params.id, requestLanguage(request))),
  );
  app.post(
    '/bookings/:id/change/quote',
    {
      schema: {
        tags,
        summary:
          'What changing the booking (dates, times, car or unit, extras) would cost at its agreed prices, and the units free for it; nothing is held',
        params: idParamsSchema,
        body: staffChangeBodySchema,
        response: { 200: staffChangeQuoteResponseSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await rentals().staffChangeQuote(
          actorOf(request),
          request.params.id,
          request.body,
          requestLanguage(request),
        ),
      ),
  );
  app.post(
    '/bookings/:id/change',
    {
      schema: {
        tags,
        summary:
          'Changes the booking: all or nothing; a dearer difference of a paid booking recorded as taken at the counter (collectedBy, reference), a cheaper one given back; audited, the customer mailed',
        params: idParamsSchema,
        body: staffChangeBodySchema,
        response: { 200: staffChangeResponseSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await rentals().staffChange(
          actorOf(request),
          request.params.id,
          request.body,
          requestLanguage(request),
        ),
      ),
  );
};
