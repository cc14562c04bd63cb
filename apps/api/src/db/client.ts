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
  | {
      kind: 'postgres';
      url: string;
      searchPath?: string;
      poolSize?: number;
      /**
       * How long a request waits for a connection (a new one, or a free one of the pool) before it
       * fails with 503; 0 waits as long as it takes. Default 5 s.
       */
      waitForConnectionMs?: number;
    };

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
    // A database that is down or unreachable fails a request in seconds (503), not never. pg-pool
    // applies the same limit to waiting for a free client while all are busy.
    connectionTimeoutMillis: target.waitForConnectionMs ?? 5_000,
    // Tests isolate themselves in a schema of their own; see test/databases.ts.
    options: target.searchPath ? `-c search_path=${target.searchPath}` : undefined,
  });
  // A connection can die at any moment of its life (a restart, a fail-over, a DBA ending sessions,
  // idle_in_transaction_session_timeout). pg reports it as an 'error' event on the client, and an
  // 'error' event nobody listens to ends the process (issue 31). The pool listens only while a
  // client is idle in it and stops when the client is checked out, so every client gets a listener
  // of its own for its whole life: the query in flight, if any, fails by itself (503 or a retry),
  // and the client leaves the pool when it is released (see release below).
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // An idle client that dies is removed by the pool, which then reports it here.
  pool.on('error', () => {});
  retryReadsOnLostConnections(pool);
  const on = (c: pg.Pool | pg.PoolClient): Connection => ({
    exec: async (sql) => {
      await c.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows as T[],
  });
  /** Runs `fn` on a client of the pool; a client whose connection failed leaves the pool instead of going back. */
  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      return await fn(client);
    } catch (error) {
      if (isDatabaseUnavailable(error)) lost = error as Error;
      throw error;
    } finally {
      client.release(lost);
    }
  };
  const db = drizzlePg(pool);
  // Drizzle's own transaction on a pool sends BEGIN before its try block, so a client whose BEGIN
  // fails (a connection that died just before) is never released, and the pool shrinks by one for
  // good. Here each transaction takes its client itself and always gives it back.
  db.transaction = (fn, config) => withClient((client) => drizzlePg(client).transaction(fn, config));
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    ...on(pool),
    withConnection: (fn) => withClient((client) => fn(on(client))),
    listen: (channel, onMessage, onReconnect) =>
      listenOnOwnConnection(target, channel, onMessage, onReconnect),
    close: () => pool.end(),
  };
}

/**
 * How long to wait before each new attempt after a lost connection: a restart refuses connections
 * for a second or two. After the last, the error stands (a 503 in the visitor's language).
 */
const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000];

/**
 * Whether an error means the connection was lost or refused (the statement may be sent again on a
 * new one), as opposed to a pool that found no free connection in time (a retry would only queue
 * behind the same crowd) or an embedded database that was closed (it does not come back).
 */
function isConnectionLost(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (
      (e as { code?: unknown }).code === 'ETIMEDOUT' ||
      /timeout exceeded|PGlite is closed/i.test(e.message)
    )
      return false;
  return true;
}

/**
 * A statement that only reads (SELECT, outside a transaction: every statement on the pool itself
 * is one), so that running it again changes nothing. Functions that do something are left out.
 */
function isRead(sql: string): boolean {
  return (
    /^\s*\(?\s*select\b/i.test(sql) &&
    !/\b(nextval|setval|pg_notify|pg_advisory\w*|pg_try_advisory\w*|set_config|pg_terminate_backend)\s*\(/i.test(
      sql,
    )
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A read on the pool whose connection was lost (a backend ended, a restart) is sent again on a new
 * connection, a few times, before the request hears of it. Writes are not: one that was sent may
 * have been done.
 */
function retryReadsOnLostConnections(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  const retried = async (config: string | pg.QueryConfig, values?: unknown) => {
    const sql = typeof config === 'string' ? config : config.text;
    for (let attempt = 0; ; attempt++) {
      try {
        return await query(config, values);
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || !isConnectionLost(error) || !isRead(sql)) throw error;
        await pause(delay);
      }
    }
  };
  (pool as unknown as { query: typeof retried }).query = retried;
}

/**
 * Runs `fn` in one transaction, and runs it again on a new connection when the connection was lost
 * before COMMIT was sent: nothing of the first attempt was committed, so the second cannot double
 * anything. A connection lost during or after COMMIT leaves it unknown whether the transaction
 * committed: that is never retried; the request answers 503 and the caller's own retry settles it
 * (a booking's Idempotency-Key). Only for transactions whose every effect is in the database: a
 * charge at a gateway, a mail or a file inside `fn` would happen again.
 */
export async function transactionRetriedIfLost<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let committing = false;
    try {
      return await db.transaction(async (tx) => {
        const result = await fn(tx as unknown as Db);
        // From here on Drizzle sends COMMIT: a lost connection no longer says "not done".
        committing = true;
        return result;
      });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (committing || delay === undefined || !isConnectionLost(error)) throw error;
      await pause(delay);
    }
  }
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
