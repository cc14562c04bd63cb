// `node scripts/run-parallel.mjs lint typecheck build test:unit`: runs those npm scripts side by side and
// fails if any fails (after all have ended, so one run names every failing stage). ESLint, Prettier and
// tsc each keep one core busy, so on two cores two of them finish in about the time of the longer one
// (docs/decisions/3202-suite-speed.md); the build needs nothing they make (decision 3705); the unit and
// API tests leave a core idle while they wait on PostgreSQL and their stand-ins, which the checks fill
// (decision 3708). Each line a script prints is passed on whole as it comes, after the script's name, so
// two scripts never mix within a line and a long run shows its progress.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const started = Date.now();
const width = Math.max(...names.map((name) => name.length));

/** Passes a stream on line by line, each line after the script's name. */
function linesOf(stream, name, out) {
  let pending = '';
  const label = `${name.padEnd(width)} │ `;
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    if (lines.length) out.write(lines.map((line) => label + line + '\n').join(''));
  });
  stream.on('end', () => {
    if (pending) out.write(label + pending + '\n');
  });
}

console.log(`Running side by side: ${names.map((name) => `npm run ${name}`).join(', ')}`);
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      // On Windows npm is npm.cmd, which only a shell finds.
      const child = spawn('npm', ['run', '--silent', name], { shell: process.platform === 'win32' });
      linesOf(child.stdout, name, process.stdout);
      linesOf(child.stderr, name, process.stderr);
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        const outcome = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
        process.stdout.write(`── npm run ${name}: ${outcome} after ${seconds} s ──\n`);
        resolve(code === 0);
      });
    }),
);

const passed = await Promise.all(runs);
if (!passed.every(Boolean)) {
  console.error(`\nFailed: ${names.filter((_, i) => !passed[i]).join(', ')}`);
  process.exit(1);
}
