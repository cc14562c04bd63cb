import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBookingDetailResponseSchema,
  adminBookingsQuerySchema,
  adminBookingsResponseSchema,
  bookingsTodayResponseSchema,
  pickupBodySchema,
  rejectSlipBodySchema,
  slipParamsSchema,
  staffCancelBodySchema,
  timelineQuerySchema,
  timelineResponseSchema,
  walkInBodySchema,
} from '@siam/contract/admin-bookings';
import { idParamsSchema } from '@siam/contract/admin';
import {
  releaseHoldsBodySchema,
  releaseHoldsResponseSchema,
  unpaidHoldsQuerySchema,
  unpaidHoldsResponseSchema,
} from '@siam/contract/admin-unpaid-holds';
import { depositActionSchema } from '@siam/contract/deposits';
import { bookingResponseSchema } from '@siam/contract/bookings';
import { sendPrivateFile } from '../../lib/uploaded-file';
import { AppError } from '../../lib/app-error';
import { requestLanguage } from '../../lib/language';
import { staffActor } from './booking-access';
import { actorOf } from '../../plugins/authenticate';
import { ok } from '../../lib/answer';

/**
 * Staff routes for bookings: registered inside the admin scope (adminRoutes),
 * so the staff/admin role check runs first on every one of them.
 */
export const bookingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const svc = () => app.services.bookingsAdmin;

  app.get(
    '/bookings',
    {
      schema: {
        tags,
        summary: 'Bookings, newest first: filter by status, branch, pickup dates, customer, number',
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: await svc().list(request.query, requestLanguage(request)),
    }),
  );
  app.post(
    '/bookings',
    {
      schema: {
        tags,
        summary:
          'A phone or walk-in booking for a customer (their account email, or driver details only); cash or transfer. Send an Idempotency-Key header',
        body: walkInBodySchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !/^[A-Za-z0-9_.:-]{8,100}$/.test(key)))
        throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8-100 letters, digits or -_.:');
      return ok(await svc().createWalkIn(actorOf(request), request.body, requestLanguage(request), key));
    },
  );
  app.get(
    '/bookings-today',
    {
      schema: {
        tags,
        summary: "Today's pickups and returns per branch, bookings awaiting payment, this month's figures",
        response: { 200: bookingsTodayResponseSchema },
      },
    },
    async (request) => ok(await svc().today(requestLanguage(request))),
  );
  app.get(
    '/timeline',
    {
      schema: {
        tags,
        summary: "A branch's units with their bookings and maintenance blocks across days",
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema },
      },
    },
    async (request) =>
      ok(
        await svc().timeline(
          request.query.branch,
          request.query.from,
          request.query.days,
          requestLanguage(request),
        ),
      ),
  );
  app.get(
    '/bookings/:id',
    {
      schema: {
        tags,
        summary: "A booking's page: the booking, payments, slips, history, free units",
        params: idParamsSchema,
        response: { 200: adminBookingDetailResponseSchema },
      },
    },
    async (request) => ok(await svc().detail(request.params.id, requestLanguage(request))),
  );
  app.get(
    '/unpaid-holds',
    {
      schema: {
        tags,
        summary:
          'Cars held awaiting payment: who holds them, from which address and browser, and the addresses holding most',
        querystring: unpaidHoldsQuerySchema,
        response: { 200: unpaidHoldsResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.unpaidHolds.list(request.query.address || undefined, requestLanguage(request))),
  );
  app.post(
    '/unpaid-holds/release',
    {
      schema: {
        tags,
        summary:
          'Releases many unpaid holds at once (free staff cancellations, each audited); paid ones are skipped',
        body: releaseHoldsBodySchema,
        response: { 200: releaseHoldsResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.unpaidHolds.release(actorOf(request), request.body, requestLanguage(request))),
  );
  app.get(
    '/bookings/:id/slips/:slipId',
    {
      schema: {
        tags,
        summary: 'The slip file itself (staff only; never a public file)',
        params: slipParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await app.services.payments.slip(staffActor, request.params.id, request.params.slipId);
      return sendPrivateFile(reply, file);
    },
  );
  app.get(
    '/bookings/:id/licence-pictures/:pictureId',
    {
      schema: {
        tags,
        summary: 'A licence picture the customer sent before arrival (staff only; never a public file)',
        params: idParamsSchema.extend({ pictureId: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, {
        contentType: 'image/jpeg',
        content: await app.services.bookings.licencePicture(
          staffActor,
          request.params.id,
          request.params.pictureId,
        ),
      }),
  );
  app.post(
    '/bookings/:id/verify-payment',
    {
      schema: {
        tags,
        summary: 'Accept the transfer: the booking is confirmed and the customer emailed',
        params: idParamsSchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(await svc().verifySlip(actorOf(request), request.params.id, requestLanguage(request))),
  );
  app.post(
    '/bookings/:id/reject-slip',
    {
      schema: {
        tags,
        summary: 'Reject the pending slip with a reason; the customer is emailed and may send another',
        params: idParamsSchema,
        body: rejectSlipBodySchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(
        await svc().rejectSlip(
          actorOf(request),
          request.params.id,
          request.body.reason,
          requestLanguage(request),
        ),
      ),
  );
  app.post(
    '/bookings/:id/pick-up',
    {
      schema: {
        tags,
        summary: 'The customer took the car (optionally another free unit of the model)',
        params: idParamsSchema,
        body: pickupBodySchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(
        await svc().pickUp(
          actorOf(request),
          request.params.id,
          request.body.unitId,
          requestLanguage(request),
        ),
      ),
  );
  app.post(
    '/bookings/:id/deposit',
    {
      schema: {
        tags,
        summary:
          'The security deposit: taken at pickup (card, PromptPay or cash), or given back at return, in full or all but what is kept, with why',
        params: idParamsSchema,
        body: depositActionSchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(await svc().deposit(actorOf(request), request.params.id, request.body, requestLanguage(request))),
  );
  app.post(
    '/bookings/:id/return',
    {
      schema: {
        tags,
        summary: 'The car came back: the booking is completed',
        params: idParamsSchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(await svc().markReturned(actorOf(request), request.params.id, requestLanguage(request))),
  );
  app.post(
    '/bookings/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel with a reason; free of charge unless the customer fee rule is applied',
        params: idParamsSchema,
        body: staffCancelBodySchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(await svc().cancel(actorOf(request), request.params.id, request.body, requestLanguage(request))),
  );
};
