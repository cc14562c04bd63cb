import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { articles } from '../../db/schema/content';

export type ArticleRow = typeof articles.$inferSelect;

export class ArticlesRepository {
  constructor(private readonly db: Db) {}

  async listPublished(now: Date, offset: number, limit: number) {
    const visible = and(eq(articles.isPublished, true), lte(articles.publishedAt, now));
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(articles)
        .where(visible)
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(articles).where(visible),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async findPublishedBySlug(slug: string, now: Date): Promise<ArticleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(articles)
      .where(and(eq(articles.slug, slug), eq(articles.isPublished, true), lte(articles.publishedAt, now)));
    return row;
  }

  async allPublished(now: Date) {
    return this.db
      .select({ slug: articles.slug, updatedAt: articles.updatedAt, coverImage: articles.coverImage })
      .from(articles)
      .where(and(eq(articles.isPublished, true), lte(articles.publishedAt, now)))
      .orderBy(desc(articles.publishedAt));
  }
}
