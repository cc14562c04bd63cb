import { buildApp } from './app';
import { loadSettings, SettingsError } from './config/settings';
import { openDatabaseFromSettings } from './db/open-from-settings';
import { MigrationHistoryError } from './db/migrate';
import { prepareDatabase } from './db/start-up';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock';
import { jobRuns } from './lib/metrics';
import { logProcessExits } from './lib/process-exits';

async function main() {
  logProcessExits();
  const settings = loadSettings();
  // The embedded database must have one owner; PostgreSQL serves many instances.
  const releaseLock = settings.DATABASE_URL ? () => {} : acquireDataDirLock(settings.dataDir);
  process.on('exit', releaseLock);

  const database = await openDatabaseFromSettings(settings);
  await prepareDatabase(database, settings);

  const app = await buildApp({
    database,
    settings,
    logger: {
      level: settings.LOG_LEVEL,
      // Tokens and cookies never reach the logs.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });

  // Every JOBS_INTERVAL_SECONDS (a minute by default): gateway charges still pending are asked after (a lost
  // webhook never lets a paid booking expire), then unpaid bookings past their deadline expire, LINE
  // messages go out, and card charges whose answer was lost are looked up at the gateway. All are safe when
  // several instances run them at once; one instance starts a round only when its last one has finished.
  const job = async <T>(name: string, run: () => Promise<T>, done: (result: T) => void) => {
    try {
      done(await run());
      jobRuns.inc({ job: name, result: 'ok' });
    } catch (error) {
      jobRuns.inc({ job: name, result: 'failed' });
      app.log.error({ err: error, job: name }, 'a minute job failed');
    }
  };
  const bookings = app.services.bookings;
  let jobsRunning = false;
  const expiry = setInterval(() => {
    if (jobsRunning) return;
    jobsRunning = true;
    void (async () => {
      await job(
        'check_gateway_charges',
        () => app.services.payments.checkPendingGatewayCharges(),
        (r) => {
          if (r.settled) app.log.info(r, 'settled gateway charges whose webhook had not come');
        },
      );
      // Changes whose difference was not paid at the gateway in time let go of their new dates (decision 3631).
      await job(
        'expire_waiting_changes',
        () => app.services.rentals.expireWaitingChanges(),
        (ids) => {
          if (ids.length) app.log.info({ bookings: ids }, 'waiting changes lapsed unpaid');
        },
      );
      await job(
        'expire_unpaid',
        () => bookings.expireUnpaid(),
        (ids) => {
          if (ids.length) app.log.info({ bookings: ids }, 'expired unpaid bookings');
        },
      );
      // LINE: the day-before and day-of reminders are written, then every message due is pushed.
      await job(
        'line_messages',
        async () => {
          await app.services.lineMessages.queueReminders();
          return app.services.lineMessages.sendDue();
        },
        (r) => {
          if (r.sent || r.failed) app.log.info(r, 'LINE messages pushed');
        },
      );
      // Company accounts: the monthly tax invoices of a month that has ended (decision 1807).
      await job(
        'monthly_invoices',
        () => app.services.companies.issueDue(),
        (issued) => {
          if (issued.length)
            app.log.info({ invoices: issued.map((i) => i.number) }, 'issued monthly invoices');
        },
      );
      // Deposits held on a card whose hold would lapse before the car is back: let go and asked for again.
      await job(
        'renew_deposit_holds',
        () => app.services.payments.renewDepositHolds(),
        (r) => {
          if (r.renewed) app.log.info(r, 'deposit holds about to lapse let go: deposits due again');
        },
      );
      await job(
        'reconcile_card_payments',
        () => app.services.payments.reconcileCardPayments(),
        (r) => {
          if (r.confirmed || r.failed) app.log.info(r, 'reconciled card payments');
        },
      );
    })().finally(() => {
      jobsRunning = false;
    });
  }, settings.JOBS_INTERVAL_SECONDS * 1000);
  expiry.unref();

  // Mail: sent by its own job, woken at every mail written and polling for retries (decision 3105).
  await app.services.mailer.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    clearInterval(expiry);
    try {
      await app.close(); // stops accepting, waits for requests in flight
      await app.services.mailer.stop(); // lets a mail being sent finish
      await database.close();
    } finally {
      clearTimeout(force);
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: settings.PORT, host: settings.HOST });
  app.log.info(
    `Siam Drive is serving ${settings.publicUrl} on ${database.kind === 'pglite' ? `the embedded database in ${settings.dataDir}` : 'PostgreSQL'}`,
  );
}

main().catch((error: unknown) => {
  // Said plainly, without a stack: what the operator must fix (a setting, the data folder in use,
  // a migration edited or named out of order) is the whole message.
  if (
    error instanceof SettingsError ||
    error instanceof DataDirLockedError ||
    error instanceof MigrationHistoryError
  ) {
    console.error(error.message);
  } else {
    console.error('Siam Drive could not start:', error);
  }
  process.exit(1);
});
