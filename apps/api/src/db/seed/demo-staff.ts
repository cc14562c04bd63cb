import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/users';
import { hashPassword } from '../../modules/users/passwords';

/**
 * Demo back-office accounts, written only with the demo data (never in
 * production, where SEED_DEMO=false and `npm run admin:create` makes the
 * first admin). The README lists them.
 */
export const demoStaffAccounts = [
  { email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026', role: 'admin', firstName: 'Anong' },
  { email: 'staff@siamdrive.test', password: 'SiamDrive-staff-2026', role: 'staff', firstName: 'Somsak' },
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
        passwordHash: await hashPassword(account.password),
        role: account.role,
        firstName: account.firstName,
        lastName: 'Demo',
        language: 'th',
      })
      .onConflictDoNothing();
  }
}
