import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { buildApp, type App } from '../src/app';
import { loadSettings, type Settings } from '../src/config/settings';
import type { Database } from '../src/db/client';
import { buildServices } from '../src/services';

/**
 * Settings for tests: a throwaway DATA_DIR (in the run's folder, removed when the run ends:
 * test/global-setup.ts), quiet logs, anything overridable.
 */
export function testSettings(overrides: Record<string, string> = {}): Settings {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'siam-test-'));
  return loadSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Suites register many customers from one address; the throttle's own tests set their limits.
    AUTH_MAX_REGISTRATIONS: '1000',
    // Likewise their unpaid bookings; the unpaid-hold tests set their own limit.
    UNPAID_MAX_PER_ADDRESS: '1000',
    // PGlite's queries run on the test's own event loop, which a busy suite keeps late: no
    // request is turned away for that. The load-shedding tests turn it on.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    ...overrides,
  });
}

/** The real app on a test database; requests go through `app.inject()`. */
export async function buildTestApp(
  database: Database,
  options: {
    settings?: Settings;
    webRoot?: string;
    clock?: { now(): Date };
    /** Pino options, for a test that reads what the server logs. */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<App> {
  const settings = options.settings ?? testSettings();
  const app = await buildApp({
    database,
    settings,
    logger: options.logger,
    // A controllable clock for the bookings' rules (when given).
    ...(options.clock && { services: buildServices(database, settings, { clock: options.clock }) }),
    webRoot: options.webRoot ?? path.join(os.tmpdir(), 'siam-no-web-build'),
  });
  await app.ready();
  return app;
}
