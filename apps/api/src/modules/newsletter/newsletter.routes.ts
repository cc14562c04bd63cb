import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newsletterBodySchema,
  newsletterStatusResponseSchema,
  newsletterTokenBodySchema,
  receivedResponseSchema,
} from '@siam/contract/content';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import {
  formBodyLimit,
  formLanguage,
  formRateLimit,
  linkRateLimit,
  looksAutomated,
} from '../../lib/public-forms';

/** Typing (or autofilling) an address and pressing the button takes a person more than this. */
const MIN_FILL_MS = 1500;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/guest/newsletter',
    {
      bodyLimit: formBodyLimit,
      config: { rateLimit: formRateLimit },
      schema: {
        tags: ['content'],
        summary: 'Subscribe to the newsletter (double opt-in: a confirmation email is sent)',
        body: newsletterBodySchema,
        response: { 200: receivedResponseSchema, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (await looksAutomated(body, MIN_FILL_MS, app.services.secret, app.services.counters))
        request.log.info('newsletter: spam trap caught a post');
      else
        await app.services.newsletter.subscribe(body.email, formLanguage(request, body.language), request.ip);
      return { status: true as const, response: { data: { received: true as const } } };
    },
  );

  app.post(
    '/guest/newsletter/confirm',
    {
      bodyLimit: formBodyLimit,
      config: { rateLimit: linkRateLimit },
      schema: {
        tags: ['content'],
        summary: 'Confirm a subscription with the token from the confirmation email',
        body: newsletterTokenBodySchema,
        response: { 200: newsletterStatusResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const status = await app.services.newsletter.confirm(request.body.token);
      return { status: true as const, response: { data: { status } } };
    },
  );

  app.post(
    '/guest/newsletter/unsubscribe',
    {
      bodyLimit: formBodyLimit,
      config: { rateLimit: linkRateLimit },
      schema: {
        tags: ['content'],
        summary: 'Unsubscribe with the token from any newsletter email',
        body: newsletterTokenBodySchema,
        response: { 200: newsletterStatusResponseSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const status = await app.services.newsletter.unsubscribe(request.body.token);
      return { status: true as const, response: { data: { status } } };
    },
  );
};
