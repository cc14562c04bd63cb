import { defaultDeposit, depositByCategory } from '@siam/contract/rental-rules';
import { bandProblems, branchHours, branchWrite, hhmm } from './branch-hours';
import type { z } from 'zod';
import type {
  AdminBranch,
  AdminCarModel,
  AdminCarModelSummary,
  AdminCategory,
  branchBodySchema,
  branchPatchSchema,
  carModelBodySchema,
  carModelPatchSchema,
  categoryBodySchema,
  categoryPatchSchema,
  Dashboard,
} from '@siam/contract/admin';
import { MAX_AGE_BELOW_MIN } from '@siam/contract/admin';
import type { Language } from '@siam/contract/languages';
import { carName } from './car-name';
import { checkThaiAddress } from '../thai-addresses/thai-addresses';
import { AppError, notFound } from '../../lib/app-error';
import { explainWriteError } from '../../lib/write-errors';
import type { Actor, AuditService } from '../audit/audit.service';
import { bangkokDate, wholeDays } from '@siam/contract/bangkok-time';
import type { FileStorage } from '../../lib/file-storage';
import { imageVariants, processCarImage, removeUploadedImage } from './car-images';
import type { BranchRow, CarModelRow, FleetRepository } from './fleet.repository';

type Out<T extends z.ZodType> = z.output<T>;

/** What the audit log keeps of a car model: the fields staff edit (the price among them). */
function carModelSnapshot(row: CarModelRow, features?: string[]) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return {
    ...rest,
    pricePerDay: Number(row.pricePerDay),
    depositAmount: Number(row.depositAmount),
    ...(features && { features }),
  };
}

/** A category's maximum driver age, when it has one, is at least its minimum. */
function checkAgeRange(minAge: number, maxAge: number | null) {
  if (maxAge !== null && maxAge < minAge)
    throw new AppError('VALIDATION_FAILED', MAX_AGE_BELOW_MIN, [
      { path: 'maxDriverAge', message: MAX_AGE_BELOW_MIN },
    ]);
}

/**
 * Fleet and prices for staff: categories, car models (texts, price, specs,
 * features, pictures) and branches (units and maintenance: units-admin.service.ts; hot deals: deals/).
 * Every change and its audit record are written in one transaction.
 */

export class FleetAdminService {
  constructor(
    private readonly repository: FleetRepository,
    private readonly audit: AuditService,
    /** The `cars` folder of the file storage. */
    private readonly pictures: FileStorage,
  ) {}

  // ---------- categories ----------

  async categories(): Promise<AdminCategory[]> {
    return this.repository.categories();
  }

  async createCategory(actor: Actor, body: Out<typeof categoryBodySchema>): Promise<AdminCategory> {
    try {
      checkAgeRange(body.minDriverAge, body.maxDriverAge);
      return await this.repository.transaction(async (repo, tx) => {
        const row = await repo.insertCategory(body);
        await this.audit.record(tx, actor, {
          entity: 'category',
          entityId: row.id,
          action: 'category.create',
          after: row,
        });
        return { ...row, carModels: 0 };
      });
    } catch (error) {
      explainWriteError(error, 'A category with this slug');
    }
  }

  async updateCategory(
    actor: Actor,
    id: number,
    body: Out<typeof categoryPatchSchema>,
  ): Promise<AdminCategory> {
    try {
      return await this.repository.transaction(async (repo, tx) => {
        const before = await repo.category(id);
        if (!before) throw notFound('Category');
        const count = async () => (await repo.categories()).find((c) => c.id === id)?.carModels ?? 0;
        // Nothing to change (`{}`): the category as it is, as every PATCH answers; nothing to audit.
        if (!Object.keys(body).length) return { ...before, carModels: await count() };
        checkAgeRange(
          body.minDriverAge ?? before.minDriverAge,
          body.maxDriverAge === undefined ? before.maxDriverAge : body.maxDriverAge,
        );
        const after = (await repo.updateCategory(id, body))!;
        await this.audit.record(tx, actor, {
          entity: 'category',
          entityId: id,
          action: 'category.update',
          before,
          after,
        });
        return { ...after, carModels: await count() };
      });
    } catch (error) {
      explainWriteError(error, 'A category with this slug');
    }
  }

