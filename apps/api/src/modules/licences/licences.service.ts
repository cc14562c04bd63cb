import {
  defaultLicenceAcceptance,
  type LicenceAcceptance,
  type LicenceRuleChanges,
} from '@siam/contract/licence-countries';
import type { Actor, AuditService } from '../audit/audit.service';
import type { Executor } from '../../db/sql-rows';
import type { LicencesRepository } from './licences.repository';

/**
 * What a driving licence from each country needs beside it (issue 36 part 1, decision 3601): the
 * contract's defaults with staff's changes. Read on every booking, so kept until a staff change
 * (app.services' publicChanges makes every instance forget).
 */
export class LicencesService {
  private kept: Promise<LicenceRuleChanges> | null = null;

  constructor(
    private readonly repository: LicencesRepository,
    private readonly audit: AuditService,
  ) {}

  forget() {
    this.kept = null;
  }

  /** Staff's changes, by country (countries on the default are not listed). */
  changes(ex?: Executor): Promise<LicenceRuleChanges> {
    if (ex) return this.read(ex);
    this.kept ??= this.read().catch((e: unknown) => {
      this.kept = null;
      throw e;
    });
    return this.kept;
  }

  private async read(ex?: Executor): Promise<LicenceRuleChanges> {
    const found = await this.repository.changes(ex);
    return Object.fromEntries(found.map((r) => [r.country, r.accepts]));
  }

  /** A country's rule, audited; the default's own value removes the change. */
  async set(actor: Actor, country: string, accepts: LicenceAcceptance): Promise<LicenceRuleChanges> {
    const after = await this.repository.transaction(async (tx) => {
      const before = (await this.read(tx))[country] ?? defaultLicenceAcceptance(country);
      if (accepts === defaultLicenceAcceptance(country)) await this.repository.clear(tx, country);
      else await this.repository.set(tx, country, accepts);
      await this.audit.record(tx, actor, {
        entity: 'licence_rule',
        entityId: country,
        action: 'licence_rule.updated',
        before: { accepts: before },
        after: { accepts },
      });
      return this.read(tx);
    });
    this.forget();
    return after;
  }
}
