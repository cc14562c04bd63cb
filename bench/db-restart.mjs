/* global performance */
// A PostgreSQL restart under a stream of booking creates (issue 31, docs/decisions/3101): three
// instances of a build behind nginx on one database of a private, throwaway PostgreSQL cluster
// (initdb into a temporary folder, on a free port; never the machine's shared server, which other
// work uses), `BENCH_RESTART_RATE` creates a second (default 25) for `BENCH_RESTART_SECONDS`
// (default 30), and `pg_ctl restart -m fast` a third of the way in. It prints, per build: creates
// offered, acknowledged (2xx), acknowledged but not in the database (lost), 502 (nginx found no
// instance), 503 (an instance said "temporarily unavailable"), other answers, and the instances
// that exited, with the last line each wrote.
// Run on its own (`node bench/db-restart.mjs`) or as the last part of `npm run bench:cluster`.
// `BENCH_CLUSTER_BASELINE=<another checkout, built>` runs the same on that build first, for a
// figure beside today's main in the same run.
// Needs: a build (`npm run build`), nginx, and PostgreSQL's server programs
// (/usr/lib/postgresql/*/bin); as root, PostgreSQL runs as the postgres user.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { loadAverage, root, serverNodeFlags } from './start-server.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const answers = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
const nginxBinary = () =>
  ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ??
  spawnSync('sh', ['-c', 'command -v nginx']).stdout.toString().trim();

function postgresBinaries() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const version = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version && path.join(base, version, 'bin');
}

