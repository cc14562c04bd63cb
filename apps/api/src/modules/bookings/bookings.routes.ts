import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingListResponseSchema,
  bookingResponseSchema,
  cancelBookingBodySchema,
  changeBodySchema,
  changeOptionsResponseSchema,
  changeQuoteResponseSchema,
  changeResponseSchema,
  createBookingBodySchema,
  createBookingResponseSchema,
  payAgainBodySchema,
  gatewaySources,
  paymentInstructionsSchema,
  quoteBodySchema,
  quoteResponseSchema,
} from '@siam/contract/bookings';
import { dataEnvelope } from '@siam/contract/envelope';
import { cardTokenSchema, cardVaultSchema } from '@siam/contract/card-tokens';
import { taxBuyerSchema, taxDetailsResponseSchema } from '@siam/contract/tax-invoices';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { AppError } from '../../lib/app-error';
import { requestLanguage } from '../../lib/language';
import { currentUser } from '../../plugins/authenticate';
import { SLIP_MAX_BYTES } from './slip-checks';
import { omiseWebhookSignatureMatches } from './payment-gateway';

export const OMISE_SIGNATURE_MESSAGE = 'The Omise signature does not match';
/** Each Omise webhook request's body as sent, for its signature (kept only while the request lives). */
const omiseRawBodies = new WeakMap<FastifyRequest, Buffer>();
import { sendPrivateFile, uploadedFile } from '../../lib/uploaded-file';
import { deviceIdOf } from '../auth/trusted-device';
import { customerActor } from './booking-access';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: SLIP_MAX_BYTES, files: 1, fields: 5 } });
  const bookings = () => app.services.bookings;

  app.get(
    '/guest/payment-gateway',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "Which gateway takes payments (the page labels a sandbox), the sources it takes besides cards (PromptPay, WeChat Pay, Alipay), and where the browser turns a card into a token (the gateway's vault and public key)",
        response: {
          200: dataEnvelope(
            z.object({
              name: z.string(),
              sandbox: z.boolean(),
              sources: z.array(z.enum(gatewaySources)),
              card: cardVaultSchema,
              /** Whether a deposit held on a card can be kept in part (else whole or none). */
              partialCapture: z.boolean(),
            }),
          ),
        },
      },
    },
    async () => ({ status: true as const, response: { data: await bookings().gatewayInfo() } }),
  );

  app.post(
    '/webhooks/omise',
    {
      // Omise posts an event per charge change; the body is not believed (the charge is fetched back).
      config: { rateLimit: { max: 600, windowMinutes: 1 } },
      // The signature covers the bytes as sent: they are kept before the body is parsed.
      preParsing: async (request, _reply, payload) => {
        const chunks: Buffer[] = [];
        for await (const chunk of payload) chunks.push(Buffer.from(chunk as Buffer));
        const raw = Buffer.concat(chunks);
        omiseRawBodies.set(request, raw);
        return Readable.from([raw]);
      },
      preValidation: async (request) => {
        const secret = app.settings.OMISE_WEBHOOK_SECRET;
        if (
          secret &&
          !omiseWebhookSignatureMatches(
            omiseRawBodies.get(request) ?? Buffer.alloc(0),
            {
              signature: request.headers['omise-signature'],
              timestamp: request.headers['omise-signature-timestamp'],
            },
            secret,
            new Date(),
          )
        )
          throw new AppError('UNAUTHORIZED', OMISE_SIGNATURE_MESSAGE);
      },
      schema: {
        tags: ['bookings'],
        summary:
          "The payment gateway's webhook: a charge's event. The charge is fetched back from the gateway; a PromptPay charge paid in full confirms its booking; an event is handled once",
        body: z.object({
          object: z.literal('event'),
          id: z.string().min(1).max(100),
          key: z.string().min(1).max(100),
          data: z.object({ object: z.string(), id: z.string().min(1).max(100) }).passthrough(),
        }),
        response: {
          200: dataEnvelope(z.object({ outcome: z.string() })),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { id, key, data } = request.body;
      const outcome =
        data.object === 'charge'
          ? await bookings().gatewayEvent({ id, key, chargeId: data.id })
          : 'ignored_not_a_charge';
      // An event about a charge that is not ours, or that the gateway does not know: someone made it up.
      if (outcome === 'ignored_unknown_charge')
        request.log.warn(
          { eventId: id, key, chargeId: data.id },
          'gateway event ignored: no such charge of ours',
        );
      return { status: true as const, response: { data: { outcome } } };
    },
  );

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
      const result = await bookings().create(
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

  app.get(
    '/auth/bookings/:id/payment',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'How to pay an unpaid booking: the bank account or the PromptPay QR for the exact amount',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: dataEnvelope(paymentInstructionsSchema), 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await bookings().paymentInstructions(
          currentUser(request).id,
          request.params.id,
          requestLanguage(request),
        ),
      },
    }),
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
      const result = await bookings().payAgain(
        currentUser(request).id,
        request.params.id,
        request.body,
        requestLanguage(request),
        key,
      );
      return { status: true as const, response: { data: result } };
    },
  );

  app.post(
    '/auth/bookings/:id/payment-check',
    {
      onRequest: app.requireUser,
      // Each call asks the gateway: a customer back from their bank needs one, a poller a few.
      config: { rateLimit: { max: 30, windowMinutes: 1 } },
      schema: {
        tags: ['bookings'],
        summary:
          "Back from the bank's page (3-D Secure) or a wallet's: asks the gateway about the booking's charge now, and answers the booking",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: bookingResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await bookings().checkGatewayPayment(
          currentUser(request).id,
          request.params.id,
          requestLanguage(request),
        ),
      },
    }),
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
        data: await bookings().cancel(
          request.params.id,
          { byStaff: false, userId: currentUser(request).id, reason: request.body?.reason },
          requestLanguage(request),
        ),
      },
    }),
  );

  app.post(
    '/auth/bookings/:id/deposit-hold',
    {
      onRequest: app.requireUser,
      // Each try asks the card's bank: a few are plenty for a customer, more is testing cards.
      config: { rateLimit: { max: 10, windowMinutes: 60 } },
      schema: {
        tags: ['bookings'],
        summary:
          "Holds my booking's security deposit on my card (a card token from the browser): authorised, not charged; staff let it go at return, or take what is kept",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: z.object({ cardToken: cardTokenSchema }),
        response: {
          200: bookingResponseSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await bookings().holdDepositOnCard(
          currentUser(request).id,
          request.params.id,
          request.body.cardToken,
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
        data: await bookings().changeOptions(
          currentUser(request).id,
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
        data: await bookings().quoteChange(
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
        data: await bookings().changeDates(
          currentUser(request).id,
          request.params.id,
          request.body,
          requestLanguage(request),
          request.headers['idempotency-key'],
        ),
      },
    }),
  );

  app.post(
    '/auth/bookings/:id/slip',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary:
          'Uploads a transfer slip (multipart field "file": JPEG, PNG, WebP or PDF, at most 5 MB; a picture must carry the bank slip QR code). A slip the bank confirms confirms the booking at once',
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
        kind: 'slip',
        missing: 'Choose a slip file',
        tooLarge: 'The slip must be at most 5 MB',
      });
      return {
        status: true as const,
        response: {
          data: await bookings().uploadSlip(
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
    '/auth/bookings/:id/slips/:slipId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: "The customer's own transfer slip (never a public file; not cached)",
        security: [{ bearerAuth: [] }],
        params: idParams.extend({ slipId: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const file = await bookings().slip(
        customerActor(currentUser(request).id),
        request.params.id,
        request.params.slipId,
      );
      return sendPrivateFile(reply, file);
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
