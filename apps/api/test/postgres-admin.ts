import pg from 'pg';

/**
 * The test PostgreSQL's administration, shared by global-setup.ts (the run's templates) and databases.ts
 * (each file's copy): the databases' names, their URLs, and one statement on a connection of its own.
 */

/** Databases made for one test file are named `siam_test_<epoch seconds>_<random>` (global-setup.ts drops old ones). */
export const testDatabasePrefix = 'siam_test_';

/** The server's URL (TEST_DATABASE_URL) naming another of its databases. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a connection of its own (CREATE and DROP DATABASE run outside any pool). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
