import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingResponseSchema, gatewaySources, paymentInstructionsSchema } from '@siam/contract/bookings';
import { dataEnvelope } from '@siam/contract/envelope';
import { cardTokenSchema, cardVaultSchema } from '@siam/contract/card-tokens';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { customerRefundsResponseSchema, refundPayoutBodySchema } from '@siam/contract/refunds';
import { depositPromptPaySchema } from '@siam/contract/deposits';
import { AppError } from '../../lib/app-error';
import { requestLanguage } from '../../lib/language';
import { sendPrivateFile, uploadedFile } from '../../lib/uploaded-file';
import { currentUser } from '../../plugins/authenticate';
import { customerActor } from '../bookings/booking-access';
import { omiseWebhookSignatureMatches } from './payment-gateway';
import { SLIP_MAX_BYTES } from './slip-checks';

export const OMISE_SIGNATURE_MESSAGE = 'The Omise signature does not match';
/** Each Omise webhook request's body as sent, for its signature (kept only while the request lives). */
const omiseRawBodies = new WeakMap<FastifyRequest, Buffer>();

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Paying a booking (same URLs and OpenAPI tags as when they were bookings' routes): the gateway's
 * details and webhook, how to pay, the charge asked after on the way back, a deposit held on a card,
 * transfer slips.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: SLIP_MAX_BYTES, files: 1, fields: 5 } });
  const payments = () => app.services.payments;

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
    async () => ({ status: true as const, response: { data: await payments().gatewayInfo() } }),
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
          ? await payments().gatewayEvent({ id, key, chargeId: data.id })
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
        data: await payments().paymentInstructions(
          currentUser(request).id,
          request.params.id,
          requestLanguage(request),
        ),
      },
    }),
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
        data: await payments().checkGatewayPayment(
          currentUser(request).id,
          request.params.id,
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
        data: await payments().holdDepositOnCard(
          currentUser(request).id,
          request.params.id,
          request.body.cardToken,
          requestLanguage(request),
        ),
      },
    }),
  );

  // The deposit paid by PromptPay online before pickup (decision 3652): its QR made, and asked after.
  const depositPromptPayResponse = {
    200: dataEnvelope(depositPromptPaySchema),
    404: errorEnvelopeSchema,
    409: errorEnvelopeSchema,
    503: errorEnvelopeSchema,
  };
  app.post(
    '/auth/bookings/:id/deposit-promptpay',
    {
      onRequest: app.requireUser,
      // Each asks the gateway for a QR when none is live: a customer needs a few.
      config: { rateLimit: { max: 20, windowMinutes: 60 } },
      schema: {
        tags: ['bookings'],
        summary:
          "My booking's security deposit by PromptPay now, before pickup: its QR at the gateway (made once, again when the last has lapsed); paid, the deposit is taken by PromptPay",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: depositPromptPayResponse,
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await payments().payDepositByPromptPay(
          currentUser(request).id,
          request.params.id,
          requestLanguage(request),
        ),
      },
    }),
  );
  app.get(
    '/auth/bookings/:id/deposit-promptpay',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary:
          "My booking's deposit and its live PromptPay QR, the QR asked after at the gateway first (the page asks every few seconds)",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: depositPromptPayResponse,
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await payments().depositByPromptPay(
          currentUser(request).id,
          request.params.id,
          requestLanguage(request),
        ),
      },
    }),
  );

  app.get(
    '/auth/refunds',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: 'All my refunds, each with its booking: My bookings asks once for every booking it lists',
        security: [{ bearerAuth: [] }],
        response: { 200: customerRefundsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.refundPayouts.allMine(currentUser(request).id) },
    }),
  );

  app.get(
    '/auth/bookings/:id/refunds',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary:
          "My booking's refunds: paid, being sent by staff, or waiting for the PromptPay ID to send it to (decision 3650)",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: customerRefundsResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.refundPayouts.mine(currentUser(request).id, request.params.id) },
    }),
  );

  app.put(
    '/auth/bookings/:id/refunds/:refundId/promptpay',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 20, windowMinutes: 60 } },
      schema: {
        tags: ['bookings'],
        summary:
          'The PromptPay ID (a Thai mobile number or a 13-digit ID) and the name on the account a refund staff send by hand goes to',
        security: [{ bearerAuth: [] }],
        params: idParams.extend({ refundId: z.coerce.number().int().positive() }),
        body: refundPayoutBodySchema,
        response: {
          200: customerRefundsResponseSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      status: true as const,
      response: {
        data: await app.services.refundPayouts.givePromptPayId(
          currentUser(request).id,
          request.params.id,
          request.params.refundId,
          request.body,
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
          data: await payments().uploadSlip(
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
      const file = await payments().slip(
        customerActor(currentUser(request).id),
        request.params.id,
        request.params.slipId,
      );
      return sendPrivateFile(reply, file);
    },
  );
};
