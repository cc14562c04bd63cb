import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@siam/contract/admin';
import {
  companiesResponseSchema,
  companyBodySchema,
  companyInvoiceParamsSchema,
  companyMemberBodySchema,
  companyMemberParamsSchema,
  companyResponseSchema,
  issuedInvoicesResponseSchema,
  myCompanyInvoiceParamsSchema,
  myCompanyResponseSchema,
} from '@siam/contract/companies';
import { taxInvoiceQuerySchema } from '@siam/contract/tax-invoices';
import { sendPrivateFile } from '../../lib/uploaded-file';
import { actorOf, currentUser } from '../../plugins/authenticate';
import { ok } from '../../lib/answer';
import { taxInvoiceFile } from '../documents/tax-invoices';
import { customerActor, staffActor } from '../bookings/booking-access';
import { documentDownloadsLimit } from '../../plugins/rate-limits';

/**
 * Company accounts in the back office (decision 1807), inside the admin scope: staff see them and
 * issue the monthly invoices of ended months; admins open and change accounts and their members.
 */
export const companiesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const adminOnly = app.requireRole('admin');
  const svc = () => app.services.companies;

  app.get(
    '/companies',
    { schema: { tags, summary: 'Company accounts', response: { 200: companiesResponseSchema } } },
    async () => ok(await svc().list()),
  );
  app.post(
    '/companies',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Open a company account',
        body: companyBodySchema,
        response: { 200: companyResponseSchema },
      },
    },
    async (request) => ok(await svc().create(actorOf(request), request.body)),
  );
  app.get(
    '/companies/:id',
    {
      schema: {
        tags,
        summary: 'A company account: members, monthly invoices, bookings not yet invoiced',
        params: idParamsSchema,
        response: { 200: companyResponseSchema },
      },
    },
    async (request) => ok(await svc().get(request.params.id)),
  );
  app.put(
    '/companies/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Change a company's details, or suspend its account",
        params: idParamsSchema,
        body: companyBodySchema,
        response: { 200: companyResponseSchema },
      },
    },
    async (request) => ok(await svc().update(actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/companies/:id/members',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Add a customer account (by its email) as a driver or manager, or change its role',
        params: idParamsSchema,
        body: companyMemberBodySchema,
        response: { 200: companyResponseSchema },
      },
    },
    async (request) =>
      ok(await svc().addMember(actorOf(request), request.params.id, request.body.email, request.body.role)),
  );
  app.delete(
    '/companies/:id/members/:userId',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Take a member off the account',
        params: companyMemberParamsSchema,
        response: { 200: companyResponseSchema },
      },
    },
    async (request) =>
      ok(await svc().removeMember(actorOf(request), request.params.id, request.params.userId)),
  );
  app.post(
    '/companies/:id/invoices',
    {
      schema: {
        tags,
        summary: 'Issue the monthly invoices of ended months not issued yet (the minute job does it too)',
        params: idParamsSchema,
        response: { 200: issuedInvoicesResponseSchema },
      },
    },
    async (request) => {
      await svc().get(request.params.id);
      return ok(await svc().issueDue(request.params.id));
    },
  );
  app.get(
    '/companies/:id/invoices/:number',
    {
      schema: {
        tags,
        summary: 'A monthly tax invoice: PDF, or e-Tax XML',
        params: companyInvoiceParamsSchema,
        querystring: taxInvoiceQuerySchema,
      },
    },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        taxInvoiceFile(
          await svc().invoiceFile(staffActor, request.params.number, request.query.format, request.params.id),
          request.query.format,
        ),
      ),
  );
};

/** The signed-in customer's company account: for the booking form and the profile. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bookings'];
  app.get(
    '/auth/company',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'My company account (null: none), with its monthly invoices for managers',
        security: [{ bearerAuth: [] }],
        response: { 200: myCompanyResponseSchema },
      },
    },
    async (request) => ok(await app.services.companies.mine(currentUser(request).id)),
  );
  app.get(
    '/auth/company/invoices/:number',
    {
      onRequest: app.requireUser,
      config: { rateLimit: documentDownloadsLimit(app) },
      schema: {
        tags,
        summary: "My company's monthly tax invoice (managers): PDF, or e-Tax XML",
        security: [{ bearerAuth: [] }],
        params: myCompanyInvoiceParamsSchema,
        querystring: taxInvoiceQuerySchema,
      },
    },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        taxInvoiceFile(
          await app.services.companies.invoiceFile(
            customerActor(currentUser(request).id),
            request.params.number,
            request.query.format,
          ),
          request.query.format,
        ),
      ),
  );
};
