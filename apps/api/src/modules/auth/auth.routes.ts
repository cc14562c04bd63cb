import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeBodySchema,
  challengeResponseSchema,
  loginAnswerSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  secondFactorBodySchema,
  registerBodySchema,
  registerRefusedSchema,
  registerResponseSchema,
} from '@siam/contract/auth';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { requestLanguage } from '../../lib/language';
import { currentUser } from '../../plugins/authenticate';
import { toUser } from '../users/users.service';
import { EMAIL_REGISTERED_MESSAGES, REGISTER_OK_MESSAGE } from './auth.service';
import { authErrors, requestContext, signedIn } from './auth-request';

/**
 * Registering, signing in with a password (with its challenge and second step), who am I, signing out.
 * The other doors into an account have their own files: social-sign-in.routes.ts (Google, Facebook,
 * LINE), account-recovery.routes.ts (reset and verification links), second-factor.routes.ts (staff's
 * authenticator), account.routes.ts (profile, password, export, erasure).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account',
        body: registerBodySchema,
        response: { 200: registerResponseSchema, ...authErrors, 409: registerRefusedSchema },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { created } = await app.services.auth.register(
        request.body,
        language,
        requestContext(app, request),
      );
      if (created) return { success: true, message: REGISTER_OK_MESSAGE };
      // Spec §7: `success: false` and a `message` (in the visitor's language: the page shows it as is).
      const message = EMAIL_REGISTERED_MESSAGES[language];
      return reply.status(409).send({
        success: false,
        message,
        status: false,
        code: 'CONFLICT',
        msg: message,
        errors: [{ path: 'email', message }],
      });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password (CHALLENGE_REQUIRED: solve POST /auth/login/challenge and send it; staff with two-step sign-in get a ticket for /auth/login/second-factor)',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const result = await app.services.auth.login(request.body, requestContext(app, request));
      if ('secondFactorTicket' in result)
        return {
          status: true as const,
          secondFactorTicket: result.secondFactorTicket,
          msg: 'Enter the code from your authenticator app',
        };
      return { status: true as const, ...signedIn(reply, result), msg: 'Login successful' };
    },
  );

  app.post(
    '/auth/login/challenge',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A proof-of-work challenge for a sign-in that needs one: find a nonce so that SHA-256(token:nonce) starts with `difficulty` zero bits',
        body: challengeBodySchema,
        response: { 200: challengeResponseSchema, ...authErrors },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.auth.challenge(request.body.email, requestContext(app, request)) },
    }),
  );

  app.post(
    '/auth/login/second-factor',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Two-step sign-in's second step: the ticket and the authenticator app's code (or a recovery code)",
        body: secondFactorBodySchema,
        response: { 200: loginResponseSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const result = await app.services.auth.completeSecondFactor(
        request.body.ticket,
        request.body.code,
        requestContext(app, request),
      );
      return { status: true as const, ...signedIn(reply, result), msg: 'Login successful' };
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.requireUser,
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
      onRequest: app.requireUser,
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
