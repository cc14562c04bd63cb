import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carModelImages, carModels, hotDeals } from '../../db/schema/catalog';

export class DealsRepository {
  constructor(private readonly db: Db) {}

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
