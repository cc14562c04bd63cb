import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postcodeParamsSchema, subDistrictsResponseSchema } from '@siam/contract/thai-address';
import { subDistrictsOf } from './thai-addresses';

/** The address forms (branch, company tax details) choose the sub-district among the postcode's. */
export const thaiAddressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guest/postcodes/:postcode/sub-districts',
    {
      schema: {
        tags: ['content'],
        summary: "A postcode's sub-districts (TISI codes, with district and province), none if unknown",
        params: postcodeParamsSchema,
        response: { 200: subDistrictsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=86400');
      return { status: true as const, response: { data: subDistrictsOf(request.params.postcode) } };
    },
  );
};
