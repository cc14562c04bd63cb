import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paymentChecksResponseSchema,
  reconciliationResponseSchema,
  refundUnmatchedBodySchema,
  refundUnmatchedResponseSchema,
  reconcileBodySchema,
  reconcileResponseSchema,
  settleCheckBodySchema,
  settleCheckResponseSchema,
} from '@siam/contract/admin-payment-checks';
import { z } from 'zod';
import { refundPaidBodySchema, staffRefundsResponseSchema } from '@siam/contract/refunds';
import { dataEnvelope } from '@siam/contract/envelope';
import { ok } from '../../lib/answer';
import { actorOf } from '../../plugins/authenticate';

/**
 * Payments' staff routes, inside the back office's scope (staff and admins only, admin.routes.ts).
 */
export const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/payment-checks',
    {
      schema: {
        tags,
        summary: 'Card payments whose outcome the gateway has not told yet (the car stays held meanwhile)',
        response: { 200: paymentChecksResponseSchema },
      },
    },
    async () => ok(await app.services.payments.pendingCardPayments()),
  );
  app.get(
    '/payment-checks/reconciliation',
    {
      schema: {
        tags,
        summary:
          'The money trail: gateway charges paid that no booking payment stands for, and bookings paid more than once',
        response: { 200: reconciliationResponseSchema },
      },
    },
    async () => ok(await app.services.moneyTrail.reconciliation()),
  );
  app.post(
    '/payment-checks/refunds',
    {
      schema: {
        tags,
        summary:
          'Gives back, in full, gateway money that paid no booking (done by itself when the money comes in; this is for when the gateway refused then)',
        body: refundUnmatchedBodySchema,
        response: { 200: refundUnmatchedResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.moneyTrail.refundUnmatched(actorOf(request), request.body.reference)),
  );
  app.post(
    '/payment-checks/reconcile',
    {
      schema: {
        tags,
        summary:
          "Asks the gateway now about one booking's card payment, or all being checked (the job does so every minute)",
        body: reconcileBodySchema,
        response: { 200: reconcileResponseSchema },
      },
    },
    // Staff asking now means now: no waiting for a just-sent charge to settle.
    async (request) =>
      ok(
        await app.services.payments.reconcileCardPayments(undefined, {
          settleMs: 0,
          bookingId: request.body?.bookingId,
        }),
      ),
  );
  app.post(
    '/payment-checks/settle',
    {
      schema: {
        tags,
        summary:
          'Settles a card payment marked "charged? check": asks the gateway once more; paid → the booking is paid, not charged → it is let go (its car freed when its time to pay is over). Nothing changes when the gateway does not answer (503)',
        body: settleCheckBodySchema,
        response: { 200: settleCheckResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.payments.settleChargedCheck(actorOf(request), request.body.bookingId)),
  );
  app.get(
    '/refunds',
    {
      schema: {
        tags,
        summary:
          "Refunds staff pay by hand, oldest first: the customer's PromptPay ID and a PromptPay QR for it and the amount, or none given yet",
        response: { 200: staffRefundsResponseSchema },
      },
    },
    async () => ok(await app.services.refundPayouts.pending()),
  );
  app.post(
    '/refunds/:id/paid',
    {
      schema: {
        tags,
        summary:
          "A refund sent by hand (to the PromptPay ID, by transfer or in cash) with the bank's reference: paid, audited, the customer told",
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: refundPaidBodySchema,
        response: {
          200: dataEnvelope(
            z.object({ id: z.number().int(), bookingNumber: z.string(), amount: z.number().int() }),
          ),
        },
      },
    },
    async (request) =>
      ok(await app.services.refundPayouts.markPaid(actorOf(request), request.params.id, request.body)),
  );
};
