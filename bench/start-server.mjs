// Starts the production build on a throwaway embedded database with demo data,
// the way every bench script measures it, and waits until it answers.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * How production starts the server (scripts/start.mjs, the Dockerfile): a young generation of
 * 32 MB semi-spaces, so a page render's short-lived objects die young instead of being
 * collected every few renders (decision 1401).
 */
export const serverNodeFlags = ['--max-semi-space-size=32'];

/** `cwd`: another checkout's build (bench/documents.mjs measures main's beside this one). */
export async function startServer({ port, env = {}, quiet = true, cwd = root } = {}) {
  if (!existsSync(path.join(cwd, 'apps/api/dist/server.js'))) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
  const chosenPort = port ?? 3200 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, [...serverNodeFlags, 'apps/api/dist/server.js'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(chosenPort),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-bench-')),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A demonstration on demo data: the sandbox takes the cards, nobody is charged.
      DEMO_SITE: 'true',
      SEED_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${chosenPort}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  return {
    base,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await stopped;
    },
  };
}

/** The process's CPU time so far in milliseconds, from the kernel's per-thread counters (nanoseconds). */
export function cpuMs(pid) {
  let ns = 0;
  for (const task of readdirSafe(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns / 1e6;
}

/** utime + stime from /proc/<pid>/stat, in milliseconds (clock ticks: 10 ms steps). */
export function statCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/** Resident memory in MB. */
export function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line)[1]) / 1024;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function loadAverage() {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
