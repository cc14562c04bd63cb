import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickLanguage } from '@siam/contract/languages';
import { withSafeText } from '@siam/contract/safe-input';
import type { ZodType } from 'zod';
import type { Settings } from './config/settings';
import type { Database } from './db/client';
import { localizeMessage } from './lib/message-words';
import { adminRoutes } from './modules/admin/admin.routes';
import { uploadsPlugin } from './modules/fleet/uploads.plugin';
import { accountRecoveryRoutes } from './modules/auth/account-recovery.routes';
import { accountRoutes } from './modules/auth/account.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { secondFactorRoutes } from './modules/auth/second-factor.routes';
import { socialSignInRoutes } from './modules/auth/social-sign-in.routes';
import { contentRoutes } from './modules/content/content.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { signInCspSources } from './modules/auth/sign-in-csp';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { rentalsRoutes } from './modules/rentals/rentals.routes';
import { pricingRoutes } from './modules/pricing/pricing.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { conditionReportCustomerRoutes } from './modules/hand-over/condition-reports.routes';
import { paymentCspSources } from './modules/payments/payments.wiring';
import { lineRoutes } from './modules/line/line.routes';
import { companyRoutes } from './modules/companies/companies.routes';
import { healthRoutes } from './modules/health/health.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { siteSettingsRoutes } from './modules/site-settings/site-settings.routes';
import { thaiAddressesRoutes } from './modules/thai-addresses/thai-addresses.routes';
import { licencesRoutes } from './modules/licences/licences.routes';
import { authenticatePlugin } from './plugins/authenticate';
import { clientAddressPlugin } from './plugins/client-address';
import { errorHandlerPlugin } from './plugins/error-handler';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sitePlugin } from './plugins/site';
import { buildServices, type Services } from './services';

export interface BuildAppOptions {
  database: Database;
  settings: Settings;
  /** false in tests; the server passes pino options. */
  logger?: FastifyServerOptions['logger'];
  /** The built site; defaults to apps/web/dist. */
  webRoot?: string;
  /** Tests may swap in services wired differently (e.g. a payment gateway stand-in). */
  services?: Services;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function defaultWebRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/app.ts and dist/server.js both sit two levels below apps/.
  return path.resolve(here, '../../web/dist');
}

/** Builds the whole application without listening, so tests can `inject()` requests. */
export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    // Keep a caller's request id (a proxy's, say) when it looks sane; make one otherwise.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For counts only from the configured proxies (TRUST_PROXY), never by default.
    trustProxy: options.settings.TRUST_PROXY.length ? options.settings.TRUST_PROXY : false,
    // Long enough for any slug or booking number; longer parameters get our own 414 below.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A URL the router cannot even read (bad percent-encoding, an over-long parameter)
    // never reaches a route or its hooks: answer it here in our envelope, with our headers.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      app.applySecurityHeaders(reply as FastifyReply);
      void (reply as FastifyReply)
        .header('x-request-id', request.id)
        .code(tooLong ? 414 : 400)
        .send({
          status: false,
          code: 'VALIDATION_FAILED',
          msg: localizeMessage(
            tooLong ? 'The address is too long' : 'The address is not valid',
            // The router has not read the query yet: ?lng= from the raw address.
            pickLanguage(
              new URLSearchParams(request.url?.split('?')[1] ?? '').get('lng'),
              request.headers['accept-language'],
            ),
          ),
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route's input (query, parameters, body) is first checked for text no route may
  // take (NUL, lone surrogates), then by the route's own schema: one rule, no route forgets it.
  app.setValidatorCompiler(({ schema, ...rest }) =>
    validatorCompiler({ schema: withSafeText(schema as ZodType), ...rest }),
  );
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('database', options.database);
  app.decorate('settings', options.settings);
  app.decorate('services', options.services ?? buildServices(options.database, options.settings));
  app.addHook('onClose', () => app.services.counters.close());
  app.addHook('onClose', () => app.services.pdfs.close());
  // Hears the other instances' staff changes from the moment this one answers.
  app.addHook('onReady', () => app.services.publicChanges.start());
  app.addHook('onClose', () => app.services.publicChanges.stop());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(clientAddressPlugin);
  // First of the request hooks: a request turned away for a saturated process costs nothing more.
  await app.register(loadSheddingPlugin);
  await app.register(metricsPlugin);
  // Pages and API answers go out compressed (a listing page's HTML: 72 KB → 12 KB on a
  // phone's slow connection). Built scripts and styles are compressed once at build time
  // and sent as they are (plugins/site.ts); pictures are compressed already.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: close to the best size for text of this length at a millisecond's work.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const signInSources = signInCspSources(options.settings);
  const paymentSources = paymentCspSources(options.settings);
  await app.register(securityHeadersPlugin, {
    ...signInSources,
    extraScriptSrc: [...new Set([...signInSources.extraScriptSrc, ...paymentSources.script])],
    extraConnectSrc: [...new Set([...signInSources.extraConnectSrc, ...paymentSources.connect])],
    extraFrameSrc: [...new Set([...signInSources.extraFrameSrc, ...paymentSources.frame])],
  });
  await app.register(openApiPlugin);
  await app.register(authenticatePlugin);
  await app.register(rateLimitsPlugin);

  await app.register(
    async (api) => {
      // API answers are personal or change often: no cache, shared or private, keeps them.
      // Catalog routes opt into caching themselves.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
      });
      await api.register(healthRoutes);
      await api.register(siteSettingsRoutes);
      await api.register(licencesRoutes);
      await api.register(authRoutes);
      await api.register(socialSignInRoutes);
      await api.register(accountRecoveryRoutes);
      await api.register(secondFactorRoutes);
      await api.register(accountRoutes);
      await api.register(catalogRoutes);
      // Visitors' answers and pages are kept for seconds; a staff change (price, unit, block,
      // deal, article, setting) must show at once, on every instance (db/public-changes.ts).
      api.addHook('onSend', async (request, _reply, payload) => {
        if (request.method !== 'GET' && request.url.startsWith('/api/v1/admin/'))
          await app.services.publicChanges.announce();
        return payload;
      });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(pricingRoutes);
      await api.register(bookingsRoutes);
      await api.register(paymentsRoutes);
      await api.register(rentalsRoutes);
      await api.register(documentsRoutes);
      await api.register(conditionReportCustomerRoutes);
      await api.register(contentRoutes);
      await api.register(lineRoutes);
      await api.register(companyRoutes);
      await api.register(thaiAddressesRoutes);
    },
    { prefix: '/api/v1' },
  );

  await app.register(uploadsPlugin);
  const webRoot = options.webRoot ?? defaultWebRoot();
  await app.register(seoRoutes, { webRoot });
  await app.register(sitePlugin, { webRoot });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
