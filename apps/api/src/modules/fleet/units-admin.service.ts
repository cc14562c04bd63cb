import type { z } from 'zod';
import type {
  AdminUnit,
  MaintenanceBlock,
  maintenanceBodySchema,
  unitBodySchema,
  unitPatchSchema,
} from '@siam/contract/admin';
import type { Language } from '@siam/contract/languages';
import { carName } from './car-name';
import { AppError, notFound } from '../../lib/app-error';
import { explainWriteError } from '../../lib/write-errors';
import type { Actor, AuditService } from '../audit/audit.service';
import { bangkokDate, DAY_MS, wholeDays } from '@siam/contract/bangkok-time';
import type { FleetRepository, HoldRow, UnitRow } from './fleet.repository';
import type { Executor } from '../../db/sql-rows';
import { EXCLUSION_VIOLATION, pgErrorCode } from '../../db/pg-errors';

type Out<T extends z.ZodType> = z.output<T>;

function toBlock(row: HoldRow): MaintenanceBlock {
  return {
    id: row.id,
    unitId: row.unitId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    startDate: bangkokDate(row.startsAt),
    endDate: bangkokDate(new Date(row.endsAt.getTime() - 1)),
    reason: row.reason,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The fleet's units for staff: each car with its plate, VIN and branch, and the maintenance blocks that
 * take it out of service for some days (refused by the database when they overlap a booking). Every
 * change and its audit record are written in one transaction.
 */
export class UnitsAdminService {
  constructor(
    private readonly repository: FleetRepository,
    private readonly audit: AuditService,
  ) {}

  private async toUnits(rows: UnitRow[], lang: Language, repo = this.repository): Promise<AdminUnit[]> {
    // One after another: `repo` may be bound to a transaction's single connection (a change, below), where
    // queries sent side by side only queue, and node-postgres 9 refuses them.
    const names = await repo.carNames([...new Set(rows.map((r) => r.carModelId))]);
    const blocks = await repo.currentBlocks(
      rows.map((r) => r.id),
      new Date(),
    );
    const nameOf = new Map(names.map((n) => [n.id, carName(n, lang)]));
    // A unit as staff see it: its row (id, plate, VIN, model, branch, status) with the car's name and blocks.
    return rows.map(({ createdAt: _createdAt, ...unit }) => ({
      ...unit,
      carName: nameOf.get(unit.carModelId) ?? '',
      blocks: blocks.filter((b) => b.unitId === unit.id).map(toBlock),
    }));
  }

  async units(
    filter: { branch?: string; carModelId?: number; status?: 'in_service' | 'retired'; q?: string },
    lang: Language,
  ) {
    return this.toUnits(await this.repository.units(filter), lang);
  }

  /** The unit's VIN (null until staff enter one): the rental agreement prints it beside the plate. */
  async vin(id: number): Promise<string | null> {
    return (await this.repository.unit(id))?.vin ?? null;
  }

  async unit(id: number, lang: Language, repo = this.repository): Promise<AdminUnit> {
    const row = await repo.unit(id);
    if (!row) throw notFound('Unit');
    return (await this.toUnits([row], lang, repo))[0]!;
  }

  async createUnit(actor: Actor, body: Out<typeof unitBodySchema>, lang: Language): Promise<AdminUnit> {
    try {
      return await this.repository.transaction(async (repo, tx) => {
        const row = await repo.insertUnit({ ...body, plate: body.plate.toUpperCase() });
        await this.audit.record(tx, actor, {
          entity: 'unit',
          entityId: row.id,
          action: 'unit.create',
          after: row,
        });
        return this.unit(row.id, lang, repo);
      });
    } catch (error) {
      explainWriteError(error, 'A unit with this plate or VIN (or its car model or branch)');
    }
  }

  async updateUnit(
    actor: Actor,
    id: number,
    body: Out<typeof unitPatchSchema>,
    lang: Language,
  ): Promise<AdminUnit> {
    try {
      return await this.repository.transaction(async (repo, tx) => {
        const before = await repo.unit(id, true);
        if (!before) throw notFound('Unit');
        const values = { ...body, ...(body.plate && { plate: body.plate.toUpperCase() }) };
        const after = Object.keys(values).length ? (await repo.updateUnit(id, values))! : before;
        await this.audit.record(tx, actor, {
          entity: 'unit',
          entityId: id,
          action: 'unit.update',
          before,
          after,
        });
        return this.unit(id, lang, repo);
      });
    } catch (error) {
      explainWriteError(error, 'A unit with this plate or VIN (or its car model or branch)');
    }
  }

  /**
   * Blocks a unit for whole days (Asia/Bangkok). The unit_holds EXCLUDE
   * constraint refuses a block that overlaps a booking or another block,
   * even when two requests race; the 409 then says which.
   */
  async blockForMaintenance(
    actor: Actor,
    unitId: number,
    body: Out<typeof maintenanceBodySchema>,
    now = new Date(),
  ): Promise<MaintenanceBlock> {
    if (body.startDate < bangkokDate(now))
      throw new AppError('VALIDATION_FAILED', 'Invalid data: check the data sent', [
        { path: 'startDate', message: 'Must be today or later' },
      ]);
    const { start, end } = wholeDays(body.startDate, body.endDate);
    if (end.getTime() - start.getTime() > 366 * DAY_MS)
      throw new AppError('VALIDATION_FAILED', 'Invalid data: check the data sent', [
        { path: 'endDate', message: 'At most one year' },
      ]);
    if (!(await this.repository.unit(unitId))) throw notFound('Unit');
    try {
      return await this.repository.transaction(async (repo, tx) => {
        const unit = await repo.unit(unitId, true);
        if (!unit) throw notFound('Unit');
        if (unit.status === 'retired') throw new AppError('CONFLICT', 'This unit is retired');
        const hold = await repo.insertHold({
          unitId,
          kind: 'maintenance',
          startsAt: start,
          endsAt: end,
          blockedUntil: end,
          reason: body.reason,
          createdBy: actor.id,
        });
        await this.audit.record(tx, actor, {
          entity: 'unit',
          entityId: unitId,
          action: 'unit.maintenance_block',
          after: toBlock(hold),
        });
        return toBlock(hold);
      });
    } catch (error) {
      if (pgErrorCode(error) !== EXCLUSION_VIOLATION) throw error;
      const clashes = await this.repository.overlappingHolds(unitId, start, end);
      const booked = clashes.some((h) => h.kind === 'booking');
      throw new AppError(
        'CONFLICT',
        booked
          ? 'This unit is booked during these dates: move or cancel the booking first'
          : 'This unit is already blocked for maintenance during some of these dates',
        [
          {
            path: 'startDate',
            message: booked ? 'Overlaps a booking' : 'Overlaps another maintenance block',
          },
        ],
      );
    }
  }

  /** Lifts a maintenance block: the hold stops counting from now (released_at). */
  async liftBlock(actor: Actor, holdId: number, now = new Date()): Promise<MaintenanceBlock> {
    return this.repository.transaction(async (repo, tx) => {
      const hold = await repo.hold(holdId);
      if (!hold || hold.kind !== 'maintenance') throw notFound('Maintenance block');
      if (hold.releasedAt) throw new AppError('CONFLICT', 'This block was already lifted');
      const after = (await repo.releaseHold(holdId, now))!;
      await this.audit.record(tx, actor, {
        entity: 'unit',
        entityId: hold.unitId,
        action: 'unit.maintenance_lift',
        before: toBlock(hold),
        after: toBlock(after),
      });
      return toBlock(after);
    });
  }

  /** A car now at another branch: a one-way rental returned there (bookings' return, its transaction). */
  moveTo(ex: Executor, unitId: number, branchCode: string) {
    return this.repository.moveUnit(ex, unitId, branchCode);
  }
}
