import path from 'node:path';
import type { Settings } from '../config/settings';
import { openDatabase, type Database } from './client';

/** PostgreSQL when DATABASE_URL is set; otherwise the embedded PGlite in DATA_DIR/db. */
export function openDatabaseFromSettings(settings: Settings): Promise<Database> {
  return settings.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: settings.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: path.join(settings.dataDir, 'db') });
}
