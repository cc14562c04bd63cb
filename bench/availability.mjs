/* global performance, URLSearchParams */
// p95 of a date-filtered car listing on PostgreSQL with 10,000 models, 100,000 units
// and 1,000,000 holds (issue 3's target: ≤ 50 ms). Load the data first:
//
//   npm run build && node bench/generate-large.mjs && node bench/availability.mjs
//
// Requests go one at a time through the real server (HTTP, validation, the SQL),
// with random periods over the next year, half at a branch, a third with a category.
import { startServer } from './generate-large.mjs';

const N = Number(process.env.BENCH_REQUESTS ?? 400);
const branches = ['bkk', 'bmk', 'hdy', 'srn', 'pty', 'phuket', 'chiangmai', 'krabi'];
const day = (offset) => {
  const d = new Date(Date.now() + 7 * 3_600_000);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
// A fixed sequence, so two runs ask the same questions.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

export async function availabilityBench(base) {
  const urls = Array.from({ length: N }, (_, i) => {
    const start = 1 + Math.floor(random() * 365);
    const length = Math.floor(random() * 7);
    const q = new URLSearchParams({ pickup_date: day(start), return_date: day(start + length) });
    if (i % 2 === 0) q.set('branch', branches[i % branches.length]);
    if (i % 3 === 0) q.set('category_id', String(1 + (i % 8)));
    if (i % 5 === 0) q.set('sort', 'price_asc');
    if (i % 7 === 0) q.set('page', '3');
    return `${base}/api/v1/guest/cars?${q}`;
  });
  for (const url of urls.slice(0, 20)) await (await fetch(url)).arrayBuffer(); // warm up
  const times = [];
  for (const url of urls) {
    const t = performance.now();
    const res = await fetch(url);
    const body = await res.json();
    times.push(performance.now() - t);
    if (!res.ok || !body.status) throw new Error(`${url}: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(1);
  return { n: times.length, p50: at(50), p95: at(95), p99: at(99), max: times.at(-1).toFixed(1) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer(3900 + Math.floor(Math.random() * 90));
  try {
    const r = await availabilityBench(server.base);
    console.log(
      `Date-filtered listing, 10k models / 100k units / 1M holds on PostgreSQL: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, max ${r.max} ms (${r.n} requests, one at a time)`,
    );
  } finally {
    await server.stop();
  }
}
