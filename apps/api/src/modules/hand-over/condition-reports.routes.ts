import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingResponseSchema } from '@siam/contract/bookings';
import {
  pickupReportBodySchema,
  reportKindParamsSchema,
  reportPhotoResponseSchema,
  returnReportBodySchema,
  signatureBodySchema,
} from '@siam/contract/condition-reports';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { requestLanguage } from '../../lib/language';
import { sendPrivateFile, uploadedFile } from '../../lib/uploaded-file';
import { actorOf, currentUser } from '../../plugins/authenticate';
import { ok } from '../../lib/answer';
import { documentDownloadsLimit } from '../../plugins/rate-limits';
import { customerActor, staffActor } from '../bookings/booking-access';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const photoParams = idParams.extend({ photoId: z.coerce.number().int().positive() });

/**
 * The hand-over for staff (decision 1804): photos, the pickup's and the return's condition reports,
 * the customer's signature on staff's phone. Registered inside the admin scope (staff or admin).
 */
export const conditionReportStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const svc = () => app.services.conditionReports;

  app.post(
    '/bookings/:id/condition-reports/:kind/photos',
    {
      schema: {
        tags,
        summary:
          'A photo of the car for the pickup or return report (multipart field "file"; kept privately, without its metadata)',
        consumes: ['multipart/form-data'],
        params: reportKindParamsSchema,
        response: { 200: reportPhotoResponseSchema, 409: errorEnvelopeSchema, 415: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const content = await uploadedFile(request, {
        kind: 'photo',
        missing: 'Take a photo of the car',
        tooLarge: 'The photo must be at most 10 MB',
      });
      return ok(await svc().addPhoto(actorOf(request), request.params.id, request.params.kind, content));
    },
  );
  app.get(
    '/bookings/:id/condition-photos/:photoId',
    { schema: { tags, summary: "A photo of a booking's condition report", params: photoParams } },
    async (request, reply) =>
      sendPrivateFile(reply, {
        contentType: 'image/jpeg',
        content: await svc().photo(staffActor, request.params.id, request.params.photoId),
      }),
  );
  app.post(
    '/bookings/:id/condition-reports/pickup',
    {
      schema: {
        tags,
        summary: 'The pickup: photos, fuel, mileage, damage marks; the booking becomes active',
        params: idParams,
        body: pickupReportBodySchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(
        await svc().recordPickup(actorOf(request), request.params.id, request.body, requestLanguage(request)),
      ),
  );
  app.post(
    '/bookings/:id/condition-reports/return',
    {
      schema: {
        tags,
        summary:
          'The return: photos, fuel, mileage, new damage, charges (late hours computed); the deposit settled with them',
        params: idParams,
        body: returnReportBodySchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(
        await svc().recordReturn(actorOf(request), request.params.id, request.body, requestLanguage(request)),
      ),
  );
  app.post(
    '/bookings/:id/agreement',
    {
      schema: {
        tags,
        summary: 'The customer signs the rental agreement on staff’s phone (once)',
        params: idParams,
        body: signatureBodySchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(
        await svc().signAgreement(
          request.params.id,
          request.body,
          { staff: actorOf(request) },
          requestLanguage(request),
        ),
      ),
  );
  app.get(
    '/bookings/:id/agreement',
    { schema: { tags, summary: 'The signed rental agreement (PDF, as signed)', params: idParams } },
    async (request, reply) =>
      sendPrivateFile(reply, await svc().agreementFile(staffActor, request.params.id)),
  );
};

/** The customer's side: their report photos, signing on their own phone, the signed agreement. */
export const conditionReportCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bookings'];
  const svc = () => app.services.conditionReports;
  const security = [{ bearerAuth: [] }];

  app.get(
    '/auth/bookings/:id/condition-photos/:photoId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "A photo of the booking's pickup or return (their own booking's only)",
        security,
        params: photoParams,
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, {
        contentType: 'image/jpeg',
        content: await svc().photo(
          customerActor(currentUser(request).id),
          request.params.id,
          request.params.photoId,
        ),
      }),
  );
  app.post(
    '/auth/bookings/:id/agreement',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 20, windowMinutes: 60 } },
      schema: {
        tags,
        summary: 'Sign the rental agreement with a drawn signature (once the pickup is recorded; once)',
        security,
        params: idParams,
        body: signatureBodySchema.omit({ signerName: true }),
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) =>
      ok(
        await svc().signAgreement(
          request.params.id,
          request.body,
          { userId: currentUser(request).id },
          requestLanguage(request),
        ),
      ),
  );
  app.get(
    '/auth/bookings/:id/agreement',
    {
      onRequest: app.requireUser,
      config: { rateLimit: documentDownloadsLimit(app) },
      schema: { tags, summary: 'The signed rental agreement (PDF, as signed)', security, params: idParams },
    },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        await svc().agreementFile(customerActor(currentUser(request).id), request.params.id),
      ),
  );
};
