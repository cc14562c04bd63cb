/* global performance, AbortSignal */
// `npm run bench:documents` (issue 31, part 3; docs/decisions/3103): does one customer downloading
// PDFs turn other visitors away? For each build measured it starts the production build (embedded
// database, demo data), books a paid car with a company's tax details, then for BENCH_SECONDS:
//  - the customer runs two download loops (receipt, tax invoice, one after the other, each asked
//    again as soon as the last answer came: as fast as the server and its limits let them);
//  - another visitor asks pages and API answers at a steady BENCH_VISITOR_RATE a second.
// It prints the other visitor's 503 share and latency, alone first and then beside the downloads
// (on a busy machine the first tells what the machine does without any PDF), and what the customer got.
// Builds measured: BENCH_BASELINE_DIR (another checkout's build, e.g. main's, first) and this one.
// Needs `npm run build` (and the baseline's).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadAverage, root, startServer } from './start-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const visitorRate = Number(process.env.BENCH_VISITOR_RATE ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4200);
const baselineDir = process.env.BENCH_BASELINE_DIR;
const builds = [
  ...(baselineDir ? [{ label: `baseline (${baselineDir})`, cwd: path.resolve(baselineDir) }] : []),
  { label: `this build (${root})`, cwd: root },
];
for (const b of builds)
  if (!existsSync(path.join(b.cwd, 'apps/api/dist/server.js'))) {
    console.error(`Build first: ${b.cwd} has no apps/api/dist/server.js`);
    process.exit(1);
  }

const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const json = (body) => ({ 'content-type': 'application/json', body: JSON.stringify(body) });

async function post(url, body, headers = {}) {
  const { body: text, ...h } = json(body);
  return fetch(url, { method: 'POST', headers: { ...h, ...headers }, body: text });
}

/** A customer with a paid booking whose company details ask for a full tax invoice. */
async function customerWithPaidBooking(base) {
  const email = `bench-documents-${Date.now()}@example.com`;
  const password = 'bench-secret-123';
  await post(`${base}/api/v1/auth/register`, {
    email,
    password,
    firstName: 'Bench',
    lastName: 'Customer',
    phone: '0812345678',
  });
  const login = await post(`${base}/api/v1/auth/login`, { email, password });
  const token = (await login.json()).token;
  if (!token) throw new Error(`login failed: ${login.status}`);
  const auth = { authorization: `Bearer ${token}` };
  const cars = (await (await fetch(`${base}/api/v1/guest/cars?limit=20`)).json()).response.data;
  const branches = (await (await fetch(`${base}/api/v1/guest/branches`)).json()).response.data;
  for (const car of cars)
    for (const branch of branches) {
      const res = await post(
        `${base}/api/v1/guest/bookings/create`,
        {
          carModelId: car.car_model_id,
          branchCode: branch.code ?? branch.branch_code,
          pickupDate: day(60),
          returnDate: day(62),
          addons: [],
          acceptTerms: true,
          paymentMethod: 'card',
          // The sandbox's token for 4242 4242 4242 4242 (packages/contract/src/card-tokens.ts).
          cardToken: 'tokn_sandbox_succeeds_Visa_4242',
          taxInvoice: {
            companyName: 'บริษัท ทดสอบการเดินทาง จำกัด',
            address: '123 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
            taxId: '0105558000006',
            branch: '00000',
          },
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
        },
        { ...auth, 'idempotency-key': `bench-documents-${Date.now()}-${Math.random()}` },
      );
      if (res.status === 200) return { auth, booking: (await res.json()).response.data.booking };
      await res.arrayBuffer();
    }
  throw new Error('no car could be booked');
}

async function measure({ label, cwd }) {
  const server = await startServer({ port, cwd });
  try {
    const { base } = server;
    const { auth, booking } = await customerWithPaidBooking(server.base);
    const documents = [
      `${base}/api/v1/auth/bookings/${booking.id}/receipt?lng=th`,
      `${base}/api/v1/auth/bookings/${booking.id}/tax-invoice`,
    ];
    const pages = [
      `${base}/cars?lng=en`,
      `${base}/api/v1/guest/cars?limit=12`,
      `${base}/?lng=th`,
      `${base}/api/v1/guest/branches`,
      `${base}/api/v1/guest/site-settings?lng=en`,
    ];
    // Warm: each page rendered and kept once, as on a site that has been up a while.
    for (const url of [...pages, ...documents])
      await (await fetch(url, { headers: url.includes('/auth/') ? auth : {} })).arrayBuffer();

    /** The other visitor alone, then beside the customer's downloads. */
    const run = async (withDownloads) => {
      const until = performance.now() + seconds * 1000;
      const downloads = {};
      const loop = async (offset) => {
        for (let i = offset; performance.now() < until; i++) {
          try {
            const res = await fetch(documents[i % documents.length], {
              headers: auth,
              signal: AbortSignal.timeout(30_000),
            });
            await res.arrayBuffer();
            downloads[res.status] = (downloads[res.status] ?? 0) + 1;
          } catch {
            downloads.failed = (downloads.failed ?? 0) + 1;
          }
        }
      };
      const visits = [];
      const visitor = async () => {
        const pending = [];
        for (let i = 0; performance.now() < until; i++) {
          const started = performance.now();
          pending.push(
            fetch(pages[i % pages.length], { signal: AbortSignal.timeout(10_000) })
              .then(async (res) => {
                await res.arrayBuffer();
                visits.push({ status: res.status, ms: performance.now() - started });
              })
              .catch(() => visits.push({ status: 'timeout', ms: performance.now() - started })),
          );
          await new Promise((r) => setTimeout(r, 1000 / visitorRate));
        }
        await Promise.all(pending);
      };
      await Promise.all([...(withDownloads ? [loop(0), loop(1)] : []), visitor()]);
      const ms = visits.map((v) => v.ms).sort((a, b) => a - b);
      const turnedAway = visits.filter((v) => v.status === 503).length;
      const other = visits.filter((v) => v.status !== 200 && v.status !== 503).length;
      console.log(
        `  other visitor${withDownloads ? ' beside the downloads' : ' alone'}: ${visits.length} requests at ${visitorRate}/s for ${seconds} s: ` +
          `503 ${turnedAway} (${((100 * turnedAway) / visits.length).toFixed(1)} %), other non-200 ${other}; ` +
          `p50 ${pct(ms, 50).toFixed(0)} ms, p95 ${pct(ms, 95).toFixed(0)} ms, max ${(ms.at(-1) ?? 0).toFixed(0)} ms` +
          ` (load average ${loadAverage()})`,
      );
      if (withDownloads)
        console.log(
          `  the customer's two download loops: ${Object.entries(downloads)
            .map(([status, n]) => `${status} ×${n}`)
            .join(', ')}`,
        );
    };
    console.log(label);
    await run(false);
    await run(true);
  } finally {
    await server.stop();
  }
}

for (const build of builds) await measure(build);
