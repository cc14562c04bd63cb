import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@siam/contract/admin';
import {
  addonParamsSchema,
  addonPatchSchema,
  addonResponseSchema,
  addonsResponseSchema,
  promotionBodySchema,
  promotionPatchSchema,
  promotionResponseSchema,
  promotionsResponseSchema,
} from '@siam/contract/admin-bookings';
import {
  deliveryZoneBodySchema,
  deliveryZonePatchSchema,
  deliveryZoneResponseSchema,
  deliveryZonesResponseSchema,
  oneWayFeeBodySchema,
  oneWayFeeResponseSchema,
  oneWayFeesResponseSchema,
  oneWayRouteParamsSchema,
} from '@siam/contract/admin-delivery';
import {
  pricingPreviewBodySchema,
  pricingPreviewResponseSchema,
  pricingRuleBodySchema,
  pricingRuleResponseSchema,
  pricingRulesResponseSchema,
} from '@siam/contract/admin-pricing-rules';
import { requestLanguage } from '../../lib/language';
import { actorOf } from '../../plugins/authenticate';
import { ok } from '../../lib/answer';

/** Add-on prices, promotion codes, one-way fees and delivery zones: staff may read them, only admins change them (inside the admin scope). */
export const pricingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const adminOnly = app.requireRole('admin');
  const svc = () => app.services.pricingAdmin;

  app.get(
    '/addons',
    { schema: { tags, summary: 'Add-ons and their daily prices', response: { 200: addonsResponseSchema } } },
    async () => ok(await svc().addons()),
  );
  app.patch(
    '/addons/:code',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Change an add-on's daily price or take it off sale",
        params: addonParamsSchema,
        body: addonPatchSchema,
        response: { 200: addonResponseSchema },
      },
    },
    async (request) => ok(await svc().updateAddon(actorOf(request), request.params.code, request.body)),
  );
  app.get(
    '/pricing-rules',
    {
      schema: {
        tags,
        summary: 'Seasons, weekend prices and duration tiers',
        response: { 200: pricingRulesResponseSchema },
      },
    },
    async () => ok(await svc().pricingRules()),
  );
  app.post(
    '/pricing-rules',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a pricing rule',
        body: pricingRuleBodySchema,
        response: { 200: pricingRuleResponseSchema },
      },
    },
    async (request) => ok(await svc().saveRule(actorOf(request), request.body)),
  );
  app.put(
    '/pricing-rules/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Change a pricing rule (the whole rule); bookings made keep their prices',
        params: idParamsSchema,
        body: pricingRuleBodySchema,
        response: { 200: pricingRuleResponseSchema },
      },
    },
    async (request) => ok(await svc().saveRule(actorOf(request), request.body, request.params.id)),
  );
  app.delete(
    '/pricing-rules/:id',
    { onRequest: adminOnly, schema: { tags, summary: 'Remove a pricing rule', params: idParamsSchema } },
    async (request) => ok(await svc().deleteRule(actorOf(request), request.params.id)),
  );
  app.post(
    '/pricing-rules/preview',
    {
      schema: {
        tags,
        summary: 'What a car costs on dates with the rules as they are, and with a draft rule added',
        body: pricingPreviewBodySchema,
        response: { 200: pricingPreviewResponseSchema },
      },
    },
    async (request) => ok(await app.services.pricing.previewPricing(request.body, requestLanguage(request))),
  );
  app.get(
    '/one-way-fees',
    {
      schema: { tags, summary: 'One-way routes and their fees', response: { 200: oneWayFeesResponseSchema } },
    },
    async () => ok(await svc().oneWayFees()),
  );
  app.put(
    '/one-way-fees',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Offer a one-way route from one branch to another, or change its fee',
        body: oneWayFeeBodySchema,
        response: { 200: oneWayFeeResponseSchema },
      },
    },
    async (request) => ok(await svc().setOneWayFee(actorOf(request), request.body)),
  );
  app.delete(
    '/one-way-fees/:from/:to',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'Stop offering a one-way route', params: oneWayRouteParamsSchema },
    },
    async (request) =>
      ok(await svc().deleteOneWayFee(actorOf(request), request.params.from, request.params.to)),
  );
  app.get(
    '/delivery-zones',
    {
      schema: {
        tags,
        summary: 'Delivery and collection zones of every branch',
        response: { 200: deliveryZonesResponseSchema },
      },
    },
    async () => ok(await svc().deliveryZones()),
  );
  app.post(
    '/delivery-zones',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a zone a branch delivers to and collects from, with its fee',
        body: deliveryZoneBodySchema,
        response: { 200: deliveryZoneResponseSchema },
      },
    },
    async (request) => ok(await svc().createZone(actorOf(request), request.body)),
  );
  app.patch(
    '/delivery-zones/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Rename a zone, change its fee or order, or stop delivering there',
        params: idParamsSchema,
        body: deliveryZonePatchSchema,
        response: { 200: deliveryZoneResponseSchema },
      },
    },
    async (request) => ok(await svc().updateZone(actorOf(request), request.params.id, request.body)),
  );
  app.get(
    '/promotions',
    { schema: { tags, summary: 'Promotion codes', response: { 200: promotionsResponseSchema } } },
    async () => ok(await svc().promotions()),
  );
  app.post(
    '/promotions',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a promotion code (kind, value, validity, limits)',
        body: promotionBodySchema,
        response: { 200: promotionResponseSchema },
      },
    },
    async (request) => ok(await svc().createPromotion(actorOf(request), request.body)),
  );
  app.patch(
    '/promotions/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Change a promotion code',
        params: idParamsSchema,
        body: promotionPatchSchema,
        response: { 200: promotionResponseSchema },
      },
    },
    async (request) => ok(await svc().updatePromotion(actorOf(request), request.params.id, request.body)),
  );
};
