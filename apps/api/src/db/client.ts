import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/** The Drizzle handle every repository takes; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Connection {
  /** Runs SQL that may hold several statements and no parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Connection {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` on one connection held for its whole duration (session locks, transactions by hand). */
  withConnection<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any
   * connection to this database (another instance's included). `onReconnect`
   * runs when the listening connection was lost and is back: notifications sent
   * meanwhile are gone, so whatever they would have said must be assumed.
   * Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /** PGlite only: the whole data folder as a tarball (tests start suites from a seeded copy). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  // No dataDir: in memory (tests). loadDataDir: start from a dump (tests start from a seeded copy).
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; searchPath?: string; poolSize?: number };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
    const client = await PGlite.create(target.dataDir ?? 'memory://', {
      extensions: { btree_gist },
      ...(target.loadDataDir && { loadDataDir: target.loadDataDir }),
    });
    const conn: Connection = {
      exec: async (sql) => {
        await client.exec(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
    };
    return {
      kind: 'pglite',
      db: drizzlePglite(client) as unknown as Db,
      ...conn,
      // PGlite is one connection already; serialise through its own queue.
      withConnection: (fn) => fn(conn),
      listen: (channel, onMessage) => client.listen(channel, onMessage),
      dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // A database that is down or unreachable fails a request in seconds (503), not never.
    connectionTimeoutMillis: 5_000,
    // Tests isolate themselves in a schema of their own; see test/databases.ts.
    options: target.searchPath ? `-c search_path=${target.searchPath}` : undefined,
  });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const on = (c: pg.Pool | pg.PoolClient): Connection => ({
    exec: async (sql) => {
      await c.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows as T[],
  });
  return {
    kind: 'postgres',
    db: drizzlePg(pool) as unknown as Db,
    ...on(pool),
    withConnection: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(on(client));
      } finally {
        client.release();
      }
    },
    listen: (channel, onMessage, onReconnect) =>
      listenOnOwnConnection(target, channel, onMessage, onReconnect),
    close: () => pool.end(),
  };
}

const RELISTEN_DELAY_MS = 1_000;

/** Network failures and PostgreSQL's "cannot connect now" and "connection" classes (57P0x, 08xxx). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/**
 * Whether an error means the database cannot be reached at the moment (down,
 * restarting, failing over), as opposed to a query that is wrong: the request
 * gets a 503 "temporarily unavailable", and the next one tries again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^(57P0[123]|08\d{3})$/.test(code)))
      return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

/**
 * LISTEN needs a connection of its own for as long as it listens (a pooled one
 * goes back to the pool). When it drops (a database restart, a fail-over), it
 * connects again every second until it can listen again.
 */
async function listenOnOwnConnection(
  target: { url: string; searchPath?: string },
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: target.url });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(true), RELISTEN_DELAY_MS);
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', onLost);
    next.on('end', onLost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // The first time, the caller hears of it; later, it keeps trying.
      if (!isReconnect) throw error;
      onLost();
      return;
    }
    if (isReconnect) onReconnect?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
