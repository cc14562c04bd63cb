#!/usr/bin/env node
/**
 * Where the suite's time goes: reads Playwright's and Vitest's JSON reports and prints the slowest
 * tests and the time summed per file (worker time: what the file costs the workers, all retries
 * included), slowest first.
 *
 *   E2E_PORT=3440 PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/e2e.json npx playwright test --reporter=json,line
 *   npx vitest run --reporter=json --outputFile=/tmp/unit.json --reporter=default
 *   VITEST_JSON_REPORT=/tmp/unit.json PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/e2e.json npm test   # both, the whole suite
 *   node bench/suite-times.mjs /tmp/e2e.json /tmp/unit.json      # each report on its own
 *   node bench/suite-times.mjs before.json after.json             # two of one kind: per file, side by side
 *   node bench/suite-times.mjs --repeats /tmp/e2e.json            # what journeys' other languages cost
 *
 * Options: --top N (slowest tests shown, 15 by default); --repeats (Playwright: journeys whose titles
 * differ only in their language or width, grouped, with what the runs after the first cost: the figures
 * for a decision on coverage, decision 3709). A report's kind is read from its content.
 * Figures from a busy machine are its own: compare two reports taken in the same conditions, and read
 * the load average printed beside each run (docs/decisions/3700-suite-under-twenty-minutes.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
let top = 15;
let repeats = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--top') top = Number(args[++i]);
  else if (args[i] === '--repeats') repeats = true;
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: node bench/suite-times.mjs [--top N] report.json [other-report.json …]');
  process.exit(2);
}

const relative = (file) => path.relative(process.cwd(), path.resolve(file));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => `${(ms / 60000).toFixed(1)} min`;

/** Playwright's report: files → (nested) suites → specs → a test per project → a result per try. */
function playwrightTimes(report) {
  const tests = [];
  const walk = (suite, file) => {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        const results = t.results ?? [];
        tests.push({
          file: where,
          name: `[${t.projectName}] ${spec.title}`,
          duration: results.reduce((sum, r) => sum + (r.duration ?? 0), 0),
          tries: results.length,
          status: results.at(-1)?.status ?? 'skipped',
        });
      }
    for (const inner of suite.suites ?? []) walk(inner, where);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return { kind: 'playwright', wall: report.stats?.duration, tests };
}

/**
 * Vitest's report (Jest's shape): a file's time is its end minus its start: its hooks (a database's
 * start-up in beforeAll) and tests, not the import of its modules before them.
 */
function vitestTimes(report) {
  const tests = [];
  const perFile = new Map();
  for (const file of report.testResults ?? []) {
    const name = relative(file.name);
    perFile.set(name, (file.endTime ?? 0) - (file.startTime ?? 0));
    for (const a of file.assertionResults ?? [])
      tests.push({
        file: name,
        name: a.fullName ?? a.title,
        duration: a.duration ?? 0,
        tries: 1,
        status: a.status,
      });
  }
  // The run's start (global set-up included) to the last file's end.
  const starts = [report.startTime, ...(report.testResults ?? []).map((f) => f.startTime)].filter(Boolean);
  const ends = (report.testResults ?? []).map((f) => f.endTime).filter(Boolean);
  const wall = starts.length ? Math.max(...ends) - Math.min(...starts) : undefined;
  return { kind: 'vitest', wall, tests, perFile };
}

function read(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (Array.isArray(report.testResults)) return vitestTimes(report);
  if (Array.isArray(report.suites)) return playwrightTimes(report);
  throw new Error(`${file}: neither a Playwright nor a Vitest JSON report`);
}

function fileSums(times) {
  const sums = new Map();
  for (const t of times.tests) {
    const s = sums.get(t.file) ?? { ms: 0, tests: 0 };
    s.tests++;
    // Playwright: the sum of its tests' tries. Vitest: the file's own time (set-up and databases included).
    if (times.kind === 'playwright') s.ms += t.duration;
    sums.set(t.file, s);
  }
  if (times.perFile)
    for (const [file, ms] of times.perFile) sums.set(file, { ...(sums.get(file) ?? { tests: 0 }), ms });
  return [...sums].sort((a, b) => b[1].ms - a[1].ms);
}

