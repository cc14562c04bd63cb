import type { Settings } from '../config/settings';
import type { Database } from './client';
import { migrate } from './migrate';
import { isCatalogEmpty, seedDemoData, seedSiteSettings } from './seed/seed';

/**
 * What every start does to the database before serving: the migrations, then
 * demo data (with the demo admin and staff accounts) into an empty catalog only
 * when the settings ask for it (never by default in production), else just the
 * site settings' defaults.
 */
export async function prepareDatabase(database: Database, settings: Pick<Settings, 'SEED_DEMO'>) {
  const applied = await migrate(database);
  const seeded = settings.SEED_DEMO && (await isCatalogEmpty(database));
  if (seeded) await seedDemoData(database);
  else await seedSiteSettings(database);
  return { applied, seeded };
}

export class ProductionDatabaseError extends Error {}

/** `npm run db:reset` wipes every booking: never against a production database. */
export function assertResettable(settings: Pick<Settings, 'NODE_ENV'>): void {
  if (settings.NODE_ENV === 'production')
    throw new ProductionDatabaseError(
      'npm run db:reset refuses to run with NODE_ENV=production: it would delete every booking, payment and account. Reset only development or test databases.',
    );
}
