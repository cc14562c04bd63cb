import os from 'node:os';

/**
 * How many times slower than usual this machine runs right now: the processes waiting for a core over
 * the last minute, per core, and never less than 1. A quiet 2-core machine running the suite alone
 * sits near 1; the shared machine with other test runs beside ours has been measured at 15 (load 30).
 */
export function machineSlowdown(): number {
  return Math.max(1, os.loadavg()[0]! / os.availableParallelism());
}

/**
 * A time limit for a test, a journey or an expectation: what it needs on a machine running only this
 * suite, stretched by how busy the machine is when the test starts (docs/decisions/3202-suite-speed.md).
 * Limits in tests catch a hang; they never decide that slow is wrong, so a busy laptop passes the suite
 * that a quiet one passes, only later.
 */
export function allowFor(quietMs: number): number {
  return Math.round(quietMs * machineSlowdown());
}

/**
 * Vitest's limits on a quiet machine: a test, and a hook (PGlite start-up and migrations take a second or
 * two per database). vitest.config.ts sizes them at the run's start, limits-by-load.ts again per file.
 */
export const vitestLimits = () => ({ testTimeout: allowFor(30_000), hookTimeout: allowFor(120_000) });
