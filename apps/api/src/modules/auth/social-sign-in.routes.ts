import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authConfigResponseSchema,
  facebookBodySchema,
  facebookResponseSchema,
  googleBodySchema,
  googleResponseSchema,
  lineLinkResponseSchema,
  lineSessionResponseSchema,
  type LineOutcome,
  profileResponseSchema,
} from '@siam/contract/account';
import { businessRules } from '@siam/contract/business-rules';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requestLanguage } from '../../lib/language';
import { signToken, verifyToken } from '../../lib/signed-token';
import { currentUser } from '../../plugins/authenticate';
import { LINE_IDENTITY_LIFETIME_MS } from './auth.service';
import { authErrors, isSecure, requestContext, signedIn } from './auth-request';
import {
  LINE_FAILED_MESSAGE,
  PROVIDER_NOT_CONFIGURED_MESSAGE,
  type LineLoginAttempt,
  type ProviderIdentity,
} from './social-identity';

/** Signing in through Google, Facebook and LINE, and what the sign-in screens need to show their buttons. */
export const socialSignInRoutes: FastifyPluginAsyncZod = async (app) => {
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
        response: { 200: googleResponseSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const result = await app.services.auth.signInWithGoogle(
        request.body.credential,
        requestLanguage(request),
        requestContext(app, request),
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
        response: { 200: facebookResponseSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const result = await app.services.auth.signInWithFacebook(
        request.body.token,
        requestLanguage(request),
        requestContext(app, request),
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
    `${LINE_COOKIE}=${value}; Path=${linePath}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${isSecure(app, request) ? '; Secure' : ''}`;
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
        response: { 200: lineLinkResponseSchema, ...authErrors, 404: errorEnvelopeSchema },
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
        response: { 200: profileResponseSchema, ...authErrors },
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
        response: { 200: lineSessionResponseSchema, ...authErrors },
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
        requestContext(app, request),
      );
      const session = signedIn(reply, result);
      // Used once: the identity cookie goes with the answer (next to the trusted-device cookie).
      void reply.header('set-cookie', [result.deviceCookie, lineCookie(request, '', 0)]);
      return { status: true as const, response: { data: session } };
    },
  );
};
