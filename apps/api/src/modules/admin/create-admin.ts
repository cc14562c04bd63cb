import { randomBytes } from 'node:crypto';
import { emailSchema, passwordSchema } from '@siam/contract/auth';
import type { Database } from '../../db/client';
import type { users } from '../../db/schema/users';
import { assertNotCommonPassword, hashPassword } from '../users/passwords';
import { CreateAdminRepository } from './create-admin.repository';

export interface CreateAdminResult {
  email: string;
  /** 'created' a new account, 'promoted' an existing one, or it was an admin 'already'. */
  outcome: 'created' | 'promoted' | 'already';
  /** Only when we made it up: shown once, never stored in clear. */
  generatedPassword?: string;
  passwordChanged: boolean;
}

/** 24 characters from 18 random bytes (144 bits), URL-safe. */
export const generatePassword = () => randomBytes(18).toString('base64url');

/**
 * Makes `email` an admin: creates the account (with the given password or a
 * generated one) or promotes an existing one. Running it twice changes
 * nothing; a password is set on an existing account only when one is given.
 * The change is written to the audit log as done by the command line.
 */
export async function createAdmin(
  database: Database,
  input: { email: string; password?: string },
): Promise<CreateAdminResult> {
  const email = emailSchema.parse(input.email);
  if (input.password !== undefined) {
    passwordSchema.parse(input.password);
    assertNotCommonPassword(input.password, 'password');
  }
  const { db } = database;
  const generatedPassword = input.password === undefined ? generatePassword() : undefined;

  return new CreateAdminRepository(db).transaction(async (repo) => {
    const existing = await repo.lockByEmail(email);
    const actor = { actorId: null, actorEmail: 'cli:admin:create' };
    if (!existing) {
      const password = input.password ?? generatedPassword!;
      const row = await repo.insertAdmin(email, await hashPassword(password));
      await repo.audit({
        ...actor,
        entity: 'user',
        entityId: String(row.id),
        action: 'user.create_admin',
        after: { email, role: 'admin' },
      });
      return { email, outcome: 'created' as const, generatedPassword, passwordChanged: true };
    }
    const passwordChanged = input.password !== undefined;
    const changes: Partial<typeof users.$inferInsert> = {};
    if (existing.role !== 'admin') changes.role = 'admin';
    if (passwordChanged) changes.passwordHash = await hashPassword(input.password!);
    if (Object.keys(changes).length) {
      await repo.updateByEmail(email, changes);
      await repo.audit({
        ...actor,
        entity: 'user',
        entityId: String(existing.id),
        action: existing.role === 'admin' ? 'user.password_reset' : 'user.promote_admin',
        before: { role: existing.role },
        after: { role: 'admin', passwordChanged },
      });
    }
    return {
      email,
      outcome: existing.role === 'admin' ? ('already' as const) : ('promoted' as const),
      passwordChanged,
    };
  });
}
