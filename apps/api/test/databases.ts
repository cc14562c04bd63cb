import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed/seed';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every API test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database: PGlite in memory, or a schema of its own on
 * the test PostgreSQL (dropped by the returned close()).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { seed?: boolean; poolSize?: number } = {},
): Promise<Database> {
  if (kind === 'pglite') {
    // Migrated (and seeded) already, in the run's dump (global-setup.ts).
    const dump = inject(options.seed === false ? 'pgliteMigratedDump' : 'pgliteSeededDump');
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(dump)]) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const inner = await openDatabase({
    kind: 'postgres',
    url,
    searchPath: `${schema},public`,
    poolSize: options.poolSize ?? 5,
    // The race tests queue 100 requests on these 5 connections. On a busy machine the queue
    // moves slowly, and the pool's 5-second wait would answer 503 where the rule under test
    // decides 200 or 409 (issue 32, part 4): here a request waits for its turn as long as it
    // takes, and the test's own time limit catches a hang. A database that is down still
    // fails at once (connection refused); database-faults.test.ts opens its instances with the
    // production default.
    waitForConnectionMs: 0,
  });
  const database: Database = {
    ...inner,
    close: async () => {
      await inner.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.end();
    },
  };
  await migrate(database);
  if (options.seed !== false) await seedDemoData(database);
  return database;
}

/**
 * Runs a describe block once per database kind, with a fresh seeded database
 * for the block: `describeEachDatabase('bookings', (ctx) => { it(..., () => ctx.database) })`.
 */
export function describeEachDatabase(
  name: string,
  body: (ctx: { readonly database: Database; kind: DatabaseKind }) => void,
  options: { seed?: boolean } = {},
) {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let database: Database | undefined;
      const ctx = {
        kind,
        get database(): Database {
          if (!database) throw new Error('database not ready');
          return database;
        },
      };
      beforeAll(async () => {
        database = await createTestDatabase(kind, options);
      });
      afterAll(async () => {
        await database?.close();
      });
      body(ctx);
    });
  }
}
