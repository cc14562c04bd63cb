// What one password hash costs on this machine, with the parameters the API uses
// (apps/api/src/modules/users/passwords.ts: Argon2id, 19 MiB, 2 passes, 1 lane).
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function argon2Cost(runs = 15) {
  await hash('warm-up', OPTIONS);
  const hashes = [];
  const verifies = [];
  let last = '';
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await hash(`secret-${i}`, OPTIONS);
    hashes.push(performance.now() - started);
  }
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await verify(last, 'wrong-password');
    verifies.push(performance.now() - started);
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { hashMs: median(hashes), verifyMs: median(verifies) };
}
