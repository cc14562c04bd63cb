import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The database or a transaction (the back office writes a setting and its audit record together). */
type Executor = Pick<Db, 'select' | 'insert'>;
import { siteSettings } from '../../db/schema/site-settings';

export class SiteSettingsRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction (the back office writes the settings and their audit records in it). */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx));
  }

  async all(executor: Executor = this.db): Promise<Map<string, unknown>> {
    const rows = await executor
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings);
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  async set(key: string, value: unknown, executor: Executor = this.db): Promise<void> {
    await executor
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
  }

  async get(key: string, executor: Executor = this.db): Promise<unknown> {
    const [row] = await executor
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, key));
    return row?.value;
  }
}
