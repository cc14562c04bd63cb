import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { loadSettings } from './config/settings';
import { migrate } from './db/migrate';
import { openDatabaseFromSettings } from './db/open-from-settings';
import { acquireDataDirLock } from './db/data-dir-lock';
import { createAdmin } from './modules/admin/create-admin';

/**
 * `npm run admin:create -- --email boss@example.com [--password …]`
 * Creates the first admin, or promotes an existing account. Without
 * --password a strong one is generated and printed once.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help || !values.email) {
    console.error('usage: npm run admin:create -- --email <email> [--password <password>]');
    process.exit(values.help ? 0 : 2);
  }
  const settings = loadSettings();
  // The embedded database has one owner: stop `npm start` first (PostgreSQL needs no lock).
  const release = settings.DATABASE_URL ? () => {} : acquireDataDirLock(settings.dataDir);
  try {
    const database = await openDatabaseFromSettings(settings);
    try {
      await migrate(database);
      const result = await createAdmin(database, { email: values.email, password: values.password });
      const what = {
        created: 'Created the admin account',
        promoted: 'Promoted the existing account to admin',
        already: 'This account is already an admin',
      }[result.outcome];
      console.log(`${what}: ${result.email}`);
      if (result.generatedPassword)
        console.log(`Password (shown once, keep it safe): ${result.generatedPassword}`);
      else if (result.passwordChanged) console.log('Password: set to the one given.');
      else console.log('Password: unchanged.');
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ZodError) console.error(error.issues.map((i) => i.message).join('; '));
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
