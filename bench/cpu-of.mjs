#!/usr/bin/env node
/**
 * What a command costs the machine: its wall time and the CPU of its whole process tree (every
 * browser, server and worker it starts, even those that exit before it does), with the load
 * average and the machine's idle share beside them. The suite is CPU-bound on two cores, so its CPU
 * is what a change to it saves or costs; wall time on a shared machine says less (decision 3704).
 *
 *   node bench/cpu-of.mjs -- npx playwright test e2e/catalog.spec.ts --reporter=dot
 *   CI=true node bench/cpu-of.mjs -- npm run test:e2e
 *
 * The tree's CPU is read from a cgroup of its own (cgroup v1's cpuacct, as on this machine; needs
 * root). Where none can be made, only the machine's CPU is printed, which counts everything running.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { loadAverage } from './start-server.mjs';

const args = process.argv.slice(2);
const command = args[0] === '--' ? args.slice(1) : args;
if (command.length === 0) {
  console.error('usage: node bench/cpu-of.mjs -- <command> [args…]');
  process.exit(2);
}

/** The machine's CPU time so far, in clock ticks: all of it and the idle part (/proc/stat). */
function machine() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = fields.slice(0, 8).map(Number);
  return { total: ticks.reduce((a, b) => a + b, 0), idle: ticks[3] + ticks[4] };
}

const group = `/sys/fs/cgroup/cpuacct/siam-cpu-of-${process.pid}`;
let grouped = false;
try {
  mkdirSync(group);
  writeFileSync(`${group}/cpuacct.usage`, '0');
  grouped = true;
} catch {
  console.error(`(no cgroup at ${group}: only the machine's CPU is measured)`);
}

const loadBefore = loadAverage();
const before = machine();
const started = process.hrtime.bigint();
// The shell puts itself into the group, then becomes the command: everything it starts is counted.
const child = spawn(
  'sh',
  ['-c', grouped ? `echo $$ > ${group}/cgroup.procs && exec "$@"` : 'exec "$@"', 'cpu-of', ...command],
  { stdio: 'inherit' },
);
const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
const wall = Number(process.hrtime.bigint() - started) / 1e9;
const after = machine();
const idle = (100 * (after.idle - before.idle)) / (after.total - before.total);

const lines = [`wall ${wall.toFixed(1)} s, exit ${code}`];
if (grouped) {
  const cpu = Number(readFileSync(`${group}/cpuacct.usage`, 'utf8')) / 1e9;
  const [user, system] = readFileSync(`${group}/cpuacct.stat`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => Number(line.split(' ')[1]) / 100);
  lines.push(
    `CPU of the command's processes ${cpu.toFixed(1)} s (user ${user.toFixed(1)}, system ${system.toFixed(1)}): ${(cpu / wall).toFixed(2)} of ${os.cpus().length} cores`,
  );
  // Empty by now (every process of the tree has exited), so the group can go.
  try {
    rmdirSync(group);
  } catch {
    console.error(`(a process of the command outlived it; ${group} is left)`);
  }
}
lines.push(
  `machine idle ${idle.toFixed(0)} % over the run; load average ${loadBefore} before, ${loadAverage()} after`,
);
console.log(lines.join('\n'));
process.exit(code);
