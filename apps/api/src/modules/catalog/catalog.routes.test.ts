import { branchMessages } from '@siam/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bangkokToday } from '@siam/contract/bangkok-time';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { seedDemoStaff } from '../../db/seed/demo-staff';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { holdUnit, loadCatalogFixture } from './catalog.fixtures';

/** A Bangkok calendar date `days` from today, YYYY-MM-DD. */
const day = (days: number) => {
  const d = new Date(`${bangkokToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describeEachDatabase(
  'catalog API',
  (ctx) => {
    let app: App;
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    let staff: Record<string, string> = {};
    let admin: Record<string, string> = {};
    const ids = async (query: string, headers: Record<string, string> = {}) => {
      const res = await get(`/guest/cars${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().response.data as { car_model_id: number }[]).map((c) => c.car_model_id);
    };
    const fieldsOf = async (query: string) => {
      const res = await get(`/guest/cars${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ status: false, code: 'VALIDATION_FAILED' });
      return (body.errors as { path: string }[]).map((e) => e.path);
    };

    beforeAll(async () => {
      await loadCatalogFixture(ctx.database);
      // Unit 101 (the Yaris, bkk) is booked from day 10 09:00 to day 12 18:00.
      await holdUnit(ctx.database, 101, `${day(10)}T09:00:00+07:00`, `${day(12)}T18:00:00+07:00`);
      // Unit 104 (the Fortuner) had a booking that was cancelled: it holds nothing.
      await holdUnit(ctx.database, 104, `${day(10)}T09:00:00+07:00`, `${day(12)}T18:00:00+07:00`, {
        released: true,
      });
      // Unit 102 (a City at bkk) is blocked on day 20; unit 103 (a City at hdy) is free.
      await holdUnit(ctx.database, 102, `${day(20)}T09:00:00+07:00`, `${day(20)}T18:00:00+07:00`);
      await seedDemoStaff(ctx.database);
      app = await buildTestApp(ctx.database);
      ({ staff, admin } = await signInEveryone(app));
    });
    afterAll(() => app.close());

    describe('GET /guest/categories', () => {
      it('lists categories named in the request language', async () => {
        const res = await get('/guest/categories?lng=th');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          status: true,
          response: {
            data: [
              { category_id: 1, category_name: 'รถเก๋ง', category_slug: 'sedan' },
              { category_id: 2, category_name: 'รถเอสยูวี', category_slug: 'suv' },
              { category_id: 3, category_name: 'รถตู้', category_slug: 'van' },
            ],
          },
        });
        const zh = await get('/guest/categories', { 'accept-language': 'zh-CN,zh;q=0.9' });
        expect(zh.json().response.data[0].category_name).toBe('轿车');
        expect((await get('/guest/categories')).json().response.data[0].category_name).toBe('Sedan');
      });

      it('can be cached and revalidated with its ETag', async () => {
        const res = await get('/guest/categories?lng=en');
        expect(res.headers['cache-control']).toBe('public, max-age=300');
        expect(res.headers.vary).toContain('accept-language');
        const tag = res.headers.etag as string;
        expect(tag).toBeTruthy();
        const again = await get('/guest/categories?lng=en', { 'if-none-match': tag });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
      });
    });

    describe('GET /guest/cars', () => {
      it('answers the spec shape: active cars, 9 a page, recommended order', async () => {
        const res = await get('/guest/cars?lng=en');
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.status).toBe(true);
        expect(body.response.pagination).toEqual({ page: 1, limit: 9, total: 5, total_pages: 1 });
        // Popular first (by sort order), then the rest by sort order; the retired model 15 is not listed.
        expect(body.response.data.map((c: { car_model_id: number }) => c.car_model_id)).toEqual([
          13, 11, 12, 14, 16,
        ]);
        const yaris = body.response.data[1];
        expect(yaris).toEqual({
          car_id: 5011,
          car_model_id: 11,
          car_model_name: 'Toyota Yaris Ativ',
          price_per_day: '900.00',
          category_name: 'Sedan',
          is_active: 1,
          cover_image: '/images/cars/toyota-yaris-ativ-1.svg',
          image_path: ['/images/cars/toyota-yaris-ativ-1.svg', '/images/cars/toyota-yaris-ativ-2.svg'],
          category_slug: 'sedan',
          seats: 5,
          transmission: 'automatic',
          fuel: 'petrol',
          hot_deal: null,
        });
        expect(body.response.data[3]).toMatchObject({ cover_image: null, image_path: [] });
        expect(res.headers['cache-control']).toBe('public, max-age=60');
      });

      it('shows a running deal on its card, not a future or ended one', async () => {
        const data = (await get('/guest/cars')).json().response.data as {
          car_model_id: number;
          hot_deal: unknown;
        }[];
        const deal = (id: number) => data.find((c) => c.car_model_id === id)?.hot_deal;
        expect(deal(13)).toMatchObject({
          discount_percent: '15.00',
          price_per_day: '2125.00',
          saving_per_day: '375.00',
        });
        expect(deal(12)).toBeNull();
        expect(deal(16)).toBeNull();
      });

      it('names cars in the request language', async () => {
        const th = (await get('/guest/cars?lng=th')).json().response.data[0];
        expect(th).toMatchObject({ car_model_name: 'โตโยต้า ฟอร์จูนเนอร์', category_name: 'รถเอสยูวี' });
        const zh = (await get('/guest/cars?lng=zh')).json().response.data[0];
        expect(zh.car_model_name).toBe('丰田 穿越者');
      });

      it('filters by category_id and by type (the footer’s category slug)', async () => {
        expect(await ids('?category_id=2')).toEqual([13, 14, 16]);
        expect(await ids('?type=sedan')).toEqual([11, 12]);
        expect(await ids('?type=van')).toEqual([]);
        expect(await ids('?type=nothing-like-this')).toEqual([]);
        expect(await ids('?category_id=999')).toEqual([]);
      });

      it('searches model and brand names in every language, case-insensitively', async () => {
        expect(await ids('?search=toyota')).toEqual([13, 11]);
        expect(await ids('?search=YARIS%20a')).toEqual([11]);
        expect(await ids('?search=โตโยต้า')).toEqual([13, 11]);
        expect(await ids('?search=思迪')).toEqual([12]);
        expect(await ids('?search=mu-x&lng=th')).toEqual([14]);
        expect(await ids('?search=%20city%20')).toEqual([12]);
        // % and _ are letters here, not patterns.
        expect(await ids('?search=%25')).toEqual([]);
        expect(await ids('?search=%25&is_active=0', staff)).toEqual([15]);
        expect(await ids('?search=_')).toEqual([]);
        expect(await ids('?search=')).toHaveLength(5);
      });

      it('lists inactive models only to staff, when asked with is_active=0, never into a shared cache', async () => {
        // Issue 19: an anonymous caller (or a customer) learns nothing of cars taken out of service.
        const anonymous = await get('/guest/cars?is_active=0');
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.body).not.toContain('car_model_id');
        const asCustomer = await get('/guest/cars?is_active=0', (await signInEveryone(app)).customer);
        expect(asCustomer.statusCode).toBe(403);
        const staffAnswer = await get('/guest/cars?is_active=0', staff);
        expect(staffAnswer.headers['cache-control']).toBe('private, no-store');
        expect(await ids('?is_active=0', staff)).toEqual([15]);
        expect(await ids('?is_active=1')).toHaveLength(5);
      });

      it('filters by priceRange, both ends included', async () => {
        expect(await ids('?priceRange=900,1900')).toEqual([11, 12, 16]);
        expect(await ids('?priceRange=0,1000000')).toHaveLength(5);
        expect(await ids('?priceRange=901,1099')).toEqual([]);
        expect(await ids('?priceRange=2300,2300')).toEqual([14]);
        // The price after a running deal counts, as the card shows it.
        expect(await ids('?priceRange=2100,2200')).toEqual([13]);
        expect(await ids('?priceRange=2400,2600')).toEqual([]);
      });

      it('sorts on the server', async () => {
        // By the price a customer pays now: the Fortuner's 2,500 is 2,125 during its deal.
        expect(await ids('?sort=price_asc')).toEqual([11, 12, 16, 13, 14]);
        expect(await ids('?sort=price_desc')).toEqual([14, 13, 16, 12, 11]);
        expect(await ids('?sort=name_asc&lng=en')).toEqual([16, 12, 14, 13, 11]);
        expect(await ids('?sort=recommended')).toEqual([13, 11, 12, 14, 16]);
      });

      it('pages: limit, page, and an empty page past the end with the right pagination', async () => {
        const res = await get('/guest/cars?limit=2&page=2&sort=price_asc');
        expect(res.json().response).toMatchObject({
          data: [{ car_model_id: 16 }, { car_model_id: 13 }],
          pagination: { page: 2, limit: 2, total: 5, total_pages: 3 },
        });
        const past = (await get('/guest/cars?limit=2&page=7')).json().response;
        expect(past).toEqual({ data: [], pagination: { page: 7, limit: 2, total: 5, total_pages: 3 } });
        const none = (await get('/guest/cars?type=van&page=2')).json().response;
        expect(none).toEqual({ data: [], pagination: { page: 2, limit: 9, total: 0, total_pages: 0 } });
      });

      it('lists only models with a free unit for the dates', async () => {
        // Day 10-12: the Yaris's only unit is held; the cancelled hold on the Fortuner does not count.
        expect(await ids(`?pickup_date=${day(10)}&return_date=${day(12)}`)).toEqual([13, 12, 16]);
        // Overlapping the hold's first or last day is enough to exclude it.
        expect(await ids(`?pickup_date=${day(8)}&return_date=${day(10)}`)).not.toContain(11);
        expect(await ids(`?pickup_date=${day(12)}&return_date=${day(14)}`)).not.toContain(11);
        // Returned on day 12 at 18:00 (+3 h turnaround): free for a pickup on day 13, not before.
        expect(await ids(`?pickup_date=${day(13)}&return_date=${day(14)}`)).toContain(11);
        // A return on day 9 at 18:00 + 3 h ends before the hold starts on day 10 at 09:00.
        expect(await ids(`?pickup_date=${day(5)}&return_date=${day(9)}`)).toContain(11);
        // The MU-X's only unit is retired: never available for dates.
        expect(await ids(`?pickup_date=${day(5)}&return_date=${day(9)}`)).not.toContain(14);
      });

      it('combines dates with a branch: a model is listed when a unit at that branch is free', async () => {
        // Day 20: the City's bkk unit is blocked, its hdy unit is free.
        expect(await ids(`?pickup_date=${day(20)}&return_date=${day(20)}`)).toContain(12);
        expect(await ids(`?pickup_date=${day(20)}&return_date=${day(20)}&branch=bkk`)).toEqual([11, 16]);
        expect(await ids(`?pickup_date=${day(20)}&return_date=${day(20)}&branch=hdy`)).toEqual([13, 12]);
        // A branch without dates: models that have a unit there.
        expect(await ids('?branch=hdy')).toEqual([13, 12]);
        const dated = await get(`/guest/cars?pickup_date=${day(20)}&return_date=${day(21)}`);
        expect(dated.headers['cache-control']).toBe('public, max-age=15');
      });

      it('answers a repeated question from its short cache until the catalog is invalidated', async () => {
        const query = `?pickup_date=${day(30)}&return_date=${day(31)}&branch=hdy`;
        expect(await ids(query)).toEqual([13, 12]);
        await holdUnit(ctx.database, 104, `${day(30)}T09:00:00+07:00`, `${day(31)}T18:00:00+07:00`);
        expect(await ids(query)).toEqual([13, 12]);
        app.services.catalog.invalidate();
        expect(await ids(query)).toEqual([12]);
      });

      it('refuses an unknown branch with a field error', async () => {
        expect(await fieldsOf('?branch=xyz')).toEqual(['branch']);
      });

      it.each([
        ['?category_id=abc', 'category_id'],
        ['?category_id=0', 'category_id'],
        ['?category_id=-1', 'category_id'],
        ['?category_id=1.5', 'category_id'],
        [`?search=${'a'.repeat(101)}`, 'search'],
        ['?is_active=2', 'is_active'],
        ['?is_active=yes', 'is_active'],
        ['?priceRange=abc', 'priceRange'],
        ['?priceRange=100', 'priceRange'],
        ['?priceRange=5000,100', 'priceRange'],
        ['?priceRange=0,1000001', 'priceRange'],
        ['?priceRange=-1,100', 'priceRange'],
        ['?priceRange=1.5,100', 'priceRange'],
        ['?page=0', 'page'],
        ['?page=abc', 'page'],
        ['?page=100001', 'page'],
        ['?limit=0', 'limit'],
        ['?limit=51', 'limit'],
        ['?limit=ten', 'limit'],
        ['?sort=cheapest', 'sort'],
        ['?type=SUV!', 'type'],
        ['?branch=b1', 'branch'],
        [`?pickup_date=2099-02-30&return_date=2099-03-02`, 'pickup_date'],
        [`?pickup_date=${day(3)}&return_date=tomorrow`, 'return_date'],
        [`?pickup_date=${day(3)}`, 'return_date'],
        [`?return_date=${day(3)}`, 'pickup_date'],
        [`?pickup_date=${day(-1)}&return_date=${day(3)}`, 'pickup_date'],
        [`?pickup_date=${day(5)}&return_date=${day(4)}`, 'return_date'],
        [`?pickup_date=${day(1)}&return_date=${day(92)}`, 'return_date'],
      ])('answers %s with 400 naming %s', async (query, field) => {
        expect(await fieldsOf(query)).toEqual([field]);
      });

      it('names every bad field at once', async () => {
        expect((await fieldsOf('?page=0&limit=0&sort=x')).sort()).toEqual(['limit', 'page', 'sort']);
      });

      it('takes today as a pickup date and a same-day return', async () => {
        expect(await ids(`?pickup_date=${day(0)}&return_date=${day(0)}`)).toContain(13);
      });
    });

    describe('GET /guest/cars/{id}', () => {
      it('answers everything the details screen shows, localized', async () => {
        const res = await get('/guest/cars/11?lng=th');
        expect(res.statusCode).toBe(200);
        const car = res.json().response.data;
        expect(car).toMatchObject({
          car_id: 5011,
          car_model_id: 11,
          car_model_name: 'โตโยต้า ยาริส เอทีฟ',
          brand: 'โตโยต้า',
          model: 'ยาริส เอทีฟ',
          category_id: 1,
          category_name: 'รถเก๋ง',
          price_per_day: '900.00',
          transmission: 'automatic',
          fuel: 'petrol',
          seats: 5,
          doors: 4,
          luggage: 2,
          description: 'รถเก๋งประหยัดน้ำมัน',
          specs: { engine: '1.2 L', maxPower: '94 hp' },
          features: [
            { key: 'bluetooth', name: 'บลูทูธ' },
            { key: 'camera', name: 'กล้องถอยหลัง' },
          ],
          images: [
            { url: '/images/cars/toyota-yaris-ativ-1.svg', width: 800, height: 500 },
            { url: '/images/cars/toyota-yaris-ativ-2.svg', width: 800, height: 500 },
          ],
          hot_deal: null,
          branches: [
            {
              code: 'bkk',
              name: 'กรุงเทพฯ',
              address: 'ถนนสุขุมวิท',
              phone: '02-000-0001',
              is_airport: false,
              opens_at: '08:00',
              closes_at: '20:00',
            },
          ],
        });
      });

      it('shows the saving of a running deal', async () => {
        const car = (await get('/guest/cars/13')).json().response.data;
        expect(car.hot_deal).toMatchObject({ discount_percent: '15.00', saving_per_day: '375.00' });
        expect(Date.parse(car.hot_deal.ends_at)).toBeGreaterThan(Date.now());
        expect(car.branches.map((b: { code: string }) => b.code)).toEqual(['hdy']);
      });

      it('answers 404 for an unknown id and 400 for a malformed one', async () => {
        const missing = await get('/guest/cars/9999');
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
        // car_id is not car_model_id: 5011 is a car_id, no model has that id.
        expect((await get('/guest/cars/5011')).statusCode).toBe(404);
        const bad = await get('/guest/cars/abc');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors[0].path).toBe('id');
      });
    });

    describe('GET /guest/hot-deals', () => {
      it('lists deals running now with their car, discount and end time', async () => {
        const res = await get('/guest/hot-deals?lng=en');
        expect(res.statusCode).toBe(200);
        const deals = res.json().response.data;
        expect(deals).toHaveLength(1);
        expect(deals[0]).toMatchObject({
          discount_percent: '15.00',
          price_per_day: '2125.00',
          saving_per_day: '375.00',
          car: { car_model_id: 13, car_model_name: 'Toyota Fortuner', price_per_day: '2500.00' },
        });
        expect(Date.parse(deals[0].ends_at)).toBeGreaterThan(Date.now());
        expect(Date.parse(deals[0].starts_at)).toBeLessThan(Date.now());
      });

      it.each(['?limit=0', '?limit=21', '?limit=x'])('refuses %s', async (q) => {
        expect((await get(`/guest/hot-deals${q}`)).statusCode).toBe(400);
      });
    });

    describe('branches, rental conditions, testimonials', () => {
      it('GET /guest/branches lists branches with hours, the out-of-hours band and the counter’s place staff set', async () => {
        // Hat Yai hands over from 06:00 until 23:30 for ฿250 a pickup or return outside 08:00-20:00 (decision 3602),
        // at its counter by gate 3 (decision 3611).
        const patch = (payload: object) =>
          app.inject({ method: 'PATCH', url: '/api/v1/admin/branches/hdy', headers: admin, payload });
        // Half given: each missing language said at its field; too long: said at its field.
        const half = await patch({ counterPlace: { th: 'ประตู 3', en: 'Gate 3', zh: ' ' } });
        expect(half.statusCode).toBe(400);
        expect(half.json().errors).toEqual([
          { path: 'counterPlace.zh', message: branchMessages.counterPlaceMissing },
        ]);
        const long = await patch({ counterPlace: { th: 'ก'.repeat(201), en: 'Gate 3', zh: '3 号门' } });
        expect(long.json().errors).toEqual([
          { path: 'counterPlace.th', message: branchMessages.counterPlaceLong },
        ]);
        const set = await patch({
          outOfHoursOpensAt: '06:00',
          outOfHoursClosesAt: '23:30',
          outOfHoursFee: 250,
          counterPlace: { th: 'ชั้น 1 ประตู 3', en: 'Ground floor, Gate 3', zh: '一层 3 号门' },
        });
        expect(set.statusCode, set.body).toBe(200);
        expect(set.json().response.data.counterPlace).toEqual({
          th: 'ชั้น 1 ประตู 3',
          en: 'Ground floor, Gate 3',
          zh: '一层 3 号门',
        });
        const data = (await get('/guest/branches?lng=zh')).json().response.data;
        expect(data).toEqual([
          {
            code: 'bkk',
            name: '曼谷',
            address: '素坤逸路',
            phone: '02-000-0001',
            is_airport: false,
            opens_at: '08:00',
            closes_at: '20:00',
            min_rental_hours: 4,
            closed_on: [],
            out_of_hours: null,
            counter_place: null,
          },
          {
            code: 'hdy',
            name: '合艾',
            address: '合艾机场',
            phone: '074-000-002',
            is_airport: true,
            opens_at: '08:00',
            closes_at: '20:00',
            min_rental_hours: 4,
            closed_on: [],
            out_of_hours: { opens_at: '06:00', closes_at: '23:30', fee: 250 },
            counter_place: '一层 3 号门',
          },
        ]);
        // All three emptied: none again.
        const cleared = await patch({ counterPlace: { th: '', en: '', zh: '' } });
        expect(cleared.json().response.data.counterPlace).toBeNull();
      });

      it('GET /rental-conditions/included and /not_included', async () => {
        const inc = (await get('/rental-conditions/included?lng=th')).json().response.data;
        expect(inc.map((c: { text: string }) => c.text)).toEqual(['ประกันภัยพื้นฐาน', 'ภาษีมูลค่าเพิ่ม']);
        const not = (await get('/rental-conditions/not_included')).json().response.data;
        expect(not.map((c: { text: string }) => c.text)).toEqual(['Fuel']);
        expect((await get('/rental-conditions/other')).statusCode).toBe(404);
      });

      it('GET /guest/testimonials lists published ones, newest first, localized', async () => {
        const data = (await get('/guest/testimonials?lng=th')).json().response.data;
        expect(data).toMatchObject([
          { name: 'Anna L.', city: 'ภูเก็ต', rating: 4, text: 'บริการดี', car_model_name: null },
          {
            name: 'Somchai K.',
            city: 'เชียงใหม่',
            rating: 5,
            text: 'รถดีมาก',
            car_model_id: 11,
            car_model_name: 'โตโยต้า ยาริส เอทีฟ',
          },
        ]);
        expect((await get('/guest/testimonials?limit=1')).json().response.data).toHaveLength(1);
        expect((await get('/guest/testimonials?limit=99')).statusCode).toBe(400);
      });

      it('shows a car’s own reviews and their average on its page (issue 18, part 5)', async () => {
        const mine = (await get('/guest/testimonials?car=11&lng=en')).json().response.data;
        expect(mine.map((r: { name: string }) => r.name)).toEqual(['Somchai K.']);
        expect((await get('/guest/testimonials?car=12')).json().response.data).toEqual([]);
        expect((await get('/guest/testimonials?car=abc')).statusCode).toBe(400);
        expect((await get('/guest/cars/11')).json().response.data.rating).toEqual({ average: 5, count: 1 });
        expect((await get('/guest/cars/12')).json().response.data.rating).toEqual({ average: 0, count: 0 });
      });
    });
  },
  { seed: false },
);
