/* global FormData, Blob, performance */
// `npm run bench:abuse`: the fleet-hold attacks of issues 13 and 31, replayed against the production build.
//
// - ABUSE_SCENARIO=ipv4 (issue 13, the default): many free accounts, registered from two network
//   addresses, book one Saturday by bank transfer and PromptPay (never paying) across every model and
//   branch, and upload a 22-byte "slip" to each booking.
// - ABUSE_SCENARIO=ipv6 (issue 31): 95 new accounts, each from another address of one IPv6 /64 (one home
//   connection), book the same Saturday, one car each, and upload a 1.3 KB one-page PDF as the slip.
//
// Prints how many cars one address and one person could hold unpaid, how many the attack held in all,
// how many of the slips the server would let keep a car past its deadline (as the back office marks
// them), and how many models the listing still offers on that day. Runs on the embedded database.
// ABUSE_BASELINE=<another checkout, built> replays the same attack against it in the same run
// (today's main: /work/wt/baseline), one after the other, and prints both with the load average.
//
// The server trusts 127.0.0.1 as its proxy (TRUST_PROXY), so X-Forwarded-For plays the addresses.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SCENARIO = process.env.ABUSE_SCENARIO ?? 'ipv4';
const ACCOUNTS = Number(process.env.ABUSE_ACCOUNTS ?? (SCENARIO === 'ipv6' ? 95 : 32));
const PER_ACCOUNT = Number(process.env.ABUSE_BOOKINGS_PER_ACCOUNT ?? (SCENARIO === 'ipv6' ? 1 : 3));
/** One address per account inside 2001:db8:31:64::/64, or the two IPv4 addresses of issue 13. */
const addressOf = (a) =>
  SCENARIO === 'ipv6'
    ? `2001:db8:31:64:${(((a + 1) * 7919) & 0xffff).toString(16)}:${(a + 1).toString(16)}:0:1`
    : ['198.51.100.7', '198.51.100.8'][a % 2];
