import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carModelImages, carModels, hotDeals } from '../../db/schema/catalog';

export type HotDealRow = typeof hotDeals.$inferSelect;

/** The hot deals table: what runs now for the promotions page, and every deal for the back office. */
export class DealsRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction, with a repository bound to it and the transaction (for the audit record). */
  transaction<T>(fn: (repo: DealsRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new DealsRepository(tx), tx));
  }

  /** Every deal, past, running and coming, in the order they start. */
  all() {
    return this.db.select().from(hotDeals).orderBy(asc(hotDeals.startsAt), asc(hotDeals.id));
  }

  async insert(values: typeof hotDeals.$inferInsert) {
    const [row] = await this.db.insert(hotDeals).values(values).returning();
    return row!;
  }

  async delete(id: number) {
    const [row] = await this.db.delete(hotDeals).where(eq(hotDeals.id, id)).returning();
    return row;
  }

  /** The names of these car models (those that exist). */
  async carNames(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({ id: carModels.id, brand: carModels.brand, model: carModels.model })
      .from(carModels)
      .where(inArray(carModels.id, ids));
  }

  /** Hot deals running now on active cars, ending soonest first. */
  async running(now: Date) {
    return this.db
      .select({
        id: hotDeals.id,
        carModelId: carModels.id,
        brand: carModels.brand,
        model: carModels.model,
        pricePerDay: carModels.pricePerDay,
        discountPercent: hotDeals.discountPercent,
        endsAt: hotDeals.endsAt,
        image: sql<string | null>`(SELECT ${carModelImages.url} FROM ${carModelImages}
          WHERE ${carModelImages.carModelId} = ${carModels.id}
          ORDER BY ${carModelImages.sortOrder}, ${carModelImages.id} LIMIT 1)`,
      })
      .from(hotDeals)
      .innerJoin(carModels, eq(carModels.id, hotDeals.carModelId))
      .where(and(lte(hotDeals.startsAt, now), gt(hotDeals.endsAt, now), eq(carModels.isActive, true)))
      .orderBy(asc(hotDeals.endsAt), asc(hotDeals.id));
  }
}
