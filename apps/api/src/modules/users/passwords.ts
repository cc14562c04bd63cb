import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/app-error';

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

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common: choose one that is harder to guess';

/**
 * The 49,233 passwords of zxcvbn's common list (the most used ones of published breaches), lower-cased:
 * a guessing script tries these first, so none of them is accepted as a new password, in any case.
 * Built on first use; shipped in the npm package, nothing is fetched.
 */
let common: Set<string> | undefined;
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * A new password (registration, change, reset, an admin made on the command line) must not be
 * a common one. Its length is the contract's passwordSchema, checked with the request; passwords
 * set before the rules only have to match at sign-in.
 */
export function assertNotCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, [
      { path: field, message: COMMON_PASSWORD_MESSAGE },
    ]);
}
