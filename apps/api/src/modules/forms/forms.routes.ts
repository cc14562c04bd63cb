import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactBodySchema,
  corporateQuoteBodySchema,
  formTokenResponseSchema,
  receivedResponseSchema,
} from '@siam/contract/content';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import {
  formBodyLimit,
  formLanguage,
  formRateLimit,
  issueFormToken,
  looksAutomated,
} from '../../lib/public-forms';

/** People need well over three seconds to fill in these forms; scripts do not. */
const MIN_FILL_MS = 3000;

export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const received = { status: true as const, response: { data: { received: true as const } } };

  app.get(
    '/guest/form-token',
    {
      // No limit: a token costs one HMAC and proves nothing but the time it was handed out.
      schema: {
        tags: ['content'],
        summary: 'A signed token for a public form: the server times the form from here (spam trap)',
        response: { 200: formTokenResponseSchema },
      },
    },
    async () => ({
      status: true as const,
      response: { data: { token: issueFormToken(app.services.secret) } },
    }),
  );

  app.post(
    '/guest/contact',
    {
      bodyLimit: formBodyLimit,
      config: { rateLimit: formRateLimit },
      schema: {
        tags: ['content'],
        summary: 'Send a message to the company (stored, staff emailed)',
        body: contactBodySchema,
        response: { 200: receivedResponseSchema, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (await looksAutomated(body, MIN_FILL_MS, app.services.secret, app.services.counters)) {
        request.log.info('contact form: spam trap caught a post');
        return received;
      }
      await app.services.forms.submitContact(
        {
          fullName: body.fullName,
          email: body.email,
          subject: body.subject,
          message: body.message,
          language: formLanguage(request, body.language),
          ip: request.ip,
        },
        request.log,
      );
      return received;
    },
  );

  app.post(
    '/guest/corporate-quotes',
    {
      bodyLimit: formBodyLimit,
      config: { rateLimit: formRateLimit },
      schema: {
        tags: ['content'],
        summary: 'Ask for a corporate fleet quote (stored, sales emailed, requester thanked)',
        body: corporateQuoteBodySchema,
        response: { 200: receivedResponseSchema, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (await looksAutomated(body, MIN_FILL_MS, app.services.secret, app.services.counters)) {
        request.log.info('corporate quote form: spam trap caught a post');
        return received;
      }
      await app.services.forms.submitCorporateQuote(
        {
          companyName: body.companyName,
          contactName: body.contactName,
          position: body.position,
          email: body.email,
          phone: body.phone,
          vehicles: body.vehicles,
          message: body.message,
          language: formLanguage(request, body.language),
          ip: request.ip,
        },
        request.log,
      );
      return received;
    },
  );
};
