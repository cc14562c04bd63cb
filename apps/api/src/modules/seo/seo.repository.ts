import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carModelImages, carModels } from '../../db/schema/catalog';

/** Car facts for share previews and the sitemap, read straight from the catalog tables. */
export class SeoRepository {
  constructor(private readonly db: Db) {}

  async activeCars() {
    return this.db
      .select({ id: carModels.id, updatedAt: carModels.updatedAt })
      .from(carModels)
      .where(eq(carModels.isActive, true))
      .orderBy(asc(carModels.sortOrder), asc(carModels.id));
  }

  async activeCar(id: number) {
    const [row] = await this.db
      .select({
        id: carModels.id,
        brand: carModels.brand,
        model: carModels.model,
        description: carModels.description,
        pricePerDay: carModels.pricePerDay,
        image: sql<string | null>`(SELECT ${carModelImages.url} FROM ${carModelImages}
          WHERE ${carModelImages.carModelId} = ${carModels.id}
          ORDER BY ${carModelImages.sortOrder}, ${carModelImages.id} LIMIT 1)`,
      })
      .from(carModels)
      .where(and(eq(carModels.id, id), eq(carModels.isActive, true)));
    return row;
  }
}
