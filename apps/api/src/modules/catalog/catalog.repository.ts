import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { CarSort } from '@siam/contract/catalog-rules';
import type { Language } from '@siam/contract/languages';
import type { Db } from '../../db/client';
import {
  branches,
  carModelFeatures,
  carModelImages,
  carModels,
  categories,
  features,
  hotDeals,
  rentalConditions,
  testimonials,
} from '../../db/schema/catalog';

export interface CarFilter {
  categoryId?: number;
  type?: string;
  search?: string;
  isActive: boolean;
  priceRange?: [number, number];
  /** A unit must be free over [from, to): pickup 09:00 to return 18:00 + turnaround. */
  period?: { from: Date; to: Date };
  branch?: string;
  /** The moment deals are judged at (the price filter and sorts use the price after a running deal). */
  now: Date;
}

/** The columns a listing card needs, localized texts still as {th, en, zh}. */
const cardColumns = {
  id: carModels.id,
  carId: carModels.carId,
  brand: carModels.brand,
  model: carModels.model,
  pricePerDay: carModels.pricePerDay,
  isActive: carModels.isActive,
  seats: carModels.seats,
  transmission: carModels.transmission,
  fuel: carModels.fuel,
  categoryName: categories.name,
  categorySlug: categories.slug,
};
export type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['data'];
};

export interface RunningDealRow {
  carModelId: number;
  discountPercent: string;
  endsAt: Date;
}

/** `%`, `_` and `\` match themselves in a search, not as patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The display name "Toyota Yaris Ativ" in one language, as SQL. */
const nameIn = (lang: Language) =>
  sql`(${carModels.brand}->>${sql.raw(`'${lang}'`)}) || ' ' || (${carModels.model}->>${sql.raw(`'${lang}'`)})`;

