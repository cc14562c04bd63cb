import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { migrate, migrationsDir } from './migrate';
import { prepareDatabase } from './start-up';

// `sha256sum apps/api/src/db/migrations/0001_base.sql`, run by hand: the stored
// checksum is the SHA-256 of the file as committed (and 0001 must never change).
const BASE_SHA256 = '415f3e69a3dab2dd40417d37e03dbcbf9cf41834175f2aa48ef02793a67fc9a8';

/** A folder of our own migrations, so a test can edit and add files without touching the real ones. */
function scratchFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'siam-migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe('the migrations folder', () => {
  it('holds exactly the files ORDER lists, and their name order is the order ORDER gives (new ones only at the end)', () => {
    const folder = readdirSync(migrationsDir())
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const order = readFileSync(path.join(migrationsDir(), 'ORDER'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    // Read on failure: a migration missing from ORDER, or one that sorts before an older one.
    // The fix is in apps/api/src/db/migrations/README.md.
    expect(folder, 'sorted file names of apps/api/src/db/migrations vs. its ORDER').toEqual(order);
  });
});

describeEachDatabase('migrations: checksums and order', (ctx) => {
  const storedChecksum = async (name: string) =>
    (
      await ctx.database.query<{ checksum: string | null }>(
        'SELECT checksum FROM schema_migrations WHERE name = $1',
        [name],
      )
    )[0]?.checksum;

  it('keeps the SHA-256 of each applied file', async () => {
    expect(await storedChecksum('0001_base.sql')).toBe(BASE_SHA256);
  });

  it('gives a database that applied its migrations before checksums were kept the column, filled on its first start', async () => {
    await ctx.database.exec('ALTER TABLE schema_migrations DROP COLUMN checksum');
    expect(await migrate(ctx.database)).toEqual([]);
    expect(await storedChecksum('0001_base.sql')).toBe(BASE_SHA256);
    const [missing] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM schema_migrations WHERE checksum IS NULL',
    );
    expect(missing!.n).toBe(0);
  });

  it('stops the start, naming the file, when an applied migration was edited', async () => {
    // What the database remembers differs from the file: as if 0301 had been edited since.
    const real = await storedChecksum('0301_bookings.sql');
    await ctx.database.query(
      `UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE name = '0301_bookings.sql'`,
    );
    try {
      await expect(prepareDatabase(ctx.database, { SEED_DEMO: false })).rejects.toThrow(
        /^Migration 0301_bookings\.sql was edited after this database applied it/,
      );
    } finally {
      await ctx.database.query('UPDATE schema_migrations SET checksum = $1 WHERE name = $2', [
        real,
        '0301_bookings.sql',
      ]);
    }
    expect(await migrate(ctx.database)).toEqual([]);

    // And a file really edited on disk after it was applied.
    const dir = scratchFolder({ '9001_probe.sql': 'CREATE TABLE migration_probe (id int);' });
    expect(await migrate(ctx.database, dir)).toEqual(['9001_probe.sql']);
    writeFileSync(path.join(dir, '9001_probe.sql'), 'CREATE TABLE migration_probe (id int, note text);');
    await expect(migrate(ctx.database, dir)).rejects.toThrow(
      /^Migration 9001_probe\.sql was edited after this database applied it/,
    );
  });

  it('refuses a new migration that sorts before the newest one this database applied, and applies nothing of it', async () => {
    const dir = scratchFolder({ '9101_newest.sql': 'CREATE TABLE migration_newest (id int);' });
    expect(await migrate(ctx.database, dir)).toEqual(['9101_newest.sql']);
    writeFileSync(path.join(dir, '9100_written_later.sql'), 'CREATE TABLE migration_later (id int);');
    await expect(migrate(ctx.database, dir)).rejects.toThrow(
      /^Migration 9100_written_later\.sql sorts before 9101_newest\.sql, which this database has already applied/,
    );
    const [table] = await ctx.database.query<{ found: string | null }>(
      `SELECT to_regclass('migration_later')::text AS found`,
    );
    expect(table!.found).toBeNull();
  });

  it('still applies a late migration of the old numbering (1601-1716 were written after 1945/1946)', async () => {
    const dir = scratchFolder({ '1699_old_numbering.sql': 'CREATE TABLE migration_old (id int);' });
    expect(await migrate(ctx.database, dir)).toEqual(['1699_old_numbering.sql']);
  });
});
