/* global localStorage, document */
// `node bench/screenshots.mjs [out-folder]`: the pages that matter most, as a 390 px phone shows them,
// in Thai, English and Chinese: home, listing, a car's page and the booking summary (signed in).
// Starts the production build on a throwaway embedded database. Default folder: ./screenshots (not in git).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'screenshots'));
mkdirSync(out, { recursive: true });
if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const port = 4600 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-shots-')),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // A demonstration on demo data: the sandbox takes the cards, nobody is charged.
    DEMO_SITE: 'true',
    SEED_DEMO: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.on('exit', () => server.kill());
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/v1/health`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}

const json = async (url, init) => (await fetch(`${base}${url}`, init)).json();
const day = (n) => new Date(Date.now() + 7 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const email = `shots-${Date.now()}@example.com`;
await fetch(`${base}/api/v1/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email,
    password: 'secret-123',
    firstName: 'Somchai',
    lastName: 'Jaidee',
    phone: '0812345678',
  }),
});
const login = await json('/api/v1/auth/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password: 'secret-123' }),
});
const car = (await json('/api/v1/guest/cars?limit=1')).response.data[0];
const branch = (await json(`/api/v1/guest/cars/${car.car_model_id}`)).response.data.branches[0].code;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const pages = {
  home: '/',
  listing: '/cars',
  car: `/cars/${car.car_model_id}`,
  booking: `/booking/${car.car_model_id}?pickup=${day(30)}&return=${day(33)}&branch=${branch}`,
};
for (const lng of ['th', 'en', 'zh']) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [login.token, JSON.stringify(login.user)],
  );
  const page = await context.newPage();
  for (const [name, url] of Object.entries(pages)) {
    await page.goto(`${base}${url}${url.includes('?') ? '&' : '?'}lng=${lng}`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    // A full-page picture shows the whole page at once; a visitor scrolls. Sections below the fold
    // are drawn only near the viewport (content-visibility: auto) and pictures load lazily, so
    // both are drawn now, as the visitor who scrolls down sees them.
    await page.evaluate(() => {
      // Through the CSSOM: the site's CSP forbids inline style sheets.
      for (const el of document.querySelectorAll('*'))
        if (document.defaultView.getComputedStyle(el).contentVisibility === 'auto')
          el.style.contentVisibility = 'visible';
      for (const img of document.querySelectorAll('img[loading="lazy"]')) img.loading = 'eager';
    });
    // The load state was already reached: wait for the pictures themselves.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const file = path.join(out, `${name}-${lng}-390.png`);
    await page.screenshot({ path: file, fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`${file} (${width}px wide)`);
  }
  await context.close();
}
await browser.close();
server.kill();
process.exit(0);
