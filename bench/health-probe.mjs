// A load balancer's view of /api/v1/health during a crowd: asked every 50 ms from a process of
// its own, so the crowd's load generator (autocannon, in bench/run.mjs) cannot delay the probe
// on its own event loop and make the server look slower than it is. Prints one line of JSON.
//
//   node bench/health-probe.mjs http://127.0.0.1:3000 15
import { performance } from 'node:perf_hooks';

const [base, seconds] = [process.argv[2], Number(process.argv[3] ?? 10)];
const latencies = [];
let failures = 0;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/v1/health`, { signal: globalThis.AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    if (!res.ok) failures++;
  } catch {
    failures++;
  }
  const took = performance.now() - started;
  latencies.push(took);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - took)));
}
latencies.sort((a, b) => a - b);
const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
console.log(JSON.stringify({ asked: latencies.length, failures, p50: at(0.5), p99: at(0.99), max: at(1) }));
