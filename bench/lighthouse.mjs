// Lighthouse 12 (mobile settings: a mid-range phone, simulated slow 4G) on the production
// build: `/`, `/cars` and one `/cars/{id}`, five runs each (LIGHTHOUSE_RUNS), the median run reported.
// Targets (issues 3 and 14): performance ≥ 95, accessibility 100, CLS ≤ 0.05, TBT ≤ 200 ms,
// LCP ≤ 2.0 s, home initial JavaScript ≤ 110 KB transferred.
//
//   npm run build && node bench/lighthouse.mjs
//
// Chromium: CHROME_PATH, else /usr/bin/chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadAverage, startServer } from './start-server.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const server = await startServer();
const base = server.base;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const cars = await (await fetch(`${base}/api/v1/guest/cars?limit=1`)).json();
  const pages = ['/', '/cars', `/cars/${cars.response.data[0].car_model_id}`];
  // A server that has been up a while: the first renders of a fresh process run cold
  // (JIT, the database's caches) and Lighthouse counts the server's answer time in FCP.
  // (What a render costs is measured by server-cpu.mjs: here pages come from the page cache.)
  for (let i = 0; i < 10; i++)
    for (const page of pages) {
      const res = await fetch(`${base}${page}?lng=th`, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
    }
  for (const page of pages) {
    const runs = [];
    const failures = [];
    // A run Lighthouse could not finish (a runtime error, no score) is reported and run again,
    // not counted as a score of 0; at most as many retries as runs.
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt++) {
      const result = await lighthouse(
        `${base}${page}?lng=th`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        },
        // Lighthouse's defaults are the mobile settings (Moto G Power, simulated slow 4G, 4× CPU).
      );
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError || categories.performance.score === null) {
        failures.push(runtimeError?.code ?? 'no score');
        continue;
      }
      runs.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        cls: audits['cumulative-layout-shift'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        fcp: audits['first-contentful-paint'].numericValue,
        // What the phone downloaded of JavaScript, compressed, headers included.
        jsKb:
          audits['network-requests'].details.items
            .filter((item) => item.resourceType === 'Script')
            .reduce((sum, item) => sum + item.transferSize, 0) / 1024,
      });
    }
    if (runs.length === 0) {
      console.log(`Lighthouse ${page}: no run finished (${failures.join(', ')})`);
      continue;
    }
    // The median run by performance score, as Lighthouse's own guidance suggests.
    const mid = runs.find((r) => r.performance === median(runs.map((x) => x.performance)));
    console.log(
      `Lighthouse ${page} (mobile, median of ${runs.length}): performance ${mid.performance}, accessibility ${mid.accessibility}, ` +
        `CLS ${mid.cls.toFixed(3)}, LCP ${(mid.lcp / 1000).toFixed(2)} s, FCP ${(mid.fcp / 1000).toFixed(2)} s, TBT ${Math.round(mid.tbt)} ms, ` +
        `JavaScript transferred ${mid.jsKb.toFixed(1)} KB` +
        ` [runs: ${runs.map((r) => `${r.performance} (TBT ${Math.round(r.tbt)} ms, LCP ${(r.lcp / 1000).toFixed(2)} s)`).join(', ')}; load average ${loadAverage()}]` +
        (failures.length ? ` (runs Lighthouse could not finish, run again: ${failures.join(', ')})` : ''),
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
}
