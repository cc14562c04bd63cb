import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { daysFromNow, makeCar } from '../bookings/booking-fixtures.test-helper';

describeEachDatabase('back office add-on prices and promotion codes', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) =>
    app.inject({ method, url: `/api/v1/admin${url}`, headers: headers as Record<string, string>, payload });
  const auditOf = (entity: string, id: string) =>
    ctx.database.query<{ action: string; actor_email: string; before: unknown; after: unknown }>(
      `SELECT action, actor_email, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id`,
      [entity, id],
    );

  it('an admin changes an add-on price: quotes use it at once; staff may only read; audited', async () => {
    const car = await makeCar(ctx.database, 1);
    const quote = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/guest/bookings/quote',
          payload: {
            carModelId: car.carModelId,
            branchCode: car.branchCode,
            pickupDate: daysFromNow(3),
            returnDate: daysFromNow(5),
            addons: [{ code: 'gps', quantity: 1 }],
          },
        })
      ).json().response.data;
    expect((await quote()).addonsAmount).toBe(2 * 100 * 100);
    const list = await call('GET', '/addons', auth.staff);
    expect(list.statusCode).toBe(200);
    expect(list.json().response.data.find((a: { code: string }) => a.code === 'gps')).toMatchObject({
      pricePerDay: 100,
      isActive: true,
    });
    expect((await call('PATCH', '/addons/gps', auth.staff, { pricePerDay: 150 })).statusCode).toBe(403);
    expect((await call('PATCH', '/addons/gps', auth.admin, { pricePerDay: -1 })).statusCode).toBe(400);
    expect((await call('PATCH', '/addons/nope', auth.admin, { pricePerDay: 10 })).statusCode).toBe(404);
    const changed = await call('PATCH', '/addons/gps', auth.admin, { pricePerDay: 150 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().response.data).toMatchObject({ code: 'gps', pricePerDay: 150 });
    expect((await quote()).addonsAmount).toBe(2 * 150 * 100);
    expect(await auditOf('addon', 'gps')).toEqual([
      expect.objectContaining({
        action: 'addon.updated',
        actor_email: 'admin@siamdrive.test',
        before: { pricePerDay: 100, isActive: true },
        after: { pricePerDay: 150, isActive: true },
      }),
    ]);
    await call('PATCH', '/addons/gps', auth.admin, { pricePerDay: 100 });
  });

  it('an admin adds and changes promotion codes (kind, value, validity, limits); audited', async () => {
    const car = await makeCar(ctx.database, 1);
    const quote = (promoCode: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/guest/bookings/quote',
        payload: {
          carModelId: car.carModelId,
          branchCode: car.branchCode,
          pickupDate: daysFromNow(3),
          returnDate: daysFromNow(5),
          promoCode,
        },
      });
    const code = `TEST${Date.now().toString(36).toUpperCase()}`;
    const body = {
      code: code.toLowerCase(),
      kind: 'amount',
      value: 300,
      startsOn: daysFromNow(-1),
      maxUses: 5,
    };
    expect((await call('POST', '/promotions', auth.staff, body)).statusCode).toBe(403);
    expect(
      (await call('POST', '/promotions', auth.admin, { ...body, kind: 'percent', value: 100 })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/promotions', auth.admin, { ...body, endsOn: daysFromNow(-3) })).statusCode,
    ).toBe(400);
    const made = await call('POST', '/promotions', auth.admin, body);
    expect(made.statusCode, made.body).toBe(200);
    const promo = made.json().response.data;
    expect(promo).toMatchObject({
      code,
      kind: 'amount',
      value: 300,
      startsOn: daysFromNow(-1),
      endsOn: null,
      maxUses: 5,
      usesCount: 0,
      isActive: true,
    });
    expect((await call('POST', '/promotions', auth.admin, body)).statusCode).toBe(409);
    const applied = await quote(code);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().response.data.promoDiscount).toBe(300 * 100);

    // Ended yesterday: refused by quotes.
    const ended = await call('PATCH', `/promotions/${promo.id}`, auth.admin, { endsOn: daysFromNow(-1) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().response.data.endsOn).toBe(daysFromNow(-1));
    expect((await quote(code)).statusCode).toBe(400);
    // Open again, as a percentage, then switched off.
    const percent = await call('PATCH', `/promotions/${promo.id}`, auth.admin, {
      endsOn: null,
      kind: 'percent',
      value: 10,
    });
    expect(percent.json().response.data).toMatchObject({ kind: 'percent', value: 10, endsOn: null });
    expect((await quote(code)).json().response.data.promoDiscount).toBe(20_000); // 10 % of 2 days × ฿1,000 = ฿200
    expect((await call('PATCH', `/promotions/${promo.id}`, auth.admin, { value: 150 })).statusCode).toBe(400);
    await call('PATCH', `/promotions/${promo.id}`, auth.admin, { isActive: false });
    expect((await quote(code)).statusCode).toBe(400);

    const listed = (await call('GET', '/promotions', auth.staff)).json().response.data;
    expect(listed.find((p: { id: number }) => p.id === promo.id)).toMatchObject({ isActive: false });
    const audit = await auditOf('promotion', String(promo.id));
    expect(audit.map((a) => a.action)).toEqual([
      'promotion.created',
      'promotion.updated',
      'promotion.updated',
      'promotion.updated',
    ]);
    expect(audit[1]).toMatchObject({ before: { endsOn: null }, after: { endsOn: daysFromNow(-1) } });
  });
});
