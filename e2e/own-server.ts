import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A server of a journey's own, beside the suite's: the production build on
 * its own port and data folder, with settings of its own (third parties'
 * stand-ins, fresh demo data). Started in a beforeAll, stopped in afterAll.
 */
export interface OwnServer {
  url: string;
  /** Stops the server; `keepData` leaves its data folder for a restart on the same data. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Its data folder (DATA_DIR): the database is `${dataDir}/db`. */
  dataDir: string;
  /** What the server wrote (its logs), when started with `keepLogs`. */
  logs(): string;
}

/*
 * Ports of the journeys' own servers and stand-ins, as offsets from E2E_PORT: specs run at once
 * (three workers), so no two may share one. In use: +1/+2 accounts (social sign-in), +3 the slip
 * provider (playwright.config.ts), +4/+5 and +6/+7 gateway-promptpay, +8/+9 line, +10-+13
 * deposit-holds, +14/+15 change-by-promptpay, +16 company-accounts, +17 hand-over, +18 admin-content,
 * +19 deposit-online-promptpay (its Omise stand-in on a port the system gives).
 */
export async function startOwnServer(
  port: number,
  settings: Record<string, string>,
  name = 'own',
  /** Keep what the server writes for the journey to read (and do not print it). */
  keepLogs = false,
  /** Start on the data of an earlier server of the journey's (stopped with keepData). */
  reuseDataDir?: string,
): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = reuseDataDir ?? mkdtempSync(path.join(os.tmpdir(), `siam-e2e-${name}-`));
  // A fresh server starts on a copy of the run's database made once (e2e/seeded-data.mjs: migrated, and
  // seeded when SEED_DEMO is 'true'), not on an empty folder it would migrate and seed itself: that
  // took 35 s a server on a quiet machine and more than 100 s at load 20 (decision 3701). Without the
  // template (a run that did not start the suite's server) it migrates and seeds as before.
  const template = path.join(
    process.env.E2E_TEMPLATE_DIR ?? '',
    settings.SEED_DEMO === 'true' ? 'seeded' : 'migrated',
    'db',
  );
  if (!reuseDataDir && process.env.E2E_TEMPLATE_DIR && existsSync(template))
    cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  const server: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A demonstration on demo data: the sandbox takes the cards, nobody is charged.
      DEMO_SITE: 'true',
      // As the suite's own server (playwright.config.ts): two browsers share two cores with it, and
      // production's 200 ms made a journey's server answer 503 "busy" to the journey's own API call
      // (admin-content and company-accounts, event loop 215 ms late, in a run at load 9).
      SHED_EVENT_LOOP_DELAY_MS: '3000',
      ...settings,
    },
    stdio: keepLogs ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  const written: Buffer[] = [];
  server.stdout?.on('data', (chunk: Buffer) => written.push(chunk));
  server.stderr?.on('data', (chunk: Buffer) => written.push(chunk));
  const logs = () => Buffer.concat(written).toString('utf8');
  const stop = async (options: { keepData?: boolean } = {}) => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  // Waits for an outcome, never for a count sized for a quiet machine: the server answers its health
  // check, or it exits. The journey's hook time-out (allowFor, stretched by the machine's load) bounds
  // the wait; a fresh data folder's migrations and demo seed took more than 100 s at load 20.
  let exited: number | null = null;
  server.once('exit', (code) => (exited = code ?? -1));
  while (exited === null && server.exitCode === null) {
    const ok = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop, logs, dataDir };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(
    `the ${name} journey server did not start (it exited with ${String(exited ?? server.exitCode)})`,
  );
}
