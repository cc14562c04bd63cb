import { afterAll, beforeAll, expect, it } from 'vitest';
import { bangkokToday } from '@siam/contract/bangkok-time';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { holdUnit, loadCatalogFixture } from './catalog.fixtures';
import { CatalogRepository } from './catalog.repository';

/** A Bangkok calendar date `days` from today, YYYY-MM-DD. */
const day = (days: number) => {
  const d = new Date(`${bangkokToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

// A fixed sequence, so a failure can be replayed.
let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

/**
 * The count of a dated listing at any branch is computed a second way
 * (migration 0110: unit counts kept by triggers, holds grouped by model).
 * Whatever the fleet and holds look like, it must equal the number of cars
 * the listing itself finds with the plain per-unit check.
 */
describeEachDatabase(
  'availability count at any branch',
  (ctx) => {
    let app: App;
    const listing = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/guest/cars?limit=50&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json().response as { data: unknown[]; pagination: { total: number } };
      return { found: body.data.length, total: body.pagination.total };
    };
    const unitCounts = () =>
      ctx.database.query<{ id: number; kept: number; actual: number }>(
        `SELECT m.id, coalesce((SELECT c.in_service_units FROM car_model_unit_counts c WHERE c.car_model_id = m.id), 0) AS kept,
                (SELECT count(*)::int FROM vehicle_units u WHERE u.car_model_id = m.id AND u.status = 'in_service') AS actual
         FROM car_models m ORDER BY m.id`,
      );

    beforeAll(async () => {
      await loadCatalogFixture(ctx.database);
      // More units: three more Yaris, two more City, one more Fortuner, one MU-X in service, one retired Atto 3.
      await ctx.database.exec(`
      INSERT INTO vehicle_units (id, car_model_id, plate, branch_code, status) VALUES
        (201, 11, 'T 201', 'bkk', 'in_service'), (202, 11, 'T 202', 'hdy', 'in_service'),
        (203, 11, 'T 203', 'bkk', 'in_service'), (204, 12, 'T 204', 'hdy', 'in_service'),
        (205, 12, 'T 205', 'bkk', 'in_service'), (206, 13, 'T 206', 'bkk', 'in_service'),
        (207, 14, 'T 207', 'hdy', 'in_service'), (208, 16, 'T 208', 'hdy', 'retired');
    `);
      const units = [101, 102, 103, 104, 105, 106, 201, 202, 203, 204, 205, 206, 207, 208];
      // Random holds over the next 60 days, never overlapping on one unit (the constraint would refuse).
      for (const unit of units) {
        let start = Math.floor(random() * 5);
        while (start < 60) {
          const length = Math.floor(random() * 4);
          await holdUnit(
            ctx.database,
            unit,
            `${day(start)}T09:00:00+07:00`,
            `${day(start + length)}T18:00:00+07:00`,
            {
              released: random() < 0.2,
            },
          );
          start += length + 1 + Math.floor(random() * 6);
        }
      }
      // Every in-service Fortuner (104, 206) is taken on day 70: the model must drop out.
      await holdUnit(ctx.database, 104, `${day(70)}T09:00:00+07:00`, `${day(71)}T18:00:00+07:00`);
      await holdUnit(ctx.database, 206, `${day(70)}T09:00:00+07:00`, `${day(72)}T18:00:00+07:00`);
      // The retired MU-X (105) is held on day 70 too; only 207 is in service, and it is free.
      await holdUnit(ctx.database, 105, `${day(70)}T09:00:00+07:00`, `${day(70)}T18:00:00+07:00`);
      app = await buildTestApp(ctx.database);
    });
    afterAll(() => app.close());

    it('keeps each model’s count of units in service through inserts, retirements, moves and deletes', async () => {
      expect((await unitCounts()).every((r) => r.kept === r.actual)).toBe(true);
      await ctx.database.exec(`
      UPDATE vehicle_units SET status = 'retired' WHERE id = 203;
      UPDATE vehicle_units SET status = 'in_service' WHERE id = 208;
      INSERT INTO vehicle_units (id, car_model_id, plate, branch_code, status) VALUES (299, 14, 'T 299', 'bkk', 'in_service');
      UPDATE vehicle_units SET car_model_id = 16 WHERE id = 299;
      DELETE FROM vehicle_units WHERE id = 299;
    `);
      const counts = await unitCounts();
      expect(counts.every((r) => r.kept === r.actual)).toBe(true);
      expect(counts.find((r) => r.id === 11)?.kept).toBe(3);
      expect(counts.find((r) => r.id === 16)?.kept).toBe(2);
      // Put things back for the other tests.
      await ctx.database.exec(`
      UPDATE vehicle_units SET status = 'in_service' WHERE id = 203;
      UPDATE vehicle_units SET status = 'retired' WHERE id = 208;
    `);
    });

    it('fills and keeps the model of every hold, even when a unit is moved to another model', async () => {
      const stray = await ctx.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM unit_holds h JOIN vehicle_units u ON u.id = h.unit_id
       WHERE h.car_model_id <> u.car_model_id`,
      );
      expect(stray[0]?.n).toBe(0);
      await ctx.database.exec('UPDATE vehicle_units SET car_model_id = 14 WHERE id = 208');
      const moved = await ctx.database.query<{ car_model_id: number }>(
        'SELECT DISTINCT car_model_id FROM unit_holds WHERE unit_id = 208',
      );
      expect(moved.map((r) => r.car_model_id)).toEqual([14]);
      await ctx.database.exec('UPDATE vehicle_units SET car_model_id = 16 WHERE id = 208');
      await expect(
        ctx.database.exec('UPDATE unit_holds SET car_model_id = 11 WHERE unit_id = 208'),
      ).rejects.toThrow();
    });

    it('drops a model whose every unit in service is taken, and keeps one whose only taken unit is retired', async () => {
      const dates = `pickup_date=${day(70)}&return_date=${day(70)}`;
      const res = await app.inject({ method: 'GET', url: `/api/v1/guest/cars?limit=50&${dates}` });
      const ids = (res.json().response.data as { car_model_id: number }[]).map((c) => c.car_model_id);
      expect(ids).not.toContain(13);
      expect(ids).toContain(14);
      expect(await listing(dates)).toEqual({ found: ids.length, total: ids.length });
    });

    it('agrees with the listing for 60 random periods, with and without other filters', async () => {
      const filters = [
        '',
        'category_id=1',
        'category_id=2',
        'search=toyota',
        'type=suv',
        'priceRange=0,1500',
      ];
      for (let i = 0; i < 60; i++) {
        const start = Math.floor(random() * 75);
        const query = `pickup_date=${day(start)}&return_date=${day(start + Math.floor(random() * 5))}&${filters[i % filters.length]}`;
        const { found, total } = await listing(query);
        expect(total, query).toBe(found);
      }
    });

    it('finds the same pages by walking the listing in order as by deciding every model first', async () => {
      const walking = new CatalogRepository(ctx.database.db);
      const decidingFirst = new CatalogRepository(ctx.database.db, { maxWalk: 0 });
      const sorts = ['recommended', 'price_asc', 'price_desc', 'name_asc'] as const;
      for (let i = 0; i < 24; i++) {
        const start = Math.floor(random() * 75);
        const from = new Date(`${day(start)}T09:00:00+07:00`);
        const to = new Date(
          new Date(`${day(start + Math.floor(random() * 4))}T18:00:00+07:00`).getTime() + 3 * 3_600_000,
        );
        const filter = {
          isActive: true,
          period: { from, to },
          now: new Date(),
          ...(i % 3 === 0 ? { categoryId: 2 } : {}),
        };
        const sort = sorts[i % sorts.length]!;
        for (const page of [
          { limit: 2, offset: 0 },
          { limit: 2, offset: 2 },
          { limit: 50, offset: 0 },
          { limit: 2, offset: 40 },
        ]) {
          const a = await walking.listCards(filter, sort, 'en', page);
          const b = await decidingFirst.listCards(filter, sort, 'en', page);
          const context = `${sort} ${day(start)} ${JSON.stringify(page)}`;
          expect(
            a.rows.map((r) => r.id),
            context,
          ).toEqual(b.rows.map((r) => r.id));
          expect(a.total, context).toBe(b.total);
          expect(a.rows, context).toEqual(b.rows);
        }
      }
    });
  },
  { seed: false },
);
