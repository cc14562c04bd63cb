import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Language } from '@siam/contract/languages';
import type { Db } from '../../db/client';
import { rentalConditions } from '../../db/schema/catalog';
import { articles, type PartialLocalized } from '../../db/schema/content';

export type ArticleRow = typeof articles.$inferSelect;
export type RentalConditionRow = typeof rentalConditions.$inferSelect;
type Kind = RentalConditionRow['kind'];

export interface ArticleValues {
  slug: string;
  title: PartialLocalized;
  excerpt: PartialLocalized;
  body: PartialLocalized;
  coverImage: string;
  isPublished: boolean;
}

/** Plain typed queries on the articles and rental_conditions tables, for the back office. */
export class ContentAdminRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaction<T>(fn: (repo: ContentAdminRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      return fn(new ContentAdminRepository(db), db);
    });
  }

  // ---------- articles ----------

  articles(): Promise<ArticleRow[]> {
    // Drafts first (they are being worked on), then the newest published.
    return this.db
      .select()
      .from(articles)
      .orderBy(asc(articles.isPublished), desc(articles.publishedAt), desc(articles.id))
      .limit(500);
  }

  async article(id: number, lock = false): Promise<ArticleRow | undefined> {
    const query = this.db.select().from(articles).where(eq(articles.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async insertArticle(values: ArticleValues): Promise<ArticleRow> {
    const [row] = await this.db
      .insert(articles)
      .values({ ...values, publishedAt: new Date() })
      .returning();
    return row!;
  }

  async updateArticle(id: number, values: Partial<ArticleValues> & { publishedAt?: Date }) {
    const [row] = await this.db
      .update(articles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(articles.id, id))
      .returning();
    return row;
  }

  async deleteArticle(id: number): Promise<void> {
    await this.db.delete(articles).where(eq(articles.id, id));
  }

  async coverImages(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ coverImage: articles.coverImage })
      .from(articles)
      .orderBy(asc(articles.coverImage));
    return rows.map((r) => r.coverImage);
  }

  // ---------- rental conditions ----------

  rentalConditions(kind?: Kind): Promise<RentalConditionRow[]> {
    return this.db
      .select()
      .from(rentalConditions)
      .where(kind ? eq(rentalConditions.kind, kind) : undefined)
      .orderBy(asc(rentalConditions.kind), asc(rentalConditions.sortOrder), asc(rentalConditions.id));
  }

  async rentalCondition(id: number): Promise<RentalConditionRow | undefined> {
    const [row] = await this.db.select().from(rentalConditions).where(eq(rentalConditions.id, id));
    return row;
  }

  /** Locks a kind's conditions so two reorders or additions do not interleave. */
  async lockKind(kind: Kind): Promise<void> {
    await this.db.execute(sql`SELECT id FROM rental_conditions WHERE kind = ${kind} FOR UPDATE`);
  }

  async insertRentalCondition(kind: Kind, text: Record<Language, string>): Promise<RentalConditionRow> {
    const [row] = await this.db
      .insert(rentalConditions)
      .values({
        kind,
        text,
        // Added at the end of its list.
        sortOrder: sql`(SELECT coalesce(max(sort_order), 0) + 1 FROM rental_conditions WHERE kind = ${kind})`,
      })
      .returning();
    return row!;
  }

  async updateRentalConditionText(id: number, text: Record<Language, string>) {
    const [row] = await this.db
      .update(rentalConditions)
      .set({ text })
      .where(eq(rentalConditions.id, id))
      .returning();
    return row;
  }

  async setSortOrder(id: number, sortOrder: number): Promise<void> {
    await this.db.update(rentalConditions).set({ sortOrder }).where(eq(rentalConditions.id, id));
  }

  async deleteRentalCondition(id: number): Promise<void> {
    await this.db.delete(rentalConditions).where(eq(rentalConditions.id, id));
  }
}
