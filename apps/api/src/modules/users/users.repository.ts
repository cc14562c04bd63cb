import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import { users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;

/** The sign-in providers an account can be linked to, and the column holding each one's id for the person. */
export type ProviderName = 'google' | 'facebook' | 'line';
export const providerFields = { google: 'googleSub', facebook: 'facebookId', line: 'lineUserId' } as const;
const providerColumns = { google: users.googleSub, facebook: users.facebookId, line: users.lineUserId };

/** Plain typed queries on customers and staff. Emails are compared lower-cased (unique index on lower(email)). */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Inserts a user; returns undefined when the email is taken (no exception, no race). */
  async insert(values: typeof users.$inferInsert): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  async update(id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async findByProvider(provider: ProviderName, subject: string): Promise<UserRow | undefined> {
    const column = providerColumns[provider];
    const [row] = await this.db.select().from(users).where(eq(column, subject));
    return row;
  }

  /** LINE off the account, with what else goes with it (`alsoInTx`: line/'s unsent messages) in one transaction. */
  async disconnectLine(id: number, alsoInTx?: (tx: Db) => Promise<void>): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      await alsoInTx?.(tx);
      const [row] = await tx
        .update(users)
        .set({ lineUserId: null, lineFriend: false, lineFriendChangedAt: null, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    });
  }

  /** Returns whether an account has this LINE user id (a friendship change for a stranger is ignored). */
  async setLineFriend(lineUserId: string, friend: boolean, at: Date): Promise<boolean> {
    const changed = await this.db
      .update(users)
      .set({ lineFriend: friend, lineFriendChangedAt: at, updatedAt: new Date() })
      .where(
        and(
          eq(users.lineUserId, lineUserId),
          or(isNull(users.lineFriendChangedAt), lte(users.lineFriendChangedAt, at)),
        ),
      )
      .returning({ id: users.id });
    return changed.length > 0;
  }

  /**
   * Erasure (PDPA): the row stays, so records the law keeps can still point
   * at it, but nothing in it identifies the person any more.
   */
  async anonymise(id: number): Promise<void> {
    await this.db
      .update(users)
      .set({
        email: `deleted-${id}@deleted.invalid`,
        passwordHash: null,
        firstName: '',
        lastName: '',
        phone: '',
        googleSub: null,
        facebookId: null,
        lineUserId: null,
        lineFriend: false,
        avatarUrl: null,
        taxBuyer: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
  }

  /** The company details a customer keeps for full tax invoices (null: none, or erased), read in `ex`. */
  async taxBuyer(ex: Executor, userId: number) {
    const [row] = await rows<{ tax_buyer: TaxBuyer | null }>(
      ex,
      sql`SELECT tax_buyer FROM users WHERE id = ${userId}`,
    );
    return row?.tax_buyer ?? null;
  }

  /** Keeps (or, null, forgets) the customer's company details, in `ex` (a checkout's transaction). */
  async saveTaxBuyer(ex: Executor, userId: number, buyer: TaxBuyer | null) {
    await ex.execute(
      sql`UPDATE users SET tax_buyer = ${buyer ? JSON.stringify(buyer) : null}::jsonb WHERE id = ${userId}`,
    );
  }
}
