import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { cameOverHttps } from '../lib/request-scheme';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sets the strict headers on a reply. The onRequest hook below does it for
     * every routed request; answers that never reach a route (a URL the router
     * cannot read) call it themselves, so no answer leaves without them.
     */
    applySecurityHeaders: (reply: FastifyReply) => void;
  }
}

/**
 * Strict headers for every answer. The Content-Security-Policy allows only our
 * own origin for scripts, styles, fonts and calls, which is what keeps the
 * bearer token in localStorage out of reach of injected code (ARCHITECTURE §6).
 * Extra origins (a sign-in provider's script, say) are passed in by the
 * features that need them.
 */
export const securityHeadersPlugin = fp<{
  extraScriptSrc?: string[];
  extraConnectSrc?: string[];
  extraFrameSrc?: string[];
  extraStyleSrc?: string[];
}>(async (app: FastifyInstance, opts) => {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(opts.extraScriptSrc ?? [])],
        styleSrc: ["'self'", ...(opts.extraStyleSrc ?? [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(opts.extraConnectSrc ?? [])],
        frameSrc: opts.extraFrameSrc?.length ? opts.extraFrameSrc : ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Below, per request: only over https (a browser ignores it over http, and it says nothing true there).
    strictTransportSecurity: false,
  });

  const apply = (reply: FastifyReply) => {
    // helmet's middleware only sets headers on the response and calls back synchronously.
    setHeaders(reply.request.raw, reply.raw, () => {});
    void reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    if (cameOverHttps(reply.request, app.settings.publicUrl))
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  };
  app.decorate('applySecurityHeaders', apply);
  app.addHook('onRequest', async (_request, reply) => apply(reply));
});
