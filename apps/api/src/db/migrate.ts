import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/**
 * Migrations are plain SQL files applied in name order, each once, inside a
 * transaction (docs/decisions/0002). In the source tree they sit beside this
 * file; the production bundle copies them next to server.js. How to add one:
 * migrations/README.md.
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

export type Migration = { name: string; sql: string; checksum: string };

export function listMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => {
      const bytes = readFileSync(path.join(dir, name));
      return {
        name,
        sql: bytes.toString('utf8'),
        checksum: createHash('sha256').update(bytes).digest('hex'),
      };
    });
}

/**
 * The last migration written before "name order is the order written" held:
 * 1601-1716 were written after 1945/1946, so a database of that time may still
 * lack some of them and applies them late. Every later migration must sort
 * after the newest one a database has applied (decision 0002).
 */
export const LAST_MIGRATION_OF_OLD_NUMBERING = '1946_payment_checks.sql';

/** Why a start stops: the migrations in the folder do not agree with what this database applied. */
export class MigrationHistoryError extends Error {}

/** The names of the migrations this database has applied (the readiness check compares them with the build's). */
export async function appliedMigrations(database: Database): Promise<Set<string>> {
  const applied = await database.query<{ name: string }>('SELECT name FROM schema_migrations');
  return new Set(applied.map((r) => r.name));
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
      // Databases that applied migrations before checksums were kept get the
      // column here; their rows take the file's checksum on this first start.
      await conn.exec('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
      const done = new Map(
        (
          await conn.query<{ name: string; checksum: string | null }>(
            'SELECT name, checksum FROM schema_migrations',
          )
        ).map((r) => [r.name, r.checksum]),
      );
      for (const m of migrations) {
        if (!done.has(m.name)) continue;
        const stored = done.get(m.name);
        if (stored === null) {
          await conn.query('UPDATE schema_migrations SET checksum = $1 WHERE name = $2', [
            m.checksum,
            m.name,
          ]);
        } else if (stored !== m.checksum) {
          throw new MigrationHistoryError(
            `Migration ${m.name} was edited after this database applied it (SHA-256 stored ${stored}, file now ${m.checksum}). ` +
              'An applied migration must never change: restore the file as it was and write the change as a new migration ' +
              '(apps/api/src/db/migrations/README.md).',
          );
        }
      }
      const newestApplied = [...done.keys()].sort().at(-1);
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        if (newestApplied && m.name < newestApplied && m.name > LAST_MIGRATION_OF_OLD_NUMBERING)
          throw new MigrationHistoryError(
            `Migration ${m.name} sorts before ${newestApplied}, which this database has already applied, so databases ` +
              'would apply them in different orders. Rename it to sort after the newest migration and list it at the end ' +
              'of apps/api/src/db/migrations/ORDER (apps/api/src/db/migrations/README.md).',
          );
        try {
          await conn.exec(
            `BEGIN;\n${m.sql}\n;\nINSERT INTO schema_migrations (name, checksum) VALUES (${quote(m.name)}, ${quote(m.checksum)});\nCOMMIT;`,
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

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
