import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadSettings } from '../config/settings';
import { acquireDataDirLock } from './data-dir-lock';
import { migrate } from './migrate';
import { assertResettable } from './start-up';
import { openDatabaseFromSettings } from './open-from-settings';
import { seedDemoData } from './seed/seed';

/** `npm run db:migrate | db:seed | db:reset` */
async function main(command: string | undefined) {
  const settings = loadSettings();
  const release = settings.DATABASE_URL ? () => {} : acquireDataDirLock(settings.dataDir);
  try {
    if (command === 'reset') {
      assertResettable(settings);
      if (settings.DATABASE_URL) {
        const database = await openDatabaseFromSettings(settings);
        await database.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
        await database.close();
      } else {
        rmSync(path.join(settings.dataDir, 'db'), { recursive: true, force: true });
      }
    }
    const database = await openDatabaseFromSettings(settings);
    const applied = await migrate(database);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Migrations: up to date');
    if (command === 'seed' || command === 'reset') {
      await seedDemoData(database);
      console.log('Demo data seeded.');
    }
    await database.close();
  } finally {
    release();
  }
}

const command = process.argv[2];
if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
  console.error('usage: cli.ts migrate | seed | reset');
  process.exit(2);
}
main(command).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
