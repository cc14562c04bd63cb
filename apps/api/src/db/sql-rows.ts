import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Anything that runs SQL: the database or a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** The rows of a raw SQL query (on PGlite and on PostgreSQL alike). */
export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