function print(file, times) {
  const total = times.tests.reduce((sum, t) => sum + t.duration, 0);
  const counts = {};
  for (const t of times.tests) counts[t.status] = (counts[t.status] ?? 0) + 1;
  console.log(`\n== ${file} (${times.kind})`);
  console.log(
    `tests ${times.tests.length} (${Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}); wall ${times.wall ? minutes(times.wall) : '?'}; tests' time summed ${minutes(total)}`,
  );
  console.log(`\nslowest ${top} tests:`);
  for (const t of [...times.tests].sort((a, b) => b.duration - a.duration).slice(0, top))
    console.log(
      `  ${seconds(t.duration).padStart(9)}  ${t.file} › ${t.name}${t.tries > 1 ? ` (${t.tries} tries)` : ''}`,
    );
  const sums = fileSums(times);
  const all = sums.reduce((sum, [, s]) => sum + s.ms, 0);
  console.log(`\nper file (${sums.length} files, ${minutes(all)} summed):`);
  for (const [name, s] of sums)
    console.log(
      `  ${seconds(s.ms).padStart(9)}  ${String(((100 * s.ms) / (all || 1)).toFixed(1)).padStart(5)} %  ${String(s.tests).padStart(3)} tests  ${name}`,
    );
}

/**
 * A journey's title without its language and width: "[th]", "(zh, 390 px)", "in en", "(English)" and the
 * like become "~", so the runs of one path in several languages fall into one group.
 */
const withoutLanguage = (title) =>
  title
    .replace(
      /\[(?:th|en|zh)\b[^\]]*\]|\((?:th|en|zh)\b[^)]*\)|\b(?:in|at) (?:th|en|zh)\b| (?:th|en|zh)$/g,
      '~',
    )
    .replace(/\b(?:English|Thai|Chinese)\b/g, '~');

function printRepeats(file, times) {
  const groups = new Map();
  for (const t of times.tests) {
    if (t.status === 'skipped') continue;
    const key = `${t.file} › ${withoutLanguage(t.name)}`;
    const g = groups.get(key) ?? { runs: 0, ms: 0 };
    g.runs++;
    g.ms += t.duration;
    groups.set(key, g);
  }
  const rows = [...groups]
    .filter(([, g]) => g.runs > 1)
    .map(([key, g]) => ({ key, ...g, after: g.ms - g.ms / g.runs }))
    .sort((a, b) => b.after - a.after);
  const all = times.tests.reduce((sum, t) => sum + t.duration, 0);
  const after = rows.reduce((sum, r) => sum + r.after, 0);
  console.log(`\n== ${file}: journeys run in more than one language or width (${rows.length} groups)`);
  console.log('  runs after the first (the average run, times the runs less one) · runs · all runs');
  for (const r of rows)
    console.log(`  ${seconds(r.after).padStart(9)}  ${r.runs}  ${seconds(r.ms).padStart(9)}  ${r.key}`);
  console.log(
    `  ${seconds(after)} of the ${minutes(all)} of worker time (${((100 * after) / (all || 1)).toFixed(1)} %) are runs after a group's first`,
  );
}

const reports = files.map((f) => [f, read(f)]);
for (const [file, times] of reports) {
  if (repeats && times.kind === 'playwright') printRepeats(file, times);
  else print(file, times);
}

if (reports.length === 2 && reports[0][1].kind === reports[1][1].kind) {
  const [before, after] = reports.map(([, t]) => new Map(fileSums(t)));
  const names = [...new Set([...before.keys(), ...after.keys()])];
  const rows = names
    .map((n) => ({ n, b: before.get(n), a: after.get(n) }))
    .sort((x, y) => (y.b?.ms ?? 0) - (x.b?.ms ?? 0));
  console.log(`\nper file, ${reports[0][0]} → ${reports[1][0]}:`);
  for (const { n, b, a } of rows)
    console.log(
      `  ${(b ? `${seconds(b.ms)} (${b.tests})` : '—').padStart(14)} → ${(a ? `${seconds(a.ms)} (${a.tests})` : '—').padStart(14)}  ${n}`,
    );
  const sum = (m) => [...m.values()].reduce((s, x) => s + x.ms, 0);
  console.log(`  ${minutes(sum(before)).padStart(14)} → ${minutes(sum(after)).padStart(14)}  summed`);
}
