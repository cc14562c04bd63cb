import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's recommended floor (19 MiB, 2 passes, 1 lane): about
 * 26-39 ms per hash measured on the 2-core machine (docs/decisions/0200), costly for an attacker with a
 * stolen table, cheap enough for sign-in. Algorithm 2 = Argon2id.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // malformed hash: never a match
  }
}

// Verified against when the email is unknown, so a wrong email costs the same
// time as a wrong password and timing does not tell which emails exist.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash;
}
