import { seatCodes, type SeatCode } from '@siam/contract/child-seats';
import type { BranchSeatStock, SeatStockBody } from '@siam/contract/seat-stock';
import type { Language } from '@siam/contract/languages';
import { notFound } from '../../lib/app-error';
import type { Executor } from '../../db/sql-rows';
import type { Actor, AuditService } from '../audit/audit.service';
import type { SeatsRepository } from './seats.repository';

/**
 * Child seats per branch (issue 36 part 4, docs/decisions/3620): staff set how many of each kind a
 * branch has; quotes ask how many are free for a rental. The database itself refuses a booking that
 * would take more than the stock (migration 2050), whatever writes it.
 */
export class SeatsService {
  constructor(
    private readonly repo: SeatsRepository,
    private readonly audit: AuditService,
  ) {}

  /** Every branch's stock (or one branch's), 0 for a kind never set. */
  async stock(lang: Language, branchCode?: string): Promise<BranchSeatStock[]> {
    const byBranch = new Map<string, BranchSeatStock>();
    for (const row of await this.repo.stock(this.repo.db, branchCode)) {
      let branch = byBranch.get(row.code);
      if (!branch) {
        const stock = Object.fromEntries(seatCodes.map((c) => [c, 0])) as Record<SeatCode, number>;
        branch = { branchCode: row.code, branchName: row.name[lang], stock };
        byBranch.set(row.code, branch);
      }
      if (row.seat_code) branch.stock[row.seat_code] = row.quantity ?? 0;
    }
    return [...byBranch.values()];
  }

  /** Sets a branch's stock of every kind, with its audit record, in one transaction. */
  async setStock(actor: Actor, branchCode: string, body: SeatStockBody, lang: Language) {
    const before = (await this.stock(lang, branchCode))[0];
    if (!before) throw notFound('Branch');
    await this.repo.db.transaction(async (tx) => {
      await this.repo.setStock(tx, branchCode, body.stock);
      await this.audit.record(tx, actor, {
        entity: 'seat_stock',
        entityId: branchCode,
        action: 'seat_stock.update',
        before: before.stock,
        after: body.stock,
      });
    });
    return (await this.stock(lang, branchCode))[0]!;
  }

  /** Seats of each kind free at a branch for the whole of [from, to). */
  async left(ex: Executor, branchCode: string, from: Date, to: Date): Promise<Record<SeatCode, number>> {
    const left = Object.fromEntries(seatCodes.map((c) => [c, 0])) as Record<SeatCode, number>;
    for (const row of await this.repo.left(ex, branchCode, from, to)) left[row.seat_code] = row.left;
    return left;
  }
}
