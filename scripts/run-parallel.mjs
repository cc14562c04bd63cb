// `node scripts/run-parallel.mjs lint typecheck`: runs those npm scripts side by side and fails if
// any fails. ESLint, Prettier and tsc each keep one core busy, so on two cores two of them finish
// in about the time of the longer one (docs/decisions/3202-suite-speed.md). Each script's output
// is held and printed whole when it ends, so the two never interleave line by line.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const started = Date.now();
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      // On Windows npm is npm.cmd, which only a shell finds.
      const child = spawn('npm', ['run', '--silent', name], { shell: process.platform === 'win32' });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        const outcome = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
        process.stdout.write(`\n── npm run ${name}: ${outcome} after ${seconds} s ──\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);

const passed = await Promise.all(runs);
if (!passed.every(Boolean)) {
  console.error(`\nFailed: ${names.filter((_, i) => !passed[i]).join(', ')}`);
  process.exit(1);
}