  features() {
    return this.repository.features();
  }

  // ---------- car models ----------

  async carModels(filter: { q?: string; categoryId?: number }): Promise<AdminCarModelSummary[]> {
    const rows = await this.repository.carModelSummaries(filter);
    return rows.map((r) => ({ ...r, pricePerDay: Number(r.pricePerDay) }));
  }

  async carModel(id: number, repo = this.repository): Promise<AdminCarModel> {
    const row = await repo.carModel(id);
    if (!row) throw notFound('Car model');
    // One after another: `repo` may be bound to a transaction's single connection (saves, below), where
    // queries sent side by side only queue, and node-postgres 9 refuses them.
    const features = await repo.carModelFeatures(id);
    const images = await repo.images(id);
    const units = await repo.units({ carModelId: id, status: 'in_service' });
    return {
      id: row.id,
      carId: row.carId,
      slug: row.slug,
      categoryId: row.categoryId,
      brand: row.brand,
      model: row.model,
      description: row.description,
      pricePerDay: Number(row.pricePerDay),
      deposit: Number(row.depositAmount),
      transmission: row.transmission,
      fuel: row.fuel,
      seats: row.seats,
      doors: row.doors,
      luggage: row.luggage,
      specs: row.specs as Record<string, string>,
      isActive: row.isActive,
      isPopular: row.isPopular,
      sortOrder: row.sortOrder,
      features,
      units: units.length,
      images: images.length,
      imageList: images.map((i) => ({
        id: i.id,
        url: i.url,
        width: i.width,
        height: i.height,
        sortOrder: i.sortOrder,
        variants: imageVariants(i.url),
      })),
    };
  }

  private async checkFeatures(repo: FleetRepository, keys: string[] | undefined) {
    if (!keys?.length) return;
    const unknown = await repo.unknownFeatures(keys);
    if (unknown.length)
      throw new AppError('VALIDATION_FAILED', 'Invalid data: check the data sent', [
        { path: 'features', message: `Unknown features: ${unknown.join(', ')}` },
      ]);
  }

  async createCarModel(actor: Actor, body: Out<typeof carModelBodySchema>): Promise<AdminCarModel> {
    try {
      return await this.repository.transaction(async (repo, tx) => {
        const features = [...new Set(body.features)];
        await this.checkFeatures(repo, features);
        const { features: _f, pricePerDay, deposit, ...fields } = body;
        const category = await repo.categorySlug(body.categoryId);
        const row = await repo.insertCarModel({
          ...fields,
          pricePerDay: pricePerDay.toFixed(2),
          // No deposit given: the category's, as the rental terms say.
          depositAmount: (deposit ?? depositByCategory[category ?? ''] ?? defaultDeposit).toFixed(2),
        });
        await repo.setCarModelFeatures(row.id, features);
        await this.audit.record(tx, actor, {
          entity: 'car_model',
          entityId: row.id,
          action: 'car_model.create',
          after: carModelSnapshot(row, features),
        });
        return this.carModel(row.id, repo);
      });
    } catch (error) {
      explainWriteError(error, 'A car model with this slug (or its category)');
    }
  }

  async updateCarModel(
    actor: Actor,
    id: number,
    body: Out<typeof carModelPatchSchema>,
  ): Promise<AdminCarModel> {
    try {
      return await this.repository.transaction(async (repo, tx) => {
        const before = await repo.carModel(id, true);
        if (!before) throw notFound('Car model');
        const featuresBefore = await repo.carModelFeatures(id);
        const { features, pricePerDay, deposit, ...fields } = body;
        const values = {
          ...fields,
          ...(pricePerDay !== undefined && { pricePerDay: pricePerDay.toFixed(2) }),
          ...(deposit !== undefined && { depositAmount: deposit.toFixed(2) }),
        };
        const after = Object.keys(values).length ? (await repo.updateCarModel(id, values))! : before;
        let featuresAfter = featuresBefore;
        if (features) {
          featuresAfter = [...new Set(features)].sort();
          await this.checkFeatures(repo, featuresAfter);
          await repo.setCarModelFeatures(id, featuresAfter);
        }
        const priceChanged = Number(before.pricePerDay) !== Number(after.pricePerDay);
        await this.audit.record(tx, actor, {
          entity: 'car_model',
          entityId: id,
          action: priceChanged ? 'car_model.price_change' : 'car_model.update',
          before: carModelSnapshot(before, featuresBefore),
          after: carModelSnapshot(after, featuresAfter),
        });
        return this.carModel(id, repo);
      });
    } catch (error) {
      explainWriteError(error, 'A car model with this slug (or its category)');
    }
  }

