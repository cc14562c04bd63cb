import { and, asc, count, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import {
  branches,
  carModelFeatures,
  carModelImages,
  carModels,
  categories,
  features,
  unitHolds,
  vehicleUnits,
} from '../../db/schema/catalog';

export type CategoryRow = typeof categories.$inferSelect;
export type CarModelRow = typeof carModels.$inferSelect;
export type UnitRow = typeof vehicleUnits.$inferSelect;
export type HoldRow = typeof unitHolds.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;
export type ImageRow = typeof carModelImages.$inferSelect;

/**
 * The back office's queries on the catalog tables the customer site reads
 * (categories, car models, units, holds, branches). Nothing is
 * cached: a change is what the next customer request sees.
 */
export class FleetRepository {
  constructor(readonly db: Db) {}

  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaction<T>(fn: (repo: FleetRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      return fn(new FleetRepository(db), db);
    });
  }

  // ---------- categories ----------

  async categories() {
    return this.db
      .select({
        id: categories.id,
        slug: categories.slug,
        name: categories.name,
        sortOrder: categories.sortOrder,
        minDriverAge: categories.minDriverAge,
        maxDriverAge: categories.maxDriverAge,
        minLicenceYears: categories.minLicenceYears,
        carModels: sql<number>`(SELECT count(*)::int FROM car_models m WHERE m.category_id = ${categories.id})`,
      })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id));
  }

  async category(id: number) {
    const [row] = await this.db.select().from(categories).where(eq(categories.id, id)).for('update');
    return row;
  }

  async insertCategory(values: typeof categories.$inferInsert) {
    const [row] = await this.db.insert(categories).values(values).returning();
    return row!;
  }

  async updateCategory(id: number, values: Partial<typeof categories.$inferInsert>) {
    const [row] = await this.db.update(categories).set(values).where(eq(categories.id, id)).returning();
    return row;
  }

  // ---------- features ----------

  features() {
    return this.db.select().from(features).orderBy(asc(features.key));
  }

  async unknownFeatures(keys: string[]): Promise<string[]> {
    if (!keys.length) return [];
    const known = await this.db
      .select({ key: features.key })
      .from(features)
      .where(inArray(features.key, keys));
    const set = new Set(known.map((k) => k.key));
    return keys.filter((k) => !set.has(k));
  }

  // ---------- car models ----------

  carModelSummaries(filter: { q?: string; categoryId?: number }) {
    const conditions: SQL[] = [];
    if (filter.categoryId) conditions.push(eq(carModels.categoryId, filter.categoryId));
    if (filter.q) {
      const like = `%${filter.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(
          ilike(carModels.slug, like),
          sql`(${carModels.brand}->>'en') || ' ' || (${carModels.model}->>'en') ILIKE ${like}`,
          sql`(${carModels.brand}->>'th') || ' ' || (${carModels.model}->>'th') ILIKE ${like}`,
          sql`(${carModels.brand}->>'zh') || ' ' || (${carModels.model}->>'zh') ILIKE ${like}`,
        )!,
      );
    }
    return this.db
      .select({
        id: carModels.id,
        carId: carModels.carId,
        slug: carModels.slug,
        categoryId: carModels.categoryId,
        brand: carModels.brand,
        model: carModels.model,
        pricePerDay: carModels.pricePerDay,
        isActive: carModels.isActive,
        isPopular: carModels.isPopular,
        units: sql<number>`(SELECT count(*)::int FROM vehicle_units u WHERE u.car_model_id = ${carModels.id} AND u.status = 'in_service')`,
        images: sql<number>`(SELECT count(*)::int FROM car_model_images i WHERE i.car_model_id = ${carModels.id})`,
      })
      .from(carModels)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(asc(carModels.sortOrder), asc(carModels.id));
  }

  async categorySlug(id: number) {
    const [row] = await this.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, id));
    return row?.slug;
  }

  async carModel(id: number, lock = false) {
    const query = this.db.select().from(carModels).where(eq(carModels.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async carModelFeatures(id: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: carModelFeatures.featureKey })
      .from(carModelFeatures)
      .where(eq(carModelFeatures.carModelId, id))
      .orderBy(asc(carModelFeatures.featureKey));
    return rows.map((r) => r.key);
  }

  async setCarModelFeatures(id: number, keys: string[]) {
    await this.db.delete(carModelFeatures).where(eq(carModelFeatures.carModelId, id));
    if (keys.length)
      await this.db
        .insert(carModelFeatures)
        .values(keys.map((featureKey) => ({ carModelId: id, featureKey })));
  }

  images(carModelId: number) {
    return this.db
      .select()
      .from(carModelImages)
      .where(eq(carModelImages.carModelId, carModelId))
      .orderBy(asc(carModelImages.sortOrder), asc(carModelImages.id));
  }

  async insertImage(values: typeof carModelImages.$inferInsert) {
    const [row] = await this.db.insert(carModelImages).values(values).returning();
    return row!;
  }

  async deleteImage(carModelId: number, imageId: number) {
    const [row] = await this.db
      .delete(carModelImages)
      .where(and(eq(carModelImages.id, imageId), eq(carModelImages.carModelId, carModelId)))
      .returning();
    return row;
  }

  async insertCarModel(values: typeof carModels.$inferInsert) {
    const [row] = await this.db.insert(carModels).values(values).returning();
    return row!;
  }

  async updateCarModel(id: number, values: Partial<typeof carModels.$inferInsert>) {
    const [row] = await this.db
      .update(carModels)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(carModels.id, id))
      .returning();
    return row;
  }

  async carNames(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .select({ id: carModels.id, brand: carModels.brand, model: carModels.model })
      .from(carModels)
      .where(inArray(carModels.id, ids));
  }

  // ---------- units and holds ----------

  units(filter: { branch?: string; carModelId?: number; status?: 'in_service' | 'retired'; q?: string }) {
    const conditions: SQL[] = [];
    if (filter.branch) conditions.push(eq(vehicleUnits.branchCode, filter.branch));
    if (filter.carModelId) conditions.push(eq(vehicleUnits.carModelId, filter.carModelId));
    if (filter.status) conditions.push(eq(vehicleUnits.status, filter.status));
    if (filter.q)
      conditions.push(ilike(vehicleUnits.plate, `%${filter.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
    return this.db
      .select()
      .from(vehicleUnits)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(asc(vehicleUnits.branchCode), asc(vehicleUnits.plate));
  }

  async unit(id: number, lock = false) {
    const query = this.db.select().from(vehicleUnits).where(eq(vehicleUnits.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async insertUnit(values: typeof vehicleUnits.$inferInsert) {
    const [row] = await this.db.insert(vehicleUnits).values(values).returning();
    return row!;
  }

  async updateUnit(id: number, values: Partial<typeof vehicleUnits.$inferInsert>) {
    const [row] = await this.db.update(vehicleUnits).set(values).where(eq(vehicleUnits.id, id)).returning();
    return row;
  }

  /** Maintenance blocks of these units that still count now or later. */
  async currentBlocks(unitIds: number[], now: Date): Promise<HoldRow[]> {
    if (!unitIds.length) return [];
    return this.db
      .select()
      .from(unitHolds)
      .where(
        and(
          inArray(unitHolds.unitId, unitIds),
          eq(unitHolds.kind, 'maintenance'),
          isNull(unitHolds.releasedAt),
          gt(unitHolds.blockedUntil, now),
        ),
      )
      .orderBy(asc(unitHolds.startsAt));
  }

  /** Live holds (bookings and blocks) on a unit that overlap [start, end). */
  overlappingHolds(unitId: number, start: Date, end: Date) {
    return this.db
      .select()
      .from(unitHolds)
      .where(
        and(
          eq(unitHolds.unitId, unitId),
          isNull(unitHolds.releasedAt),
          lt(unitHolds.startsAt, end),
          gt(unitHolds.blockedUntil, start),
        ),
      )
      .orderBy(asc(unitHolds.startsAt));
  }

  async insertHold(values: typeof unitHolds.$inferInsert) {
    const [row] = await this.db.insert(unitHolds).values(values).returning();
    return row!;
  }

  async hold(id: number) {
    const [row] = await this.db.select().from(unitHolds).where(eq(unitHolds.id, id)).for('update');
    return row;
  }

  async releaseHold(id: number, at: Date) {
    const [row] = await this.db
      .update(unitHolds)
      .set({ releasedAt: at })
      .where(and(eq(unitHolds.id, id), isNull(unitHolds.releasedAt)))
      .returning();
    return row;
  }

  // ---------- branches ----------

  branches() {
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
        isActive: branches.isActive,
        sortOrder: branches.sortOrder,
        taxBranchNo: branches.taxBranchNo,
        registeredAddress: branches.registeredAddress,
        outOfHoursOpensAt: branches.outOfHoursOpensAt,
        outOfHoursClosesAt: branches.outOfHoursClosesAt,
        outOfHoursFee: branches.outOfHoursFee,
        counterPlace: branches.counterPlace,
        units: sql<number>`(SELECT count(*)::int FROM vehicle_units u WHERE u.branch_code = ${branches.code} AND u.status = 'in_service')`,
      })
      .from(branches)
      .orderBy(asc(branches.sortOrder), asc(branches.code));
  }

  async branch(code: string) {
    const [row] = await this.db.select().from(branches).where(eq(branches.code, code)).for('update');
    return row;
  }

  async insertBranch(values: typeof branches.$inferInsert) {
    const [row] = await this.db.insert(branches).values(values).returning();
    return row!;
  }

  async updateBranch(code: string, values: Partial<typeof branches.$inferInsert>) {
    const [row] = await this.db.update(branches).set(values).where(eq(branches.code, code)).returning();
    return row;
  }

  /** Closures from today (Bangkok) on, by branch. */
  async upcomingClosures(code?: string) {
    return rows<{ branch_code: string; date: string; note: string }>(
      this.db,
      sql`SELECT branch_code, to_char(closed_on, 'YYYY-MM-DD') AS date, note FROM branch_closures
          WHERE closed_on >= (now() AT TIME ZONE 'Asia/Bangkok')::date
            ${code === undefined ? sql`` : sql`AND branch_code = ${code}`}
          ORDER BY branch_code, closed_on`,
    );
  }

  async setClosure(code: string, date: string, note: string) {
    await this.db.execute(
      sql`INSERT INTO branch_closures (branch_code, closed_on, note) VALUES (${code}, ${date}::date, ${note})
          ON CONFLICT (branch_code, closed_on) DO UPDATE SET note = EXCLUDED.note`,
    );
  }

  async deleteClosure(code: string, date: string) {
    const [gone] = await rows<{ note: string }>(
      this.db,
      sql`DELETE FROM branch_closures WHERE branch_code = ${code} AND closed_on = ${date}::date RETURNING note`,
    );
    return gone;
  }

  // ---------- hot deals ----------

  // ---------- today ----------

  async fleetCounts(dayStart: Date, dayEnd: Date) {
    const [models] = await this.db
      .select({
        all: count(),
        active: sql<number>`count(*) FILTER (WHERE ${carModels.isActive})::int`,
      })
      .from(carModels);
    const [units] = await this.db
      .select({
        all: count(),
        inService: sql<number>`count(*) FILTER (WHERE ${vehicleUnits.status} = 'in_service')::int`,
      })
      .from(vehicleUnits);
    const maintenance = await this.maintenanceBetween(dayStart, dayEnd);
    return { models: models!, units: units!, maintenance };
  }

  maintenanceBetween(start: Date, end: Date) {
    return this.db
      .select({
        holdId: unitHolds.id,
        unitId: vehicleUnits.id,
        plate: vehicleUnits.plate,
        branchCode: vehicleUnits.branchCode,
        carModelId: vehicleUnits.carModelId,
        startsAt: unitHolds.startsAt,
        endsAt: unitHolds.endsAt,
        reason: unitHolds.reason,
      })
      .from(unitHolds)
      .innerJoin(vehicleUnits, eq(vehicleUnits.id, unitHolds.unitId))
      .where(
        and(
          eq(unitHolds.kind, 'maintenance'),
          isNull(unitHolds.releasedAt),
          lt(unitHolds.startsAt, end),
          gt(unitHolds.blockedUntil, start),
        ),
      )
      .orderBy(asc(vehicleUnits.branchCode), asc(vehicleUnits.plate));
  }

  /** A car now at another branch (a one-way rental returned there), in `ex` (the return's transaction). */
  async moveUnit(ex: Executor, unitId: number, branchCode: string) {
    await ex.execute(sql`UPDATE vehicle_units SET branch_code = ${branchCode} WHERE id = ${unitId}`);
  }
}
