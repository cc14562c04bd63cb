import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { buildTestApp, testSettings } from '../../test/app';
import { createTestDatabase, whereIs } from '../../test/databases';
import { daysFromNow, driver, makeCar, makeCustomer } from '../modules/bookings/booking-fixtures.test-helper';
import { isDatabaseUnavailable, openDatabase, transactionRetriedIfLost, type Database } from './client';
import { migrate } from './migrate';

const url = process.env.TEST_DATABASE_URL;

/** The PostgreSQL server programs of the newest version installed (Debian's layout), if any. */
function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version && path.join(root, version, 'bin');
}

/**
 * A throwaway PostgreSQL cluster of this test's own, on a port of its block, so that it can be
 * restarted without touching the machine's shared server (other suites use it at the same time).
 * PostgreSQL refuses to run as root: the programs then run as the postgres user.
 */
function privateCluster(bin: string, port: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'siam-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString());
    const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString());
    chownSync(dir, uid, gid);
  }
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
  const run = (program: string, args: string[]) => {
    const done = spawnSync(...command(program, args), { encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`${program} failed: ${done.stderr || done.stdout}`);
  };
  const pgCtlArgs = (...args: string[]) => ['-D', data, '-l', path.join(dir, 'log'), '-w', ...args];
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
      run(
        'pg_ctl',
        pgCtlArgs('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'),
      );
    },
    /**
     * What `pg_ctl restart` does to a live site: every session ends, connections are refused a
     * moment. Asynchronous: the instances under test share this process's event loop.
     */
    restart: async () => {
      await promisify(execFile)(...command('pg_ctl', pgCtlArgs('-m', 'fast', 'restart')));
    },
    stop() {
      try {
        run('pg_ctl', pgCtlArgs('-m', 'immediate', 'stop'));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

interface Answer {
  /** The create's number in the stream: its customer, dates and instance. */
  n: number;
  key: string;
  instance: number;
  status: number;
  code?: string;
  bookingNumber?: string;
  /** From sending to the answer. */
  ms: number;
}

/**
 * Three instances of the API listening on real sockets, each with its own pool, on one database
 * (as three servers behind a load balancer). Their sessions carry an application_name of their own,
 * so the test ends exactly those and never another suite's.
 */
async function startInstances(database: Database, appUrl: string, searchPath?: string) {
  const applicationName = `siam-faults-${randomBytes(4).toString('hex')}`;
  const withName = new URL(appUrl);
  withName.searchParams.set('application_name', applicationName);
  const pools: Database[] = [];
  const apps: App[] = [];
  const bases: string[] = [];
  // One configuration for the three, as in a deployment: a session opened on one is valid on the others.
  const settings = testSettings();
  for (let i = 0; i < 3; i++) {
    const pool = await openDatabase({ kind: 'postgres', url: withName.toString(), searchPath });
    const app = await buildTestApp(pool, { settings });
    await app.listen({ port: 0, host: '127.0.0.1' });
    pools.push(pool);
    apps.push(app);
    bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
  const car = await makeCar(database, 5);
  // 20 customers, members of a company that books on its account: each create is confirmed in its
  // own transaction (no card, no waiting charge), so what is acknowledged is exactly what committed,
  // and no unpaid-booking cap is met however slow a busy machine makes the creates.
  const [company] = await database.query<{ id: number }>(
    `INSERT INTO companies (buyer, billing_email) VALUES ($1, 'fleet@example.com') RETURNING id`,
    [
      {
        companyName: 'Fault Test Co., Ltd.',
        address: '1 Sukhumvit Road, Bangkok',
        taxId: '0105558000001',
        branch: '00000',
      },
    ],
  );
  const customers: { headers: Record<string, string> }[] = [];
  for (let i = 0; i < 20; i++) {
    const customer = await makeCustomer(apps[i % 3]!);
    await database.query(
      `INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, 'driver')`,
      [customer.userId, company!.id],
    );
    customers.push(customer);
  }

  const create = async (n: number, key: string): Promise<Answer> => {
    const instance = n % 3;
    const sent = Date.now();
    try {
      const res = await fetch(`${bases[instance]}/api/v1/guest/bookings/create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': 'th',
          'idempotency-key': key,
          ...customers[n % customers.length]!.headers,
        },
        body: JSON.stringify({
          carModelId: car.carModelId,
          branchCode: car.branchCode,
          // 60 dates, at most 3 creates each: never more than the model's 5 cars.
          pickupDate: daysFromNow(10 + (n % 60) * 3),
          returnDate: daysFromNow(11 + (n % 60) * 3),
          paymentMethod: 'company_account',
          driver,
          acceptTerms: true,
          addons: [],
        }),
      });
      const body = (await res.json()) as {
        code?: string;
        response?: { data?: { booking?: { bookingNumber?: string } } };
      };
      return {
        n,
        key,
        instance,
        status: res.status,
        code: body.code,
        bookingNumber: body.response?.data?.booking?.bookingNumber,
        ms: Date.now() - sent,
      };
    } catch {
      // No answer at all: the instance is gone (or its socket was reset).
      return { n, key, instance, status: 0, ms: Date.now() - sent };
    }
  };

  /**
   * `perSecond` creates a second for `seconds`, spread over the three instances; `fault` runs once
   * a third of them have been sent. Resolves when every create has its answer.
   */
  const stream = async (perSecond: number, seconds: number, fault: () => Promise<void>) => {
    const total = perSecond * seconds;
    const answers: Promise<Answer>[] = [];
    let faulted: Promise<void> | undefined;
    const started = Date.now();
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / perSecond - Date.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      answers.push(create(n, `fault-${applicationName}-${n}`));
      if (n === Math.floor(total / 3)) faulted = fault();
    }
    await faulted;
    return Promise.all(answers);
  };

  const ready = async (i: number) => {
    try {
      return (await fetch(`${bases[i]}/api/v1/health/ready`)).status;
    } catch {
      return 0;
    }
  };
  /** Every instance's readiness once the database answers again (each asked until it is ready, for up to 30 s). */
  const readyAll = async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      let status = await ready(i);
      for (let tries = 0; status !== 200 && tries < 150; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = await ready(i);
      }
      statuses.push(status);
    }
    return statuses;
  };

  return {
    applicationName,
    stream,
    create,
    readyAll,
    close: async () => {
      for (const app of apps) await app.close();
      for (const pool of pools) await pool.close().catch(() => {});
    },
  };
}

/** What the faults must leave: every acknowledged booking kept, every other answer a 503 that a retry with its key settles. */
async function expectNothingLost(
  database: Database,
  instances: Awaited<ReturnType<typeof startInstances>>,
  answers: Answer[],
) {
  const acknowledged = answers.filter((a) => a.status === 200);
  const tally: Record<string, number> = {};
  for (const a of answers)
    tally[`${a.status} ${a.code ?? ''}`.trim()] = (tally[`${a.status} ${a.code ?? ''}`.trim()] ?? 0) + 1;
  // The figures for the record (docs/decisions/3101).
  console.log(`${answers.length} creates offered: ${JSON.stringify(tally)}`);
  // The stream really went on around the fault: most creates succeeded.
  expect(acknowledged.length).toBeGreaterThan(answers.length / 2);
  // Nothing but bookings and "temporarily unavailable" (no 500, no instance that stopped answering).
  const others = answers.filter((a) => a.status !== 200);
  expect(
    others.map((a) => `${a.status} ${a.code ?? ''}`).filter((s) => s !== '503 SERVICE_UNAVAILABLE'),
  ).toEqual([]);
  const numbers = acknowledged.map((a) => a.bookingNumber);
  const kept = await database.query<{ booking_number: string }>(
    'SELECT booking_number FROM bookings WHERE booking_number = ANY($1)',
    [numbers],
  );
  expect(kept.map((r) => r.booking_number).sort()).toEqual([...numbers].sort());
  // A customer told "temporarily unavailable" tries again with the same key: one booking each, never two.
  const retried = await Promise.all(others.map((a) => instances.create(a.n, a.key)));
  expect(retried.filter((r) => r.status !== 200)).toEqual([]);
  const perKey = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ANY($1) GROUP BY key HAVING count(booking_id) <> 1`,
    [answers.map((a) => a.key)],
  );
  expect(perKey).toEqual([]);
}

// What may run again after a lost connection, and what may not (docs/decisions/3101).
describe.skipIf(!url)('after a lost connection', () => {
  const schema = `faults_${randomBytes(4).toString('hex')}`;
  const applicationName = `siam-retry-${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let database: Database;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const named = new URL(url!);
    named.searchParams.set('application_name', applicationName);
    database = await openDatabase({ kind: 'postgres', url: named.toString(), searchPath: schema });
    await database.exec(`
      CREATE TABLE probe (x integer NOT NULL);
      -- A COMMIT that takes a second (a deferred trigger), long enough to lose its connection in the middle.
      CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(1); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON probe DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.x = 4) EXECUTE FUNCTION slow_commit();`);
  });
  afterAll(async () => {
    await database?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
  });

  /** Ends this suite's session that is running a statement like `pattern`, once it is seen running. */
  const endSessionRunning = async (pattern: string) => {
    for (let tries = 0; tries < 200; tries++) {
      const { rows } = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE application_name = $1 AND state = 'active' AND query ILIKE $2`,
        [applicationName, pattern],
      );
      if (rows.some((r) => r.ended)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no session ran ${pattern}`);
  };
  const probes = async (x: number) =>
    (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM probe WHERE x = $1', [x]))[0]!.n;

  it('sends a read again on a new connection', async () => {
    const read = database.query<{ n: number }>('SELECT 7 AS n FROM pg_sleep(0.5)');
    await endSessionRunning('%pg_sleep(0.5)%');
    expect(await read).toEqual([{ n: 7 }]);
  });

  it('does not send a write again: it may have been done', async () => {
    // Its outcome is taken at once: the write may fail before endSessionRunning has returned, and a
    // rejection nobody holds yet is an unhandled one (it failed a full run that way).
    const outcome = database.query('INSERT INTO probe (x) SELECT 1 FROM pg_sleep(0.5)').then(
      () => undefined,
      (e: unknown) => e,
    );
    await endSessionRunning('%INSERT INTO probe%');
    expect(await outcome).toMatchObject({ code: '57P01' });
    expect(await probes(1)).toBe(0);
  });

  it('runs a transaction again when its connection was lost before COMMIT', async () => {
    let runs = 0;
    const done = transactionRetriedIfLost(database.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`INSERT INTO probe (x) VALUES (3)`);
      if (runs === 1) await tx.execute(sql`SELECT pg_sleep(0.5)`);
      return runs;
    });
    await endSessionRunning('%pg_sleep(0.5)%');
    expect(await done).toBe(2);
    expect(await probes(3)).toBe(1);
  });

  it('never runs a transaction again when its connection was lost during COMMIT', async () => {
    let runs = 0;
    // Its outcome is taken at once (see above: no rejection left unheld while the session is ended).
    const outcome = transactionRetriedIfLost(database.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`INSERT INTO probe (x) VALUES (4)`);
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    await endSessionRunning('commit');
    // Whether it committed is unknown to the app: the request answers 503 (isDatabaseUnavailable).
    const error = await outcome;
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(runs).toBe(1);
    expect(await probes(4)).toBe(0);
  });
});

// Issue 31: a database restart or a DBA ending sessions is survived by every instance, under a
// stream of booking creates, and no acknowledged booking is lost.
describe.skipIf(!url)('PostgreSQL faults under 25 booking creates a second over 3 instances', () => {
  let database: Database;
  let instances: Awaited<ReturnType<typeof startInstances>>;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { seed: false });
    const where = await whereIs(database);
    instances = await startInstances(database, where.url, where.searchPath);
  });
  afterAll(async () => {
    await instances?.close();
    await database?.close();
  });

  it('keeps every instance up and every acknowledged booking when their sessions are terminated', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let terminated = 0;
    try {
      // Three times, half a second apart: sessions in a query, idle in a transaction and idle in the pool.
      const answers = await instances.stream(25, 6, async () => {
        for (let i = 0; i < 3; i++) {
          const { rows } = await admin.query<{ ended: boolean }>(
            'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1',
            [instances.applicationName],
          );
          terminated += rows.filter((r) => r.ended).length;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      });
      expect(terminated).toBeGreaterThan(0);
      expect(await instances.readyAll()).toEqual([200, 200, 200]);
      await expectNothingLost(database, instances, answers);
    } finally {
      await admin.end();
    }
  }, 60_000);
});

const binaries = postgresBinaries();
describe.skipIf(!url || !binaries)(
  'a PostgreSQL restart under 25 booking creates a second over 3 instances',
  () => {
    // Port 4030: in this suite's block (docs/decisions/3101).
    let cluster: ReturnType<typeof privateCluster> | undefined;
    let database: Database;
    let instances: Awaited<ReturnType<typeof startInstances>>;
    beforeAll(async () => {
      // Made here, not when the file is read: a run that filters this suite out leaves no folder behind.
      cluster = privateCluster(binaries!, 4030);
      cluster.start();
      database = await openDatabase({ kind: 'postgres', url: cluster!.url });
      await migrate(database);
      instances = await startInstances(database, cluster!.url);
    }, 60_000);
    afterAll(async () => {
      await instances?.close();
      await database?.close().catch(() => {});
      cluster?.stop();
    });

    it('keeps every instance up and every acknowledged booking through pg_ctl restart', async () => {
      const answers = await instances.stream(25, 6, async () => cluster!.restart());
      expect(await instances.readyAll()).toEqual([200, 200, 200]);
      await expectNothingLost(database, instances, answers);
    }, 60_000);
  },
);

if (!binaries)
  describe('a PostgreSQL restart', () => {
    it.skip('needs the PostgreSQL server programs (/usr/lib/postgresql/*/bin) to start a private cluster', () => {});
  });
