import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { migrate } from '../migrate';
import { seedDemoData } from './seed';

const webPublic = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

describeEachDatabase('migrations and the demo seed', (ctx) => {
  const counts = async () =>
    (
      await ctx.database.query<{
        categories: number;
        branches: number;
        models: number;
        images: number;
        features: number;
        units: number;
        conditions: number;
        deals: number;
        testimonials: number;
        settings: number;
      }>(`SELECT
        (SELECT count(*)::int FROM categories) AS categories,
        (SELECT count(*)::int FROM branches) AS branches,
        (SELECT count(*)::int FROM car_models) AS models,
        (SELECT count(*)::int FROM car_model_images) AS images,
        (SELECT count(*)::int FROM car_model_features) AS features,
        (SELECT count(*)::int FROM vehicle_units) AS units,
        (SELECT count(*)::int FROM rental_conditions) AS conditions,
        (SELECT count(*)::int FROM hot_deals) AS deals,
        (SELECT count(*)::int FROM testimonials) AS testimonials,
        (SELECT count(*)::int FROM site_settings) AS settings`)
    )[0]!;

  it('gives the site one head-office address: the head office branch is where the contact page says', async () => {
    await seedDemoData(ctx.database);
    const [branch] = await ctx.database.query<{ address: Record<string, string> }>(
      `SELECT address FROM branches WHERE code = 'bkk'`,
    );
    const [settings] = await ctx.database.query<{ value: { headOffice: Record<string, string> } }>(
      `SELECT value FROM site_settings WHERE key = 'contact'`,
    );
    expect(branch!.address).toEqual(settings!.value.headOffice);
  });

  it('applies every migration once: a second run does nothing', async () => {
    expect(await migrate(ctx.database)).toEqual([]);
  });

  it('seeds believable demo data, and a second run changes nothing', async () => {
    const first = await counts();
    expect(first.categories).toBe(10);
    expect(first.branches).toBe(14);
    expect(first.models).toBeGreaterThanOrEqual(24);
    expect(first.units).toBeGreaterThanOrEqual(first.models * 2);
    await seedDemoData(ctx.database);
    expect(await counts()).toEqual(first);
  });

  it('covers every car type the spec names, 2-5 units per model, prices from ~700 to ~6,000 THB', async () => {
    const slugs = (await ctx.database.query<{ slug: string }>('SELECT slug FROM categories')).map(
      (r) => r.slug,
    );
    expect(slugs.sort()).toEqual(
      [
        '7seat',
        'cap',
        'crossover',
        'electric',
        'hatchback',
        'luxury',
        'minivan',
        'sedan',
        'suv',
        'van',
      ].sort(),
    );
    const [range] = await ctx.database.query<{ min: string; max: string }>(
      'SELECT min(price_per_day)::text AS min, max(price_per_day)::text AS max FROM car_models',
    );
    expect(Number(range!.min)).toBeGreaterThanOrEqual(600);
    expect(Number(range!.max)).toBeLessThanOrEqual(6500);
    const perModel = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vehicle_units GROUP BY car_model_id',
    );
    for (const { n } of perModel) expect(n >= 2 && n <= 5, `${n} units per model`).toBe(true);
    // car_id and car_model_id differ for every car, so a mix-up shows at once.
    const [same] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM car_models WHERE car_id = id',
    );
    expect(same!.n).toBe(0);
  });

  it('ships every picture in the repository, each under 60 KB', async () => {
    const urls = (await ctx.database.query<{ url: string }>('SELECT url FROM car_model_images')).map(
      (r) => r.url,
    );
    for (const url of urls) expect(statSync(path.join(webPublic, url)).size, url).toBeLessThan(60 * 1024);
  });

  it('refuses two live holds on one unit whose periods overlap (23P01)', async () => {
    const [unit] = await ctx.database.query<{ id: number }>(
      'SELECT id FROM vehicle_units ORDER BY id LIMIT 1',
    );
    const insert = (start: string, end: string) =>
      ctx.database.query(
        `INSERT INTO unit_holds (unit_id, kind, starts_at, ends_at, blocked_until)
         VALUES ($1, 'maintenance', $2, $3, $3::timestamptz + interval '3 hours')`,
        [unit!.id, start, end],
      );
    await insert('2030-01-10T02:00:00Z', '2030-01-12T11:00:00Z');
    await expect(insert('2030-01-12T02:00:00Z', '2030-01-13T11:00:00Z')).rejects.toMatchObject({
      code: '23P01',
    });
    // The day after the return (after the turnaround buffer) is free.
    await insert('2030-01-13T02:00:00Z', '2030-01-14T11:00:00Z');
    // A released hold no longer counts.
    await ctx.database.query('UPDATE unit_holds SET released_at = now() WHERE unit_id = $1', [unit!.id]);
    await insert('2030-01-11T02:00:00Z', '2030-01-11T11:00:00Z');
  });
});
