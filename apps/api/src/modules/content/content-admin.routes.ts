import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@siam/contract/admin';
import {
  adminArticleResponseSchema,
  adminArticlesResponseSchema,
  adminRentalConditionResponseSchema,
  adminRentalConditionsResponseSchema,
  articleBodySchema,
  articlePublishSchema,
  coverImagesResponseSchema,
  markdownPreviewBodySchema,
  markdownPreviewResponseSchema,
  rentalConditionBodySchema,
  rentalConditionMoveSchema,
  rentalConditionPatchSchema,
} from '@siam/contract/admin-content';
import { actorOf } from '../../plugins/authenticate';
import { ok } from '../../lib/answer';
import { renderMarkdown } from '../articles/markdown';

/**
 * Articles and rental conditions in the back office (registered inside the
 * admin scope, so staff or an admin is already checked): staff and admins
 * both edit content.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const content = () => app.services.contentAdmin;

  // ---------- articles ----------

  app.get(
    '/articles',
    {
      schema: {
        tags,
        summary: 'Every article, drafts included (drafts first)',
        response: { 200: adminArticlesResponseSchema },
      },
    },
    async () => ok(await content().articles()),
  );
  app.get(
    '/articles/cover-images',
    {
      schema: {
        tags,
        summary: 'The pictures articles already use, to choose a cover from',
        response: { 200: coverImagesResponseSchema },
      },
    },
    async () => ok(await content().coverImages()),
  );
  app.post(
    '/articles/preview',
    {
      schema: {
        tags,
        summary: 'Article Markdown rendered exactly as the public article page shows it',
        body: markdownPreviewBodySchema,
        response: { 200: markdownPreviewResponseSchema },
      },
    },
    async (request) => ok({ html: renderMarkdown(request.body.markdown) }),
  );
  app.get(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'One article with all its texts',
        params: idParamsSchema,
        response: { 200: adminArticleResponseSchema },
      },
    },
    async (request) => ok(await content().article(request.params.id)),
  );
  app.post(
    '/articles',
    {
      schema: {
        tags,
        summary: 'Write an article (a draft unless isPublished); 409 when the slug is taken',
        body: articleBodySchema,
        response: { 200: adminArticleResponseSchema },
      },
    },
    async (request) => ok(await content().createArticle(actorOf(request), request.body)),
  );
  app.put(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'Change an article (all its fields); 409 when the slug is taken',
        params: idParamsSchema,
        body: articleBodySchema,
        response: { 200: adminArticleResponseSchema },
      },
    },
    async (request) => ok(await content().updateArticle(actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/articles/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish an article (it shows on the site at once) or take it back to draft',
        params: idParamsSchema,
        body: articlePublishSchema,
        response: { 200: adminArticleResponseSchema },
      },
    },
    async (request) =>
      ok(await content().setPublished(actorOf(request), request.params.id, request.body.isPublished)),
  );
  app.delete(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'Delete an article for good',
        params: idParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await content().deleteArticle(actorOf(request), request.params.id);
      return ok({ ok: true as const });
    },
  );

  // ---------- rental conditions ----------

  app.get(
    '/rental-conditions',
    {
      schema: {
        tags,
        summary: 'What the price includes and does not include, in list order',
        response: { 200: adminRentalConditionsResponseSchema },
      },
    },
    async () => ok(await content().rentalConditions()),
  );
  app.post(
    '/rental-conditions',
    {
      schema: {
        tags,
        summary: 'Add a rental condition at the end of its list',
        body: rentalConditionBodySchema,
        response: { 200: adminRentalConditionResponseSchema },
      },
    },
    async (request) => ok(await content().createRentalCondition(actorOf(request), request.body)),
  );
  app.patch(
    '/rental-conditions/:id',
    {
      schema: {
        tags,
        summary: 'Change a rental condition’s texts',
        params: idParamsSchema,
        body: rentalConditionPatchSchema,
        response: { 200: adminRentalConditionResponseSchema },
      },
    },
    async (request) =>
      ok(await content().updateRentalCondition(actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/rental-conditions/:id/move',
    {
      schema: {
        tags,
        summary: 'Move a rental condition one place up or down in its list',
        params: idParamsSchema,
        body: rentalConditionMoveSchema,
        response: { 200: adminRentalConditionsResponseSchema },
      },
    },
    async (request) =>
      ok(await content().moveRentalCondition(actorOf(request), request.params.id, request.body.direction)),
  );
  app.delete(
    '/rental-conditions/:id',
    {
      schema: {
        tags,
        summary: 'Remove a rental condition',
        params: idParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await content().deleteRentalCondition(actorOf(request), request.params.id);
      return ok({ ok: true as const });
    },
  );
};
