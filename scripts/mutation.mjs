// `npm run test:mutation [name …]`: one Stryker run per module listed in stryker.config.mjs (all of them,
// or those named, e.g. `npm run test:mutation totp deposits`), each with only its own test files, one
// after another; MUTATION_CONCURRENCY=2 runs two mutants at once, on a machine of your own. Prints a
// score per module at the end; reports in reports/mutation/<name>/ (index.html, mutation.json). Scores
// and the survivors' reasons: docs/mutation-scores.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mutationModuleName, mutationModules } from '../stryker.config.mjs';

const wanted = process.argv.slice(2);
const unknown = wanted.filter(
  (name) => !mutationModules.some((module) => mutationModuleName(module) === name),
);
if (unknown.length > 0) {
  console.error(
    `Unknown module(s): ${unknown.join(', ')}. Known: ${mutationModules.map(mutationModuleName).join(', ')}`,
  );
  process.exit(2);
}
const modules = wanted.length
  ? mutationModules.filter((m) => wanted.includes(mutationModuleName(m)))
  : mutationModules;

const rows = [];
for (const module of modules) {
  const name = mutationModuleName(module);
  const missing = module.tests.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    rows.push({ name, outcome: `test file(s) missing: ${missing.join(', ')}` });
    continue;
  }
  console.log(`\n── ${module.mutate} (${module.tests.length} test file(s)) ──`);
  const env = {
    ...process.env,
    MUTATION_MODULE: name,
    MUTATION_TESTS: module.tests.join(','),
    ...(module.unit && { MUTATION_UNIT: '1' }),
  };
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  if (run.status !== 0) {
    rows.push({ name, outcome: `Stryker failed (${run.signal ?? `exit ${run.status}`})` });
    continue;
  }
  const reportFile = `reports/mutation/${name}/mutation.json`;
  recheckStaticSurvivors(module, reportFile, env);
  rows.push({ name, ...score(reportFile) });
}

console.log('\nmodule                        score  killed  survived  no coverage  timeout');
for (const row of rows) {
  if (row.outcome) console.log(`${row.name.padEnd(28)}  ${row.outcome}`);
  else
    console.log(
      `${row.name.padEnd(28)} ${row.score.padStart(5)} %  ${String(row.killed).padStart(6)}  ${String(row.survived).padStart(8)}  ${String(row.noCoverage).padStart(11)}  ${String(row.timeout).padStart(7)}`,
    );
}
process.exit(rows.some((row) => row.outcome) ? 1 : 0);

/**
 * Stryker 9.6's Vitest runner activates a mutant of module-level code (a "static" mutant: a constant,
 * a schema) only after the module was loaded, so such a mutant survives whatever the tests say
 * (stryker-js issues 6144 and 6209). Each static survivor is put into the source by hand here, the
 * module's tests are run, and the source is put back; a failing run marks it killed in the report.
 */
function recheckStaticSurvivors(module, reportFile, env) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const entry = report.files[module.mutate];
  const survivors = entry?.mutants.filter((m) => m.static && m.status === 'Survived') ?? [];
  if (survivors.length === 0) return;
  console.log(`Re-checking ${survivors.length} static survivor(s) of ${module.mutate} by hand`);
  const original = readFileSync(module.mutate, 'utf8');
  const restore = () => writeFileSync(module.mutate, original);
  const interrupted = () => {
    restore();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    for (const mutant of survivors) {
      writeFileSync(module.mutate, applyMutant(original, mutant));
      const tests = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.mutation.config.ts'], {
        stdio: 'ignore',
        env,
        shell: process.platform === 'win32',
      });
      if (tests.status !== 0) {
        mutant.status = 'Killed';
        mutant.statusReason = 'Killed when put in by hand (a static mutant: stryker-js#6144)';
      }
      console.log(`  ${mutant.status} ${mutant.mutatorName} at line ${mutant.location.start.line}`);
    }
  } finally {
    restore();
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
  }
  // mutation.json (and the table below) carry the outcome; index.html keeps Stryker's own.
  writeFileSync(reportFile, JSON.stringify(report));
}

/** The source with the mutant's replacement in its place (lines and columns counted from 1). */
function applyMutant(source, { location, replacement }) {
  const lines = source.split('\n');
  const offset = ({ line, column }) =>
    lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0) + column - 1;
  return source.slice(0, offset(location.start)) + replacement + source.slice(offset(location.end));
}

/** Stryker's score: detected (killed + timeout) over valid mutants (all but compile errors and ignored). */
function score(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = { Killed: 0, Survived: 0, NoCoverage: 0, Timeout: 0 };
  for (const { mutants } of Object.values(report.files))
    for (const { status } of mutants) if (status in counts) counts[status] += 1;
  const valid = counts.Killed + counts.Survived + counts.NoCoverage + counts.Timeout;
  const detected = counts.Killed + counts.Timeout;
  return {
    score: valid ? ((100 * detected) / valid).toFixed(1) : '–',
    killed: counts.Killed,
    survived: counts.Survived,
    noCoverage: counts.NoCoverage,
    timeout: counts.Timeout,
  };
}
