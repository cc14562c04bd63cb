import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeBodySchema,
  challengeResponseSchema,
  loginAnswerSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  recoveryCodesSchema,
  secondFactorBodySchema,
  secondFactorCodeBodySchema,
  secondFactorSetupSchema,
  secondFactorStatusSchema,
  registerBodySchema,
  registerRefusedSchema,
  registerResponseSchema,
} from '@siam/contract/auth';
import {
  accountExportSchema,
  authConfigResponseSchema,
  deleteAccountBodySchema,
  facebookBodySchema,
  emailVerificationResponseSchema,
  facebookResponseSchema,
  forgotPasswordBodySchema,
  googleBodySchema,
  googleResponseSchema,
  lineLinkResponseSchema,
  lineSessionResponseSchema,
  type LineOutcome,
  okResponseSchema,
  passwordBodySchema,
  profileBodySchema,
  profileResponseSchema,
  receivedSchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from '@siam/contract/account';
import { businessRules } from '@siam/contract/business-rules';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { AppError } from '../../lib/app-error';
import { requestLanguage } from '../../lib/language';
import { cameOverHttps } from '../../lib/request-scheme';
import { currentUser } from '../../plugins/authenticate';
import { toUser } from '../users/users.service';
import { z } from 'zod';
import { signToken, verifyToken } from '../../lib/signed-token';
import {
  EMAIL_REGISTERED_MESSAGES,
  LINE_IDENTITY_LIFETIME_MS,
  REGISTER_OK_MESSAGE,
  type SignedIn,
} from './auth.service';
import {
  LINE_FAILED_MESSAGE,
  PROVIDER_NOT_CONFIGURED_MESSAGE,
  type LineLoginAttempt,
  type ProviderIdentity,
} from './social-identity';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Cookies are Secure when this request came over https (lib/request-scheme.ts), not by PUBLIC_URL alone.
  const secure = (request: FastifyRequest) => cameOverHttps(request, app.settings.publicUrl);
  const context = (request: FastifyRequest) => ({
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    ip: request.ip,
    cookies: typeof request.headers.cookie === 'string' ? request.headers.cookie : undefined,
    secure: secure(request),
  });
  /** A finished sign-in: the browser is remembered as the account's device; the answer carries the session. */
  const signedIn = (reply: FastifyReply, result: SignedIn) => {
    void reply.header('set-cookie', result.deviceCookie);
    return { token: result.token, user: result.user };
  };

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account',
        body: registerBodySchema,
        response: { 200: registerResponseSchema, ...errors, 409: registerRefusedSchema },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { created } = await app.services.auth.register(request.body, language, context(request));
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
        response: { 200: loginAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await app.services.auth.login(request.body, context(request));
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
        response: { 200: challengeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.auth.challenge(request.body.email, context(request)) },
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
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await app.services.auth.completeSecondFactor(
        request.body.ticket,
        request.body.code,
        context(request),
      );
      return { status: true as const, ...signedIn(reply, result), msg: 'Login successful' };
    },
  );

  // A forgotten password and a verified email (issue 19).
  app.post(
    '/auth/password/forgot',
    {
      config: { rateLimit: { max: 5, windowMinutes: 10 } },
      schema: {
        tags: ['auth'],
        summary: 'Mails a password reset link when the address has an account; answers the same either way',
        body: forgotPasswordBodySchema,
        response: { 200: receivedSchema, ...errors },
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
        response: { 200: okResponseSchema, ...errors },
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
        response: { 200: emailVerificationResponseSchema, ...errors },
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
        response: { 200: emailVerificationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.accountRecovery.sendVerification(currentUser(request).id) },
    }),
  );

  // Two-step sign-in for staff accounts (issue 13): set up with an authenticator app, confirm, turn off.
  const staffOnly = app.requireRole('staff', 'admin');
  app.get(
    '/auth/second-factor',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['auth'],
        summary: 'Whether two-step sign-in is on for this staff account',
        security: [{ bearerAuth: [] }],
        response: { 200: secondFactorStatusSchema, ...errors },
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
        response: { 200: secondFactorSetupSchema, ...errors },
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
        response: { 200: recoveryCodesSchema, ...errors },
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
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await app.services.secondFactor.disable(userId, request.body.code);
      return { status: true as const, response: { data: await app.services.secondFactor.status(userId) } };
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
                ? {
                    appId: s.FACEBOOK_APP_ID,
                    sdkUrl: s.FACEBOOK_SDK_URL,
                    graphVersion: /\/(v\d+\.\d+)\/?$/.exec(s.FACEBOOK_GRAPH_URL)![1]!,
                  }
                : null,
            line: app.services.auth.lineLogin.configured
              ? { messages: app.services.lineMessages.configured }
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
    async (request, reply) => {
      const result = await app.services.auth.signInWithGoogle(
        request.body.credential,
        requestLanguage(request),
        context(request),
      );
      return { status: true as const, response: { data: signedIn(reply, result) } };
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
    async (request, reply) => {
      const result = await app.services.auth.signInWithFacebook(
        request.body.token,
        requestLanguage(request),
        context(request),
      );
      return { status: true as const, data: signedIn(reply, result) };
    },
  );

  // LINE Login (issue 18, part 4; decision 1806): a redirect flow. What must survive the trip to LINE
  // (state, nonce, PKCE verifier) and then the checked identity wait in one httpOnly cookie, signed
  // and only sent to these three routes; nothing is kept on the server, so any instance can answer.
  const LINE_COOKIE = 'siam_line';
  const linePath = '/api/v1/auth/line';
  const lineCallback = `${app.settings.publicUrl}${linePath}/callback`;
  const lineCookie = (request: FastifyRequest, value: string, maxAgeSeconds: number) =>
    `${LINE_COOKIE}=${value}; Path=${linePath}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure(request) ? '; Secure' : ''}`;
  const readLineCookie = (header: unknown) =>
    typeof header === 'string'
      ? new RegExp(`(?:^|;\\s*)${LINE_COOKIE}=([^;]+)`).exec(header)?.[1]
      : undefined;
  const backToLogin = (reply: FastifyReply, outcome: LineOutcome) =>
    reply.header('cache-control', 'no-store').redirect(`/login?line=${outcome}`, 302);
  /** `linkUserId`: a signed-in customer connecting LINE to their account (from the profile). */
  type LineAttemptToken = LineLoginAttempt & { lang: 'th' | 'en' | 'zh'; exp: number; linkUserId?: number };
  /** `id`: spent by the first session it gives (a copy replayed within its two minutes gets none). */
  type LineIdentityToken = {
    identity: ProviderIdentity;
    friend: boolean;
    lang: 'th' | 'en' | 'zh';
    exp: number;
    id: string;
  };

  app.get(
    '/auth/line/start',
    {
      config: { rateLimit: { max: 20, windowMinutes: 10 } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with LINE: sends the browser to LINE (state, nonce, PKCE; the add-friend option)',
        querystring: z.object({ lng: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const line = app.services.auth.lineLogin;
      if (!line.configured) return backToLogin(reply, 'unavailable');
      const attempt = line.newAttempt();
      const lang = requestLanguage(request);
      const token = signToken<LineAttemptToken>(
        'line-login',
        { ...attempt, lang, exp: Date.now() + 10 * 60_000 },
        app.services.secret,
      );
      return reply
        .header('set-cookie', lineCookie(request, token, 600))
        .header('cache-control', 'no-store')
        .redirect(line.authorizeUrl(attempt, lineCallback, lang), 302);
    },
  );

  app.post(
    '/auth/line/link',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 10, windowMinutes: 10 } },
      schema: {
        tags: ['auth'],
        summary:
          'Connect LINE to my account: the attempt (bound to this browser by its cookie) and where to send the browser; back at /profile?line=<outcome>',
        security: [{ bearerAuth: [] }],
        response: { 200: lineLinkResponseSchema, ...errors, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const line = app.services.auth.lineLogin;
      if (!line.configured) throw new AppError('NOT_FOUND', PROVIDER_NOT_CONFIGURED_MESSAGE);
      const attempt = line.newAttempt();
      const lang = requestLanguage(request);
      // The account is named in the signed cookie, never in an address: a link someone else opens
      // cannot connect their LINE to this account.
      const token = signToken<LineAttemptToken>(
        'line-login',
        { ...attempt, lang, exp: Date.now() + 10 * 60_000, linkUserId: currentUser(request).id },
        app.services.secret,
      );
      void reply.header('set-cookie', lineCookie(request, token, 600));
      return {
        status: true as const,
        response: { data: { authorizeUrl: line.authorizeUrl(attempt, lineCallback, lang) } },
      };
    },
  );

  app.delete(
    '/auth/line/link',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Disconnect LINE from my account (409 when LINE is the account’s only way in); waiting LINE messages are dropped',
        security: [{ bearerAuth: [] }],
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      response: { data: await app.services.auth.disconnectLine(currentUser(request).id) },
    }),
  );

  app.get(
    '/auth/line/callback',
    {
      config: { rateLimit: { max: 20, windowMinutes: 10 } },
      schema: {
        tags: ['auth'],
        summary:
          "LINE's redirect back: the code is exchanged and the ID token checked; the browser goes to /login?line=<outcome>",
        querystring: z.object({
          code: z.string().max(512).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const attempt = verifyToken<LineAttemptToken>(
        'line-login',
        readLineCookie(request.headers.cookie),
        app.services.secret,
      );
      // No attempt from this browser (too slow, or a link someone else started): start again.
      if (!attempt) return backToLogin(reply, 'expired');
      // Connecting LINE from the profile goes back there; signing in, to the sign-in screen.
      // The attempt is spent whatever the outcome.
      const back = (outcome: LineOutcome) => {
        void reply.header('set-cookie', lineCookie(request, '', 0));
        return attempt.linkUserId
          ? reply.header('cache-control', 'no-store').redirect(`/profile?line=${outcome}`, 302)
          : backToLogin(reply, outcome);
      };
      const { code, state, error } = request.query;
      if (state !== attempt.state) return back('failed');
      if (error || !code) return back('cancelled');
      try {
        const { identity, friend } = await app.services.auth.lineLogin.signIn(code, attempt, lineCallback);
        if (attempt.linkUserId)
          return back(await app.services.auth.connectLine(attempt.linkUserId, identity, friend));
        const token = signToken<LineIdentityToken>(
          'line-identity',
          {
            identity,
            friend,
            lang: attempt.lang,
            exp: Date.now() + LINE_IDENTITY_LIFETIME_MS,
            id: randomBytes(12).toString('base64url'),
          },
          app.services.secret,
        );
        return backToLogin(
          reply.header('set-cookie', lineCookie(request, token, LINE_IDENTITY_LIFETIME_MS / 1000)),
          'ok',
        );
      } catch (err) {
        request.log.warn({ err }, LINE_FAILED_MESSAGE);
        return back('failed');
      }
    },
  );

  app.post(
    '/auth/line/session',
    {
      config: { rateLimit: { max: 10, windowMinutes: 10 } },
      schema: {
        tags: ['auth'],
        summary: 'After LINE sent the browser back with ok: the session for the identity LINE vouched for',
        response: { 200: lineSessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const held = verifyToken<LineIdentityToken>(
        'line-identity',
        readLineCookie(request.headers.cookie),
        app.services.secret,
      );
      // Signed by us and not yet spent: clearing the cookie alone would not stop a copy of it.
      if (!held || !(await app.services.auth.spendLineIdentity(held.id)))
        throw new AppError('UNAUTHORIZED', LINE_FAILED_MESSAGE);
      const result = await app.services.auth.signInWithLine(
        held.identity,
        held.friend,
        held.lang,
        context(request),
      );
      const session = signedIn(reply, result);
      // Used once: the identity cookie goes with the answer (next to the trusted-device cookie).
      void reply.header('set-cookie', [result.deviceCookie, lineCookie(request, '', 0)]);
      return { status: true as const, response: { data: session } };
    },
  );

  app.put(
    '/auth/profile',
    {
      onRequest: app.requireUser,
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
      onRequest: app.requireUser,
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
