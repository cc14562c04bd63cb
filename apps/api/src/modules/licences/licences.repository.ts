import { sql } from 'drizzle-orm';
import type { LicenceAcceptance } from '@siam/contract/licence-countries';
import { rows, type Executor } from '../../db/sql-rows';
import type { Db } from '../../db/client';

/** Staff's changes to the licence rules (table licence_rules, migration 2058). */
export class LicencesRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx));
  }

  async changes(ex: Executor = this.db): Promise<{ country: string; accepts: LicenceAcceptance }[]> {
    return rows(ex, sql`SELECT country, accepts FROM licence_rules ORDER BY country`);
  }

  async set(ex: Executor, country: string, accepts: LicenceAcceptance) {
    await ex.execute(
      sql`INSERT INTO licence_rules (country, accepts) VALUES (${country}, ${accepts})
          ON CONFLICT (country) DO UPDATE SET accepts = EXCLUDED.accepts, updated_at = now()`,
    );
  }

  /** Back to the contract's default: the row goes. */
  async clear(ex: Executor, country: string) {
    await ex.execute(sql`DELETE FROM licence_rules WHERE country = ${country}`);
  }
}