/**
 * Plain typed queries of the catalog. Availability is one SQL condition
 * (docs/decisions/0006): the model has an in-service unit (at the branch)
 * with no live hold overlapping the period, answered through indexes, never
 * one query per car.
 */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  /**
   * The daily price a customer pays now: the list price less the biggest deal
   * running at `now`, rounded to the satang as the service computes it. Price
   * sorts and the price filter use it, so they agree with the cards.
   */
  private effectivePrice(now: Date): SQL {
    return sql`round(${carModels.pricePerDay} * (100 - coalesce((
      SELECT max(d.discount_percent) FROM hot_deals d
      WHERE d.car_model_id = ${carModels.id} AND d.starts_at <= ${now.toISOString()}::timestamptz
        AND d.ends_at > ${now.toISOString()}::timestamptz), 0)) / 100, 2)`;
  }

  private where(filter: CarFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(carModels.isActive, filter.isActive)];
    if (filter.categoryId !== undefined) conditions.push(eq(carModels.categoryId, filter.categoryId));
    if (filter.type !== undefined) conditions.push(eq(categories.slug, filter.type));
    if (filter.priceRange) {
      conditions.push(
        sql`${this.effectivePrice(filter.now)} BETWEEN ${filter.priceRange[0]} AND ${filter.priceRange[1]}`,
      );
    }
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(
        sql`(${nameIn('th')} ILIKE ${pattern} OR ${nameIn('en')} ILIKE ${pattern} OR ${nameIn('zh')} ILIKE ${pattern})`,
      );
    }
    const branch = filter.branch ? sql`AND u.branch_code = ${filter.branch}` : sql``;
    if (filter.period) {
      conditions.push(sql`EXISTS (
        SELECT 1 FROM vehicle_units u
        WHERE u.car_model_id = ${carModels.id} AND u.status = 'in_service' ${branch}
          AND NOT EXISTS (
            SELECT 1 FROM unit_holds h
            WHERE h.unit_id = u.id AND h.released_at IS NULL
              AND tstzrange(h.starts_at, h.blocked_until, '[)')
                  && tstzrange(${filter.period.from.toISOString()}::timestamptz, ${filter.period.to.toISOString()}::timestamptz, '[)')
          )
      )`);
    } else if (filter.branch) {
      conditions.push(sql`EXISTS (
        SELECT 1 FROM vehicle_units u
        WHERE u.car_model_id = ${carModels.id} AND u.status = 'in_service' ${branch}
      )`);
    }
    return and(...conditions);
  }

  private order(sort: CarSort, lang: Language, now: Date): SQL[] {
    switch (sort) {
      case 'price_asc':
        return [sql`${this.effectivePrice(now)} ASC`, asc(carModels.id)];
      case 'price_desc':
        return [sql`${this.effectivePrice(now)} DESC`, asc(carModels.id)];
      case 'name_asc':
        return [sql`lower(${nameIn(lang)})`, asc(carModels.id)];
      default:
        return [desc(carModels.isPopular), asc(carModels.sortOrder), asc(carModels.id)];
    }
  }

  /**
   * One page of cards and the total that match. Without dates the total rides
   * on the page query (a window count). With dates it is a query of its own:
   * the page stops after `limit` available models, while the count checks
   * every model, which PostgreSQL does best with hash joins over the holds
   * overlapping the period (docs/decisions/0006); a window count would force
   * the page's one-model-at-a-time plan onto all of them.
   */
  async listCards(
    filter: CarFilter,
    sort: CarSort,
    lang: Language,
    page: { limit: number; offset: number },
  ): Promise<{ rows: CardRow[]; total: number | undefined }> {
    if (filter.period) {
      const [rows, total] = await Promise.all([
        this.db
          .select(cardColumns)
          .from(carModels)
          .innerJoin(categories, eq(categories.id, carModels.categoryId))
          .where(this.where(filter))
          .orderBy(...this.order(sort, lang, filter.now))
          .limit(page.limit)
          .offset(page.offset),
        this.countCards(filter),
      ]);
      return { rows, total };
    }
    const rows = await this.db
      .select({ ...cardColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(carModels)
      .innerJoin(categories, eq(categories.id, carModels.categoryId))
      .where(this.where(filter))
      .orderBy(...this.order(sort, lang, filter.now))
      .limit(page.limit)
      .offset(page.offset);
    // Past the last page there is no row to carry the count; the caller asks countCards().
    return { rows: rows.map(({ total: _total, ...card }) => card), total: rows[0]?.total };
  }

  async countCards(filter: CarFilter): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(carModels)
      .innerJoin(categories, eq(categories.id, carModels.categoryId))
      .where(this.where(filter));
    return row?.n ?? 0;
  }

  async findCards(ids: number[]): Promise<CardRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select(cardColumns)
      .from(carModels)
      .innerJoin(categories, eq(categories.id, carModels.categoryId))
      .where(inArray(carModels.id, ids));
  }

  async findModel(id: number) {
    const [row] = await this.db
      .select({
        categoryId: carModels.categoryId,
        description: carModels.description,
        doors: carModels.doors,
        luggage: carModels.luggage,
        specs: carModels.specs,
      })
      .from(carModels)
      .where(eq(carModels.id, id));
    return row;
  }

  /** Pictures of several models, in their order. */
  async images(modelIds: number[]) {
    if (modelIds.length === 0) return [];
    return this.db
      .select({
        carModelId: carModelImages.carModelId,
        url: carModelImages.url,
        width: carModelImages.width,
        height: carModelImages.height,
      })
      .from(carModelImages)
      .where(inArray(carModelImages.carModelId, modelIds))
      .orderBy(asc(carModelImages.carModelId), asc(carModelImages.sortOrder), asc(carModelImages.id));
  }

  /** Deals running at `now` for these models (the biggest first when two overlap). */
  async runningDeals(modelIds: number[], now: Date): Promise<RunningDealRow[]> {
    if (modelIds.length === 0) return [];
    return this.db
      .select({
        carModelId: hotDeals.carModelId,
        discountPercent: hotDeals.discountPercent,
        endsAt: hotDeals.endsAt,
      })
      .from(hotDeals)
      .where(
        and(inArray(hotDeals.carModelId, modelIds), lte(hotDeals.startsAt, now), gt(hotDeals.endsAt, now)),
      )
      .orderBy(desc(hotDeals.discountPercent), asc(hotDeals.endsAt));
  }

  async allRunningDeals(now: Date, limit: number) {
    return this.db
      .select({
        id: hotDeals.id,
        carModelId: hotDeals.carModelId,
        discountPercent: hotDeals.discountPercent,
        startsAt: hotDeals.startsAt,
        endsAt: hotDeals.endsAt,
      })
      .from(hotDeals)
      .innerJoin(carModels, eq(carModels.id, hotDeals.carModelId))
      .where(and(lte(hotDeals.startsAt, now), gt(hotDeals.endsAt, now), eq(carModels.isActive, true)))
      .orderBy(asc(hotDeals.endsAt), asc(hotDeals.id))
      .limit(limit);
  }

  async features(modelId: number) {
    return this.db
      .select({ key: features.key, name: features.name })
      .from(carModelFeatures)
      .innerJoin(features, eq(features.key, carModelFeatures.featureKey))
      .where(eq(carModelFeatures.carModelId, modelId))
      .orderBy(asc(features.key));
  }

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

  async testimonials(limit: number) {
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
      .where(eq(testimonials.isPublished, true))
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(limit);
  }
}
