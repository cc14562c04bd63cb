/* global FormData, Blob, performance */
// `npm run bench:abuse`: the fleet-hold attack of issue 13, replayed against the production build.
// Many free accounts, registered from two network addresses, book one Saturday by bank transfer and
// PromptPay (never paying) across every model and branch, and upload a 22-byte "slip" to each booking.
// Prints how many cars one address and one person could hold unpaid, how many the attack held in all,
// and how many models the listing still offers on that day. Runs on the embedded database.
//
// The server trusts 127.0.0.1 as its proxy (TRUST_PROXY), so X-Forwarded-For plays the two addresses.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const ACCOUNTS = Number(process.env.ABUSE_ACCOUNTS ?? 32);
const PER_ACCOUNT = Number(process.env.ABUSE_BOOKINGS_PER_ACCOUNT ?? 3);
const ADDRESSES = ['198.51.100.7', '198.51.100.8'];
const admin = { email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026' };

const port = 4400 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-bench-abuse-')),
    DATABASE_URL: '',
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

async function call(method, url, { body, headers = {}, address } = {}) {
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
  return { status: res.status, json };
}

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/v1/health`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 300) throw new Error('server did not start');
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
const units = (
  await call('GET', '/api/v1/admin/units', { headers: { authorization: `Bearer ${adminToken}` } })
).json.response.data.filter((u) => u.status === 'in_service');
const pairs = [...new Set(units.map((u) => `${u.carModelId}|${u.branchCode}`))].map((p) => {
  const [model, branch] = p.split('|');
  return { carModelId: Number(model), branchCode: branch };
});
const listing = async () =>
  (await call('GET', `/api/v1/guest/cars?pickup_date=${pickupDate}&return_date=${returnDate}&limit=50`)).json
    .response.pagination.total;
const modelsBefore = await listing();

const fakeSlip = () => {
  const form = new FormData();
  // 22 bytes with JPEG magic: the report's "slip".
  form.append(
    'file',
    new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array(18).fill(0)])], { type: 'image/jpeg' }),
    's.jpg',
  );
  return form;
};

const heldBy = new Map(); // account → bookings held
const byAddress = new Map(ADDRESSES.map((a) => [a, 0]));
const refusals = new Map();
let slipsAccepted = 0;
let cursor = 0;
let registered = 0;
const started = performance.now();
for (let a = 0; a < ACCOUNTS; a++) {
  const address = ADDRESSES[a % ADDRESSES.length];
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
        byAddress.set(address, byAddress.get(address) + 1);
        const slip = await call('POST', `/api/v1/auth/bookings/${res.json.response.data.booking.id}/slip`, {
          address,
          headers,
          body: fakeSlip(),
        });
        if (slip.status === 200) slipsAccepted += 1;
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

console.log(
  `Fleet-hold attack on ${pickupDate} → ${returnDate} (${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} load)`,
);
console.log(`  units in service                     ${units.length} (${pairs.length} model/branch pairs)`);
console.log(
  `  accounts registered                  ${registered} of ${ACCOUNTS}, from ${ADDRESSES.length} addresses`,
);
console.log(`  units held unpaid by the attack      ${held} of ${units.length} in ${seconds.toFixed(1)} s`);
console.log(`  most held unpaid by one address      ${Math.max(...byAddress.values())}`);
console.log(`  most held unpaid by one person       ${Math.max(0, ...heldBy.values())}`);
console.log(`  22-byte "slips" accepted             ${slipsAccepted}`);
console.log(`  models offered that day, before      ${modelsBefore}`);
console.log(`  models offered that day, after       ${modelsAfter}`);
console.log(
  `  refusals                             ${[...refusals].map(([k, v]) => `${k}×${v}`).join(', ') || 'none'}`,
);
stop();
process.exit(0);
