// `npm run bench`: prints the performance figures the issues ask for, from one run.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { initialJs } from './initial-js.mjs';
import { pagePaths, serverCpu } from './server-cpu.mjs';
import { cpuMs, loadAverage, root, rssMb, startServer } from './start-server.mjs';

const dist = path.join(root, 'apps/web/dist');
if (!existsSync(path.join(dist, 'index.html')) || !existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const homeChunk = readdirSync(path.join(dist, 'assets')).filter((f) => /^home-page-.*\.js$/.test(f));
const js = initialJs(dist, homeChunk);
console.log(
  `Home page initial JavaScript: ${js.transferredKb.toFixed(1)} KB transferred (Brotli as served, with headers; ` +
    `${js.gzipKb.toFixed(1)} KB gzipped, ${js.rawKb.toFixed(1)} KB raw, ${js.files.length} files)`,
);

console.log(`Load average at the start: ${loadAverage()}`);

/** /health as a load balancer sees it, from its own process (bench/health-probe.mjs), for `seconds`. */
function probeHealth(base, seconds) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'bench/health-probe.mjs'), base, String(seconds)],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
    );
  });
}

async function load(base, title, opts) {
  const result = await autocannon({ url: `${base}${opts.path}`, connections: 20, duration: 10, ...opts });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title}: ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
      (opts.overallRate ? ` at ${opts.overallRate} req/s offered` : ' (saturated)') +
      (non2xx ? `, ${non2xx} non-2xx/errors` : '') +
      (result.timeouts ? `, ${result.timeouts} timeouts` : ''),
  );
  return result;
}

// Pages (issue 14): the server's CPU per request with the page cache off, then on.
{
  const server = await startServer({ env: { PAGE_CACHE_SECONDS: '0' } });
  try {
    await serverCpu(server, await pagePaths(server.base), 'page cache off');
  } finally {
    await server.stop();
  }
}

const server = await startServer();
const base = server.base;
try {
  const paths = await pagePaths(base);
  await serverCpu(server, paths, 'page cache on');

  // Saturated requests per second of each page beside the health route's, same process, same minute.
  const rssBefore = rssMb(server.pid);
  const health = await load(base, 'GET /api/v1/health', { path: '/api/v1/health' });
  for (const { title, path } of paths) {
    const page = await load(base, title, { path, headers: { 'accept-encoding': 'br' } });
    console.log(
      `  ${(page.requests.average / health.requests.average).toFixed(2)} × the health route's req/s`,
    );
  }

  // A crowd on one page: 500 req/s offered for 15 s (10 s time-out), with /health asked beside it.
  const crowd = autocannon({
    url: `${base}/?lng=th`,
    connections: 100,
    overallRate: 500,
    duration: 15,
    timeout: 10,
    headers: { 'accept-encoding': 'br' },
  });
  const healthBeside = probeHealth(base, 15);
  const [page, healthDuring] = await Promise.all([crowd, healthBeside]);
  console.log(
    `GET / at 500 req/s offered for 15 s: ${Math.round(page.requests.average)} req/s answered, ` +
      `p50 ${page.latency.p50} ms, p99 ${page.latency.p99} ms, ${page.timeouts} timeouts, ` +
      `${page.non2xx} non-2xx; /health beside it (every 50 ms, own process): p99 ${healthDuring.p99} ms, max ${healthDuring.max} ms, ${healthDuring.failures} failed`,
  );

  // The run ends here: the saturated pages and the crowd on one page.
  const rssAfterRun = rssMb(server.pid);

  // A crowd on pages nobody asked for yet (every request a cache miss): the process sheds what it
  // cannot render in time (503 + Retry-After) and keeps /health quick; renders stop when the crowd goes.
  let n = 0;
  const misses = autocannon({
    url: base,
    connections: 100,
    overallRate: 300,
    duration: 10,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/cars?lng=en&page=1&search=q${n++}` }) }],
  });
  const healthMisses = probeHealth(base, 10);
  const [missed, healthDuringMisses] = await Promise.all([misses, healthMisses]);
  console.log(
    `GET /cars?search=<new each time> at 300 req/s offered for 10 s: ${missed['2xx']} answered 2xx, ` +
      `${missed.non2xx} turned away (503), ${missed.timeouts} timeouts, p99 ${missed.latency.p99} ms; ` +
      `/health beside it (every 50 ms, own process): p99 ${healthDuringMisses.p99} ms, max ${healthDuringMisses.max} ms, ` +
      `${healthDuringMisses.failures} failed`,
  );
  const cpuAfterCrowd = cpuMs(server.pid);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  console.log(
    `Server CPU in the 3 s after the crowd left: ${(cpuMs(server.pid) - cpuAfterCrowd).toFixed(0)} ms`,
  );
  console.log(
    `Server memory (RSS): ${rssBefore.toFixed(0)} MB before the load, ${rssAfterRun.toFixed(0)} MB after the ` +
      `saturated pages and the 500 req/s crowd (${((rssAfterRun / rssBefore - 1) * 100).toFixed(0)}%), ` +
      `${rssMb(server.pid).toFixed(0)} MB after the crowd of misses too (${((rssMb(server.pid) / rssBefore - 1) * 100).toFixed(0)}%)`,
  );

  // Content (issue 6): an article from the API, and the article page with its share tags injected.
  const article = 'driving-in-thailand-rules-of-the-road';
  await load(base, 'GET /api/v1/guest/articles/{slug}', { path: `/api/v1/guest/articles/${article}?lng=th` });
  await load(base, 'GET /articles/{slug} (page with share tags)', { path: `/articles/${article}?lng=th` });

  // Catalog (issue 3): the listing with a category filter, saturated, then at 1,000 req/s
  // for 20 s (target p99 ≤ 25 ms). Warmed up first; one category, as a visitor filtering would ask.
  const categories = await (await fetch(`${base}/api/v1/guest/categories`)).json();
  const listing = `/api/v1/guest/cars?category_id=${categories.response.data[0].category_id}&is_active=1&page=1&limit=9`;
  await autocannon({ url: `${base}${listing}`, connections: 10, duration: 3 });
  await load(base, 'GET /api/v1/guest/cars?category_id=…', { path: listing });
  await load(base, 'GET /api/v1/guest/cars?category_id=…', {
    path: listing,
    overallRate: 1000,
    duration: 20,
  });
} finally {
  await server.stop();
}

// First load on a phone (issue 14): Lighthouse mobile, median of LIGHTHOUSE_RUNS (5) per page.
if (process.env.BENCH_LIGHTHOUSE !== '0') {
  const lighthouse = spawnSync(process.execPath, ['bench/lighthouse.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { LIGHTHOUSE_RUNS: '5', ...process.env },
  });
  if (lighthouse.status !== 0) console.log('Lighthouse did not run (is Chromium installed?)');
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
