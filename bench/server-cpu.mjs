// The server's own CPU time per request, one request at a time after warm-up (issue 14):
// once with the page cache off (PAGE_CACHE_SECONDS=0: every request renders its page)
// and once with it on (the default: most requests are answered from it).
//
//   npm run build && node bench/server-cpu.mjs
import { cpuMs, loadAverage, median, startServer, statCpuMs } from './start-server.mjs';

const REQUESTS = Number(process.env.CPU_REQUESTS ?? 40);
const WARM_UP = Number(process.env.CPU_WARM_UP ?? 150);

export async function serverCpu(server, paths, label) {
  const results = [];
  for (const { title, path } of paths) {
    const ask = async () => {
      const res = await fetch(`${server.base}${path}`, {
        headers: { 'accept-encoding': 'br' },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
    };
    // Warm: a server in production has rendered each page many times (the JIT has compiled
    // the render); the first few dozen renders of a fresh process cost up to twice as much.
    for (let i = 0; i < WARM_UP; i++) await ask();
    const each = [];
    const statBefore = statCpuMs(server.pid);
    for (let i = 0; i < REQUESTS; i++) {
      const before = cpuMs(server.pid);
      await ask();
      each.push(cpuMs(server.pid) - before);
    }
    const statMean = (statCpuMs(server.pid) - statBefore) / REQUESTS;
    results.push({ title, median: median(each), statMean });
    console.log(
      `Server CPU per request (${label}), ${title}: median ${median(each).toFixed(1)} ms over ${REQUESTS} ` +
        `(mean from /proc/<pid>/stat ${statMean.toFixed(1)} ms)`,
    );
  }
  return results;
}

export async function pagePaths(base) {
  const cars = await (await fetch(`${base}/api/v1/guest/cars?limit=1`)).json();
  const id = cars.response.data[0].car_model_id;
  return [
    { title: 'GET /api/v1/guest/cars (JSON listing)', path: '/api/v1/guest/cars?page=1&limit=9' },
    { title: 'GET / (th)', path: '/?lng=th' },
    { title: 'GET /cars (th)', path: '/cars?lng=th' },
    { title: `GET /cars/${id} (th)`, path: `/cars/${id}?lng=th` },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Load average before: ${loadAverage()}`);
  for (const [label, env] of [
    ['page cache off', { PAGE_CACHE_SECONDS: '0' }],
    ['page cache on', {}],
  ]) {
    const server = await startServer({ env });
    try {
      await serverCpu(server, await pagePaths(server.base), label);
    } finally {
      await server.stop();
    }
  }
  console.log(`Load average after: ${loadAverage()}`);
}
