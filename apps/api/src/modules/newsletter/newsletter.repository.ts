import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/content';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
export type SubscriberChange = Partial<typeof newsletterSubscribers.$inferInsert>;

export class NewsletterRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
    return row;
  }

  async findByConfirmHash(hash: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.confirmTokenHash, hash));
    return row;
  }

  async findByUnsubscribeToken(token: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token));
    return row;
  }

  /** Inserts a pending subscriber; when the address arrived at the same moment from elsewhere, returns undefined. */
  async insertPending(row: typeof newsletterSubscribers.$inferInsert): Promise<SubscriberRow | undefined> {
    const [created] = await this.db
      .insert(newsletterSubscribers)
      .values(row)
      .onConflictDoNothing()
      .returning();
    return created;
  }

  async update(id: number, change: SubscriberChange): Promise<void> {
    await this.db
      .update(newsletterSubscribers)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(newsletterSubscribers.id, id));
  }

  /** PDPA: sign-ups never confirmed are not kept. */
  async deleteUnconfirmedBefore(before: Date): Promise<void> {
    await this.db
      .delete(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.status, 'pending'),
          lt(newsletterSubscribers.consentRequestedAt, before),
        ),
      );
  }

  async confirmedCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, 'confirmed'));
    return row?.n ?? 0;
  }

  // ---------- the back office ----------

  /** Subscribers newest first, optionally of one status. */
  async page(status: SubscriberRow['status'] | undefined, limit: number, offset: number) {
    const where = status ? eq(newsletterSubscribers.status, status) : undefined;
    const rows = await this.db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(newsletterSubscribers).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async countsByStatus(): Promise<Record<SubscriberRow['status'], number>> {
    const rows = await this.db
      .select({ status: newsletterSubscribers.status, n: count() })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status);
    const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  /** Every confirmed subscriber, in the order they confirmed (the export). */
  async confirmed() {
    return this.db
      .select({
        email: newsletterSubscribers.email,
        language: newsletterSubscribers.language,
        confirmedAt: newsletterSubscribers.confirmedAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, 'confirmed'))
      .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.id));
  }
}
