import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addonListResponseSchema,
  promoValidateBodySchema,
  promoValidateResponseSchema,
} from '@siam/contract/bookings';
import { deliveryOptionsResponseSchema } from '@siam/contract/delivery';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { requestLanguage } from '../../lib/language';

/**
 * What a booking form asks before a booking exists: the extras and their prices, a promotion code's
 * worth, and a branch's one-way routes and delivery zones. Same URLs and OpenAPI tags as when these
 * lived in bookings.routes.ts; the quote itself stays there (it also asks whether a unit is free).
 */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const pricing = () => app.services.pricing;

  app.get(
    '/guest/addons',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Extras a booking can add, with per-day prices in satang',
        response: { 200: addonListResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await pricing().listAddons(requestLanguage(request)) },
    }),
  );

  app.post(
    '/guest/promotions/validate',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Checks a promotion code (and its discount when the booking is given)',
        body: promoValidateBodySchema,
        response: { 200: promoValidateResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const b = request.body;
      const quoteInput =
        b.carModelId && b.pickupDate && b.returnDate && b.branchCode
          ? {
              carModelId: b.carModelId,
              pickupDate: b.pickupDate,
              returnDate: b.returnDate,
              pickupTime: b.pickupTime,
              returnTime: b.returnTime,
              branchCode: b.branchCode,
              addons: b.addons,
              promoCode: undefined,
            }
          : null;
      return {
        status: true as const,
        response: {
          data: await pricing().validatePromotion(
            b.code,
            request.auth?.user.id ?? null,
            quoteInput,
            requestLanguage(request),
          ),
        },
      };
    },
  );

  app.get(
    '/guest/branches/:code/delivery-options',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Where a car picked up at this branch may be returned (one-way fees) and delivered (zones and fees)',
        params: z.object({ code: z.string().min(1).max(32) }),
        response: { 200: deliveryOptionsResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await pricing().deliveryOptions(request.params.code, requestLanguage(request)) },
    }),
  );
};
