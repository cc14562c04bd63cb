import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { allowFor } from './apps/api/test/time-allowance';

// Playwright's own browser download does not work here; a system Chromium does.
// CHROME_PATH wins; otherwise Debian's headless shell (README: apt-get install chromium-headless-shell),
// the build Playwright itself runs headless journeys in: it spent 27 % less CPU than the full browser
// on the same 16 journeys (decision 3701). A window (--headed, --debug, --ui) needs the full browser,
// /usr/bin/chromium.
const headed =
  ['--headed', '--debug', '--ui'].some((flag) => process.argv.includes(flag)) || !!process.env.PWDEBUG;
const executablePath =
  process.env.CHROME_PATH ??
  [
    ...(headed ? [] : ['/usr/bin/chromium-headless-shell']),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].find((p) => existsSync(p));

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The slip-verification provider's stand-in (EasySlip's HTTP API): journeys play the bank through it.
const SLIP_PROVIDER_PORT = PORT + 3;
const SLIP_PROVIDER_TOKEN = 'e2e-slip-provider-key';
// A throwaway data folder per run: the journeys start from the seeded demo data.
const ownDataDir = !process.env.E2E_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `siam-e2e-${process.pid}`);
// Removed when the runner exits, after it has stopped the suite's server (global-teardown.ts runs before
// that, while the server may still write to it). Workers inherit E2E_DATA_DIR, so only the runner does this.
if (ownDataDir) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
// Workers inherit it, so a journey can read the mails the server wrote to DATA_DIR/outbox.
process.env.E2E_DATA_DIR = dataDir;
// The databases migrated and seeded once for this run, copied for the suite's server and every journey's
// own (e2e/seeded-data.mjs, decision 3701); workers inherit the folder's name like E2E_DATA_DIR's.
const templateDir =
  process.env.E2E_TEMPLATE_DIR ?? path.join(os.tmpdir(), `siam-e2e-template-${process.pid}`);
process.env.E2E_TEMPLATE_DIR = templateDir;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Three on a 2-core machine: two left 15 % of one idle (the journeys wait on pages, their servers and
  // networkidle's half second), three kept it busy: 808 → 727 s for the same 336 journeys, 3 % more CPU.
  // On a slower machine (pti=on), where two left only 8 % idle, three gained nothing measurable and cost
  // nothing (decision 3707). Pages show once, whole (decision 3706), so the load does not cost clicks.
  workers: 3,
  // A journey that fails is tried once more, and that try records its trace (below). A journey that passes
  // only on its second try is reported as flaky, so the retry hides nothing.
  retries: 1,
  // Removes the run's database templates (the servers and their data folders are the runner's to stop).
  globalTeardown: './e2e/global-teardown.ts',
  // PLAYWRIGHT_JSON_OUTPUT_NAME=<file> adds Playwright's JSON report, for bench/suite-times.mjs (decision 3700).
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : []),
  ],
  // A whole journey (register, sign out, sign in, edit, change the password) takes
  // 25-31 s on the 2-core CI machine with two browsers and the server sharing it.
  // Each step still fails within its own 10 s expectation; this only bounds the sum.
  // Both are stretched by the machine's load at the start (apps/api/test/time-allowance.ts):
  // they catch a hang, never a busy machine.
  timeout: allowFor(60_000),
  expect: { timeout: allowFor(10_000) },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // An action (a click, a fill, a file chosen) waits for its element as an expectation does. Without a
    // limit of its own it waited for the journey's whole limit: a return form that did not open after its
    // button's click held a worker 14.9 minutes at load 10 before the retry ran (decision 3705).
    actionTimeout: allowFor(20_000),
    // Recording a trace costs every journey CPU (DOM snapshots and frames at each step) even when it passes
    // and the trace is thrown away: 98 journeys took 708 CPU-seconds with 'retain-on-failure' and 444
    // without (+60 %, decision 3704), and `npm test` without CI=true recorded them. Only a failed journey's
    // second try is recorded, on CI and on a laptop alike; `--trace on` records every try of a journey.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath,
      args: [
        // Without these, Chromium keeps trying to reach Google's hosts on this closed network.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // V8 without its helper threads (off-thread compiling, concurrent marking and sweeping): the same
        // pages, the same JavaScript, but on two cores already kept full by three browsers, their server and
        // Playwright's workers those threads gain nothing, and handing work to them costs. The pages'
        // processes spent 20-26 % less CPU and the journeys 10-16 % less on the pti=on machine (decision 3709).
        '--js-flags=--single-threaded',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: /@mobile/,
    },
  ],
  webServer: [
    {
      command: 'npx tsx apps/api/test/slip-provider-stand-in.ts',
      url: `http://127.0.0.1:${SLIP_PROVIDER_PORT}/health`,
      reuseExistingServer: false,
      timeout: allowFor(60_000),
      env: { SLIP_PROVIDER_PORT: String(SLIP_PROVIDER_PORT), SLIP_PROVIDER_TOKEN },
    },
    {
      // The production build, as `npm start` serves it, on a copy of the run's seeded database: the
      // templates are made first, here, so they are ready before any journey starts a server of its own.
      command: `node e2e/seeded-data.mjs && node apps/api/dist/server.js`,
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      reuseExistingServer: false,
      // The server's warnings and errors (LOG_LEVEL warn) are printed beside the journeys that met them.
      stdout: 'pipe',
      timeout: allowFor(120_000),
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        E2E_TEMPLATE_DIR: templateDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // A demonstration on demo data: the sandbox takes the cards, nobody is charged.
        DEMO_SITE: 'true',
        SEED_DEMO: 'true',
        // Every journey registers its customers from 127.0.0.1; the accounts spec tests the limits on a server of its own.
        AUTH_MAX_REGISTRATIONS: '1000',
        // Likewise every journey's unpaid transfer bookings; bench:abuse measures the real limit.
        UNPAID_MAX_PER_ADDRESS: '1000',
        // Journeys play strangers at other addresses with X-Forwarded-For (e2e/abuse.spec.ts).
        TRUST_PROXY: '127.0.0.1',
        // The journeys share two cores with two browsers (load averages of 10-14 in CI runs), where the
        // server is now and then short of CPU for a moment. Shedding stays on, with more room than in
        // production; its own behaviour is tested in apps/api/src/plugins/load-shedding.test.ts and
        // measured by `npm run bench`.
        SHED_EVENT_LOOP_DELAY_MS: '3000',
        // Slips are checked with the bank through the stand-in above (e2e/slip-checks.spec.ts).
        SLIP_VERIFY_URL: `http://127.0.0.1:${SLIP_PROVIDER_PORT}`,
        SLIP_VERIFY_TOKEN: SLIP_PROVIDER_TOKEN,
      },
    },
  ],
});
