import type { z } from 'zod';
import type { AdminHotDeal, hotDealBodySchema } from '@siam/contract/admin';
import type { Language } from '@siam/contract/languages';
import { AppError, notFound } from '../../lib/app-error';
import { explainWriteError } from '../../lib/write-errors';
import type { Actor, AuditService } from '../audit/audit.service';
import { carName } from '../fleet/car-name';
import type { DealsRepository, HotDealRow } from './deals.repository';

/**
 * Hot deals for staff: the list, past, running and coming; an admin adds and removes them. Each
 * change and its audit record are written in one transaction.
 */
export class DealsAdminService {
  constructor(
    private readonly repository: DealsRepository,
    private readonly audit: AuditService,
  ) {}

  private async toHotDeals(
    rows: HotDealRow[],
    lang: Language,
    repo = this.repository,
  ): Promise<AdminHotDeal[]> {
    const names = await repo.carNames([...new Set(rows.map((r) => r.carModelId))]);
    const nameOf = new Map(names.map((n) => [n.id, carName(n, lang)]));
    return rows.map((r) => ({
      id: r.id,
      carModelId: r.carModelId,
      carName: nameOf.get(r.carModelId) ?? '',
      discountPercent: Number(r.discountPercent),
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
    }));
  }

  async hotDeals(lang: Language) {
    return this.toHotDeals(await this.repository.all(), lang);
  }

  async createHotDeal(
    actor: Actor,
    body: z.output<typeof hotDealBodySchema>,
    lang: Language,
  ): Promise<AdminHotDeal> {
    try {
      return await this.repository.transaction(async (repo, tx) => {
        if ((await repo.carNames([body.carModelId])).length === 0)
          throw new AppError('VALIDATION_FAILED', 'Invalid data: check the data sent', [
            { path: 'carModelId', message: 'Unknown car model' },
          ]);
        const row = await repo.insert({
          carModelId: body.carModelId,
          discountPercent: body.discountPercent.toFixed(2),
          startsAt: new Date(body.startsAt),
          endsAt: new Date(body.endsAt),
        });
        await this.audit.record(tx, actor, {
          entity: 'hot_deal',
          entityId: row.id,
          action: 'hot_deal.create',
          after: row,
        });
        return (await this.toHotDeals([row], lang, repo))[0]!;
      });
    } catch (error) {
      explainWriteError(error, 'This hot deal');
    }
  }

  async deleteHotDeal(actor: Actor, id: number): Promise<void> {
    await this.repository.transaction(async (repo, tx) => {
      const row = await repo.delete(id);
      if (!row) throw notFound('Hot deal');
      await this.audit.record(tx, actor, {
        entity: 'hot_deal',
        entityId: id,
        action: 'hot_deal.delete',
        before: row,
      });
    });
  }
}