/** A throwaway PostgreSQL cluster: started, restarted, removed. */
async function privateCluster(bin) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'siam-bench-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres']).stdout.toString());
    chownSync(dir, id('-u'), id('-g'));
  }
  const command = (program, args) =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
  const run = (program, args) => promisify(execFile)(...command(program, args));
  const pgCtl = (...args) => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', ...args]);
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  await pgCtl(
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl('-m', 'fast', 'restart'),
    stop: async () => {
      await pgCtl('-m', 'immediate', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Three instances of the build in `buildRoot` behind nginx, one database; the stream; the restart; the figures. */
async function runOn(buildRoot, label, cluster) {
  const rate = Number(process.env.BENCH_RESTART_RATE ?? 25);
  const seconds = Number(process.env.BENCH_RESTART_SECONDS ?? 30);
  const dbName = `siam_restart_${Date.now()}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(cluster.url);
  dbUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const ports = [await freePort(), await freePort(), await freePort()];
  const { REDIS_URL: _redis, ...inherited } = process.env;
  // No Redis: each instance keeps its limits in memory (this measures the database, not the limits).
  const env = (instancePort) => ({
    ...inherited,
    PORT: String(instancePort),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-restart-')),
    DATABASE_URL: dbUrl.toString(),
    SESSION_SECRET: 'restart-secret-restart-secret-restart-0123',
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DEMO_SITE: 'true',
    SEED_DEMO: 'false',
    AUTH_MAX_REGISTRATIONS: '1000',
  });
  const instances = [];
  const exits = [];
  const startInstance = async (i) => {
    const child = spawn(process.execPath, [...serverNodeFlags, 'apps/api/dist/server.js'], {
      cwd: buildRoot,
      env: env(ports[i]),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // The last line each instance wrote (its reason, when it ends).
    const last = { line: '' };
    child.stderr.on('data', (chunk) => {
      const lines = chunk.toString().trim().split('\n');
      last.line = lines[lines.length - 1].slice(0, 300);
    });
    child.on('exit', (code, signal) => {
      if (!child.stopping) exits.push({ instance: i + 1, code, signal, at: performance.now(), last });
    });
    instances[i] = child;
    for (let n = 0; ; n++) {
      try {
        if ((await fetch(`http://127.0.0.1:${ports[i]}/api/v1/health/ready`)).ok) return;
      } catch {
        // not up yet
      }
      if (child.exitCode !== null) throw new Error(`${label}: instance ${i + 1} exited: ${last.line}`);
      if (n > 1200) throw new Error(`${label}: instance ${i + 1} did not start in 2 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const nginxDir = mkdtempSync(path.join(os.tmpdir(), 'siam-restart-nginx-'));
  writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    `worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log crit;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  upstream siam {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://siam;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout;
      proxy_read_timeout 30s;
    }
  }
}
`,
  );
  let nginx;
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 3; i++) await startInstance(i);
    nginx = spawn(
      nginxBinary(),
      ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    for (let n = 0; !(await answers(port)); n++) {
      if (n > 100) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

    // What to book: a model of 20 cars at a branch of its own; 30 customers, members of a company
    // that books on its account (confirmed at once: what is acknowledged is what committed, and no
    // cap on unpaid bookings is met however slow the machine).
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const l = (s) => JSON.stringify({ th: s, en: s, zh: s });
    await db.query(
      `INSERT INTO branches (code, name, address, phone) VALUES ('bench', $1, $1, '021234567')`,
      [l('Bench')],
    );
    const [{ id: cat }] = (
      await db.query(`INSERT INTO categories (slug, name) VALUES ('bench', $1) RETURNING id`, [l('Bench')])
    ).rows;
    const [{ id: carModelId }] = (
      await db.query(
        `INSERT INTO car_models (slug, category_id, brand, model, description, price_per_day, transmission, fuel, seats, doors, luggage)
         VALUES ('restart', $1, $2, $2, $2, 1290, 'automatic', 'petrol', 5, 4, 2) RETURNING id`,
        [cat, l('Restart')],
      )
    ).rows;
    for (let i = 0; i < 20; i++)
      await db.query(
        `INSERT INTO vehicle_units (car_model_id, plate, branch_code) VALUES ($1, $2, 'bench')`,
        [carModelId, `restart-${i}`],
      );
    const [{ id: companyId }] = (
      await db.query(
        `INSERT INTO companies (buyer, billing_email) VALUES ($1, 'fleet@example.com') RETURNING id`,
        [
          {
            companyName: 'Restart Bench Co., Ltd.',
            address: '1 Sukhumvit Road, Bangkok',
            taxId: '0105558000001',
            branch: '00000',
          },
        ],
      )
    ).rows;
    const customers = [];
    for (let i = 0; i < 30; i++) {
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': `10.31.0.${i + 1}` };
      const email = `restart-${Date.now()}-${i}@example.com`;
      const reg = await fetch(`${base}/api/v1/auth/register`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          email,
          password: 'secret-123',
          firstName: 'Restart',
          lastName: `${i}`,
          phone: '0812345678',
        }),
      });
      if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
      const login = await (
        await fetch(`${base}/api/v1/auth/login`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ email, password: 'secret-123' }),
        })
      ).json();
      await db.query(`INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, 'driver')`, [
        login.user.id,
        companyId,
      ]);
      customers.push({ ...headers, authorization: `Bearer ${login.token}` });
    }
    // The restart would end this connection: a new one reads the outcome afterwards.
    await db.end();
    const day = (n) => new Date(Date.now() + 7 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
    const create = async (n) => {
      try {
        const res = await fetch(`${base}/api/v1/guest/bookings/create`, {
          method: 'POST',
          headers: { ...customers[n % customers.length], 'idempotency-key': `restart-${dbName}-${n}` },
          body: JSON.stringify({
            carModelId,
            branchCode: 'bench',
            // 150 dates a day apart: at most 20 creates on one date over the default run.
            pickupDate: day(10 + (n % 150) * 2),
            returnDate: day(11 + (n % 150) * 2),
            paymentMethod: 'company_account',
            acceptTerms: true,
            addons: [],
            driver: {
              firstName: 'Restart',
              lastName: 'Customer',
              email: 'r@example.com',
              phone: '0812345678',
              idNumber: 'AB1234567',
              birthDate: '1990-05-14',
              licenceNumber: '58012345',
              licenceCountry: 'TH',
              licenceIssued: '2015-06-01',
              licenceExpiry: '2036-05-31',
            },
          }),
        });
        const json = await res.json().catch(() => undefined);
        return {
          status: res.status,
          // A 503 says why: the process is saturated (load shedding) or the database does not answer.
          code:
            res.status === 503
              ? /busy/i.test(json?.msg ?? '')
                ? 'busy'
                : 'database unavailable'
              : (json?.code ?? ''),
          booking: json?.response?.data?.booking?.bookingNumber,
        };
      } catch (error) {
        return { status: 0, error: String(error) };
      }
    };

    const pending = [];
    const started = performance.now();
    let restartMs;
    const restarter = (async () => {
      await new Promise((r) => setTimeout(r, (seconds / 3) * 1000));
      const at = performance.now();
      await cluster.restart();
      restartMs = performance.now() - at;
    })();
    for (let n = 0; n < rate * seconds; n++) {
      const wait = started + (n * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(create(n));
    }
    const results = await Promise.all(pending);
    await restarter;
    // Every create has its answer; the instances have had time to say they are back.
    const ready = [];
    for (const p of ports) {
      let ok = false;
      for (let n = 0; n < 50 && !ok; n++) {
        ok = await fetch(`http://127.0.0.1:${p}/api/v1/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) await new Promise((r) => setTimeout(r, 200));
      }
      ready.push(ok);
    }
    const ok = results.filter((r) => r.status >= 200 && r.status < 300);
    const numbers = ok.map((r) => r.booking).filter(Boolean);
    const after = new pg.Client({ connectionString: dbUrl.toString() });
    await after.connect();
    const { rows: found } = await after.query(
      'SELECT booking_number FROM bookings WHERE booking_number = ANY($1)',
      [numbers],
    );
    await after.end();
    const count = (test) => results.filter(test).length;
    const byAnswer = {};
    for (const r of results)
      if (r.status !== 502 && (r.status < 200 || r.status >= 300)) {
        const kind = `${r.status}${r.code ? ` ${r.code}` : ''}`;
        byAnswer[kind] = (byAnswer[kind] ?? 0) + 1;
      }
    console.log(
      `${label}: ${rate} creates/s for ${seconds} s over 3 instances behind nginx, PostgreSQL restarted at ` +
        `${(seconds / 3).toFixed(0)} s (pg_ctl restart -m fast took ${(restartMs / 1000).toFixed(1)} s): ` +
        `${results.length} offered, ${ok.length} acknowledged, ${ok.length - found.length} lost; ` +
        `${count((r) => r.status === 502)} × 502, ${count((r) => r.status === 503)} × 503, ` +
        `answers other than 2xx and 502: ${JSON.stringify(byAnswer)}, ` +
        `${count((r) => r.status === 0)} without an answer; ` +
        `instances that exited: ${exits.length}` +
        (exits.length
          ? ` (${exits.map((e) => `#${e.instance} at ${((e.at - started) / 1000).toFixed(1)} s, code ${e.code ?? e.signal}: ${e.last.line}`).join('; ')})`
          : '') +
        `; ready afterwards: ${ready.filter(Boolean).length} of 3`,
    );
    return { lost: ok.length - found.length, exits: exits.length };
  } finally {
    nginx?.kill('SIGTERM');
    for (const child of instances) {
      if (!child) continue;
      child.stopping = true;
      child.kill('SIGTERM');
    }
    await new Promise((r) => setTimeout(r, 1500));
    const drop = new pg.Client({ connectionString: cluster.url });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error(e.message));
    await drop.end();
  }
}

/** Runs the restart on the baseline build (when given) and on this one. Resolves to whether nothing was lost and nothing exited. */
export async function benchDatabaseRestart() {
  const bin = postgresBinaries();
  if (!bin) {
    console.log('PostgreSQL restart: skipped, the server programs (/usr/lib/postgresql/*/bin) are missing.');
    return true;
  }
  const builds = [
    ...(process.env.BENCH_CLUSTER_BASELINE ? [[process.env.BENCH_CLUSTER_BASELINE, 'baseline']] : []),
    [root, 'this build'],
  ];
  const cluster = await privateCluster(bin);
  let good = true;
  try {
    for (const [buildRoot, label] of builds) {
      console.log(`PostgreSQL restart on ${label} (${buildRoot}); load average ${loadAverage()}`);
      const { lost, exits } = await runOn(buildRoot, label, cluster);
      if (buildRoot === root && (lost || exits)) good = false;
    }
    console.log(`Load average after the restarts: ${loadAverage()}`);
  } finally {
    await cluster.stop();
  }
  return good;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await benchDatabaseRestart()) ? 0 : 1);
