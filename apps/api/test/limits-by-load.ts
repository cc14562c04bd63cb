import { vi } from 'vitest';
import { vitestLimits } from './time-allowance';

// Vitest reads vitest.config.ts once, when the run starts, and sizes every file's limits by the load then.
// A run that starts on a quiet machine and is joined by other work (another engineer's build, a CPU-heavy
// process) kept limits sized for the quiet start: "gives 20 invoices issued at once …" took 95 s at load 22
// and failed at its 90 s. This file runs before each test file (setupFiles, with or without isolation), so
// each file's limits are stretched by the load when that file starts.
vi.setConfig(vitestLimits());
