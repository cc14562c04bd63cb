import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuditAction, AuditEntity } from '@siam/contract/audit-events';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';

const eqLower = (email: string) => eq(sql`lower(${users.email})`, email);

/** The rows `createAdmin` reads and writes (users, audit_log), inside its one transaction. */
export class CreateAdminRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction with this repository bound to it. */
  transaction<T>(fn: (repo: CreateAdminRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new CreateAdminRepository(tx)));
  }

  /** The account with this address (any case), locked until the transaction ends. */
  async lockByEmail(email: string) {
    const [existing] = await this.db.select().from(users).where(eqLower(email)).for('update');
    return existing;
  }

  async insertAdmin(email: string, passwordHash: string) {
    const [row] = await this.db
      .insert(users)
      .values({ email, passwordHash, role: 'admin', firstName: 'Admin' })
      .returning({ id: users.id });
    return row!;
  }

  async updateByEmail(email: string, changes: Partial<typeof users.$inferInsert>) {
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eqLower(email));
  }

  /** The CLI's own audit row: one of the listed events (@siam/contract/audit-events). */
  async audit(entry: typeof auditLog.$inferInsert & { entity: AuditEntity; action: AuditAction }) {
    await this.db.insert(auditLog).values(entry);
  }
}
