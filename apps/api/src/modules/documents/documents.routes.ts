import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Language } from '@siam/contract/languages';
import { z } from 'zod';
import { taxInvoiceQuerySchema, taxNoteParamsSchema } from '@siam/contract/tax-invoices';
import { requestLanguage } from '../../lib/language';
import { sendPrivateFile } from '../../lib/uploaded-file';
import { currentUser } from '../../plugins/authenticate';
import { documentDownloadsLimit } from '../../plugins/rate-limits';
import { customerActor, staffActor, type AccessActor } from '../bookings/booking-access';
import { notFound } from '../../lib/app-error';
import { receiptLinkBooking } from '../../lib/receipt-link';
import { taxInvoiceFile } from './tax-invoices';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The booking's status as its receipt prints it, in the receipt's language. */
const statusLabels = {
  th: {
    awaiting_payment: 'รอชำระเงิน',
    confirmed: 'ยืนยันแล้ว',
    active: 'กำลังเช่า',
    completed: 'เสร็จสิ้น',
    cancelled: 'ยกเลิกแล้ว',
    expired: 'หมดเวลาชำระเงิน',
    payment_failed: 'ชำระเงินไม่สำเร็จ',
  },
  en: {
    awaiting_payment: 'Awaiting payment',
    confirmed: 'Confirmed',
    active: 'Active',
    completed: 'Completed',
    cancelled: 'Cancelled',
    expired: 'Expired (not paid in time)',
    payment_failed: 'Payment failed',
  },
  zh: {
    awaiting_payment: '待付款',
    confirmed: '已确认',
    active: '租用中',
    completed: '已完成',
    cancelled: '已取消',
    expired: '已过期（未按时付款）',
    payment_failed: '付款失败',
  },
} as const;

/**
 * A booking's receipt as a PDF in `lang`, for whoever may read it (the customer's door here, staff's
 * in documents-admin.routes.ts): written on a worker thread, so a 200-1,000 ms PDF never holds up
 * everyone else's requests.
 */
export async function sendReceipt(
  app: FastifyInstance,
  reply: FastifyReply,
  actor: AccessActor,
  bookingId: number,
  lang: Language,
) {
  const { booking, payments } = await app.services.documents.receiptData(actor, bookingId, lang);
  const pdf = await app.services.pdfs.render({
    kind: 'receipt',
    booking,
    payments,
    lang,
    statusLabel: statusLabels[lang][booking.status],
  });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="siam-drive-${booking.bookingNumber}.pdf"`)
    .send(pdf);
}

/**
 * A customer's downloads of their booking's documents: the receipt, the full tax invoice and its
 * credit and debit notes (same URLs and OpenAPI tags as when they lived in bookings.routes.ts).
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents = () => app.services.documents;

  app.get(
    '/auth/bookings/:id/receipt',
    {
      onRequest: app.requireUser,
      config: { rateLimit: documentDownloadsLimit(app) },
      schema: {
        tags: ['bookings'],
        summary: 'The receipt of my paid booking as a PDF in the request language; 409 before payment',
        security: [{ bearerAuth: [] }],
        params: idParams,
      },
    },
    async (request, reply) =>
      sendReceipt(
        app,
        reply,
        customerActor(currentUser(request).id),
        request.params.id,
        requestLanguage(request),
      ),
  );

  app.get(
    '/guest/receipts/:token',
    {
      // No one is signed in: counted per address.
      config: { rateLimit: { max: app.settings.DOCUMENT_DOWNLOADS_PER_MINUTE, windowMinutes: 1 } },
      schema: {
        tags: ['bookings'],
        summary:
          'A walk-in’s receipt from the signed link its mail or LINE message carries (no sign-in: the link names the booking); 404 for a link altered or expired',
        params: z.object({ token: z.string().min(1).max(400) }),
      },
    },
    async (request, reply) => {
      const bookingId = receiptLinkBooking(request.params.token, app.services.secret);
      if (!bookingId) throw notFound('Booking');
      // The signature is the access: the link opens this one booking's receipt, as staff's door would.
      return sendReceipt(app, reply, staffActor, bookingId, requestLanguage(request));
    },
  );

  app.get(
    '/auth/bookings/:id/tax-invoice',
    {
      onRequest: app.requireUser,
      config: { rateLimit: documentDownloadsLimit(app) },
      schema: {
        tags: ['bookings'],
        summary:
          'The full tax invoice of my paid booking (issued on first asking): a PDF, or ETDA e-Tax XML with ?format=xml; 409 before payment',
        security: [{ bearerAuth: [] }],
        params: idParams,
        querystring: taxInvoiceQuerySchema,
      },
    },
    async (request, reply) => {
      const format = request.query.format;
      const invoice = await documents().taxInvoice(
        customerActor(currentUser(request).id),
        request.params.id,
        format,
      );
      return sendPrivateFile(reply, taxInvoiceFile(invoice, format));
    },
  );

  app.get(
    '/auth/bookings/:id/tax-notes/:number',
    {
      onRequest: app.requireUser,
      config: { rateLimit: documentDownloadsLimit(app) },
      schema: {
        tags: ['bookings'],
        summary:
          'A credit or debit note of my booking’s tax invoice (issued when it was cancelled or changed): PDF, or e-Tax XML with ?format=xml',
        security: [{ bearerAuth: [] }],
        params: taxNoteParamsSchema,
        querystring: taxInvoiceQuerySchema,
      },
    },
    async (request, reply) => {
      const format = request.query.format;
      const note = await documents().taxNote(
        customerActor(currentUser(request).id),
        request.params.id,
        request.params.number,
        format,
      );
      return sendPrivateFile(reply, taxInvoiceFile(note, format));
    },
  );
};
