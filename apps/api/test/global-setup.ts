import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed/seed';
import { adminQuery, databaseUrl, testDatabasePrefix } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data folder, dumped once per run; each suite starts from a copy. */
    pgliteSeededDump: string;
    /** The same folder migrated only (a test's `seed: false`), dumped before the seed. */
    pgliteMigratedDump: string;
    /**
     * With TEST_DATABASE_URL: two databases on that server, migrated, and migrated and seeded, that each
     * test file copies (test/databases.ts); null without PostgreSQL, or without the right to create databases.
     */
    postgresTemplates: { migrated: string; seeded: string } | null;
  }
}

/**
 * A fresh PGlite costs seconds of WASM work before the first query (its initdb, about 4 s of CPU at
 * load 21, migrations 0.3 s more, the seed 0.6 s more); loading a dump about 1.5 s. So the folder
 * is made, migrated and seeded once, and every test database starts from a dump of it: the migrated
 * one for `seed: false`, the seeded one otherwise (decision 3701).
 */
async function dumpPglite(folder: string): Promise<{ migrated: string; seeded: string }> {
  const write = async (name: string, dump: Blob) => {
    const file = path.join(folder, name);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  };
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  const migrated = await write('migrated.tar', await database.dumpDataDir!());
  await seedDemoData(database);
  const seeded = await write('seeded.tar', await database.dumpDataDir!());
  await database.close();
  return { migrated, seeded };
}

/**
 * When TEST_DATABASE_URL is set, the suite also runs on that PostgreSQL. Each test file works in a
 * database of its own, copied from a template made here, migrated (and seeded) once for the run
 * (decision 3703); without the right to create databases, in a schema of its own of the server's
 * database, migrated and seeded for the file (test/databases.ts). The btree_gist extension is
 * database-wide, so it is made once here, in public, for that case.
 */
async function makePostgresTemplates(
  client: pg.Client,
  url: string,
): Promise<{ migrated: string; seeded: string } | null> {
  const stamp = `${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const migrated = `siam_template_${stamp}_m`;
  const seeded = `siam_template_${stamp}_s`;
  try {
    await client.query(`CREATE DATABASE ${migrated}`);
  } catch (error) {
    // 42501: insufficient privilege (a role without CREATEDB).
    if ((error as { code?: string }).code !== '42501') throw error;
    console.warn('The test role may not create databases: each file migrates a schema of its own (slower).');
    return null;
  }
  const bare = await openDatabase({ kind: 'postgres', url: databaseUrl(url, migrated) });
  await migrate(bare);
  await bare.close();
  await client.query(`CREATE DATABASE ${seeded} TEMPLATE ${migrated}`);
  const full = await openDatabase({ kind: 'postgres', url: databaseUrl(url, seeded) });
  await seedDemoData(full);
  await full.close();
  // A connection left open on a template would stop every copy of it: none may open one from now on.
  for (const name of [migrated, seeded]) await client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  return { migrated, seeded };
}
const NOT_ON_POSTGRES = [
  '',
  '!!! TEST_DATABASE_URL is not set: the API suite ran on the embedded PGlite only.',
  '!!! PGlite serves one connection at a time, so the concurrency tests (simultaneous bookings',
  '!!! for the last car, idempotency races, unpaid-hold limits under load) did NOT run against a',
  '!!! real PostgreSQL server. Set TEST_DATABASE_URL=postgres://user@host:5432/db to run them',
  '!!! (.ci/run always does).',
  '',
].join('\n');

export default async function setup(project: TestProject) {
  // One folder for the run's files (the dumps, 86 MB, and every test's DATA_DIR, test/app.ts), removed
  // when the run ends: each run used to leave them all in the system's temporary folder. Workers start
  // after this and inherit the variable.
  const runFolder = mkdtempSync(path.join(os.tmpdir(), 'siam-vitest-'));
  // Every temporary folder a test makes (os.tmpdir(): each app's DATA_DIR, a site's root, a mail folder,
  // a migrations folder, an S3 stand-in's store …) goes in it, so nothing is left behind when a test
  // forgets or fails before its clean-up: 150 such folders were left by one run of the suite.
  process.env.TMPDIR = runFolder;
  // Readable by other users, as /tmp is: database-faults' own PostgreSQL runs as the postgres user, in
  // a folder of its own made here.
  chmodSync(runFolder, 0o755);
  const removeRunFolder = () => rmSync(runFolder, { recursive: true, force: true });
  const dumps = await dumpPglite(runFolder);
  project.provide('pgliteSeededDump', dumps.seeded);
  project.provide('pgliteMigratedDump', dumps.migrated);
  const url = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplates', null);
  if (!url) {
    // Said at the start and again after the results, where nobody can miss it.
    console.warn(NOT_ON_POSTGRES);
    return () => {
      removeRunFolder();
      console.warn(NOT_ON_POSTGRES);
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let templates: { migrated: string; seeded: string } | null;
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public');
    // Schemas and databases left behind by an interrupted run (named <prefix><epoch seconds>_<random>);
    // recent ones may belong to a run going on beside this one.
    const cutoff = Date.now() / 1000 - 2 * 3600;
    const old = (name: string) => Number(/_(\d+)_/.exec(name)?.[1]) < cutoff;
    const { rows } = await client.query<{ nspname: string }>(
      "SELECT nspname FROM pg_namespace WHERE nspname ~ '^test_[0-9]+_'",
    );
    for (const { nspname } of rows.filter((r) => old(r.nspname)))
      await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    const databases = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname ~ '^(${testDatabasePrefix}|siam_template_)[0-9]+_'`,
    );
    for (const { datname } of databases.rows.filter((r) => old(r.datname)))
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    templates = await makePostgresTemplates(client, url);
  } finally {
    await client.end();
  }
  project.provide('postgresTemplates', templates);
  return async () => {
    removeRunFolder();
    if (!templates) return;
    for (const name of [templates.seeded, templates.migrated])
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
  };
}
