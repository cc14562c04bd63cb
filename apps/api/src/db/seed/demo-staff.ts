import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/users';

/**
 * Demo back-office accounts, written only with the demo data (never in
 * production, where SEED_DEMO=false and `npm run admin:create` makes the
 * first admin). The README lists them. The hashes are of the documented
 * passwords (Argon2id, the same settings as modules/users/passwords.ts),
 * stored ready-made so every seeded test database does not pay for hashing.
 */
export const demoStaffAccounts = [
  {
    email: 'admin@siamdrive.test',
    password: 'SiamDrive-admin-2026',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$YMtrGeKI2btMtoH4eftoeA$kVO8skbwWoCGfu5pb90STof0DYRfsJCfpPjJM1teyrE',
    role: 'admin',
    firstName: 'Anong',
  },
  {
    email: 'staff@siamdrive.test',
    password: 'SiamDrive-staff-2026',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$pyIc8qi2odqvsn8Ar2fIoA$1tBNybX/p0HTsCVu0uRtPPIqBJVwR1KL5SmdrNqcwHw',
    role: 'staff',
    firstName: 'Somsak',
  },
] as const;

export async function seedDemoStaff(database: Database): Promise<void> {
  for (const account of demoStaffAccounts) {
    const [existing] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${account.email}`);
    if (existing) continue;
    await database.db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: account.passwordHash,
        role: account.role,
        firstName: account.firstName,
        lastName: 'Demo',
        language: 'th',
      })
      .onConflictDoNothing();
  }
}