const admin = { email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026' };
const PORT = Number(process.env.ABUSE_PORT ?? 4130);

/** Starts the built server of a checkout on a fresh demo database and replays the attack; its figures. */
async function attack(checkout, port) {
  if (!existsSync(path.join(checkout, 'apps/api/dist/server.js')))
    throw new Error(`Build first: npm run build (in ${checkout})`);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-bench-abuse-')),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A demonstration on demo data: the sandbox takes the cards, nobody is charged.
      DEMO_SITE: 'true',
      SEED_DEMO: 'true',
      TRUST_PROXY: '127.0.0.1',
      // The defaults a rental company runs with: nothing raised for the bench.
      AUTH_MAX_REGISTRATIONS: '20',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  try {
    return await replay(base);
  } finally {
    stop();
    await new Promise((r) => server.once('exit', r));
  }
}

async function replay(base) {
  async function call(method, url, options = {}) {
    // A busy server turns requests away (503, Retry-After): an attacker asks again when it says.
    for (let attempt = 0; ; attempt++) {
      const answer = await send(method, url, options);
      if (answer.status !== 503 || attempt === 20) return answer;
      await new Promise((r) => setTimeout(r, 1000 * Number(answer.retryAfter ?? 1)));
    }
  }
  async function send(method, url, { body, headers = {}, address } = {}) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body && !(body instanceof FormData) && { 'content-type': 'application/json' }),
        ...(address && { 'x-forwarded-for': address }),
        ...headers,
      },
      body: body instanceof FormData ? body : body && JSON.stringify(body),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, retryAfter: res.headers.get('retry-after') };
  }

  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  // A Saturday three to four weeks ahead, Saturday to Sunday.
  const bangkokNow = new Date(Date.now() + 7 * 3_600_000);
  const saturday = new Date(bangkokNow);
  saturday.setUTCDate(saturday.getUTCDate() + 21 + ((6 - saturday.getUTCDay() + 7) % 7));
  const day = (d) => d.toISOString().slice(0, 10);
  const pickupDate = day(saturday);
  const returnDate = day(new Date(saturday.getTime() + 86_400_000));

  const adminToken = (await call('POST', '/api/v1/auth/login', { body: admin })).json.token;
  const staff = { authorization: `Bearer ${adminToken}` };
  const units = (await call('GET', '/api/v1/admin/units', { headers: staff })).json.response.data.filter(
    (u) => u.status === 'in_service',
  );
  const pairs = [...new Set(units.map((u) => `${u.carModelId}|${u.branchCode}`))].map((p) => {
    const [model, branch] = p.split('|');
    return { carModelId: Number(model), branchCode: branch };
  });
  const listing = async () =>
    (await call('GET', `/api/v1/guest/cars?pickup_date=${pickupDate}&return_date=${returnDate}&limit=50`))
      .json.response.pagination.total;
  const modelsBefore = await listing();

  const fakeSlip = () => {
    const form = new FormData();
    if (SCENARIO === 'ipv6') {
      // Issue 31's slip: a one-page PDF of 1.3 KB that passes the format check and proves nothing.
      const pdf = [
        '%PDF-1.4',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
        `% ${'x'.repeat(1100)}`,
        'trailer << /Root 1 0 R >>',
        '%%EOF',
      ].join('\n');
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'slip.pdf');
      return form;
    }
    // 22 bytes with JPEG magic: issue 13's "slip".
    form.append(
      'file',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array(18).fill(0)])], { type: 'image/jpeg' }),
      's.jpg',
    );
    return form;
  };

  const heldBy = new Map(); // account → bookings held
  const byAddress = new Map();
  const refusals = new Map();
  let slipsAccepted = 0;
  const bookingIds = [];
  let cursor = 0;
  let registered = 0;
  const started = performance.now();
  for (let a = 0; a < ACCOUNTS; a++) {
    const address = addressOf(a);
    const email = `hoarder${a}.${Date.now().toString(36)}@example.com`;
    const reg = await call('POST', '/api/v1/auth/register', {
      address,
      body: { email, password: 'hoarder-123', firstName: 'H', lastName: `Oarder${a}`, phone: '0812345678' },
    });
    if (reg.status !== 200) {
      refusals.set(`register ${reg.json?.code}`, (refusals.get(`register ${reg.json?.code}`) ?? 0) + 1);
      continue;
    }
    registered += 1;
    const token = (
      await call('POST', '/api/v1/auth/login', { address, body: { email, password: 'hoarder-123' } })
    ).json?.token;
    const headers = { authorization: `Bearer ${token}` };
    let held = 0;
    for (let b = 0; b < PER_ACCOUNT; b++) {
      // Try the models in turn until one gives a hold or every one has refused this try.
      for (let tries = 0; tries < pairs.length; tries++) {
        const pair = pairs[cursor++ % pairs.length];
        const res = await call('POST', '/api/v1/guest/bookings/create', {
          address,
          headers,
          body: {
            ...pair,
            pickupDate,
            returnDate,
            paymentMethod: b % 2 ? 'promptpay' : 'bank_transfer',
            acceptTerms: true,
            addons: [],
            driver: {
              firstName: 'H',
              lastName: 'Oarder',
              email,
              phone: '0812345678',
              idNumber: '1103700012345',
              birthDate: '1990-05-14',
              licenceNumber: '58012345',
              licenceCountry: 'TH',
              licenceIssued: '2015-06-01',
              licenceExpiry: '2036-05-31',
            },
          },
        });
        if (res.status === 200) {
          held += 1;
          byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
          const slip = await call('POST', `/api/v1/auth/bookings/${res.json.response.data.booking.id}/slip`, {
            address,
            headers,
            body: fakeSlip(),
          });
          if (slip.status === 200) slipsAccepted += 1;
          bookingIds.push(res.json.response.data.booking.id);
          break;
        }
        const code = res.json?.code ?? res.status;
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
        // These refusals are about the holder, not the car: trying other cars will not help.
        if (['TOO_MANY_UNPAID_BOOKINGS', 'UNPAID_HOLDS_FROM_NETWORK'].includes(code)) break;
      }
    }
    heldBy.set(email, held);
  }
  const seconds = (performance.now() - started) / 1000;
  const modelsAfter = await listing();
  const held = [...heldBy.values()].reduce((s, n) => s + n, 0);
  // What the back office says of each slip: a build without standings (before issue 31) lets every
  // waiting slip keep its car past the deadline (decision 1301, item 3).
  let keptPastDeadline = 0;
  for (const id of bookingIds) {
    const slips =
      (await call('GET', `/api/v1/admin/bookings/${id}`, { headers: staff })).json?.response?.data?.slips ??
      [];
    if (slips.some((s) => s.status === 'pending' && s.standing !== 'unverified')) keptPastDeadline += 1;
  }
  return {
    pickupDate,
    returnDate,
    units: units.length,
    pairs: pairs.length,
    registered,
    held,
    seconds,
    mostByAddress: Math.max(0, ...byAddress.values()),
    distinctAddresses: new Set(Array.from({ length: ACCOUNTS }, (_, a) => addressOf(a))).size,
    mostByPerson: Math.max(0, ...heldBy.values()),
    slipsAccepted,
    keptPastDeadline,
    modelsBefore,
    modelsAfter,
    refusals: Object.fromEntries(refusals),
  };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const runs = [[`this build (${root})`, root]];
if (process.env.ABUSE_BASELINE)
  runs.push([`baseline (${process.env.ABUSE_BASELINE})`, path.resolve(process.env.ABUSE_BASELINE)]);
for (const [i, [label, checkout]] of runs.entries()) {
  const before = load();
  const r = await attack(checkout, PORT + i);
  console.log(
    `${label}: ${SCENARIO} fleet-hold attack on ${r.pickupDate} → ${r.returnDate} (load ${before} → ${load()})`,
  );
  console.log(`  units in service                     ${r.units} (${r.pairs} model/branch pairs)`);
  console.log(
    `  accounts registered                  ${r.registered} of ${ACCOUNTS}, from ${r.distinctAddresses} addresses${SCENARIO === 'ipv6' ? ' of one /64' : ''}`,
  );
  console.log(`  units held unpaid by the attack      ${r.held} of ${r.units} in ${r.seconds.toFixed(1)} s`);
  console.log(
    `  most held unpaid by one address      ${r.mostByAddress}${SCENARIO === 'ipv6' ? ` (the /64: ${r.held})` : ''}`,
  );
  console.log(`  most held unpaid by one person       ${r.mostByPerson}`);
  console.log(`  junk "slips" accepted                ${r.slipsAccepted}`);
  console.log(`  holds a slip keeps past the deadline ${r.keptPastDeadline}`);
  console.log(`  models offered that day, before      ${r.modelsBefore}`);
  console.log(`  models offered that day, after       ${r.modelsAfter}`);
  console.log(`  refusals                             ${JSON.stringify(r.refusals)}`);
}
process.exit(0);
