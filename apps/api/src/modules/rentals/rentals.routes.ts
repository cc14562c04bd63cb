import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingResponseSchema,
  cancelBookingBodySchema,
  changeBodySchema,
  changeOptionsResponseSchema,
  changeQuoteResponseSchema,
  changeResponseSchema,
  waitingChangeResponseSchema,
  createBookingBodySchema,
  createBookingResponseSchema,
  payAgainBodySchema,
} from '@siam/contract/bookings';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { AppError } from '../../lib/app-error';
import { requestLanguage } from '../../lib/language';
import { currentUser } from '../../plugins/authenticate';
import { deviceIdOf } from '../auth/trusted-device';
import { customerActor } from '../bookings/booking-access';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * Making, paying again, changing and cancelling a booking (same URLs and OpenAPI tags as when they
 * were bookings' routes).
 */
export const rentalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const rentals = () => app.services.rentals;

  app.post(
    '/guest/bookings/create',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'Books a car (sign-in required; send an Idempotency-Key). Prices in the body are ignored.',
        security: [{ bearerAuth: [] }],
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        body: createBookingBodySchema,
        response: {
          200: createBookingResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
        throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8-100 letters, digits or -_.:');
      const result = await rentals().create(
        currentUser(request).id,
        request.body,
        requestLanguage(request),
        key,
        undefined,
        { ip: request.ip, deviceId: deviceIdOf(request.headers.cookie, app.services.secret) },
      );
      return { status: true as const, response: { data: result } };
    },
  );

  app.post(
    '/auth/bookings/:id/pay',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary:
          'Pays again my booking whose card was refused, while it holds its car: another card (token) or another way (send an Idempotency-Key)',
        security: [{ bearerAuth: [] }],
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        params: idParams,
        body: payAgainBodySchema,
        response: {
          200: createBookingResponseSchema,
          400: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
        throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8-100 letters, digits or -_.:');
      const result = await rentals().payAgain(
        currentUser(request).id,
        request.params.id,
        request.body,
        requestLanguage(request),
        key,
      );
      return { status: true as const, response: { data: result } };
    },
  );

  app.put(
    '/auth/bookings/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'Cancels my booking with the fee rule applied',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: cancelBookingBodySchema,
        response: { 200: bookingResponseSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await rentals().cancel(
          request.params.id,
          { byStaff: false, userId: currentUser(request).id, reason: request.body?.reason },
          requestLanguage(request),
        ),
      },
    }),
  );

  app.get(
    '/auth/bookings/:id/change/options',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'The cars at my booking’s branch and the extras, to change to',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: changeOptionsResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await rentals().changeOptions(
          customerActor(currentUser(request).id),
          request.params.id,
          requestLanguage(request),
        ),
      },
    }),
  );

  app.post(
    '/auth/bookings/:id/change/quote',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary:
          'What changing my booking (dates, times, car, extras) or extending my rental would cost; nothing is held',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: changeBodySchema,
        response: { 200: changeQuoteResponseSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await rentals().quoteChange(
          currentUser(request).id,
          request.params.id,
          request.body,
          requestLanguage(request),
        ),
      },
    }),
  );

  app.post(
    '/auth/bookings/:id/change',
    {
      onRequest: app.requireUser,
      // A change may charge a card: as for a deposit, a few tries, not a card-testing loop.
      config: { rateLimit: { max: 20, windowMinutes: 60 } },
      schema: {
        tags: ['bookings'],
        summary:
          'Moves my booking to new dates, or extends my rental: all or nothing; a paid booking pays more by card token, or is given the difference back. Send an Idempotency-Key header',
        security: [{ bearerAuth: [] }],
        params: idParams,
        headers: z.object({ 'idempotency-key': z.string().max(100).optional() }).passthrough(),
        body: changeBodySchema,
        response: {
          200: changeResponseSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await rentals().changeDates(
          currentUser(request).id,
          request.params.id,
          request.body,
          requestLanguage(request),
          request.headers['idempotency-key'],
        ),
      },
    }),
  );

  app.get(
    '/auth/bookings/:id/change/waiting',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary:
          'The latest change of my booking paid by PromptPay or a wallet: waiting (its QR code or wallet page, until when), made, or lapsed; asked after at the gateway first',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: waitingChangeResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await rentals().waitingChange(currentUser(request).id, request.params.id) },
    }),
  );
};
