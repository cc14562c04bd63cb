import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A process that calls logProcessExits() and then `script`: what it wrote on stderr (one JSON
 * object a line) and how it ended. It runs the TypeScript source through tsx, as `npm run dev` does.
 */
function run(script: string, signal?: NodeJS.Signals) {
  const module = path.join(import.meta.dirname, 'process-exits.ts');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import(${JSON.stringify(module)}).then((m) => { m.logProcessExits(); console.log('ready'); ${script} });`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    if (signal && chunk.toString().includes('ready')) child.kill(signal);
  });
  return new Promise<{ code: number | null; lines: Record<string, unknown>[] }>((resolve) =>
    child.on('close', (code) =>
      resolve({
        code,
        lines: stderr
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      }),
    ),
  );
}

// Issue 31: a server that ended without a word could not be explained.
describe('every end of the server process says why', () => {
  it('a promise rejection nobody caught: its error, then exit code 1', async () => {
    const { code, lines } = await run(`Promise.reject(new Error('the database went away'));`);
    expect(code).toBe(1);
    expect(lines.map((l) => l.msg)).toEqual([
      'the process ends: a promise rejection nobody caught',
      'the process exits with code 1',
    ]);
    expect(lines[0]).toMatchObject({ level: 60, err: { message: 'the database went away' } });
  }, 30_000);

  it('an exception nobody caught', async () => {
    const { code, lines } = await run(`setTimeout(() => { throw new TypeError('no such thing'); });`);
    expect(code).toBe(1);
    expect(lines[0]).toMatchObject({
      msg: 'the process ends: an exception nobody caught',
      err: { type: 'TypeError', message: 'no such thing' },
    });
  }, 30_000);

  it('a hang-up signal, and an exit by hand with its code', async () => {
    const hangUp = await run(`setInterval(() => {}, 1000);`, 'SIGHUP');
    expect(hangUp.code).toBe(129);
    expect(hangUp.lines.map((l) => l.msg)).toEqual([
      'the process ends: SIGHUP',
      'the process exits with code 129',
    ]);
    const byHand = await run(`process.exit(3);`);
    expect(byHand.code).toBe(3);
    expect(byHand.lines.map((l) => l.msg)).toEqual(['the process exits with code 3']);
  }, 30_000);
});
