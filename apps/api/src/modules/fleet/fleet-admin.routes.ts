import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  branchBodySchema,
  branchParamsSchema,
  branchPatchSchema,
  branchResponseSchema,
  branchesResponseSchema,
  branchClosureBodySchema,
  branchClosureParamsSchema,
  carModelBodySchema,
  carModelPatchSchema,
  carModelResponseSchema,
  carModelsQuerySchema,
  carModelsResponseSchema,
  categoriesResponseSchema,
  categoryBodySchema,
  categoryPatchSchema,
  categoryResponseSchema,
  dashboardResponseSchema,
  featuresResponseSchema,
  idParamsSchema,
  imageParamsSchema,
  maintenanceBlockResponseSchema,
  maintenanceBodySchema,
  unitBodySchema,
  unitPatchSchema,
  unitResponseSchema,
  unitsQuerySchema,
  unitsResponseSchema,
} from '@siam/contract/admin';
import { uploadedFile } from '../../lib/uploaded-file';
import { requestLanguage } from '../../lib/language';
import { actorOf } from '../../plugins/authenticate';
import { ok } from '../../lib/answer';

/**
 * The fleet's back office, inside the admin scope (admin.routes.ts, which also parses the picture
 * uploads): the Today screen, categories, car models and their pictures, units and maintenance,
 * branches and their closed days (hot deals: deals/deals-admin.routes.ts). Staff read; changes to the fleet's make-up need an admin.
 */
