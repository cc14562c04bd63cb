import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@siam/contract/admin';
import { taxInvoiceQuerySchema, taxNoteParamsSchema } from '@siam/contract/tax-invoices';
import { sendPrivateFile } from '../../lib/uploaded-file';
import { staffActor } from '../bookings/booking-access';
import { taxInvoiceFile } from './tax-invoices';
import { sendReceipt } from './documents.routes';
import { requestLanguage } from '../../lib/language';
import { documentDownloadsLimit } from '../../plugins/rate-limits';

/**
 * Staff's downloads of a booking's tax invoice and its notes (same URLs under /admin as when they
 * lived in the back office's bookings routes): registered inside the admin scope (admin.routes.ts),
 * so the staff/admin role check runs first.
 */
export const documentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/bookings/:id/tax-notes/:number',
    {
      schema: {
        tags,
        summary: 'A credit or debit note of the booking’s tax invoice: PDF, or e-Tax XML',
        params: taxNoteParamsSchema,
        querystring: taxInvoiceQuerySchema,
      },
    },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        taxInvoiceFile(
          await app.services.documents.taxNote(
            staffActor,
            request.params.id,
            request.params.number,
            request.query.format,
          ),
          request.query.format,
        ),
      ),
  );
  app.get(
    '/bookings/:id/receipt',
    {
      config: { rateLimit: documentDownloadsLimit(app) },
      schema: {
        tags,
        summary:
          'The booking’s receipt as a PDF in the request language (a walk-in’s, printed at the desk right after the counter payment); 409 before payment',
        params: idParamsSchema,
      },
    },
    async (request, reply) =>
      sendReceipt(app, reply, staffActor, request.params.id, requestLanguage(request)),
  );
  app.get(
    '/bookings/:id/tax-invoice',
    {
      schema: {
        tags,
        summary: 'The booking’s full tax invoice (issued on first asking, once paid): PDF, or e-Tax XML',
        params: idParamsSchema,
        querystring: taxInvoiceQuerySchema,
      },
    },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        taxInvoiceFile(
          await app.services.documents.taxInvoice(staffActor, request.params.id, request.query.format),
          request.query.format,
        ),
      ),
  );
};
