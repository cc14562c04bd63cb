import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/**
 * Migrations are plain SQL files applied in name order, each once, inside a
 * transaction (docs/decisions/0002). In the source tree they sit beside this
 * file; the production bundle copies them next to server.js.
 */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  for (const dir of candidates) {
    try {
      readdirSync(dir);
      return dir;
    } catch {
      // try the next place
    }
  }
  throw new Error(`No migrations folder found next to ${here}`);
}

export function listMigrations(dir = migrationsDir()): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

// Any fixed number works; it only has to be the same for every instance.
const MIGRATION_LOCK_ID = 728_091_114;

/** Applies the migrations not yet applied; returns their names. Safe to run from several instances at once. */
export async function migrate(database: Database, dir?: string): Promise<string[]> {
  const migrations = listMigrations(dir);
  return database.withConnection(async (conn) => {
    // On PostgreSQL, instances starting together wait for each other here;
    // PGlite has one user by construction (the DATA_DIR lock).
    if (database.kind === 'postgres') await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await conn.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = new Set(
        (await conn.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
      );
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        try {
          await conn.exec(
            `BEGIN;\n${m.sql}\n;\nINSERT INTO schema_migrations (name) VALUES ('${m.name.replace(/'/g, "''")}');\nCOMMIT;`,
          );
        } catch (error) {
          await conn.exec('ROLLBACK').catch(() => {});
          throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(m.name);
      }
      return applied;
    } finally {
      if (database.kind === 'postgres')
        await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}
