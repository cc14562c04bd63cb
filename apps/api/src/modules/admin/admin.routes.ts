import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from '../audit/audit.routes';
import { inboxRoutes } from '../inbox/inbox.routes';
import { newsletterAdminRoutes } from '../newsletter/newsletter-admin.routes';
import { reportsRoutes } from '../reports/reports.routes';
import { companiesAdminRoutes } from '../companies/companies.routes';
import { bookingsAdminRoutes } from '../bookings/bookings-admin.routes';
import { rentalsAdminRoutes } from '../rentals/rentals-admin.routes';
import { paymentsAdminRoutes } from '../payments/payments-admin.routes';
import { documentsAdminRoutes } from '../documents/documents-admin.routes';
import { conditionReportStaffRoutes } from '../hand-over/condition-reports.routes';
import { contentAdminRoutes } from '../content/content-admin.routes';
import { dealsAdminRoutes } from '../deals/deals-admin.routes';
import { fleetAdminRoutes } from '../fleet/fleet-admin.routes';
import { pricingAdminRoutes } from '../pricing/pricing-admin.routes';
import { seatsAdminRoutes } from '../seats/seats-admin.routes';
import { siteSettingsAdminRoutes } from '../site-settings/site-settings-admin.routes';
import { licencesAdminRoutes } from '../licences/licences.routes';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * The back office API, /api/v1/admin/… Every route in this scope needs a
 * staff member or an admin (checked on request, before anything else);
 * routes that change prices, the fleet's make-up or settings need an admin.
 * Other modules add their staff routes by registering inside this scope.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole('staff', 'admin'));

  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
  });

  await app.register(auditRoutes);
  await app.register(bookingsAdminRoutes);
  await app.register(rentalsAdminRoutes);
  await app.register(paymentsAdminRoutes);
  await app.register(documentsAdminRoutes);
  await app.register(conditionReportStaffRoutes);
  await app.register(reportsRoutes);
  await app.register(companiesAdminRoutes);
  await app.register(pricingAdminRoutes);
  await app.register(contentAdminRoutes);
  await app.register(inboxRoutes);
  await app.register(newsletterAdminRoutes);
  await app.register(siteSettingsAdminRoutes);
  await app.register(licencesAdminRoutes);
  await app.register(fleetAdminRoutes);
  await app.register(dealsAdminRoutes);
  await app.register(seatsAdminRoutes);
};
