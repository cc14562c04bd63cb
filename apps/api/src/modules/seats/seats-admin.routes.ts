import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  branchSeatStockResponseSchema,
  seatBranchParamsSchema,
  seatStockBodySchema,
  seatStockResponseSchema,
} from '@siam/contract/seat-stock';
import { ok } from '../../lib/answer';
import { requestLanguage } from '../../lib/language';
import { actorOf } from '../../plugins/authenticate';

/** The branches' child seats in the back office, inside the admin scope: staff read and set them. */
export const seatsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/seat-stock',
    { schema: { tags, summary: "Every branch's child seats", response: { 200: seatStockResponseSchema } } },
    async (request) => ok(await app.services.seats.stock(requestLanguage(request))),
  );
  app.put(
    '/seat-stock/:code',
    {
      schema: {
        tags,
        summary: "Set a branch's child seats of each kind",
        params: seatBranchParamsSchema,
        body: seatStockBodySchema,
        response: { 200: branchSeatStockResponseSchema },
      },
    },
    async (request) =>
      ok(
        await app.services.seats.setStock(
          actorOf(request),
          request.params.code,
          request.body,
          requestLanguage(request),
        ),
      ),
  );
};
