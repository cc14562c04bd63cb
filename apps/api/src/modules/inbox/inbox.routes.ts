import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inboxCountsResponseSchema,
  inboxHandledBodySchema,
  inboxItemParamsSchema,
  inboxItemResponseSchema,
  inboxListResponseSchema,
  inboxNoteBodySchema,
  inboxQuerySchema,
  inboxReplyBodySchema,
} from '@siam/contract/admin-inbox';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { actorOf } from '../../plugins/authenticate';
import { ok } from '../../lib/answer';

/**
 * The inbox, /api/v1/admin/inbox/… (registered inside the admin scope: staff
 * and admins). Contact messages and quote requests are daily work, so staff
 * handle them as admins do.
 */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const errors = { 404: errorEnvelopeSchema };

  app.get(
    '/inbox',
    {
      schema: {
        tags,
        summary: 'Contact messages and quote requests, newest first, by kind and handled state',
        querystring: inboxQuerySchema,
        response: { 200: inboxListResponseSchema },
      },
    },
    async (request) => {
      const result = await app.services.inbox.list(request.query);
      return { status: true as const, response: result };
    },
  );

  app.get(
    '/inbox/counts',
    {
      schema: {
        tags,
        summary: 'Messages and quote requests not handled yet (the Today screen)',
        response: { 200: inboxCountsResponseSchema },
      },
    },
    async () => ok(await app.services.inbox.counts()),
  );

  app.get(
    '/inbox/:kind/:id',
    {
      schema: {
        tags,
        summary: 'One message or quote request in full, with its notes',
        params: inboxItemParamsSchema,
        response: { 200: inboxItemResponseSchema, ...errors },
      },
    },
    async (request) => ok(await app.services.inbox.item(request.params.kind, request.params.id)),
  );

  app.post(
    '/inbox/:kind/:id/handled',
    {
      schema: {
        tags,
        summary: 'Mark handled or not handled (audited)',
        params: inboxItemParamsSchema,
        body: inboxHandledBodySchema,
        response: { 200: inboxItemResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await app.services.inbox.setHandled(
          actorOf(request),
          request.params.kind,
          request.params.id,
          request.body.handled,
        ),
      ),
  );

  app.post(
    '/inbox/:kind/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add an internal note (audited)',
        params: inboxItemParamsSchema,
        body: inboxNoteBodySchema,
        response: { 200: inboxItemResponseSchema, ...errors },
      },
    },
    async (request) =>
      ok(
        await app.services.inbox.addNote(
          actorOf(request),
          request.params.kind,
          request.params.id,
          request.body.text,
        ),
      ),
  );

  app.post(
    '/inbox/:kind/:id/reply',
    {
      schema: {
        tags,
        summary: 'Email an answer to the sender; kept as a note, the item becomes handled (audited)',
        params: inboxItemParamsSchema,
        body: inboxReplyBodySchema,
        response: { 200: inboxItemResponseSchema, ...errors, 503: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await app.services.inbox.reply(
          actorOf(request),
          request.params.kind,
          request.params.id,
          request.body.text,
        ),
      ),
  );
};
