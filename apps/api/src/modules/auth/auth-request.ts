import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { cameOverHttps } from '../../lib/request-scheme';
import type { SignedIn } from './auth.service';

/** The error answers every sign-in and account route can give. */
export const authErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

/** Cookies are Secure when this request came over https (lib/request-scheme.ts), not by PUBLIC_URL alone. */
export const isSecure = (app: FastifyInstance, request: FastifyRequest) =>
  cameOverHttps(request, app.settings.publicUrl);

/** What the sign-in rules need to know of the request: device, address, cookies, https. */
export const requestContext = (app: FastifyInstance, request: FastifyRequest) => ({
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  ip: request.ip,
  cookies: typeof request.headers.cookie === 'string' ? request.headers.cookie : undefined,
  secure: isSecure(app, request),
});

/** A finished sign-in: the browser is remembered as the account's device; the answer carries the session. */
export const signedIn = (reply: FastifyReply, result: SignedIn) => {
  void reply.header('set-cookie', result.deviceCookie);
  return { token: result.token, user: result.user };
};
