import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { loadCatalogFixture } from '../catalog/catalog.fixtures';

describeEachDatabase(
  'hot deals on the promotions page, and the localized public answers a browser keeps',
  (ctx) => {
    let app: App;
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

    beforeAll(async () => {
      await loadCatalogFixture(ctx.database);
      // Model 14 (Isuzu MU-X) has no pictures at all: its deal shows the drawing its id picks.
      await ctx.database.exec(
        `INSERT INTO hot_deals (car_model_id, discount_percent, starts_at, ends_at)
         VALUES (14, 5, now() - interval '1 hour', now() + interval '1 day')`,
      );
      app = await buildTestApp(ctx.database);
    });
    afterAll(() => app.close());

    it('names the cars in the request language and says the answer varies by it (a zh visitor after an en one sees 丰田)', async () => {
      const en = await get('/guest/promotions/current', { 'accept-language': 'en' });
      const zh = await get('/guest/promotions/current', { 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(en.headers['cache-control']).toBe('public, max-age=60');
      expect(en.headers.vary).toContain('accept-language');
      expect(zh.headers.vary).toContain('accept-language');
      const names = (res: typeof en) =>
        (res.json().response.data as { carModelId: number; carName: string }[]).map((d) => [
          d.carModelId,
          d.carName,
        ]);
      expect(names(en)).toEqual(expect.arrayContaining([[13, 'Toyota Fortuner']]));
      expect(names(zh)).toEqual(expect.arrayContaining([[13, '丰田 穿越者']]));
    });

    it('shows a model without pictures with the fallback drawing its id picks (id 14 → fallback-2), not the one default', async () => {
      const data = (await get('/guest/promotions/current?lng=en')).json().response.data as {
        carModelId: number;
        image: string;
      }[];
      expect(data.find((d) => d.carModelId === 14)?.image).toBe('/images/cars/fallback-2.svg');
      expect(data.find((d) => d.carModelId === 13)?.image).toBe('/images/cars/toyota-fortuner-1.svg');
    });

    it('the site settings (head office, bank) vary by language too', async () => {
      const res = await get('/guest/site-settings', { 'accept-language': 'th' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=30');
      expect(res.headers.vary).toContain('accept-language');
    });
  },
  { seed: false },
);
