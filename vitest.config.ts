import { defineConfig } from 'vitest/config';
import { allowFor } from './apps/api/test/time-allowance';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['apps/api/test/global-setup.ts'],
    // Limits that catch a hang, not a slow machine: sized for this suite alone on 2 cores and stretched
    // by the load when the run starts (apps/api/test/time-allowance.ts). PGlite start-up and migrations
    // take a second or two per database.
    testTimeout: allowFor(30_000),
    hookTimeout: allowFor(120_000),
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
    // VITEST_JSON_REPORT=<file> adds Vitest's JSON report, for bench/suite-times.mjs (decision 3700).
    ...(process.env.VITEST_JSON_REPORT && {
      reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]],
    }),
  },
});
