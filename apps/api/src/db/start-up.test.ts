import { expect, it } from 'vitest';
import { loadSettings } from '../config/settings';
import { createTestDatabase, describeEachDatabase } from '../../test/databases';
import { assertResettable, prepareDatabase } from './start-up';

/** What a start does to an empty database, by environment (issue 19: no demo admin in production). */
describeEachDatabase(
  'starting on an empty database',
  (ctx) => {
    it('in production seeds no demo data and no demo staff unless SEED_DEMO=true', async () => {
      const settings = loadSettings({
        NODE_ENV: 'production',
        DEMO_SITE: 'true',
        DATA_DIR: '/tmp/siam-start-up',
      });
      const { seeded } = await prepareDatabase(ctx.database, settings);
      expect(seeded).toBe(false);
      const admins = await ctx.database.query("SELECT 1 FROM users WHERE email LIKE '%@siamdrive.test'");
      expect(admins).toEqual([]);
      const [cars] = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM car_models');
      expect(cars!.n).toBe(0);
    });

    it('in development (npm start) seeds the demo data and the demo accounts', async () => {
      const fresh = await createTestDatabase(ctx.kind, { seed: false });
      try {
        const { seeded } = await prepareDatabase(fresh, loadSettings({ DATA_DIR: '/tmp/siam-start-up' }));
        expect(seeded).toBe(true);
        const admins = await fresh.query("SELECT email FROM users WHERE email = 'admin@siamdrive.test'");
        expect(admins).toHaveLength(1);
      } finally {
        await fresh.close();
      }
    });
  },
  { seed: false },
);

it('npm run db:reset refuses a production database', () => {
  expect(() => assertResettable({ NODE_ENV: 'production' })).toThrow(/refuses.*production/);
  expect(() => assertResettable({ NODE_ENV: 'development' })).not.toThrow();
});
