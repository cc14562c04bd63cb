/* global performance */
// `npm run bench:bookings` (or the end of `npm run bench` when a PostgreSQL is given):
// two API processes on one PostgreSQL database;
//  1. 100 simultaneous creates for the last free unit, split over both processes → exactly one booking;
//  2. create latency at an offered 50 bookings per second for 10 s (bank transfer, then sandbox card).
// Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL where we may CREATE DATABASE).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log('Bookings bench skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL.');
  process.exit(0);
}
if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const dbName = `siam_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();

const servers = [];
async function startServer(port) {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-bench-bookings-')),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A demonstration on demo data: the sandbox takes the cards, nobody is charged.
      DEMO_SITE: 'true',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servers.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return base;
    } catch {
      // not up yet
    }
    if (i > 300) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const day = (n) => new Date(Date.now() + 7 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  const port = 3700 + Math.floor(Math.random() * 200);
  const a = await startServer(port);
  const b = await startServer(port + 1); // migrations already applied by the first; the seed is skipped
  const bases = [a, b];

  const db = new pg.Client({ connectionString: databaseUrl });
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
  const lastUnit = await model('bench-last-unit', 1);
  const fleet = await model('bench-fleet', 50);

  const tokens = [];
  for (let i = 0; i < 10; i++) {
    const email = `bench-${Date.now()}-${i}@example.com`;
    await fetch(`${a}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'secret-123',
        firstName: 'Bench',
        lastName: 'Customer',
        phone: '0812345678',
      }),
    });
    const login = await fetch(`${a}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-123' }),
    });
    tokens.push((await login.json()).token);
  }

  const create = async (i, body) => {
    const started = performance.now();
    const res = await fetch(`${bases[i % 2]}/api/v1/guest/bookings/create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[i % tokens.length]}`,
        'idempotency-key': `bench-${Date.now()}-${i}-${Math.random()}`,
      },
      body: JSON.stringify({
        addons: [],
        acceptTerms: true,
        driver: {
          firstName: 'Bench',
          lastName: 'Customer',
          email: 'bench@example.com',
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
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  };

  // 1. The last free unit, 100 creates at once over two processes.
  const race = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      create(i, {
        carModelId: lastUnit,
        branchCode: 'bench',
        pickupDate: day(20),
        returnDate: day(22),
        paymentMethod: 'bank_transfer',
      }),
    ),
  );
  const count = (list, s) => list.filter((r) => r.status === s).length;
  const other = race.filter((r) => r.status !== 200 && r.status !== 409).length;
  const [{ n }] = (
    await db.query(`SELECT count(*)::int AS n FROM bookings WHERE car_model_id = $1`, [lastUnit])
  ).rows;
  console.log(
    `Last free unit, 100 simultaneous creates over 2 processes on PostgreSQL: ${count(race, 200)} booked, ${count(race, 409)} × 409, ${other} other; bookings in the database: ${n}`,
  );
  if (count(race, 200) !== 1 || n !== 1 || other !== 0) process.exitCode = 1;

  // Unloaded: 20 creates one after another.
  const serial = [];
  for (let i = 0; i < 20; i++)
    serial.push(
      await create(i, {
        carModelId: fleet,
        branchCode: 'bench',
        pickupDate: day(400 + i * 3),
        returnDate: day(401 + i * 3),
        paymentMethod: 'bank_transfer',
      }),
    );
  const serialMs = serial.map((r) => r.ms).sort((x, y) => x - y);
  console.log(
    `POST /guest/bookings/create one at a time: p50 ${pct(serialMs, 50).toFixed(1)} ms, max ${serialMs.at(-1).toFixed(1)} ms`,
  );

  // 2. Open-loop load: BENCH_BOOKING_RATE creates a second (default 50) for 10 s, alternating processes.
  const rate = Number(process.env.BENCH_BOOKING_RATE ?? 50);
  for (const method of ['bank_transfer', 'card']) {
    const pending = [];
    const windows = Math.max(5, Math.ceil((rate * 10) / 20));
    const base = method === 'card' ? 200 : 100;
    for (let i = 0; i < rate * 10; i++) {
      const w = i % windows;
      pending.push(
        create(i, {
          carModelId: fleet,
          branchCode: 'bench',
          pickupDate: day(base + w * 3),
          returnDate: day(base + w * 3 + 1),
          paymentMethod: method,
          ...(method === 'card'
            ? // The sandbox's token for 4242 4242 4242 4242 (packages/contract/src/card-tokens.ts).
              { cardToken: 'tokn_sandbox_succeeds_Visa_4242' }
            : {}),
        }),
      );
      await new Promise((r) => setTimeout(r, 1000 / rate));
    }
    const results = await Promise.all(pending);
    const ms = results.map((r) => r.ms).sort((x, y) => x - y);
    console.log(
      `POST /guest/bookings/create (${method}) at ${rate}/s offered for 10 s, 2 processes on PostgreSQL: p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms, max ${ms.at(-1).toFixed(1)} ms; ${count(results, 200)} booked, ${results.length - count(results, 200)} other`,
    );
  }

  // 3. Quotes at the same rate (the booking form asks one at each change of dates or extras).
  const quotes = [];
  for (let i = 0; i < rate * 10; i++) {
    const started = performance.now();
    quotes.push(
      fetch(`${bases[i % 2]}/api/v1/guest/bookings/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          carModelId: fleet,
          branchCode: 'bench',
          pickupDate: day(300 + (i % 30)),
          returnDate: day(303 + (i % 30)),
          addons: [],
        }),
      }).then(async (res) => {
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - started };
      }),
    );
    await new Promise((r) => setTimeout(r, 1000 / rate));
  }
  const quoted = await Promise.all(quotes);
  const qms = quoted.map((r) => r.ms).sort((x, y) => x - y);
  console.log(
    `POST /guest/bookings/quote at ${rate}/s offered for 10 s, 2 processes on PostgreSQL: p50 ${pct(qms, 50).toFixed(1)} ms, p95 ${pct(qms, 95).toFixed(1)} ms, p99 ${pct(qms, 99).toFixed(1)} ms, max ${qms.at(-1).toFixed(1)} ms; ${count(quoted, 200)} answered 200`,
  );
  await db.end();
} finally {
  for (const s of servers) s.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error(e.message));
  await admin.end();
}