export const fleetAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole('admin');
  const tags = ['admin'];

  // ---------- today ----------

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        summary: 'The Today screen: fleet, branches, maintenance today',
        response: { 200: dashboardResponseSchema },
      },
    },
    async (request) => ok(await app.services.fleet.dashboard(requestLanguage(request))),
  );

  // ---------- categories and features ----------

  app.get(
    '/categories',
    { schema: { tags, summary: 'Car categories', response: { 200: categoriesResponseSchema } } },
    async () => ok(await app.services.fleet.categories()),
  );
  app.post(
    '/categories',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a category',
        body: categoryBodySchema,
        response: { 200: categoryResponseSchema },
      },
    },
    async (request) => ok(await app.services.fleet.createCategory(actorOf(request), request.body)),
  );
  app.patch(
    '/categories/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Rename or reorder a category',
        params: idParamsSchema,
        body: categoryPatchSchema,
        response: { 200: categoryResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.fleet.updateCategory(actorOf(request), request.params.id, request.body)),
  );
  app.get(
    '/features',
    { schema: { tags, summary: 'Features a car model can list', response: { 200: featuresResponseSchema } } },
    async () => ok(await app.services.fleet.features()),
  );

  // ---------- car models ----------

  app.get(
    '/car-models',
    {
      schema: {
        tags,
        summary: 'Car models with price, state and counts',
        querystring: carModelsQuerySchema,
        response: { 200: carModelsResponseSchema },
      },
    },
    async (request) => ok(await app.services.fleet.carModels(request.query)),
  );
  app.get(
    '/car-models/:id',
    {
      schema: {
        tags,
        summary: 'One car model, all its fields',
        params: idParamsSchema,
        response: { 200: carModelResponseSchema },
      },
    },
    async (request) => ok(await app.services.fleet.carModel(request.params.id)),
  );
  app.post(
    '/car-models',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a car model',
        body: carModelBodySchema,
        response: { 200: carModelResponseSchema },
      },
    },
    async (request) => ok(await app.services.fleet.createCarModel(actorOf(request), request.body)),
  );
  app.patch(
    '/car-models/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Change a car model (texts, price, specifications, features, active)',
        params: idParamsSchema,
        body: carModelPatchSchema,
        response: { 200: carModelResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.fleet.updateCarModel(actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/car-models/:id/images',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Upload a picture (multipart field "file"); made in 3 widths as WebP and AVIF',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: carModelResponseSchema },
      },
    },
    async (request) => {
      const buffer = await uploadedFile(request, {
        kind: 'picture',
        missing: 'Invalid data: check the data sent',
        tooLarge: 'The picture is too large: at most 10 MB',
      });
      return ok(await app.services.fleet.addImage(actorOf(request), request.params.id, buffer));
    },
  );
  app.delete(
    '/car-models/:id/images/:imageId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Remove a picture',
        params: imageParamsSchema,
        response: { 200: carModelResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.fleet.removeImage(actorOf(request), request.params.id, request.params.imageId)),
  );

  // ---------- units and maintenance ----------

  app.get(
    '/units',
    {
      schema: {
        tags,
        summary: 'Vehicle units with their current and coming maintenance blocks',
        querystring: unitsQuerySchema,
        response: { 200: unitsResponseSchema },
      },
    },
    async (request) => ok(await app.services.fleetUnits.units(request.query, requestLanguage(request))),
  );
  app.get(
    '/units/:id',
    { schema: { tags, summary: 'One unit', params: idParamsSchema, response: { 200: unitResponseSchema } } },
    async (request) => ok(await app.services.fleetUnits.unit(request.params.id, requestLanguage(request))),
  );
  app.post(
    '/units',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a unit (plate, car model, branch)',
        body: unitBodySchema,
        response: { 200: unitResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.fleetUnits.createUnit(actorOf(request), request.body, requestLanguage(request))),
  );
  app.patch(
    '/units/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Change a unit (plate, branch, status)',
        params: idParamsSchema,
        body: unitPatchSchema,
        response: { 200: unitResponseSchema },
      },
    },
    async (request) =>
      ok(
        await app.services.fleetUnits.updateUnit(
          actorOf(request),
          request.params.id,
          request.body,
          requestLanguage(request),
        ),
      ),
  );
  app.post(
    '/units/:id/maintenance',
    {
      schema: {
        tags,
        summary: 'Block a unit for maintenance over whole days; 409 when it overlaps a booking or a block',
        params: idParamsSchema,
        body: maintenanceBodySchema,
        response: { 200: maintenanceBlockResponseSchema },
      },
    },
    async (request) =>
      ok(
        await app.services.fleetUnits.blockForMaintenance(actorOf(request), request.params.id, request.body),
      ),
  );
  app.post(
    '/maintenance-blocks/:id/lift',
    {
      schema: {
        tags,
        summary: 'Lift a maintenance block (the unit is bookable again)',
        params: idParamsSchema,
        response: { 200: maintenanceBlockResponseSchema },
      },
    },
    async (request) => ok(await app.services.fleetUnits.liftBlock(actorOf(request), request.params.id)),
  );

  // ---------- branches ----------

  app.get(
    '/branches',
    { schema: { tags, summary: 'Branches and their hours', response: { 200: branchesResponseSchema } } },
    async () => ok(await app.services.fleet.branches()),
  );
  app.post(
    '/branches',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a branch',
        body: branchBodySchema,
        response: { 200: branchResponseSchema },
      },
    },
    async (request) => ok(await app.services.fleet.createBranch(actorOf(request), request.body)),
  );
  app.patch(
    '/branches/:code',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Change a branch (names, phone, hours, open or closed)',
        params: branchParamsSchema,
        body: branchPatchSchema,
        response: { 200: branchResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.fleet.updateBranch(actorOf(request), request.params.code, request.body)),
  );

  app.put(
    '/branches/:code/closures/:date',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Close a branch on a day (no pickup or return that day), with a note',
        params: branchClosureParamsSchema,
        body: branchClosureBodySchema,
        response: { 200: branchResponseSchema },
      },
    },
    async (request) =>
      ok(
        await app.services.fleet.closeBranchOn(
          actorOf(request),
          request.params.code,
          request.params.date,
          request.body.note,
        ),
      ),
  );
  app.delete(
    '/branches/:code/closures/:date',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Open a branch again on a day it was to be closed',
        params: branchClosureParamsSchema,
        response: { 200: branchResponseSchema },
      },
    },
    async (request) =>
      ok(await app.services.fleet.reopenBranchOn(actorOf(request), request.params.code, request.params.date)),
  );
};
