import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The suite's config narrowed to the test files that reach one mutated module (scripts/mutation.mjs
// names them in MUTATION_TESTS). Stryker's own choice (`related`) follows imports, and every API test
// imports the whole app, so it ran the whole suite for each module.
const tests = process.env.MUTATION_TESTS?.split(',').filter(Boolean);
if (!tests?.length) throw new Error('MUTATION_TESTS names no test files: run `npm run test:mutation`');

// Unit tests of pure functions need no database: without the global setup (a migrated, seeded
// PGlite dumped for the run) a run starts in seconds instead of a minute on a busy machine.
const unit = process.env.MUTATION_UNIT === '1';

// Replaced, not merged: mergeConfig would add these to the suite's include patterns.
export default defineConfig({
  ...base,
  // isolate: as the scores in docs/mutation-scores.md were measured (a fresh module graph per run).
  test: { ...base.test, include: tests, isolate: true, ...(unit && { globalSetup: [] }) },
});