  async addImage(actor: Actor, carModelId: number, file: Buffer): Promise<AdminCarModel> {
    if (!(await this.repository.carModel(carModelId))) throw notFound('Car model');
    const processed = await processCarImage(file, this.pictures);
    try {
      return await this.repository.transaction(async (repo, tx) => {
        if (!(await repo.carModel(carModelId, true))) throw notFound('Car model');
        const existing = await repo.images(carModelId);
        const sortOrder = existing.reduce((max, i) => Math.max(max, i.sortOrder + 1), 0);
        const row = await repo.insertImage({
          carModelId,
          url: processed.url,
          width: processed.width,
          height: processed.height,
          sortOrder,
        });
        await this.audit.record(tx, actor, {
          entity: 'car_model',
          entityId: carModelId,
          action: 'car_model.image_add',
          after: row,
        });
        return this.carModel(carModelId, repo);
      });
    } catch (error) {
      await removeUploadedImage(processed.url, this.pictures);
      throw error;
    }
  }

  async removeImage(actor: Actor, carModelId: number, imageId: number): Promise<AdminCarModel> {
    const { model, removed } = await this.repository.transaction(async (repo, tx) => {
      const row = await repo.deleteImage(carModelId, imageId);
      if (!row) throw notFound('Picture');
      await this.audit.record(tx, actor, {
        entity: 'car_model',
        entityId: carModelId,
        action: 'car_model.image_remove',
        before: row,
      });
      return { model: await this.carModel(carModelId, repo), removed: row };
    });
    // Files go only once the row is gone for good.
    await removeUploadedImage(removed.url, this.pictures);
    return model;
  }

  // ---------- branches ----------

  private async toBranch(repo: FleetRepository, row: BranchRow, units: number): Promise<AdminBranch> {
    const closures = (await repo.upcomingClosures(row.code)).map((c) => ({ date: c.date, note: c.note }));
    return { ...branchHours(row), units, closures };
  }

  async branches(): Promise<AdminBranch[]> {
    const [rows, closures] = await Promise.all([
      this.repository.branches(),
      this.repository.upcomingClosures(),
    ]);
    return rows.map((r) => ({
      ...branchHours(r),
      closures: closures.filter((c) => c.branch_code === r.code).map((c) => ({ date: c.date, note: c.note })),
    }));
  }

  /**
   * Closes a branch on a day (a public holiday, a move), or changes the note, audited: no pickup or
   * return is booked there that day from then on. Bookings already made are for staff to call.
   */
  async closeBranchOn(actor: Actor, code: string, date: string, note: string): Promise<AdminBranch> {
    return this.repository.transaction(async (repo, tx) => {
      const branch = await repo.branch(code);
      if (!branch) throw notFound('Branch');
      await repo.setClosure(code, date, note);
      await this.audit.record(tx, actor, {
        entity: 'branch',
        entityId: code,
        action: 'branch.closure_set',
        after: { date, note },
      });
      return this.toBranch(repo, branch, (await repo.branches()).find((b) => b.code === code)?.units ?? 0);
    });
  }

  /** Opens a branch again on a day it was to be closed, audited. */
  async reopenBranchOn(actor: Actor, code: string, date: string): Promise<AdminBranch> {
    return this.repository.transaction(async (repo, tx) => {
      const branch = await repo.branch(code);
      if (!branch) throw notFound('Branch');
      const gone = await repo.deleteClosure(code, date);
      if (!gone) throw notFound('Closure');
      await this.audit.record(tx, actor, {
        entity: 'branch',
        entityId: code,
        action: 'branch.closure_removed',
        before: { date, note: gone.note },
      });
      return this.toBranch(repo, branch, (await repo.branches()).find((b) => b.code === code)?.units ?? 0);
    });
  }

