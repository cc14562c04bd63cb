import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['apps/api/test/global-setup.ts'],
    // PGlite start-up and migrations take a second or two per database.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
  },
});
