import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExportSchema,
  deleteAccountBodySchema,
  okResponseSchema,
  passwordBodySchema,
  profileBodySchema,
  profileResponseSchema,
} from '@siam/contract/account';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { currentUser } from '../../plugins/authenticate';
import { authErrors } from './auth-request';

/** The signed-in customer's own account: profile, password, a copy of their data (PDPA), erasure. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/auth/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change name and phone; changing the email needs the current password',
        security: [{ bearerAuth: [] }],
        body: profileBodySchema,
        response: { 200: profileResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      const data = await app.services.account.updateProfile(
        currentUser(request).id,
        request.auth!.sessionId,
        request.body,
        request.ip,
      );
      return { status: true as const, response: { data } };
    },
  );

  app.put(
    '/auth/password',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is signed out',
        security: [{ bearerAuth: [] }],
        body: passwordBodySchema,
        response: { 200: okResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      await app.services.account.changePassword(
        currentUser(request).id,
        request.auth!.sessionId,
        request.body,
        request.ip,
      );
      return { status: true as const, response: { data: null }, msg: 'Password changed successfully' };
    },
  );

  app.get(
    '/auth/export',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Everything held on the signed-in customer, as JSON (PDPA right of access)',
        security: [{ bearerAuth: [] }],
        response: { 200: accountExportSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const data = await app.services.account.exportData(currentUser(request).id);
      void reply.header('content-disposition', 'attachment; filename="siam-drive-my-data.json"');
      return data;
    },
  );

  app.delete(
    '/auth/account',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Erase the account (PDPA): needs the password, or a fresh sign-in for Google/Facebook accounts',
        security: [{ bearerAuth: [] }],
        body: deleteAccountBodySchema,
        response: { 200: okResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      await app.services.account.deleteAccount(
        currentUser(request).id,
        request.auth!.sessionId,
        request.body.password,
        request.ip,
      );
      return { status: true as const, response: { data: null } };
    },
  );
};
