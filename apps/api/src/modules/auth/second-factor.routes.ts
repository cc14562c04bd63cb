import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recoveryCodesSchema,
  secondFactorCodeBodySchema,
  secondFactorSetupSchema,
  secondFactorStatusSchema,
} from '@siam/contract/auth';
import { currentUser } from '../../plugins/authenticate';
import { authErrors } from './auth-request';

/** Two-step sign-in for staff accounts (issue 13): set up with an authenticator app, confirm, turn off. */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffOnly = app.requireRole('staff', 'admin');
  app.get(
    '/auth/second-factor',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['auth'],
        summary: 'Whether two-step sign-in is on for this staff account',
        security: [{ bearerAuth: [] }],
        response: { 200: secondFactorStatusSchema, ...authErrors },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.secondFactor.status(currentUser(request).id) },
    }),
  );
  app.post(
    '/auth/second-factor/setup',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['auth'],
        summary: 'A new authenticator secret (QR code and text), in force only once confirmed with a code',
        security: [{ bearerAuth: [] }],
        response: { 200: secondFactorSetupSchema, ...authErrors },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.secondFactor.setUp(currentUser(request)) },
    }),
  );
  app.post(
    '/auth/second-factor/enable',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['auth'],
        summary:
          "Turns two-step sign-in on with the app's first code; answers the ten recovery codes, shown once",
        security: [{ bearerAuth: [] }],
        body: secondFactorCodeBodySchema,
        response: { 200: recoveryCodesSchema, ...authErrors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const recoveryCodes = await app.services.secondFactor.enable(userId, request.body.code);
      // A session opened before (a stolen token, a forgotten browser) must not skip the new code:
      // every other session ends; this one, where both factors were just shown, stays.
      await app.services.sessions.revokeAllForUser(userId, request.auth!.sessionId);
      return { status: true as const, response: { data: { recoveryCodes } } };
    },
  );
  app.post(
    '/auth/second-factor/disable',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['auth'],
        summary: 'Turns two-step sign-in off (needs a current code or a recovery code)',
        security: [{ bearerAuth: [] }],
        body: secondFactorCodeBodySchema,
        response: { 200: secondFactorStatusSchema, ...authErrors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await app.services.secondFactor.disable(userId, request.body.code);
      return { status: true as const, response: { data: await app.services.secondFactor.status(userId) } };
    },
  );
};
