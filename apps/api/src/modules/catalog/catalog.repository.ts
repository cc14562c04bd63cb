import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { CarSort } from '@siam/contract/catalog-rules';
import type { Language } from '@siam/contract/languages';
import type { Db } from '../../db/client';
import {
  carModelFeatures,
  carModelImages,
  carModels,
  categories,
  features,
  hotDeals,
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
 * one query per car. The holds are bookings' (a tier above): the catalog reads the live ones through the
 * view bookings publishes, live_unit_holds (2154, docs/decisions/3306), which the planner reads as the
 * table with its partial indexes' filter.
 */
export class CatalogRepository {
  constructor(
    private readonly db: Db,
    private readonly options: {
      /**
       * How many models a dated page may walk through, in the listing's order, before
       * deciding every model first is cheaper (each step probes a model's units).
       */
      maxWalk?: number;
    } = {},
  ) {}

  /**
   * The daily price a customer pays now: the list price less the biggest deal
   * running at `now`, rounded to the satang as the service computes it. Price
   * sorts and the price filter use it, so they agree with the cards.
   */
  private effectivePrice(): SQL {
    return sql`round(${carModels.pricePerDay} * (100 - coalesce(active_deals.percent, 0)) / 100, 2)`;
  }

  /**
   * The biggest deal running at `now` per model, joined (LEFT JOIN … active_deals)
   * into every listing query so effectivePrice() can read it. One hash join over
   * the few running deals, where a subquery per model cost 20 ms on 10,000 models.
   */
  private activeDeals(now: Date) {
    return this.db
      .select({
        carModelId: hotDeals.carModelId,
        percent: sql<string>`max(${hotDeals.discountPercent})`.as('percent'),
      })
      .from(hotDeals)
      .where(and(lte(hotDeals.startsAt, now), gt(hotDeals.endsAt, now)))
      .groupBy(hotDeals.carModelId)
      .as('active_deals');
  }

  /**
   * FROM for the raw listing queries: models, their category, and the deals
   * running at `now` (which effectivePrice() reads). The builder queries make
   * the same joins.
   */
  private listingSources(now: Date): SQL {
    const deals = this.activeDeals(now);
    return sql`${carModels} JOIN ${categories} ON ${categories.id} = ${carModels.categoryId}
      LEFT JOIN ${deals} ON ${deals.carModelId} = ${carModels.id}`;
  }

  private where(filter: CarFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(carModels.isActive, filter.isActive)];
    if (filter.categoryId !== undefined) conditions.push(eq(carModels.categoryId, filter.categoryId));
    if (filter.type !== undefined) conditions.push(eq(categories.slug, filter.type));
    if (filter.priceRange) {
      conditions.push(
        sql`${this.effectivePrice()} BETWEEN ${filter.priceRange[0]} AND ${filter.priceRange[1]}`,
      );
    }
    if (filter.search) {
      const pattern = likePattern(filter.search);
      conditions.push(
        sql`(${nameIn('th')} ILIKE ${pattern} OR ${nameIn('en')} ILIKE ${pattern} OR ${nameIn('zh')} ILIKE ${pattern})`,
      );
    }
    if (filter.period) conditions.push(this.hasFreeUnit(filter.period, filter.branch));
    else if (filter.branch) {
      conditions.push(sql`EXISTS (
        SELECT 1 FROM vehicle_units u
        WHERE u.car_model_id = ${carModels.id} AND u.status = 'in_service' AND u.branch_code = ${filter.branch}
      )`);
    }
    return and(...conditions);
  }

  /** The overlap test, written as the exclusion constraint writes it, so the two never disagree. */
  private overlaps(period: { from: Date; to: Date }): SQL {
    return sql`tstzrange(h.starts_at, h.blocked_until, '[)')
      && tstzrange(${period.from.toISOString()}::timestamptz, ${period.to.toISOString()}::timestamptz, '[)')`;
  }

  /** The model has an in-service unit (at the branch) with no live hold overlapping the period. */
  private hasFreeUnit(
    period: { from: Date; to: Date },
    branch: string | undefined,
    modelId: SQL = sql`${carModels.id}`,
  ): SQL {
    return sql`EXISTS (
      SELECT 1 FROM vehicle_units u
      WHERE u.car_model_id = ${modelId} AND u.status = 'in_service' ${branch ? sql`AND u.branch_code = ${branch}` : sql``}
        AND NOT EXISTS (
          SELECT 1 FROM live_unit_holds h WHERE h.unit_id = u.id AND ${this.overlaps(period)}
        )
    )`;
  }

  /** The listing's order as (expression, direction) pairs; the last key is always the id. */
  private orderKeys(sort: CarSort, lang: Language): [SQL, 'ASC' | 'DESC'][] {
    const id: [SQL, 'ASC'] = [sql`${carModels.id}`, 'ASC'];
    switch (sort) {
      case 'price_asc':
        return [[this.effectivePrice(), 'ASC'], id];
      case 'price_desc':
        return [[this.effectivePrice(), 'DESC'], id];
      case 'name_asc':
        return [[sql`lower(${nameIn(lang)})`, 'ASC'], id];
      default:
        return [[sql`${carModels.isPopular}`, 'DESC'], [sql`${carModels.sortOrder}`, 'ASC'], id];
    }
  }

  private order(sort: CarSort, lang: Language): SQL[] {
    return this.orderKeys(sort, lang).map(([key, direction]) => sql`${key} ${sql.raw(direction)}`);
  }

  /** One page of cards in the listing's order, every condition (dates included) in the query. */
  private page(filter: CarFilter, sort: CarSort, lang: Language, page: { limit: number; offset: number }) {
    const deals = this.activeDeals(filter.now);
    return this.db
      .select(cardColumns)
      .from(carModels)
      .innerJoin(categories, eq(categories.id, carModels.categoryId))
      .leftJoin(deals, eq(deals.carModelId, carModels.id))
      .where(this.where(filter))
      .orderBy(...this.order(sort, lang))
      .limit(page.limit)
      .offset(page.offset);
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
    if (filter.period && !filter.branch)
      return this.listFreeAnywhere({ ...filter, period: filter.period }, sort, lang, page);
    if (filter.period) {
      const [rows, total] = await Promise.all([this.page(filter, sort, lang, page), this.countCards(filter)]);
      return { rows, total };
    }
    const deals = this.activeDeals(filter.now);
    const rows = await this.db
      .select({ ...cardColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(carModels)
      .innerJoin(categories, eq(categories.id, carModels.categoryId))
      .leftJoin(deals, eq(deals.carModelId, carModels.id))
      .where(this.where(filter))
      .orderBy(...this.order(sort, lang))
      .limit(page.limit)
      .offset(page.offset);
    // Past the last page there is no row to carry the count; the caller asks countCards().
    return { rows: rows.map(({ total: _total, ...card }) => card), total: rows[0]?.total };
  }

  /**
   * A dated page at any branch. The count comes first (fast, see
   * countFreeAnywhere) and tells how deep a walk in the listing's order
   * would go to find this page's free models: each step is a per-unit index
   * probe, so a shallow walk (the usual case: most cars are free) is far
   * cheaper than deciding every model first, which PostgreSQL otherwise does
   * for any order but the recommended one. When most cars are taken (a
   * holiday), deciding every model first wins, and is what it does then.
   */
  private async listFreeAnywhere(
    filter: CarFilter & { period: { from: Date; to: Date } },
    sort: CarSort,
    lang: Language,
    page: { limit: number; offset: number },
  ): Promise<{ rows: CardRow[]; total: number }> {
    const { free, candidates } = await this.countFreeAnywhere(filter);
    if (free <= page.offset) return { rows: [], total: free };
    const depth = ((page.offset + page.limit) * candidates) / free;
    if (depth > (this.options.maxWalk ?? 400))
      return { rows: await this.page(filter, sort, lang, page), total: free };
    const keys = this.orderKeys(sort, lang);
    // OFFSET 0 keeps PostgreSQL from merging the ordered list into the outer query,
    // which would bring back the decide-every-model-first plan.
    const walked = await this.db.execute(sql`
      SELECT walk.id FROM (
        SELECT ${carModels.id} AS id, ${sql.join(
          keys.map(([key], i) => sql`${key} AS ${sql.raw(`k${i}`)}`),
          sql`, `,
        )}
        FROM ${this.listingSources(filter.now)}
        WHERE ${this.where({ ...filter, period: undefined })}
        ORDER BY ${sql.join(
          keys.map(([, direction], i) => sql.raw(`k${i} ${direction}`)),
          sql`, `,
        )}
        OFFSET 0
      ) walk
      WHERE ${this.hasFreeUnit(filter.period, undefined, sql`walk.id`)}
      ORDER BY ${sql.join(
        keys.map(([, direction], i) => sql.raw(`walk.k${i} ${direction}`)),
        sql`, `,
      )}
      LIMIT ${page.limit} OFFSET ${page.offset}`);
    const ids = (walked as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    const cards = new Map((await this.findCards(ids)).map((card) => [card.id, card]));
    return { rows: ids.flatMap((id) => cards.get(id) ?? []), total: free };
  }

  async countCards(filter: CarFilter): Promise<number> {
    if (filter.period && !filter.branch)
      return (await this.countFreeAnywhere({ ...filter, period: filter.period })).free;
    const deals = this.activeDeals(filter.now);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(carModels)
      .innerJoin(categories, eq(categories.id, carModels.categoryId))
      .leftJoin(deals, eq(deals.carModelId, carModels.id))
      .where(this.where(filter));
    return row?.n ?? 0;
  }

  /**
   * The count for dates at any branch, without visiting every unit
   * (migration 0110): the models with a unit in service, less those whose
   * every unit is taken. Only a model with at least as many live holds in
   * the period as units in service can be fully taken (a unit may hold twice
   * in a long period, so this over-counts, never under-counts); the holds
   * overlapping the period are grouped by model from the GiST index alone,
   * and only those suspects get the exact per-unit check. At a branch the
   * plain EXISTS is fast already (a branch has a fraction of the units).
   */
  private async countFreeAnywhere(
    filter: CarFilter & { period: { from: Date; to: Date } },
  ): Promise<{ free: number; candidates: number }> {
    const sources = this.listingSources(filter.now);
    const others = this.where({ ...filter, period: undefined });
    // The suspects are fenced off (MATERIALIZED) so the exact check runs on them only,
    // whatever join order the planner would otherwise pick.
    const result = await this.db.execute(sql`
      WITH busy AS MATERIALIZED (
        SELECT h.car_model_id, count(*) AS held FROM live_unit_holds h
        WHERE ${this.overlaps(filter.period)}
        GROUP BY h.car_model_id
      ), suspects AS MATERIALIZED (
        SELECT busy.car_model_id FROM busy JOIN car_model_unit_counts units USING (car_model_id)
        WHERE units.in_service_units > 0 AND busy.held >= units.in_service_units
      )
      SELECT
        (SELECT count(*) FROM ${sources}
          JOIN car_model_unit_counts units ON units.car_model_id = ${carModels.id}
          WHERE ${others} AND units.in_service_units > 0) AS candidates,
        (SELECT count(*) FROM ${sources}
          WHERE ${carModels.id} IN (SELECT car_model_id FROM suspects)
            AND ${others} AND NOT ${this.hasFreeUnit(filter.period, undefined)}) AS taken`);
    // Both drivers (pg, PGlite) answer { rows }; count(*) is a bigint, which pg gives as a string.
    const row = (result as unknown as { rows: { taken: number | string; candidates: number | string }[] })
      .rows[0];
    const candidates = Number(row?.candidates ?? 0);
    return { free: candidates - Number(row?.taken ?? 0), candidates };
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
        depositAmount: carModels.depositAmount,
        minDriverAge: categories.minDriverAge,
        maxDriverAge: categories.maxDriverAge,
        minLicenceYears: categories.minLicenceYears,
      })
      .from(carModels)
      .innerJoin(categories, eq(categories.id, carModels.categoryId))
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
}
