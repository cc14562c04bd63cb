import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed/seed';
import { adminQuery, databaseUrl, testDatabasePrefix } from './postgres-admin';

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
  const templates = inject('postgresTemplates');
  if (templates)
    return copyOfTemplate(url, options.seed === false ? templates.migrated : templates.seeded, options);
  // No right to create databases: a schema of its own, migrated and seeded here (seconds a file).
  const schema = `test_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE SCHEMA ${schema}`);
  const inner = await openDatabase({
    kind: 'postgres',
    url,
    searchPath: `${schema},public`,
    ...poolOptions(options),
  });
  const database: Database = {
    ...inner,
    close: async () => {
      await inner.close();
      await adminQuery(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
  await migrate(database);
  if (options.seed !== false) await seedDemoData(database);
  return database;
}

const poolOptions = (options: { poolSize?: number }) => ({
  poolSize: options.poolSize ?? 5,
  // The race tests queue 100 requests on these 5 connections. On a busy machine the queue
  // moves slowly, and the pool's 5-second wait would answer 503 where the rule under test
  // decides 200 or 409 (issue 32, part 4): here a request waits for its turn as long as it
  // takes, and the test's own time limit catches a hang. A database that is down still
  // fails at once (connection refused); database-faults.test.ts opens its instances with the
  // production default.
  waitForConnectionMs: 0,
});

/**
 * A database of its own, copied from the run's template (global-setup.ts): PostgreSQL copies the
 * migrated and seeded files in a fraction of a second, where migrating and seeding a schema took about
 * two seconds of the server's and the worker's CPU for each of ~140 files (decision 3703).
 */
async function copyOfTemplate(url: string, template: string, options: { poolSize?: number }) {
  const name = `${testDatabasePrefix}${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const inner = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(url, name),
    ...poolOptions(options),
  });
  return {
    ...inner,
    close: async () => {
      await inner.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    },
  } satisfies Database;
}

/**
 * Where a test's PostgreSQL database lives, for a test that opens more pools on it (more instances, a
 * relay in between): its URL (the test server's, naming the database) and search path.
 */
export async function whereIs(database: Database): Promise<{ url: string; searchPath: string }> {
  const [where] = await database.query<{ name: string; schema: string }>(
    'SELECT current_database() AS name, current_schema() AS schema',
  );
  return {
    url: databaseUrl(process.env.TEST_DATABASE_URL!, where!.name),
    searchPath: `${where!.schema},public`,
  };
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
