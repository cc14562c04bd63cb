import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ownerReportResponseSchema,
  reportCsvParamsSchema,
  reportQuerySchema,
} from '@siam/contract/admin-reports';
import { requestLanguage } from '../../lib/language';

/**
 * Reports for the owner (issue 18, part 6): admins only (revenue is the owner's), inside the admin
 * scope. The page's tables, and each as CSV.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const adminOnly = app.requireRole('admin');
  app.get(
    '/reports',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Fleet use, revenue by branch/model/channel, cancellations and no-shows, slips waiting',
        querystring: reportQuerySchema,
        response: { 200: ownerReportResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.reports.report(request.query, requestLanguage(request)) },
    }),
  );
  app.get(
    '/reports/csv/:table',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'One table of the report as CSV (UTF-8)',
        params: reportCsvParamsSchema,
        querystring: reportQuerySchema,
      },
    },
    async (request, reply) => {
      const { table } = request.params;
      const { from, to } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="siam-drive-${table}-${from}-${to}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(await app.services.reports.csv(table, request.query, requestLanguage(request)));
    },
  );
};
