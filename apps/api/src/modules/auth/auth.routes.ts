import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  registerBodySchema,
  registerResponseSchema,
} from '@siam/contract/auth';
import {
  accountExportSchema,
  authConfigResponseSchema,
  deleteAccountBodySchema,
  facebookBodySchema,
  facebookResponseSchema,
  googleBodySchema,
  googleResponseSchema,
  okResponseSchema,
  passwordBodySchema,
  profileBodySchema,
  profileResponseSchema,
} from '@siam/contract/account';
import { businessRules } from '@siam/contract/business-rules';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { requestLanguage } from '../../lib/language';
import { currentUser } from '../../plugins/authenticate';
import { toUser } from '../users/users.service';
import { REGISTER_OK_MESSAGE } from './auth.service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', () => app.services.authThrottle.close());

  const context = (request: { headers: Record<string, unknown>; ip: string }) => ({
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    ip: request.ip,
  });

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account',
        body: registerBodySchema,
        response: { 200: registerResponseSchema, ...errors },
      },
    },
    async (request) => {
      await app.services.auth.register(request.body, requestLanguage(request), context(request));
      return { success: true, message: REGISTER_OK_MESSAGE };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { token, user } = await app.services.auth.login(request.body, context(request));
      return { status: true as const, token, user, msg: 'Login successful' };
    },
  );

  app.get(
    '/auth/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: meResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => ({ status: true as const, response: { data: toUser(currentUser(request)) } }),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session is revoked on the server',
        security: [{ bearerAuth: [] }],
      },
    },
    async (request) => {
      await app.services.auth.logout(request.auth!.sessionId);
      return { status: true as const, response: { data: null } };
    },
  );

  app.get(
    '/guest/auth-config',
    {
      schema: {
        tags: ['auth'],
        summary: 'What the sign-in screens need: the Google and Facebook ids, when configured',
        response: { 200: authConfigResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      const s = app.settings;
      return {
        status: true as const,
        response: {
          data: {
            google: s.GOOGLE_CLIENT_ID
              ? { clientId: s.GOOGLE_CLIENT_ID, scriptUrl: s.GOOGLE_SCRIPT_URL }
              : null,
            facebook:
              s.FACEBOOK_APP_ID && s.FACEBOOK_APP_SECRET
                ? { appId: s.FACEBOOK_APP_ID, sdkUrl: s.FACEBOOK_SDK_URL }
                : null,
            passwordMinLength: businessRules.passwordMinLength,
          },
        },
      };
    },
  );

  app.post(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token (Google Identity Services credential)',
        body: googleBodySchema,
        response: { 200: googleResponseSchema, ...errors },
      },
    },
    async (request) => {
      const data = await app.services.auth.signInWithGoogle(
        request.body.credential,
        requestLanguage(request),
        context(request),
      );
      return { status: true as const, response: { data } };
    },
  );

  app.post(
    '/auth/facebook',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Facebook access token; identity comes from Facebook, not from userInfo',
        body: facebookBodySchema,
        response: { 200: facebookResponseSchema, ...errors },
      },
    },
    async (request) => {
      const data = await app.services.auth.signInWithFacebook(
        request.body.token,
        requestLanguage(request),
        context(request),
      );
      return { status: true as const, data };
    },
  );

  app.put(
    '/auth/profile',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change name and phone; changing the email needs the current password',
        security: [{ bearerAuth: [] }],
        body: profileBodySchema,
        response: { 200: profileResponseSchema, ...errors },
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
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is signed out',
        security: [{ bearerAuth: [] }],
        body: passwordBodySchema,
        response: { 200: okResponseSchema, ...errors },
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
      preHandler: app.requireUser,
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
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Erase the account (PDPA): needs the password, or a fresh sign-in for Google/Facebook accounts',
        security: [{ bearerAuth: [] }],
        body: deleteAccountBodySchema,
        response: { 200: okResponseSchema, ...errors },
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
