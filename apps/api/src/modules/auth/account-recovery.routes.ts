import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailVerificationResponseSchema,
  forgotPasswordBodySchema,
  okResponseSchema,
  receivedSchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from '@siam/contract/account';
import { currentUser } from '../../plugins/authenticate';
import { authErrors } from './auth-request';

/** A forgotten password and a verified email (issue 19): the mailed links and what they do. */
export const accountRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/password/forgot',
    {
      config: { rateLimit: { max: 5, windowMinutes: 10 } },
      schema: {
        tags: ['auth'],
        summary: 'Mails a password reset link when the address has an account; answers the same either way',
        body: forgotPasswordBodySchema,
        response: { 200: receivedSchema, ...authErrors },
      },
    },
    async (request) => {
      await app.services.accountRecovery.requestReset(request.body.email);
      return { status: true as const, response: { data: { received: true as const } } };
    },
  );
  app.post(
    '/auth/password/reset',
    {
      config: { rateLimit: { max: 10, windowMinutes: 10 } },
      schema: {
        tags: ['auth'],
        summary:
          "Sets a new password with the mailed link's token (once, within 30 minutes); every device is signed out",
        body: resetPasswordBodySchema,
        response: { 200: okResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      await app.services.accountRecovery.resetPassword(request.body.token, request.body.newPassword);
      return { status: true as const, response: { data: null } };
    },
  );
  app.post(
    '/auth/email/verify',
    {
      config: { rateLimit: { max: 10, windowMinutes: 10 } },
      schema: {
        tags: ['auth'],
        summary: "Confirms the account's email address with the mailed link's token",
        body: verifyEmailBodySchema,
        response: { 200: emailVerificationResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      await app.services.accountRecovery.verifyEmail(request.body.token);
      return { status: true as const, response: { data: { verified: true, sent: false } } };
    },
  );
  app.post(
    '/auth/email/verification',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Mails a new verification link to the signed-in account (unless its address is verified already)',
        security: [{ bearerAuth: [] }],
        response: { 200: emailVerificationResponseSchema, ...authErrors },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.accountRecovery.sendVerification(currentUser(request).id) },
    }),
  );
};
