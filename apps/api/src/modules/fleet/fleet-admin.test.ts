import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { bangkokDate, DAY_MS } from '@siam/contract/bangkok-time';
import { insertBooking } from '../../../test/booking-fixtures';

const day = (offset: number) => bangkokDate(new Date(Date.now() + offset * DAY_MS));

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = `----siam${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('back office: fleet and prices', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  const settings = testSettings();
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { settings });
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const audit = async (query: string) =>
    (await app.inject({ url: `/api/v1/admin/audit-log?${query}`, headers: auth.admin })).json().response;

  it('changes a price: the customer tables show it at once and the audit log keeps before and after', async () => {
    const list = (await app.inject({ url: '/api/v1/admin/car-models', headers: auth.admin })).json().response
      .data;
    const car = list[0];
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/car-models/${car.id}`,
      headers: auth.admin,
      payload: { pricePerDay: 1234.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.data.pricePerDay).toBe(1234.5);
    const [row] = await ctx.database.query<{ price: string }>(
      'SELECT price_per_day::text AS price FROM car_models WHERE id = $1',
      [car.id],
    );
    expect(row!.price).toBe('1234.50');
    const { data } = await audit(`entity=car_model&entityId=${car.id}`);
    expect(data[0]).toMatchObject({
      action: 'car_model.price_change',
      actorEmail: 'admin@siamdrive.test',
      before: { pricePerDay: car.pricePerDay },
      after: { pricePerDay: 1234.5 },
    });
  });

  it('changes only what a PATCH sends: the flags, order, features and a unit’s status stay as they were', async () => {
    const [car] = (await app.inject({ url: '/api/v1/admin/car-models', headers: auth.admin })).json().response
      .data;
    const patch = (url: string, payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/v1/admin/${url}`, headers: auth.admin, payload });
    const set = await patch(`car-models/${car.id}`, {
      isPopular: true,
      sortOrder: 42,
      features: ['bluetooth'],
    });
    expect(set.statusCode, set.body).toBe(200);
    const priced = await patch(`car-models/${car.id}`, { pricePerDay: 999 });
    expect(priced.json().response.data).toMatchObject({
      pricePerDay: 999,
      isPopular: true,
      sortOrder: 42,
      features: ['bluetooth'],
    });
    const [unit] = (
      await app.inject({ url: `/api/v1/admin/units?carModelId=${car.id}`, headers: auth.admin })
    ).json().response.data;
    expect((await patch(`units/${unit.id}`, { status: 'retired' })).statusCode).toBe(200);
    const renamed = await patch(`units/${unit.id}`, { branchCode: unit.branchCode });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().response.data.status).toBe('retired');
    await patch(`units/${unit.id}`, { status: 'in_service' });
  });

  it('answers a PATCH with nothing in it with the thing as it is (200), as every PATCH does, and writes nothing', async () => {
    // Issue 31: PATCH /admin/categories/{id} with {} answered 500 (an UPDATE with nothing to set).
    const patch = (url: string) =>
      app.inject({ method: 'PATCH', url: `/api/v1/admin/${url}`, headers: auth.admin, payload: {} });
    const [category] = (await app.inject({ url: '/api/v1/admin/categories', headers: auth.admin })).json()
      .response.data;
    const audited = (await audit(`entity=category&entityId=${category.id}`)).data.length;
    const same = await patch(`categories/${category.id}`);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().response.data).toEqual(category);
    expect((await audit(`entity=category&entityId=${category.id}`)).data.length).toBe(audited);
    const [car] = (await app.inject({ url: '/api/v1/admin/car-models', headers: auth.admin })).json().response
      .data;
    expect((await patch(`car-models/${car.id}`)).statusCode).toBe(200);
    const [branch] = (await app.inject({ url: '/api/v1/admin/branches', headers: auth.admin })).json()
      .response.data;
    expect((await patch(`branches/${branch.code}`)).statusCode).toBe(200);
    expect((await patch('categories/999999')).statusCode).toBe(404);
  });

  it('refuses bad car data with per-field errors and writes nothing', async () => {
    const before = (await audit('entity=car_model')).pagination.total;
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/car-models/1',
      headers: auth.admin,
      payload: { pricePerDay: -5, brand: { th: '', en: 'X', zh: 'X' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['pricePerDay', 'brand.th']),
    );
    expect((await audit('entity=car_model')).pagination.total).toBe(before);
  });

  it('creates a car model in three languages with features, and refuses a taken slug without an audit row', async () => {
    const categories = (await app.inject({ url: '/api/v1/admin/categories', headers: auth.admin })).json()
      .response.data;
    const features = (await app.inject({ url: '/api/v1/admin/features', headers: auth.admin })).json()
      .response.data;
    const body = {
      slug: 'toyota-vios-test',
      categoryId: categories[0].id,
      brand: { th: 'โตโยต้า', en: 'Toyota', zh: '丰田' },
      model: { th: 'วีออส', en: 'Vios', zh: '威驰' },
      description: { th: 'รถเก๋งประหยัด', en: 'Thrifty sedan', zh: '省油轿车' },
      pricePerDay: 990,
      transmission: 'automatic',
      fuel: 'petrol',
      seats: 5,
      doors: 4,
      luggage: 2,
      specs: { engine: '1.2 L' },
      features: [features[0].key],
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/car-models',
      headers: auth.admin,
      payload: body,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().response.data).toMatchObject({
      slug: 'toyota-vios-test',
      features: [features[0].key],
      isActive: true,
    });
    const total = (await audit('action=car_model.create')).pagination.total;
    expect(total).toBe(1);
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/car-models',
      headers: auth.admin,
      payload: body,
    });
    expect(again.statusCode).toBe(409);
    expect((await audit('action=car_model.create')).pagination.total).toBe(1);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/car-models',
      headers: auth.admin,
      payload: { ...body, slug: 'other-slug', features: ['no-such-feature'] },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('switches a car model off for customers (active flag)', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/car-models/2',
      headers: auth.admin,
      payload: { isActive: false },
    });
    expect(res.json().response.data.isActive).toBe(false);
    const [row] = await ctx.database.query<{ is_active: boolean }>(
      'SELECT is_active FROM car_models WHERE id = 2',
    );
    expect(row!.is_active).toBe(false);
  });

  it('blocks a unit for maintenance, refuses an overlapping block with 409, lifts it and blocks again', async () => {
    const units = (await app.inject({ url: '/api/v1/admin/units', headers: auth.staff })).json().response
      .data;
    const unit = units[0];
    const block = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/units/${unit.id}/maintenance`,
      headers: auth.staff,
      payload: { startDate: day(3), endDate: day(5), reason: 'Brake pads' },
    });
    expect(block.statusCode).toBe(200);
    const hold = block.json().response.data;
    expect(hold).toMatchObject({
      startDate: day(3),
      endDate: day(5),
      reason: 'Brake pads',
      releasedAt: null,
    });
    expect(hold.startsAt).toBe(new Date(`${day(3)}T00:00:00+07:00`).toISOString());

    const listed = (
      await app.inject({
        url: `/api/v1/admin/units?q=${encodeURIComponent(unit.plate)}`,
        headers: auth.staff,
      })
    ).json().response.data;
    expect(listed[0].blocks.map((b: { id: number }) => b.id)).toContain(hold.id);

    const overlap = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/units/${unit.id}/maintenance`,
      headers: auth.staff,
      payload: { startDate: day(5), endDate: day(7), reason: 'Tyres' },
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().msg).toMatch(/already blocked/);

    // The day after the block is free.
    const next = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/units/${unit.id}/maintenance`,
      headers: auth.staff,
      payload: { startDate: day(6), endDate: day(6), reason: 'Wash' },
    });
    expect(next.statusCode).toBe(200);

    const lift = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/maintenance-blocks/${hold.id}/lift`,
      headers: auth.staff,
    });
    expect(lift.statusCode).toBe(200);
    expect(lift.json().response.data.releasedAt).not.toBeNull();
    const [row] = await ctx.database.query<{ released_at: Date | null }>(
      'SELECT released_at FROM unit_holds WHERE id = $1',
      [hold.id],
    );
    expect(row!.released_at).not.toBeNull();
    const liftAgain = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/maintenance-blocks/${hold.id}/lift`,
      headers: auth.staff,
    });
    expect(liftAgain.statusCode).toBe(409);

    const reblock = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/units/${unit.id}/maintenance`,
      headers: auth.staff,
      payload: { startDate: day(4), endDate: day(5), reason: 'Tyres' },
    });
    expect(reblock.statusCode).toBe(200);

    const actions = (await audit(`entity=unit&entityId=${unit.id}`)).data.map(
      (e: { action: string }) => e.action,
    );
    expect(actions).toEqual([
      'unit.maintenance_block',
      'unit.maintenance_lift',
      'unit.maintenance_block',
      'unit.maintenance_block',
    ]);
  });

  it('refuses a block overlapping a booking with a clear 409', async () => {
    const units = (await app.inject({ url: '/api/v1/admin/units', headers: auth.staff })).json().response
      .data;
    const unit = units[1];
    // A confirmed booking holding this unit, as the bookings module writes it
    // (pickup 09:00, return 18:00 + turnaround), inserted directly so the unit is certain.
    const booking = await insertBooking(ctx.database, {
      userId: null,
      status: 'confirmed',
      unitId: unit.id,
      pickupDate: day(10),
      returnDate: day(12),
    });
    await ctx.database.query(
      `INSERT INTO unit_holds (unit_id, kind, starts_at, ends_at, blocked_until, booking_id)
       VALUES ($1, 'booking', $2, $3, $4, $5)`,
      [
        unit.id,
        new Date(`${day(10)}T09:00:00+07:00`),
        new Date(`${day(12)}T18:00:00+07:00`),
        new Date(`${day(12)}T21:00:00+07:00`),
        booking.id,
      ],
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/units/${unit.id}/maintenance`,
      headers: auth.staff,
      payload: { startDate: day(12), endDate: day(13), reason: 'Service' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', msg: expect.stringMatching(/booked/) });
  });

  it('refuses a block starting in the past or ending before it starts', async () => {
    const past = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/units/1/maintenance',
      headers: auth.staff,
      payload: { startDate: day(-2), endDate: day(1), reason: 'Late' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].path).toBe('startDate');
    const backwards = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/units/1/maintenance',
      headers: auth.staff,
      payload: { startDate: day(4), endDate: day(2), reason: 'Odd' },
    });
    expect(backwards.statusCode).toBe(400);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/units/999999/maintenance',
      headers: auth.staff,
      payload: { startDate: day(4), endDate: day(5), reason: 'Odd' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('adds a unit, refuses a duplicate plate, retires it and then refuses blocks on it', async () => {
    const branches = (await app.inject({ url: '/api/v1/admin/branches', headers: auth.admin })).json()
      .response.data;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/units',
      headers: auth.admin,
      payload: { carModelId: 1, plate: 'zz 9999', branchCode: branches[0].code },
    });
    expect(created.statusCode).toBe(200);
    const unit = created.json().response.data;
    expect(unit.plate).toBe('ZZ 9999');
    const dup = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/units',
      headers: auth.admin,
      payload: { carModelId: 1, plate: 'ZZ 9999', branchCode: branches[0].code },
    });
    expect(dup.statusCode).toBe(409);
    const retired = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/units/${unit.id}`,
      headers: auth.admin,
      payload: { status: 'retired' },
    });
    expect(retired.json().response.data.status).toBe('retired');
    const block = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/units/${unit.id}/maintenance`,
      headers: auth.staff,
      payload: { startDate: day(1), endDate: day(1), reason: 'x' },
    });
    expect(block.statusCode).toBe(409);
  });

  it('changes branch hours, refusing closing before opening', async () => {
    const branches = (await app.inject({ url: '/api/v1/admin/branches', headers: auth.admin })).json()
      .response.data;
    const code = branches[0].code;
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/branches/${code}`,
      headers: auth.admin,
      payload: { closesAt: '06:00' },
    });
    expect(bad.statusCode).toBe(400);
    const good = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/branches/${code}`,
      headers: auth.admin,
      payload: { opensAt: '07:30', closesAt: '21:00' },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().response.data).toMatchObject({ opensAt: '07:30', closesAt: '21:00' });
    expect((await audit(`entity=branch&entityId=${code}`)).data[0]).toMatchObject({
      action: 'branch.update',
      after: { opensAt: '07:30:00', closesAt: '21:00:00' },
    });
  });

  it('adds and removes a hot deal', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/hot-deals',
      headers: auth.admin,
      payload: {
        carModelId: 1,
        discountPercent: 150,
        startsAt: '2030-01-02T00:00:00+07:00',
        endsAt: '2030-01-01T00:00:00+07:00',
      },
    });
    expect(bad.statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/hot-deals',
      headers: auth.admin,
      payload: {
        carModelId: 1,
        discountPercent: 15,
        startsAt: '2030-01-01T00:00:00+07:00',
        endsAt: '2030-01-31T00:00:00+07:00',
      },
    });
    expect(res.statusCode).toBe(200);
    const deal = res.json().response.data;
    expect(deal).toMatchObject({ carModelId: 1, discountPercent: 15 });
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/hot-deals/${deal.id}`,
      headers: auth.admin,
    });
    expect(del.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/admin/hot-deals/${deal.id}`, headers: auth.admin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await audit(`entity=hot_deal&entityId=${deal.id}`)).data.map((e: { action: string }) => e.action),
    ).toEqual(['hot_deal.delete', 'hot_deal.create']);
  });

  it('makes an upload WebP and AVIF in three widths served with a long cache, and refuses a file that only claims to be a picture', async () => {
    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer();
    const upload = multipart('file', 'car.png', 'image/png', png);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/car-models/1/images',
      headers: { ...auth.admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(200);
    const images = res.json().response.data.imageList;
    const image = images[images.length - 1];
    expect(image).toMatchObject({ width: 800, height: 500 });
    expect(image.url).toMatch(/^\/uploads\/cars\/.+-800\.webp$/);
    expect(image.variants).toHaveLength(6);
    for (const variant of image.variants)
      expect((await app.inject({ url: variant.url })).statusCode, variant.url).toBe(200);
    const avif = image.variants.find(
      (v: { width: number; format: string }) => v.width === 1200 && v.format === 'avif',
    );
    const served = await app.inject({ url: avif.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);

    const fake = multipart('file', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/car-models/1/images',
      headers: { ...auth.admin, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/car-models/1/images/${image.id}`,
      headers: auth.admin,
    });
    expect(removed.statusCode).toBe(200);
    expect((await app.inject({ url: avif.url })).statusCode).toBe(404);
    expect(
      (await audit('entity=car_model&entityId=1')).data.slice(0, 2).map((e: { action: string }) => e.action),
    ).toEqual(['car_model.image_remove', 'car_model.image_add']);
  });

  it('shows today: fleet counts, units per branch and units in maintenance today', async () => {
    const units = (
      await app.inject({ url: '/api/v1/admin/units?status=in_service', headers: auth.staff })
    ).json().response.data;
    const unit = units[units.length - 1];
    await app.inject({
      method: 'POST',
      url: `/api/v1/admin/units/${unit.id}/maintenance`,
      headers: auth.staff,
      payload: { startDate: day(0), endDate: day(1), reason: 'Oil change' },
    });
    const res = await app.inject({ url: '/api/v1/admin/dashboard?lng=th', headers: auth.staff });
    expect(res.statusCode).toBe(200);
    const data = res.json().response.data;
    expect(data.date).toBe(day(0));
    expect(data.fleet.unitsInService).toBe(units.length);
    expect(data.fleet.unitsInMaintenanceToday).toBeGreaterThanOrEqual(1);
    expect(data.maintenanceToday).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ unitId: unit.id, reason: 'Oil change', plate: unit.plate }),
      ]),
    );
    const branch = data.branches.find((b: { code: string }) => b.code === unit.branchCode);
    expect(branch.inMaintenanceToday).toBeGreaterThanOrEqual(1);
    expect(data.branches.reduce((n: number, b: { unitsInService: number }) => n + b.unitsInService, 0)).toBe(
      units.length,
    );
  });
});
