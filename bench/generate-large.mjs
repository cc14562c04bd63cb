// Loads a large catalog into a PostgreSQL schema of its own, for bench/availability.mjs:
// 10,000 car models, 100,000 units (10 a model, across 14 branches) and 1,000,000
// holds on them (10 a unit, a fifth of them released), spread over two years.
//
//   npm run build && node bench/generate-large.mjs
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the
// server; the schema is BENCH_SCHEMA (default bench_large), dropped and made again.
// Migrations are applied by starting the built server once against it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const benchUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const benchSchema = process.env.BENCH_SCHEMA ?? 'bench_large';
/** The URL the server uses: the same database, the bench schema first on the search path. */
export const serverUrl = () => {
  const url = new URL(benchUrl);
  url.searchParams.set('options', `-c search_path=${benchSchema},public`);
  return url.toString();
};

const root = path.resolve(import.meta.dirname, '..');

/** Starts the built server on the bench schema; resolves with its base URL and a stop(). */
export async function startServer(port) {
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-bench-large-')),
      DATABASE_URL: serverUrl(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A demonstration on demo data: the sandbox takes the cards, nobody is charged.
      DEMO_SITE: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        server.once('exit', resolve);
        server.kill('SIGTERM');
      }),
  };
}

async function main() {
  const started = Date.now();
  const admin = new pg.Client({ connectionString: benchUrl });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public');
  await admin.query(`DROP SCHEMA IF EXISTS ${benchSchema} CASCADE`);
  await admin.query(`CREATE SCHEMA ${benchSchema}`);
  await admin.end();

  // The migrations, exactly as production applies them.
  const server = await startServer(3700 + Math.floor(Math.random() * 200));
  await server.stop();

  const db = new pg.Client({ connectionString: serverUrl() });
  await db.connect();
  const step = async (label, sql) => {
    const t = Date.now();
    await db.query(sql);
    console.log(`${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  const loc = (expr) => `jsonb_build_object('th', ${expr}, 'en', ${expr}, 'zh', ${expr})`;
  await step(
    'categories and branches',
    `INSERT INTO categories (slug, name, sort_order)
       SELECT s, ${loc('s')}, i FROM unnest(array['sedan','hatchback','suv','7seat','cap','van','minivan','electric']) WITH ORDINALITY AS t(s, i);
     INSERT INTO branches (code, name, address, phone, sort_order)
       SELECT c, ${loc('c')}, ${loc('c')}, '02-000-0000', i
       FROM unnest(array['bkk','bmk','hdy','srn','pty','phuket','chiangmai','chiangrai','udon','ubon','huaHin','samui','surat','krabi']) WITH ORDINALITY AS t(c, i);`,
  );
  await step(
    '10,000 car models and their pictures',
    `INSERT INTO car_models (slug, category_id, brand, model, description, price_per_day, transmission, fuel,
        seats, doors, luggage, is_popular, sort_order)
       SELECT 'model-' || i, 1 + i % 8, ${loc("'Brand ' || (i % 40)")}, ${loc("'Model ' || i")}, ${loc("'A car'")},
              700 + (i * 37) % 7300, CASE WHEN i % 5 = 0 THEN 'manual' ELSE 'automatic' END,
              (array['petrol','diesel','hybrid','electric'])[1 + i % 4], 5, 4, 2, i % 20 = 0, i
       FROM generate_series(1, 10000) AS i;
     INSERT INTO car_model_images (car_model_id, url) SELECT id, '/images/cars/default.svg' FROM car_models;`,
  );
  await step(
    '100,000 units',
    `INSERT INTO vehicle_units (car_model_id, plate, branch_code, status)
       SELECT 1 + (i - 1) / 10, 'BENCH-' || i,
              (array['bkk','bmk','hdy','srn','pty','phuket','chiangmai','chiangrai','udon','ubon','huaHin','samui','surat','krabi'])[1 + i % 14],
              CASE WHEN i % 50 = 0 THEN 'retired' ELSE 'in_service' END
       FROM generate_series(1, 100000) AS i;`,
  );
  // Ten holds a unit, 1 to 7 days long, 55 days apart (never overlapping on one unit),
  // from half a year ago to a year and a half ahead; one in five released.
  await step(
    '1,000,000 holds',
    `INSERT INTO unit_holds (unit_id, car_model_id, kind, starts_at, ends_at, blocked_until, released_at, reason)
       SELECT u, 1 + (u - 1) / 10, 'maintenance', s, e, e + interval '3 hours', CASE WHEN (u + k) % 5 = 0 THEN s ELSE NULL END, 'bench'
       FROM generate_series(1, 100000) AS u, generate_series(0, 9) AS k,
            LATERAL (SELECT date_trunc('day', now()) - interval '180 days' + (k * 55 + u % 50) * interval '1 day'
                            + interval '2 hours' AS s) a,
            LATERAL (SELECT s + (1 + (u * 7 + k) % 7) * interval '1 day' + interval '9 hours' AS e) b;`,
  );
  // VACUUM as well: the unit counts kept by a trigger (migration 0110) left a dead
  // row version per unit insert in car_models, which autovacuum would clean in time.
  await step(
    'vacuum',
    `VACUUM ANALYZE ${['car_models', 'vehicle_units', 'unit_holds'].map((t) => `${benchSchema}.${t}`).join(', ')}`,
  );
  const [{ n }] = (await db.query('SELECT count(*)::int AS n FROM unit_holds')).rows;
  console.log(
    `${n.toLocaleString('en')} holds loaded into schema ${benchSchema} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.end();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
