/* global performance, FormData, Blob, Buffer */
// `npm run bench:cluster` (issue 15): two instances behind nginx on one PostgreSQL, with Redis
// for the limits and an S3-compatible store (s3rver) for the files, as a rental company that
// outgrew one machine runs them. It prints:
//  1. 1,000 simultaneous creates for the last free unit of one model, from 50 customers over both
//     instances → exactly 1 booking, the rest 409, no 5xx;
//  2. a slip uploaded through one instance, read by staff through the other;
//  3. 50 creates a second for 60 s while one instance is killed (SIGKILL) and restarted: every
//     create answered 2xx is in the database afterwards; every request that was not in flight on
//     the killed instance succeeded; each one that was is retried with its Idempotency-Key and
//     ends as exactly one booking or none;
//  4. a PostgreSQL restart under 25 creates a second over 3 instances (bench/db-restart.mjs: a private
//     cluster of its own): creates offered, acknowledged, lost, 502 and 503, instances that exited.
//     BENCH_CLUSTER_BASELINE=<another built checkout> runs it on that build too, for a figure beside it;
//     BENCH_CLUSTER_PARTS=restart runs only this part.
// Needs: `npm run build`; nginx (Debian's, installed here if missing and we are root); a PostgreSQL
// where it may CREATE DATABASE (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one);
// Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379) when it answers.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { benchDatabaseRestart } from './db-restart.mjs';
import { loadAverage, root, serverNodeFlags } from './start-server.mjs';

if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
if (process.env.BENCH_CLUSTER_PARTS === 'restart') process.exit((await benchDatabaseRestart()) ? 0 : 1);
const nginxBinary = () =>
  ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ??
  spawnSync('sh', ['-c', 'command -v nginx']).stdout.toString().trim();
