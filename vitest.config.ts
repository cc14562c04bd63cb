import { defineConfig } from 'vitest/config';
import { vitestLimits } from './apps/api/test/time-allowance.ts';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['apps/api/test/global-setup.ts'],
    // Limits that catch a hang, not a slow machine: sized for this suite alone on 2 cores and stretched
    // by the load when the run starts (apps/api/test/time-allowance.ts), and again before each file, by
    // the load when it starts (apps/api/test/limits-by-load.ts).
    ...vitestLimits(),
    setupFiles: ['apps/api/test/limits-by-load.ts', 'apps/api/test/no-pg-deprecations.ts'],
    // One module graph per worker, not one per file: every API file imports the whole app, and loading it
    // afresh for each of ~140 files was a quarter of the stage's CPU (decisions 3701, 3702: a 13-file sample
    // 116.9 → 87.0 s CPU). Safe because no test uses vi.mock or changes a module's state for later files:
    // each file builds its own app on its own database.
    isolate: false,
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
    // VITEST_JSON_REPORT=<file> adds Vitest's JSON report, for bench/suite-times.mjs (decision 3700).
    ...(process.env.VITEST_JSON_REPORT && {
      reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]],
    }),
  },
});
