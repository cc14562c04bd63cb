import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { lineMessageText } from '../line/line-texts';
import { createBooking, driver, makeCar, makeCustomer } from './booking-fixtures.test-helper';

/**
 * What the booking mails and LINE messages tell a traveller (issue 36 part 5): a one-way rental's
 * return branch, the counter's place at each branch as staff set it, the extras, the documents each
 * driver brings (a Chinese licence with its official translation, a Thai licence alone) and the
 * deposit (฿5,000, how it is taken, from when it can be held on a card). Read from the mail the
 * app wrote (the SMTP outbox), in Chinese and in Thai.
 */
describeEachDatabase('booking mails tell the trip', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
    const account = demoStaffAccounts.find((a) => a.role === 'admin')!;
    admin = await login(app, account.email, account.password);
  });
  afterAll(() => app.close());

  const asAdmin = (method: 'PUT' | 'PATCH', url: string, payload: object) =>
    app.inject({ method, url: `/api/v1/admin${url}`, headers: admin, payload });

  it('states the return branch, both counters, the extras, each driver’s documents and the deposit', async () => {
    const car = await makeCar(ctx.database, 2);
    const other = `${car.branchCode}r`.slice(0, 30);
    await ctx.database.query(
      `INSERT INTO branches (code, name, address, phone) VALUES ($1, $2, $2, '021234567')`,
      [other, JSON.stringify({ th: 'สาขาปลายทาง', en: 'Far branch', zh: '远端门店' })],
    );
    expect(
      (await asAdmin('PUT', '/one-way-fees', { fromBranch: car.branchCode, toBranch: other, fee: 1500 }))
        .statusCode,
    ).toBe(200);
    const counter = await asAdmin('PATCH', `/branches/${car.branchCode}`, {
      counterPlace: {
        th: 'อาคาร 1 ชั้น 2 ประตู 8',
        en: 'Terminal 1, level 2, Gate 8',
        zh: '1 号航站楼 2 层 8 号门',
      },
    });
    expect(counter.statusCode, counter.body).toBe(200);
    expect(
      (
        await asAdmin('PATCH', `/branches/${other}`, {
          counterPlace: { th: 'หน้าล็อบบี้', en: 'In the lobby', zh: '大堂内' },
        })
      ).statusCode,
    ).toBe(200);

    const customer = await makeCustomer(app, 'zh');
    const made = await createBooking(
      app,
      { ...customer.headers, 'accept-language': 'zh' },
      {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        returnBranchCode: other,
        pickupDate: '2027-01-20',
        returnDate: '2027-01-23',
        pickupTime: '10:00',
        returnTime: '10:00',
        paymentMethod: 'bank_transfer',
        addons: [{ code: 'gps' }, { code: 'insurance' }],
        driver: {
          ...driver,
          firstName: '伟',
          lastName: '张',
          email: customer.email,
          licenceCountry: 'CN',
          licenceDocument: 'translation',
        },
        additionalDrivers: [
          {
            firstName: 'Anong',
            lastName: 'Srisuk',
            birthDate: '1992-07-08',
            licenceNumber: '61012345',
            licenceCountry: 'TH',
            licenceIssued: '2014-01-02',
            licenceExpiry: '2031-01-02',
          },
        ],
      },
    );
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    expect(booking).toMatchObject({ counterPlace: '1 号航站楼 2 层 8 号门', returnCounterPlace: '大堂内' });

    const mail = (await sentMails(app)).find(
      (m) => m.to.includes(customer.email) && m.subject.includes(booking.bookingNumber),
    )!;
    expect(mail.subject).toBe(`我们已收到您的预订：${booking.bookingNumber}`);
    const trip = [
      '异地还车门店：远端门店',
      '柜台位置：1 号航站楼 2 层 8 号门',
      '还车柜台位置：大堂内',
      '附加服务：附加保险（零免赔额）、GPS导航仪',
      '请携带以下证件到柜台：',
      '- 张伟：护照或泰国身份证、驾驶执照（中国）、驾照的官方翻译件',
      '- Anong Srisuk：护照或泰国身份证、驾驶执照（泰国）',
      // ฿5,000 deposit; a card hold opens 6 days before the 23 Jan 10:00 return: 17 Jan.
      '押金 THB\u00a05,000.00（不含在总额内）：取车时在柜台以银行卡、PromptPay 或现金支付，或自 2027年1月17日（还车前 6 天）起在线预授权冻结在银行卡上；还车后退还。',
    ];
    expect(mail.text).toContain(trip.join('\n'));

    // The LINE message of the same event says the return branch, the counters and the deposit too.
    const line = lineMessageText('created', booking, 'zh', 'https://siamdrive.example');
    for (const l of [trip[0], trip[1], trip[2], trip[3], trip[7]]) expect(line).toContain(l);

    // The Thai words of the same lines (the mail in Thai is the same function).
    const th = lineMessageText('pickup_tomorrow', { ...booking, returnCounterPlace: 'หน้าล็อบบี้' }, 'th', 'x', {
      place: { name: 'สาขา', address: 'ที่อยู่' },
    });
    expect(th).toContain('คืนรถต่างสาขา (One-way) ที่: ');
    expect(th).toContain('- 张伟: หนังสือเดินทางหรือบัตรประชาชนไทย, ใบขับขี่ (จีน), คำแปลใบขับขี่ฉบับทางการ');
  });
});
