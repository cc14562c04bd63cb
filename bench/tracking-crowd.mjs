// `npm run bench:tracking` (issue 31 part 4, docs/decisions/3104): an ad campaign's crowd, every
// visitor with a click id of their own (`/cars?fbclid=<unique>`), beside the same crowd on plain
// `/cars`, with /api/v1/health asked beside each from a process of its own.
//
//   node bench/tracking-crowd.mjs [another build's root …]
//
// Each root given (e.g. /work/wt/baseline, a build of an older main) is measured the same way
// in the same run, before this build: figures side by side, same machine, same minute.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { loadAverage, root } from './start-server.mjs';

const SECONDS = Number(process.env.TRACKING_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.TRACKING_CONNECTIONS ?? 50);
const PORT = Number(process.env.TRACKING_PORT ?? 3800);

/** /health as a load balancer sees it, from its own process (bench/health-probe.mjs). */
function probeHealth(base, seconds) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'bench/health-probe.mjs'), base, String(seconds)],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
    );
  });
}

/** A saturated crowd for SECONDS (10 s time-out), `next()` giving each request's path. */
async function crowd(base, title, next) {
  const run = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    headers: { 'accept-encoding': 'br' },
    requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  const [result, health] = await Promise.all([run, probeHealth(base, SECONDS)]);
  const answered = result['2xx'];
  const refused = result.non2xx;
  const all = answered + refused + result.timeouts + result.errors;
  console.log(
    `  ${title}: ${Math.round(answered / SECONDS)} good answers/s (${answered}), ` +
      `${refused} turned away (${((refused / Math.max(1, all)) * 100).toFixed(0)} %), ${result.timeouts} time-outs, ` +
      `${result.errors - result.timeouts} errors, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
      `/health beside it: p50 ${health.p50} ms, p99 ${health.p99} ms, max ${health.max} ms, ${health.failures} failed`,
  );
}

async function measure(buildRoot, port) {
  const { startServer } = await import(pathToFileURL(path.join(buildRoot, 'bench/start-server.mjs')).href);
  const server = await startServer({ port });
  try {
    // One visitor first, as a page that has been asked for before: the cache holds it.
    await (await fetch(`${server.base}/cars?lng=en`)).arrayBuffer();
    console.log(`${buildRoot} (load average ${loadAverage()})`);
    await crowd(server.base, 'GET /cars?lng=en', () => '/cars?lng=en');
    let n = 0;
    const stamp = Date.now().toString(36);
    await crowd(
      server.base,
      'GET /cars?lng=en&fbclid=<unique>',
      () => `/cars?lng=en&fbclid=IwAR${stamp}x${n++}&utm_source=facebook&utm_medium=paid`,
    );
  } finally {
    await server.stop();
  }
}

const roots = [...process.argv.slice(2).map((r) => path.resolve(r)), root];
console.log(
  `${CONNECTIONS} connections, ${SECONDS} s per crowd, accept-encoding br; load average at the start: ${loadAverage()}`,
);
for (const [i, buildRoot] of roots.entries()) await measure(buildRoot, PORT + i);
console.log(`Load average at the end: ${loadAverage()}`);
