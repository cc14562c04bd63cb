import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';

describeEachDatabase('back office: settings and the audit log', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const publicSettings = async () =>
    (await app.inject({ url: '/api/v1/guest/site-settings?lng=en' })).json().response.data;
  const patch = (payload: Record<string, unknown>, headers = auth.admin) =>
    app.inject({ method: 'PATCH', url: '/api/v1/admin/settings', headers, payload });

  it('switches rental off and on: customers see it at once, each change is audited', async () => {
    expect((await publicSettings()).rentalOpen).toBe(true);
    const off = await patch({ rentalOpen: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().response.data.rentalOpen).toBe(false);
    expect((await publicSettings()).rentalOpen).toBe(false);
    expect(await app.services.siteSettings.isRentalOpen()).toBe(false);
    await patch({ rentalOpen: true });
    expect((await publicSettings()).rentalOpen).toBe(true);

    const log = (
      await app.inject({ url: '/api/v1/admin/audit-log?entityId=rental_open', headers: auth.admin })
    ).json().response;
    expect(log.data.map((e: { before: unknown; after: unknown }) => [e.before, e.after])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(log.data[0]).toMatchObject({
      entity: 'site_setting',
      action: 'setting.update',
      actorEmail: 'admin@siamdrive.test',
    });
  });

  it('does not audit a change that changes nothing', async () => {
    const total = async () =>
      (await app.inject({ url: '/api/v1/admin/audit-log?entity=site_setting', headers: auth.admin })).json()
        .response.pagination.total;
    const before = await total();
    await patch({ rentalOpen: true });
    expect(await total()).toBe(before);
  });

  it('changes the bank account, PromptPay ID and contact details shown to customers', async () => {
    const res = await patch({
      bankAccount: {
        bank: { th: 'ธนาคารไทยพาณิชย์', en: 'Siam Commercial Bank', zh: '暹罗商业银行' },
        accountName: 'Siam Drive Co., Ltd.',
        accountNumber: '111-2-33333-4',
      },
      promptpayId: '010-555-8000-001',
      contact: { phones: ['02-555-0000'], email: 'care@siamdrive.co.th' },
    });
    expect(res.statusCode).toBe(200);
    const shown = await publicSettings();
    expect(shown.bankAccount).toEqual({
      bank: 'Siam Commercial Bank',
      accountName: 'Siam Drive Co., Ltd.',
      accountNumber: '111-2-33333-4',
    });
    expect(shown.promptpayId).toBe('0105558000001');
    expect(shown.contact).toMatchObject({
      phones: ['02-555-0000'],
      email: 'care@siamdrive.co.th',
      lineId: '@siamdrive',
    });
    const keys = (
      await app.inject({ url: '/api/v1/admin/audit-log?entity=site_setting&limit=3', headers: auth.admin })
    )
      .json()
      .response.data.map((e: { entityId: string }) => e.entityId)
      .sort();
    expect(keys).toEqual(['bank_account', 'contact', 'promptpay_id']);
  });

  it('keeps the WeChat ID and WhatsApp number the contact page shows (issue 18, part 5)', async () => {
    expect((await publicSettings()).contact).toMatchObject({
      wechatId: 'siamdrive',
      whatsapp: '+66812345678',
    });
    const saved = await patch({
      contact: {
        phones: ['02-123-4567'],
        email: 'hello@siamdrive.co.th',
        wechatId: 'siamdrive_cn',
        whatsapp: '+66 81 999 8888',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicSettings()).contact).toMatchObject({
      wechatId: 'siamdrive_cn',
      whatsapp: '+66819998888',
    });
    const bad = await patch({
      contact: {
        phones: ['02-123-4567'],
        email: 'hello@siamdrive.co.th',
        wechatId: '1x',
        whatsapp: '0812345678',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['contact.wechatId', 'contact.whatsapp']),
    );
  });

  it('sets the rates prices are shown at in other currencies, dated, audited (issue 18, part 5)', async () => {
    const before = await publicSettings();
    expect(before.exchangeRates).toEqual({ CNY: '4.85', USD: '34.50', EUR: '37.20' }); // the demo's
    const saved = await patch({ exchangeRates: { CNY: ' 4.9 ', USD: '33.8750', EUR: null } });
    expect(saved.statusCode, saved.body).toBe(200);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect(saved.json().response.data.exchangeRates).toEqual({
      rates: { CNY: '4.9', USD: '33.8750', EUR: null },
      setOn: today,
    });
    const shown = await publicSettings();
    expect(shown.exchangeRates).toEqual({ CNY: '4.9', USD: '33.8750', EUR: null });
    expect(shown.exchangeRatesSetOn).toBe(today);
    const log = (
      await app.inject({ url: '/api/v1/admin/audit-log?entityId=exchange_rates', headers: auth.admin })
    ).json().response.data;
    expect(log[0].after).toEqual({ rates: { CNY: '4.9', USD: '33.8750', EUR: null }, setOn: today });

    const bad = await patch({ exchangeRates: { CNY: '0', USD: 'abc', EUR: '37.123456' } });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['exchangeRates.CNY', 'exchangeRates.EUR', 'exchangeRates.USD']);
    expect((await patch({ exchangeRates: { CNY: '5', USD: null, EUR: null } }, auth.staff)).statusCode).toBe(
      403,
    );
    expect((await publicSettings()).exchangeRates.CNY).toBe('4.9');
  });

  it('refuses bad settings field by field, and staff altogether', async () => {
    const bad = await patch({ promptpayId: '12', contact: { phones: [], email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['promptpayId', 'contact.phones', 'contact.email']),
    );
    expect((await patch({ rentalOpen: false }, auth.staff)).statusCode).toBe(403);
    expect((await publicSettings()).rentalOpen).toBe(true);
  });

  it('pages and filters the audit log', async () => {
    for (const price of [1001, 1002, 1003])
      await app.inject({
        method: 'PATCH',
        url: '/api/v1/admin/car-models/3',
        headers: auth.admin,
        payload: { pricePerDay: price },
      });
    const page1 = (
      await app.inject({
        url: '/api/v1/admin/audit-log?entity=car_model&limit=2&page=1',
        headers: auth.admin,
      })
    ).json().response;
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3, total_pages: 2 });
    expect(page1.data.map((e: { after: { pricePerDay: number } }) => e.after.pricePerDay)).toEqual([
      1003, 1002,
    ]);
    const page2 = (
      await app.inject({
        url: '/api/v1/admin/audit-log?entity=car_model&limit=2&page=2',
        headers: auth.admin,
      })
    ).json().response;
    expect(page2.data.map((e: { after: { pricePerDay: number } }) => e.after.pricePerDay)).toEqual([1001]);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const byDay = (
      await app.inject({
        url: `/api/v1/admin/audit-log?from=${today}&to=${today}&action=car_model.price_change`,
        headers: auth.admin,
      })
    ).json().response;
    expect(byDay.pagination.total).toBe(3);
    const tomorrow = new Date(Date.now() + 31 * 3_600_000).toISOString().slice(0, 10);
    const none = (
      await app.inject({ url: `/api/v1/admin/audit-log?from=${tomorrow}`, headers: auth.admin })
    ).json().response;
    expect(none.pagination.total).toBe(0);
    expect(
      (await app.inject({ url: '/api/v1/admin/audit-log?limit=500', headers: auth.admin })).statusCode,
    ).toBe(400);
  });
});
