import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviews } from '../../db/schema/content';
import { users } from '../../db/schema/users';

export type ReviewRow = typeof reviews.$inferSelect;
/** Writes the audit record of a moderation in the moderation's own transaction. */
export type ModerationRecorder = (tx: Db, before: ReviewRow, after: ReviewRow) => Promise<void>;

export class ReviewsRepository {
  constructor(private readonly db: Db) {}

  async findByBooking(bookingId: number): Promise<ReviewRow | undefined> {
    const [row] = await this.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
    return row;
  }

  async findById(id: number): Promise<ReviewRow | undefined> {
    const [row] = await this.db.select().from(reviews).where(eq(reviews.id, id));
    return row;
  }

  /** Returns undefined when the booking got a review at the same moment (unique booking_id). */
  async insert(row: typeof reviews.$inferInsert): Promise<ReviewRow | undefined> {
    const [created] = await this.db.insert(reviews).values(row).onConflictDoNothing().returning();
    return created;
  }

  async setCoupon(id: number, code: string, description: Record<string, string>): Promise<void> {
    await this.db
      .update(reviews)
      .set({ couponCode: code, couponDescription: description as ReviewRow['couponDescription'] })
      .where(eq(reviews.id, id));
  }

  async byUser(userId: number): Promise<ReviewRow[]> {
    return this.db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(desc(reviews.createdAt));
  }

  async forStaff(status?: ReviewRow['status']) {
    return this.db
      .select({
        review: reviews,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(status ? eq(reviews.status, status) : undefined)
      .orderBy(desc(reviews.createdAt))
      .limit(200);
  }

  /**
   * Approves a review and publishes it as a testimonial (the home page's
   * testimonials endpoint reads that table), in one transaction.
   */
  async approve(
    id: number,
    staffId: number,
    publicName: string,
    city: Record<string, string>,
    record: ModerationRecorder,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!before) return false;
      const [row] = await tx
        .update(reviews)
        .set({ status: 'approved', reviewedBy: staffId, reviewedAt: new Date() })
        .where(eq(reviews.id, id))
        .returning();
      if (!row) return false;
      await record(tx as unknown as Db, before, row);
      const text = JSON.stringify({ th: row.text, en: row.text, zh: row.text });
      await tx.execute(sql`INSERT INTO testimonials (name, city, rating, text, car_model_id, is_published, review_id)
        VALUES (${publicName}, ${JSON.stringify(city)}::jsonb, ${row.rating}, ${text}::jsonb, ${row.carModelId}, true, ${row.id})
        ON CONFLICT (review_id) DO UPDATE SET is_published = true`);
      return true;
    });
  }

  async reject(id: number, staffId: number, record: ModerationRecorder): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!before) return false;
      const [row] = await tx
        .update(reviews)
        .set({ status: 'rejected', reviewedBy: staffId, reviewedAt: new Date() })
        .where(eq(reviews.id, id))
        .returning();
      if (!row) return false;
      await record(tx as unknown as Db, before, row);
      await tx.execute(sql`DELETE FROM testimonials WHERE review_id = ${id}`);
      return true;
    });
  }

  /** Erasure: the customer's reviews go, and with them (ON DELETE CASCADE) any testimonial made from them. */
  async deleteByUser(userId: number): Promise<void> {
    await this.db.delete(reviews).where(eq(reviews.userId, userId));
  }

  async userName(userId: number) {
    const [row] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }
}
