// `npm run bench`: prints the performance figures the issues ask for, from one run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { initialJs } from './initial-js.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
if (!existsSync(path.join(dist, 'index.html')) || !existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const homeChunk = readdirSync(path.join(dist, 'assets')).filter((f) => /^home-page-.*\.js$/.test(f));
const js = initialJs(dist, homeChunk);
console.log(
  `Home page initial JavaScript: ${js.gzipKb.toFixed(1)} KB gzipped (${js.rawKb.toFixed(1)} KB raw, ${js.files.length} files)`,
);

const port = 3200 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'siam-bench-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // A demonstration on demo data: the sandbox takes the cards, nobody is charged.
    DEMO_SITE: 'true',
    SEED_DEMO: 'true',
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
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}

async function load(title, opts) {
  const result = await autocannon({ url: `${base}${opts.path}`, connections: 20, duration: 10, ...opts });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title}: ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
      (opts.overallRate ? ` at ${opts.overallRate} req/s offered` : ' (saturated)') +
      (non2xx ? `, ${non2xx} non-2xx/errors` : ''),
  );
  return result;
}

try {
  await load('GET /api/v1/health', { path: '/api/v1/health' });
  // Content (issue 6): an article from the API, and the article page with its share tags injected.
  const article = 'driving-in-thailand-rules-of-the-road';
  await load('GET /api/v1/guest/articles/{slug}', { path: `/api/v1/guest/articles/${article}?lng=th` });
  await load('GET /articles/{slug} (page with share tags)', { path: `/articles/${article}?lng=th` });

  // Catalog (issue 3): the listing with a category filter, saturated, then at 1,000 req/s
  // for 20 s (target p99 ≤ 25 ms). Warmed up first; one category, as a visitor filtering would ask.
  const categories = await (await fetch(`${base}/api/v1/guest/categories`)).json();
  const listing = `/api/v1/guest/cars?category_id=${categories.response.data[0].category_id}&is_active=1&page=1&limit=9`;
  await autocannon({ url: `${base}${listing}`, connections: 10, duration: 3 });
  await load('GET /api/v1/guest/cars?category_id=…', { path: listing });
  await load('GET /api/v1/guest/cars?category_id=…', { path: listing, overallRate: 1000, duration: 20 });
} finally {
  server.kill('SIGTERM');
}

// Accounts (issue 4): the cost of one Argon2id password hash, which every login and registration pays.
const { argon2Cost } = await import('./argon2.mjs');
const argon = await argon2Cost();
console.log(
  `Argon2id password hash (19 MiB, t=2, p=1): median ${argon.hashMs.toFixed(1)} ms to hash, ${argon.verifyMs.toFixed(1)} ms to verify`,
);
// Back office (issue 7): its own lazy chunk; none of it may be in the home page's initial JavaScript.
{
  const adminChunk = readdirSync(path.join(dist, 'assets')).filter((f) => /^admin-app-.*\.js$/.test(f));
  const adminJs = initialJs(dist, adminChunk);
  const leaked = js.files.filter((f) => /admin/.test(f));
  console.log(
    `Back office (/admin) JavaScript: ${adminJs.gzipKb.toFixed(1)} KB gzipped (${adminJs.files.length} files); ` +
      (leaked.length
        ? `IN THE HOME PAGE'S INITIAL JS: ${leaked.join(', ')}`
        : "none of it in the home page's initial JS"),
  );
}
// Bookings (issue 5): two processes on one PostgreSQL, the last-unit race and create latency at 50/s.
if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) await import('./bookings.mjs');
