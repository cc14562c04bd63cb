import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches, carModels, categories, rentalConditions, testimonials } from '../../db/schema/catalog';

/**
 * The catalog's reference lists, read by every page beside the cars: branches (with their closed days),
 * categories, the rental conditions, and published reviews with a model's rating. The cars themselves
 * (listing, availability, prices, pictures, deals) are CatalogRepository's.
 */
export class CatalogReferenceRepository {
  constructor(private readonly db: Db) {}

  /** Active branches; with a model, only those where it has an in-service unit. */
  async branches(modelId?: number) {
    const hasModel =
      modelId === undefined
        ? undefined
        : sql`EXISTS (SELECT 1 FROM vehicle_units u WHERE u.branch_code = ${branches.code}
            AND u.car_model_id = ${modelId} AND u.status = 'in_service')`;
    return this.db
      .select({
        code: branches.code,
        name: branches.name,
        address: branches.address,
        phone: branches.phone,
        isAirport: branches.isAirport,
        opensAt: branches.opensAt,
        closesAt: branches.closesAt,
        minRentalHours: branches.minRentalHours,
        outOfHoursOpensAt: branches.outOfHoursOpensAt,
        outOfHoursClosesAt: branches.outOfHoursClosesAt,
        outOfHoursFee: branches.outOfHoursFee,
        counterPlace: branches.counterPlace,
        closedOn: sql<string[]>`ARRAY(SELECT to_char(c.closed_on, 'YYYY-MM-DD') FROM branch_closures c
          WHERE c.branch_code = ${branches.code} AND c.closed_on >= (now() AT TIME ZONE 'Asia/Bangkok')::date
          ORDER BY c.closed_on)`,
      })
      .from(branches)
      .where(and(eq(branches.isActive, true), hasModel))
      .orderBy(asc(branches.sortOrder), asc(branches.code));
  }

  async branchExists(code: string): Promise<boolean> {
    const [row] = await this.db
      .select({ code: branches.code })
      .from(branches)
      .where(and(eq(branches.code, code), eq(branches.isActive, true)));
    return row !== undefined;
  }

  async categories() {
    return this.db
      .select({ id: categories.id, slug: categories.slug, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id));
  }

  async rentalConditions(kind: 'included' | 'not_included') {
    return this.db
      .select({ id: rentalConditions.id, text: rentalConditions.text })
      .from(rentalConditions)
      .where(eq(rentalConditions.kind, kind))
      .orderBy(asc(rentalConditions.sortOrder), asc(rentalConditions.id));
  }

  /** A model's published reviews: how many, and their average rating. */
  async carRating(carModelId: number) {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        average: sql<string | null>`round(avg(${testimonials.rating}), 1)::text`,
      })
      .from(testimonials)
      .where(and(eq(testimonials.isPublished, true), eq(testimonials.carModelId, carModelId)));
    return { count: row?.count ?? 0, average: row?.average ? Number(row.average) : 0 };
  }

  async testimonials(limit: number, carModelId?: number) {
    return this.db
      .select({
        id: testimonials.id,
        name: testimonials.name,
        city: testimonials.city,
        rating: testimonials.rating,
        text: testimonials.text,
        carModelId: testimonials.carModelId,
        brand: carModels.brand,
        model: carModels.model,
        createdAt: testimonials.createdAt,
      })
      .from(testimonials)
      .leftJoin(carModels, eq(carModels.id, testimonials.carModelId))
      .where(
        and(
          eq(testimonials.isPublished, true),
          carModelId === undefined ? undefined : eq(testimonials.carModelId, carModelId),
        ),
      )
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(limit);
  }
}
