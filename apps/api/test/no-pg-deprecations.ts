import { afterAll, expect } from 'vitest';

// node-postgres 8 queues a query sent to a client that is still answering another (Promise.all over a
// repository bound to one transaction's client) and warns that pg 9 will throw instead. The warning is a
// deprecation, printed once a process and easy to miss; here the test file that causes it fails, so the
// day pg 9 is installed nothing breaks in production. Node emits a deprecation once a process, so only the
// first file of a worker to cause one fails: run a file on its own to find every place in it.

/** The warnings seen in this worker; one listener a process, though this file runs before every test file. */
const seen: string[] = ((globalThis as { pgDeprecations?: string[] }).pgDeprecations ??= (() => {
  const list: string[] = [];
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('pg@9')) list.push(warning.message);
  });
  return list;
})());
const before = seen.length;

afterAll(async () => {
  // Node emits a warning on a later tick than the call that caused it.
  await new Promise((resolve) => setImmediate(resolve));
  expect(seen.slice(before), 'node-postgres deprecations caused by this file').toEqual([]);
});
