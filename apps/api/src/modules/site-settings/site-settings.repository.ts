import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema/site-settings';

export class SiteSettingsRepository {
  constructor(private readonly db: Db) {}

  async all(): Promise<Map<string, unknown>> {
    const rows = await this.db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings);
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
  }

  async get(key: string): Promise<unknown> {
    const [row] = await this.db
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, key));
    return row?.value;
  }
}
