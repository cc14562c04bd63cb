import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { omiseStandIn } from '../apps/api/test/omise-stand-in';
import { axeViolations, expect, test } from './fixtures';
import { carsInService, registerCustomer, signInBrowser, transferBooking } from './booking-fixtures';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * PromptPay through the payment gateway (issue 16), as a customer meets it in
 * each language: the booking's own QR code from the gateway, and the page
 * turning to "confirmed" without a reload when the gateway's webhook says the
 * charge is paid. A second server, pointed at a stand-in speaking Omise's HTTP
 * API, runs beside the suite's own (which uses the sandbox, with no PromptPay).
 */
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as {
    success: {
      title: string;
      titlePaid: string;
      howToPay: string;
      walletGo: { alipay: string };
      walletQrAlt: string;
    };
    methods: { wechat_pay: string };
    fields: { idNumber: string };
    summary: { confirmBooking: string };
  };

test.describe('PromptPay through the gateway', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  const appUrl = `http://127.0.0.1:${basePort + 4}`;
  const omise = omiseStandIn();
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await new Promise<void>((resolve) => omise.server.listen(basePort + 5, '127.0.0.1', resolve));
    const omiseUrl = `http://127.0.0.1:${basePort + 5}`;
    server = await startOwnServer(
      basePort + 4,
      {
        SEED_DEMO: 'true',
        AUTH_MAX_REGISTRATIONS: '1000',
        UNPAID_MAX_PER_ADDRESS: '1000',
        SHED_EVENT_LOOP_DELAY_MS: '3000',
        OMISE_PUBLIC_KEY: 'pkey_test_123',
        OMISE_SECRET_KEY: 'skey_test_456',
        OMISE_API_URL: omiseUrl,
        OMISE_VAULT_URL: omiseUrl,
      },
      'omise',
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    (omise.server as Server).closeAllConnections();
    await new Promise<void>((resolve) => omise.server.close(() => resolve()));
  });

  test.use({ baseURL: appUrl });

  for (const [lng, from] of [
    ['th', 20],
    ['en', 24],
    ['zh', 28],
  ] as const) {
    test(`the booking's own QR code; the page confirms itself when the gateway is paid (${lng})`, async ({
      page,
      request,
    }) => {
      const t = texts(lng);
      // Thai at a phone's width (the PromptPay customer is on a phone); the others at the desktop's.
      if (lng === 'th') await page.setViewportSize({ width: 375, height: 812 });
      const customer = await registerCustomer(request, `omise-${lng}`, lng);
      await signInBrowser(page, customer);
      const booking = await transferBooking(request, customer.headers, from, customer.email, 'promptpay');
      const charge = omise.charges.at(-1) as { id: string; amount: number };
      expect(charge.amount).toBe(booking.total);

      await page.goto(`/booking-success?booking=${booking.bookingNumber}&lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.title);
      await expect(page.getByRole('heading', { name: t.success.howToPay })).toBeVisible();
      const qr = page.locator('figure img');
      await expect(qr).toBeVisible();
      expect(await qr.getAttribute('src')).toContain(encodeURIComponent('<svg'));
      expect(await axeViolations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);

      // The customer's bank pays; Omise posts its event to the webhook.
      omise.pay(charge.id);
      const hook = await request.post('/api/v1/webhooks/omise', { data: omise.event(charge.id) });
      expect((await hook.json()).response.data.outcome).toBe('confirmed');
      // No reload: the page asks again by itself.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.titlePaid, {
        timeout: 15_000,
      });
      await expect(page.getByRole('heading', { name: t.success.howToPay })).toHaveCount(0);
    });
  }

  test('a Chinese visitor picks WeChat Pay on the booking form, scans, and the page confirms itself (zh)', async ({
    page,
    request,
  }) => {
    const t = texts('zh');
    const customer = await registerCustomer(request, 'wechat-zh', 'zh');
    await signInBrowser(page, customer);
    const day = (n: number) =>
      new Date(Date.now() + 7 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
    let car: { carModelId: number; branchCode: string } | undefined;
    for (const c of await carsInService(request)) {
      const quote = await request.post('/api/v1/guest/bookings/quote', {
        data: {
          carModelId: c.carModelId,
          branchCode: c.branchCode,
          pickupDate: day(32),
          returnDate: day(34),
        },
      });
      if (quote.ok()) {
        car = c;
        break;
      }
    }
    expect(car).toBeDefined();
    await page.goto(
      `/booking/${car!.carModelId}?pickup=${day(32)}&return=${day(34)}&branch=${car!.branchCode}&lng=zh`,
    );
    await page.getByLabel(t.fields.idNumber).fill('E1234567');
    await page.getByRole('radio', { name: t.methods.wechat_pay }).check();
    await page.getByRole('checkbox').last().check();
    await page.getByRole('button', { name: t.summary.confirmBooking }).click();
    await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
    await expect(page.getByRole('img', { name: new RegExp(t.methods.wechat_pay) })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const charge = omise.charges.at(-1) as { id: string; source: { type: string } };
    expect(charge.source.type).toBe('wechat_pay');
    omise.pay(charge.id);
    await request.post('/api/v1/webhooks/omise', { data: omise.event(charge.id) });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.titlePaid, {
      timeout: 15_000,
    });
  });

  test('Alipay: the customer approves on Alipay’s page and comes back to a confirmed booking (zh)', async ({
    page,
    request,
  }) => {
    const t = texts('zh');
    const customer = await registerCustomer(request, 'alipay-zh', 'zh');
    await signInBrowser(page, customer);
    const booking = await transferBooking(request, customer.headers, 36, customer.email, 'alipay');
    // Omise posts its events to the site's webhook, as a real account's settings would.
    omise.control.webhookUrl = `${appUrl}/api/v1/webhooks/omise`;
    await page.goto(`/booking-success?booking=${booking.bookingNumber}&lng=zh`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.title);
    await page.getByRole('link', { name: /支付宝/ }).click();
    await expect(page.getByRole('heading', { name: 'Alipay' })).toBeVisible();
    await page.getByRole('link', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking-success\\?booking=${booking.bookingNumber}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.titlePaid, {
      timeout: 15_000,
    });
  });
});