  async createBranch(actor: Actor, body: Out<typeof branchBodySchema>): Promise<AdminBranch> {
    if (body.registeredAddress) checkThaiAddress(body.registeredAddress, 'registeredAddress.');
    const band = bandProblems(body);
    if (band.length) throw new AppError('VALIDATION_FAILED', band[0]!.message, band);
    try {
      return await this.repository.transaction(async (repo, tx) => {
        const row = await repo.insertBranch(branchWrite(body));
        await this.audit.record(tx, actor, {
          entity: 'branch',
          entityId: row.code,
          action: 'branch.create',
          after: row,
        });
        return this.toBranch(repo, row, 0);
      });
    } catch (error) {
      explainWriteError(error, 'A branch with this code');
    }
  }

  async updateBranch(actor: Actor, code: string, body: Out<typeof branchPatchSchema>): Promise<AdminBranch> {
    if (body.registeredAddress) checkThaiAddress(body.registeredAddress, 'registeredAddress.');
    return this.repository.transaction(async (repo, tx) => {
      const before = await repo.branch(code);
      if (!before) throw notFound('Branch');
      const opensAt = body.opensAt ?? hhmm(before.opensAt);
      const closesAt = body.closesAt ?? hhmm(before.closesAt);
      if (closesAt <= opensAt)
        throw new AppError('VALIDATION_FAILED', 'Invalid data: check the data sent', [
          { path: 'closesAt', message: 'Must be after opening' },
        ]);
      const band = bandProblems({
        opensAt,
        closesAt,
        outOfHoursOpensAt:
          body.outOfHoursOpensAt !== undefined
            ? body.outOfHoursOpensAt
            : before.outOfHoursOpensAt && hhmm(before.outOfHoursOpensAt),
        outOfHoursClosesAt:
          body.outOfHoursClosesAt !== undefined
            ? body.outOfHoursClosesAt
            : before.outOfHoursClosesAt && hhmm(before.outOfHoursClosesAt),
      });
      if (band.length) throw new AppError('VALIDATION_FAILED', band[0]!.message, band);
      const after = Object.keys(body).length ? (await repo.updateBranch(code, branchWrite(body)))! : before;
      await this.audit.record(tx, actor, {
        entity: 'branch',
        entityId: code,
        action: 'branch.update',
        before,
        after,
      });
      const units = (await repo.branches()).find((b) => b.code === code)?.units ?? 0;
      return this.toBranch(repo, after, units);
    });
  }

  // ---------- today ----------

  /**
   * The parts of the Today screen that stand on the fleet tables. Pickups,
   * returns, payments awaiting checks and revenue come from bookings, which
   * the bookings module adds (see the admin dashboard route).
   */
  async dashboard(lang: Language, now = new Date()): Promise<Dashboard> {
    const date = bangkokDate(now);
    const { start, end } = wholeDays(date, date);
    const [counts, branches] = await Promise.all([
      this.repository.fleetCounts(start, end),
      this.repository.branches(),
    ]);
    const names = await this.repository.carNames([...new Set(counts.maintenance.map((m) => m.carModelId))]);
    const nameOf = new Map(names.map((n) => [n.id, carName(n, lang)]));
    const blockedUnits = new Set(counts.maintenance.map((m) => m.unitId));
    return {
      date,
      fleet: {
        carModels: Number(counts.models.all),
        activeCarModels: counts.models.active,
        units: Number(counts.units.all),
        unitsInService: counts.units.inService,
        unitsInMaintenanceToday: blockedUnits.size,
      },
      branches: branches.map((b) => ({
        code: b.code,
        name: b.name,
        unitsInService: b.units,
        inMaintenanceToday: new Set(
          counts.maintenance.filter((m) => m.branchCode === b.code).map((m) => m.unitId),
        ).size,
      })),
      maintenanceToday: counts.maintenance.map((m) => ({
        holdId: m.holdId,
        unitId: m.unitId,
        plate: m.plate,
        carName: nameOf.get(m.carModelId) ?? '',
        branchCode: m.branchCode,
        startDate: bangkokDate(m.startsAt),
        endDate: bangkokDate(new Date(m.endsAt.getTime() - 1)),
        reason: m.reason,
      })),
    };
  }
}
