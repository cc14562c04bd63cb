import { and, eq, lt, sql } from 'drizzle-orm';
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
}