if (!nginxBinary()) {
  console.log("nginx is missing: installing Debian's nginx-light…");
  const apt = spawnSync('sh', ['-c', 'apt-get install -y -qq nginx-light || apt-get install -y -qq nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (apt.status !== 0 || !nginxBinary()) {
    console.error('Could not install nginx (apt-get install nginx-light, as root).');
    process.exit(1);
  }
}

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const answers = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
const redis = (await answers(Number(new URL(redisUrl).port || 6379))) ? redisUrl : undefined;
// Each run starts with no counters: the unpaid-hold caps and rate limits of an earlier run (or of the
// test suite) live in the same Redis for their window and would refuse this run's creates. Only the
// app's own counters (siam:rl:*) are removed; nothing else in that Redis is touched.
if (redis) {
  const client = new Redis(redis);
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', 'siam:rl:*', 'COUNT', 1000);
    if (keys.length) await client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await client.quit();
}

const dbName = `siam_cluster_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const databaseUrl = dbUrl.toString();

const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: mkdtempSync(path.join(os.tmpdir(), 'siam-cluster-s3-')),
  configureBuckets: [{ name: 'siam-cluster' }],
});
const s3Address = await s3.run();

const port = 4100 + Math.floor(Math.random() * 400);
const ports = [port + 1, port + 2];
const env = (instancePort) => ({
  ...process.env,
  PORT: String(instancePort),
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-cluster-')),
  DATABASE_URL: databaseUrl,
  ...(redis && { REDIS_URL: redis }),
  S3_BUCKET: 'siam-cluster',
  S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  SESSION_SECRET: 'cluster-secret-cluster-secret-cluster-0123',
  // nginx is the proxy: it says who the client is.
  TRUST_PROXY: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'error',
  NODE_ENV: 'production',
  // A demonstration on demo data: the sandbox takes the cards, nobody is charged.
  DEMO_SITE: 'true',
  SEED_DEMO: 'true',
  AUTH_MAX_REGISTRATIONS: '1000',
});

const instances = [];
async function startInstance(i) {
  const child = spawn(process.execPath, [...serverNodeFlags, 'apps/api/dist/server.js'], {
    cwd: root,
    env: env(ports[i]),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  instances[i] = child;
  for (let n = 0; ; n++) {
    try {
      if ((await fetch(`http://127.0.0.1:${ports[i]}/api/v1/health/ready`)).ok) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`instance ${i + 1} exited with ${child.exitCode}`);
    if (n > 1200) throw new Error(`instance ${i + 1} did not start in 2 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// nginx in front: round robin; a POST is never sent to a second instance once it reached one
// (nginx's default for non-idempotent requests), a refused connection is.
const nginxDir = mkdtempSync(path.join(os.tmpdir(), 'siam-cluster-nginx-'));
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
    server 127.0.0.1:${ports[0]} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${ports[1]} max_fails=1 fail_timeout=5s;
    # No keepalive to the instances: a request written to a kept connection of an instance that has
    # just died counts as sent, and nginx never resends a POST; a new connection is refused instead,
    # and nginx then tries the other instance.
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    location / {
      proxy_pass http://siam;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_read_timeout 30s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
);
let nginx;
const base = `http://127.0.0.1:${port}`;
const day = (n) => new Date(Date.now() + 7 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const count = (list, test) => list.filter(test).length;
let failed = false;

try {
  console.log(`Load average at the start: ${loadAverage()}; Redis: ${redis ?? 'none (memory limits)'}`);
  await startInstance(0);
  await startInstance(1);
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

  const db = new pg.Client({ connectionString: databaseUrl });
  // The database is dropped at the end while this connection may still be open.
  db.on('error', () => {});
  await db.connect();
  const l = (s) => JSON.stringify({ th: s, en: s, zh: s });
  await db.query(`INSERT INTO branches (code, name, address, phone) VALUES ('bench', $1, $1, '021234567')`, [
    l('Bench'),
  ]);
  const [{ id: cat }] = (
    await db.query(`INSERT INTO categories (slug, name) VALUES ('bench', $1) RETURNING id`, [l('Bench')])
  ).rows;
  const model = async (slug, units) => {
    const [{ id }] = (
      await db.query(
        `INSERT INTO car_models (slug, category_id, brand, model, description, price_per_day, transmission, fuel, seats, doors, luggage)
         VALUES ($1, $2, $3, $3, $3, 1290, 'automatic', 'petrol', 5, 4, 2) RETURNING id`,
        [slug, cat, l(slug)],
      )
    ).rows;
    for (let i = 0; i < units; i++)
      await db.query(
        `INSERT INTO vehicle_units (car_model_id, plate, branch_code) VALUES ($1, $2, 'bench')`,
        [id, `${slug}-${i}`],
      );
    return id;
  };
  const lastUnit = await model('cluster-last-unit', 1);
  const fleet = await model('cluster-fleet', 300);

  // 50 customers, each from an address of their own (nginx adds it to X-Forwarded-For), and one
  // more who pays by transfer (an unpaid booking counts against its owner's other bookings).
  const customers = [];
  for (let i = 0; i <= 50; i++) {
    const address = `10.20.${Math.floor(i / 200)}.${(i % 200) + 1}`;
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': address };
    const email = `cluster-${Date.now()}-${i}@example.com`;
    const body = {
      email,
      password: 'secret-123',
      firstName: 'Cluster',
      lastName: `Customer ${i}`,
      phone: '0812345678',
    };
    const reg = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'secret-123' }),
    });
    customers.push({ address, token: (await login.json()).token });
  }

  // The sandbox's token for 4242 4242 4242 4242, as the booking page makes it (packages/contract/src/card-tokens.ts).
  const cardToken = 'tokn_sandbox_succeeds_Visa_4242';
  const LOAD_CUSTOMERS = 50;
  const create = async (
    i,
    body,
    key = `cluster-${Date.now()}-${i}-${Math.random()}`,
    target = base,
    customer = customers[i % LOAD_CUSTOMERS],
  ) => {
    const started = performance.now();
    try {
      const res = await fetch(`${target}/api/v1/guest/bookings/create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${customer.token}`,
          'x-forwarded-for': customer.address,
          'idempotency-key': key,
        },
        body: JSON.stringify({
          addons: [],
          acceptTerms: true,
          driver: {
            firstName: 'Cluster',
            lastName: 'Customer',
            email: 'c@example.com',
            phone: '0812345678',
            idNumber: 'AB1234567',
            birthDate: '1990-05-14',
            licenceNumber: '58012345',
            licenceCountry: 'TH',
            licenceIssued: '2015-06-01',
            licenceExpiry: '2036-05-31',
          },
          ...body,
        }),
      });
      const json = await res.json().catch(() => undefined);
      return {
        i,
        key,
        status: res.status,
        upstream: res.headers.get('x-upstream') ?? '',
        booking: json?.response?.data?.booking?.bookingNumber,
        code: json?.code,
        ms: performance.now() - started,
      };
    } catch (error) {
      return { i, key, status: 0, upstream: '', error: String(error), ms: performance.now() - started };
    }
  };

  // 1. The last free unit: 1,000 creates at once, 50 customers, both instances.
  const race = await Promise.all(
    Array.from({ length: 1000 }, (_, i) =>
      create(i, {
        carModelId: lastUnit,
        branchCode: 'bench',
        pickupDate: day(30),
        returnDate: day(32),
        paymentMethod: 'card',
        cardToken,
      }),
    ),
  );
  const [{ n: booked }] = (
    await db.query(
      `SELECT count(*)::int AS n FROM bookings WHERE car_model_id = $1 AND status <> 'cancelled'`,
      [lastUnit],
    )
  ).rows;
  const byInstance = ports.map((p) => count(race, (r) => r.upstream.endsWith(`:${p}`)));
  const fivexx = count(race, (r) => r.status >= 500 || r.status === 0);
  console.log(
    `Last free unit, 1,000 simultaneous creates from 50 customers through nginx (${byInstance.join(' + ')} per instance): ` +
      `${count(race, (r) => r.status === 200)} booked, ${count(race, (r) => r.status === 409)} × 409, ` +
      `${fivexx} × 5xx/failed, ${count(race, (r) => r.status !== 200 && r.status !== 409 && r.status < 500 && r.status !== 0)} other; ` +
      `bookings in the database: ${booked}`,
  );
  if (count(race, (r) => r.status === 200) !== 1 || booked !== 1 || fivexx !== 0) failed = true;

  // 2. A slip through instance 1, read by staff through instance 2.
  const slipBooking = await create(
    0,
    {
      carModelId: fleet,
      branchCode: 'bench',
      pickupDate: day(60),
      returnDate: day(61),
      paymentMethod: 'bank_transfer',
    },
    undefined,
    `http://127.0.0.1:${ports[0]}`,
    customers[50],
  );
  if (!slipBooking.booking)
    throw new Error(`the transfer booking was refused: ${JSON.stringify(slipBooking)}`);
  const [{ id: slipBookingId }] = (
    await db.query('SELECT id FROM bookings WHERE booking_number = $1', [slipBooking.booking])
  ).rows;
  const slip = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#f4f6fb' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="720" height="1280" xmlns="http://www.w3.org/2000/svg"><rect x="40" y="80" width="640" height="120" fill="#0a7d3b"/><text x="60" y="400" font-size="48">Transfer ฿1,290.00</text><text x="60" y="500" font-size="36">Ref 2026112412345</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([slip], { type: 'image/png' }), 'slip.png');
  const uploaded = await fetch(`http://127.0.0.1:${ports[0]}/api/v1/auth/bookings/${slipBookingId}/slip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customers[50].token}`, 'x-forwarded-for': customers[50].address },
    body: form,
  });
  const staffLogin = await fetch(`http://127.0.0.1:${ports[1]}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026' }),
  });
  const staffToken = (await staffLogin.json()).token;
  const [{ id: slipId }] = (
    await db.query('SELECT id FROM payment_slips WHERE booking_id = $1', [slipBookingId])
  ).rows;
  const seen = await fetch(
    `http://127.0.0.1:${ports[1]}/api/v1/admin/bookings/${slipBookingId}/slips/${slipId}`,
    {
      headers: { authorization: `Bearer ${staffToken}` },
    },
  );
  const seenBytes = Buffer.from(await seen.arrayBuffer());
  console.log(
    `A slip uploaded through instance 1 (${uploaded.status}) and read by staff through instance 2: ${seen.status}, ` +
      `${seenBytes.equals(slip) ? 'the same bytes' : 'DIFFERENT bytes'}`,
  );
  if (uploaded.status !== 200 || seen.status !== 200 || !seenBytes.equals(slip)) failed = true;

  // 3. 50 creates a second for 60 s; instance 2 is killed at 20 s and started again at 25 s.
  const rate = Number(process.env.BENCH_CLUSTER_RATE ?? 50);
  const seconds = Number(process.env.BENCH_CLUSTER_SECONDS ?? 60);
  const pending = [];
  let killedAt;
  let restartedAt;
  const started = performance.now();
  const killer = (async () => {
    await new Promise((r) => setTimeout(r, (seconds / 3) * 1000));
    killedAt = performance.now() - started;
    instances[1].kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 5000));
    await startInstance(1);
    restartedAt = performance.now() - started;
  })();
  for (let i = 0; i < rate * seconds; i++) {
    const at = started + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      create(i, {
        carModelId: fleet,
        branchCode: 'bench',
        pickupDate: day(100 + (i % 600) * 2),
        returnDate: day(101 + (i % 600) * 2),
        paymentMethod: 'card',
        cardToken,
      }).then((r) => ({ ...r, sentAt: at - started })),
    );
  }
  const results = await Promise.all(pending);
  await killer;
  const ok = results.filter((r) => r.status === 200);
  const numbers = ok.map((r) => r.booking).filter(Boolean);
  const { rows: found } = await db.query(
    'SELECT booking_number FROM bookings WHERE booking_number = ANY($1)',
    [numbers],
  );
  const lost = numbers.length - found.length;
  // In flight on the killed instance: sent to it before the kill and answered with a gateway error.
  const killedPort = `:${ports[1]}`;
  const inFlight = results.filter(
    (r) => r.status !== 200 && r.upstream.endsWith(killedPort) && r.sentAt <= killedAt + 1,
  );
  const otherFailures = results.filter((r) => r.status !== 200 && !inFlight.includes(r));
  // Those in flight are retried with their own Idempotency-Key: each ends as one booking or none.
  const retried = await Promise.all(
    inFlight.map((r) =>
      create(
        r.i,
        {
          carModelId: fleet,
          branchCode: 'bench',
          pickupDate: day(100 + (r.i % 600) * 2),
          returnDate: day(101 + (r.i % 600) * 2),
          paymentMethod: 'card',
          cardToken,
        },
        r.key,
      ),
    ),
  );
  const { rows: duplicates } = await db
    .query(
      `SELECT k.key, count(*)::int AS n FROM idempotency_keys k JOIN bookings b ON b.id = k.booking_id
      WHERE k.key = ANY($1) GROUP BY k.key HAVING count(*) > 1`,
      [inFlight.map((r) => r.key)],
    )
    .catch(() => ({ rows: [] }));
  const ms = ok.map((r) => r.ms).sort((x, y) => x - y);
  const pct = (p) =>
    ms.length ? ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)].toFixed(0) : '-';
  console.log(
    `${rate} creates/s for ${seconds} s through nginx, instance 2 killed (SIGKILL) at ${(killedAt / 1000).toFixed(1)} s ` +
      `and ready again at ${(restartedAt / 1000).toFixed(1)} s: ${ok.length}/${results.length} answered 2xx ` +
      `(p50 ${pct(50)} ms, p99 ${pct(99)} ms), all ${numbers.length - lost} of them in the database (${lost} lost); ` +
      `${inFlight.length} were in flight on the killed instance, ${otherFailures.length} other requests failed` +
      (otherFailures.length
        ? ` (${otherFailures.map((r) => `${r.status} ${r.code ?? r.error ?? ''} via ${r.upstream || '?'} sent at ${(r.sentAt / 1000).toFixed(2)} s`).join('; ')})`
        : '') +
      `; the in-flight ones retried with their Idempotency-Key: ${count(retried, (r) => r.status === 200)} × 2xx, ` +
      `${count(retried, (r) => r.status !== 200)} other, ${duplicates.length} duplicated`,
  );
  if (lost || otherFailures.length || duplicates.length) failed = true;
  console.log(`Load average at the end: ${loadAverage()}`);
  await db.end();
} catch (error) {
  console.error('bench:cluster stopped:', error);
  failed = true;
} finally {
  nginx?.kill('SIGTERM');
  for (const child of instances) child?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await s3.close().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error(e.message));
  await admin.end();
}
if (!(await benchDatabaseRestart().catch((error) => console.error('PostgreSQL restart stopped:', error))))
  failed = true;
process.exit(failed ? 1 : 0);
