import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  registerBodySchema,
  registerResponseSchema,
} from '@siam/contract/auth';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { requestLanguage } from '../../lib/language';
import { currentUser } from '../../plugins/authenticate';
import { toUser } from '../users/users.service';
import { REGISTER_OK_MESSAGE } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
        response: { 200: registerResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await app.services.auth.register(request.body, requestLanguage(request));
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
        response: { 200: loginResponseSchema, 401: errorEnvelopeSchema },
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
};
