import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { omiseStandIn } from '../apps/api/test/omise-stand-in';
import { axeViolations, expect, test } from './fixtures';
import {
  admin as adminAccount,
  fillLicence,
  freeCar,
  registerCustomer,
  signInBrowser,
  transferBooking,
} from './booking-fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { holdFor, holdUntil, watchPlaces } from './page-places';
import { allowFor } from '../apps/api/test/time-allowance';

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
      walletGo: { alipay: string; wechat_pay: string };
      walletQrAlt: string;
    };
    methods: { wechat_pay: string; alipay: string; promptpay: string; card: string };
    fields: { idNumber: string; cardNumber: string; cardName: string; expiry: string; cvv: string };
    summary: { confirmBooking: string; payConfirm: string };
    cardErrors: { declined: string };
  } & { success: { titleFailed: string; tryAgain: string } };

/**
 * A site of the describe block's own, with Omise test keys and Omise's addresses pointed at `omise`
 * (listening on `ports.omise`): started before the block's journeys, stopped with the stand-in after
 * them. `started.server` is the running site (its logs, when kept).
 */
function siteWithOmise(
  omise: ReturnType<typeof omiseStandIn>,
  ports: { site: number; omise: number },
  name: string,
  settings: Record<string, string> = {},
  keepLogs = false,
) {
  const started: { server?: OwnServer } = {};
  test.beforeAll(async () => {
    test.setTimeout(allowFor(120_000));
    await new Promise<void>((resolve) => omise.server.listen(ports.omise, '127.0.0.1', resolve));
    const omiseUrl = `http://127.0.0.1:${ports.omise}`;
    started.server = await startOwnServer(
      ports.site,
      {
        SEED_DEMO: 'true',
        AUTH_MAX_REGISTRATIONS: '1000',
        SHED_EVENT_LOOP_DELAY_MS: '3000',
        OMISE_PUBLIC_KEY: 'pkey_test_123',
        OMISE_SECRET_KEY: 'skey_test_456',
        OMISE_API_URL: omiseUrl,
        OMISE_VAULT_URL: omiseUrl,
        OMISE_JS_URL: `${omiseUrl}/omise.js`,
        ...settings,
      },
      name,
      keepLogs,
    );
  });
  test.afterAll(async () => {
    await started.server?.stop();
    (omise.server as Server).closeAllConnections();
    await new Promise<void>((resolve) => omise.server.close(() => resolve()));
  });
  return started;
}

test.describe('PromptPay through the gateway', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  const appUrl = `http://127.0.0.1:${basePort + 4}`;
  const omise = omiseStandIn();
  const site = siteWithOmise(
    omise,
    { site: basePort + 4, omise: basePort + 5 },
    'omise',
    // Every request logged: the card journeys read the logs for card numbers.
    { UNPAID_MAX_PER_ADDRESS: '1000', LOG_LEVEL: 'info' },
    true,
  );

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
        timeout: allowFor(15_000),
      });
      await expect(page.getByRole('heading', { name: t.success.howToPay })).toHaveCount(0);
    });
  }

  test('a Chinese visitor picks WeChat Pay on the booking form, approves in WeChat (Omise’s redirect), and comes back to a confirmed booking (zh)', async ({
    page,
    request,
  }) => {
    const t = texts('zh');
    const customer = await registerCustomer(request, 'wechat-zh', 'zh');
    await signInBrowser(page, customer);
    const car = await freeCar(request, 32);
    await page.goto(
      `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=zh`,
    );
    await page.getByLabel(t.fields.idNumber).fill('E1234567');
    await fillLicence(page, { licenceCountry: 'MY' });
    await page.getByRole('radio', { name: t.methods.wechat_pay }).check();
    await page.getByRole('checkbox').last().check();
    await page.getByRole('button', { name: t.summary.confirmBooking }).click();
    await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
    const bookingUrl = page.url();
    expect(await axeViolations(page)).toEqual([]);
    const charge = omise.charges.at(-1) as { id: string; source: { type: string } };
    expect(charge.source.type).toBe('wechat_pay');
    // Omise documents WeChat Pay as a redirect: no QR code here, a link to WeChat's page, and back.
    await expect(page.getByRole('img', { name: new RegExp(t.methods.wechat_pay) })).toHaveCount(0);
    omise.control.webhookUrl = `${appUrl}/api/v1/webhooks/omise`;
    await page.getByRole('link', { name: /微信支付/ }).click();
    await expect(page.getByRole('heading', { name: 'WeChat Pay' })).toBeVisible();
    await page.getByRole('link', { name: 'Approve payment' }).click();
    const bookingNumber = new URL(bookingUrl).searchParams.get('booking')!;
    await expect(page).toHaveURL(new RegExp(`/booking-success\\?booking=${bookingNumber}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.titlePaid, {
      timeout: allowFor(15_000),
    });
  });

  // The wallets on offer depend on the gateway's answer (which sources it takes): the form shows once that
  // answer is in, so the methods' grid never grows under a thumb and the terms below never move (decision
  // 3706; the staff booking page and My bookings: steady-pages.spec.ts).
  test('the booking form does not move as the gateway says which wallets it takes (zh, 390 px)', async ({
    page,
    request,
  }) => {
    const t = texts('zh');
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = await registerCustomer(request, 'wallets-steady-zh', 'zh');
    const car = await freeCar(request, 36);
    const places = await watchPlaces(page, ['booking-rules']);
    await signInBrowser(page, customer);
    await page.route('**/api/v1/guest/payment-gateway*', holdUntil(page.getByTestId('booking-rules')));
    await page.goto(
      `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=zh`,
    );
    await expect(page.getByRole('radio', { name: t.methods.wechat_pay })).toBeVisible({
      timeout: holdFor() + allowFor(10_000),
    });
    await page.waitForLoadState('networkidle');
    const seen = await places();
    expect(seen['booking-rules'], "the booking's terms, their top at each move").toHaveLength(1);
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
      timeout: allowFor(15_000),
    });
  });

  /**
   * Cards through the gateway's vault with 3-D Secure (issue 16, part 1), as a customer meets them:
   * the card form sends the card to Omise's vault from the browser, our server gets a token, the
   * card's bank asks for approval on its page, and the customer comes back to the booking's page.
   * Every request the browser makes to our server and every line our server logs is read for the
   * card number and CVV.
   */
  const secureCard = '4000 0000 0000 3220';
  const cvv = '917';
  for (const [lng, from, width, choice] of [
    ['th', 40, 375, 'approve'],
    ['en', 44, 1280, 'approve'],
    ['zh', 48, 390, 'approve'],
    ['en', 52, 1280, 'decline'],
  ] as const) {
    test(`a card whose bank asks for 3-D Secure: ${choice} at the bank, back on the booking's page (${lng}, ${width} px)`, async ({
      page,
      request,
    }) => {
      const t = texts(lng);
      await page.setViewportSize({ width, height: 900 });
      const customer = await registerCustomer(request, `card-${lng}-${choice}`, lng);
      await signInBrowser(page, customer);
      const car = await freeCar(request, from);
      const toUs: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(appUrl)) toUs.push(`${r.url()} ${r.postData() ?? ''}`);
      });
      await page.goto(
        `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=${lng}`,
      );
      await page.getByLabel(t.fields.idNumber).fill('E1234567');
      await fillLicence(page, { licenceCountry: 'MY' });
      await page.getByLabel(t.fields.cardNumber).fill(secureCard);
      await page.getByLabel(t.fields.cardName).fill('MALEE SUKSAN');
      await page.getByLabel(t.fields.expiry).fill('12/30');
      await page.getByLabel(t.fields.cvv).fill(cvv);
      await page.getByRole('checkbox').last().check();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: t.summary.payConfirm }).click();

      // The bank's page (the stand-in's, at the charge's authorize_uri).
      await expect(page.getByRole('heading', { name: 'Your bank: 3-D Secure' })).toBeVisible();
      const charge = omise.charges.at(-1) as { id: string; status: string; card: { last_digits: string } };
      expect(charge).toMatchObject({ status: 'pending', card: { last_digits: '3220' } });
      await page.getByRole('link', { name: choice === 'approve' ? 'Approve payment' : 'Decline' }).click();
      await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
      if (choice === 'approve') {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.titlePaid, {
          timeout: allowFor(15_000),
        });
        await expect(page.getByText('•••• 3220')).toBeVisible();
      } else {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.titleFailed, {
          timeout: allowFor(15_000),
        });
        await expect(page.getByText(t.cardErrors.declined)).toBeVisible();
        // The booking keeps its car, to be paid again here (decision 3530).
        await expect(page.getByTestId('pay-again')).toBeVisible();
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);

      // The card went to the vault, from the browser, through Omise.js (the stand-in's, with its API).
      expect(omise.seen.some((r) => r.path === '/omise.js' && r.method === 'GET')).toBe(true);
      const vault = omise.seen.filter((r) => r.path === '/tokens' && r.method === 'POST').at(-1)!;
      expect(vault.auth).toBe('pkey_test_123:');
      expect(vault.form.get('card[number]')).toBe(secureCard.replaceAll(' ', ''));
      // Not to us: no request body or address, and no line of our logs, holds the number or the CVV.
      const sent = toUs.join('\n');
      expect(sent).toContain('/api/v1/guest/bookings/create');
      expect(sent).toContain('cardToken');
      for (const secret of ['4000000000003220', secureCard, 'security_code', 'cvv', `"${cvv}"`])
        expect(sent.toLowerCase()).not.toContain(secret.toLowerCase());
      const logs = site.server!.logs();
      expect(logs).toContain('/api/v1/guest/bookings/create');
      for (const secret of ['4000000000003220', secureCard, 'security_code', `"${cvv}"`])
        expect(logs).not.toContain(secret);
    });
  }

  test('money that paid no booking: the gateway refused its refund, staff refund it from the loose ends (th, 375 px)', async ({
    page,
    request,
  }) => {
    const admin = JSON.parse(readFileSync('apps/web/src/locales/th/admin.json', 'utf8')) as {
      paymentChecks: { unmatchedTitle: string; refundOne: string; refundResult: { refunded: string } };
    };
    await page.setViewportSize({ width: 375, height: 812 });
    const customer = await registerCustomer(request, 'late-th', 'th');
    const booking = await transferBooking(request, customer.headers, 56, customer.email, 'promptpay');
    const charge = omise.charges.at(-1) as { id: string };
    await request.put(`/api/v1/auth/bookings/${booking.id}/cancel`, { headers: customer.headers, data: {} });
    // Paid after the customer cancelled; the gateway does not take the refund just then.
    omise.control.refundsDown = true;
    omise.pay(charge.id);
    const hook = await request.post('/api/v1/webhooks/omise', { data: omise.event(charge.id) });
    omise.control.refundsDown = false;
    expect((await hook.json()).response.data.outcome).toBe('late');

    const staff = await (await request.post('/api/v1/auth/login', { data: adminAccount })).json();
    await signInBrowser(page, staff);
    await page.goto('/admin/payment-checks?lng=th');
    await expect(page.getByRole('heading', { name: admin.paymentChecks.unmatchedTitle })).toBeVisible();
    // "Refund ฿2,300 of booking SD…", as the page writes the amount.
    const [before, after] = admin.paymentChecks.refundOne.split('{{amount}}') as [string, string];
    const refund = page.getByRole('button', {
      name: new RegExp(`^${before}฿[\\d,.]+${after.replace('{{number}}', booking.bookingNumber)}$`),
    });
    await expect(refund).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await refund.click();
    await expect(
      page.getByRole('status').filter({ hasText: admin.paymentChecks.refundResult.refunded }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: booking.bookingNumber })).toHaveCount(0);
    const refunds = omise.seen.filter((r) => r.path === `/charges/${charge.id}/refunds`);
    expect(refunds.at(-1)?.form.get('amount')).toBe(String(booking.total));
  });
});

/**
 * An Omise account on which Omise has enabled cards and PromptPay but not WeChat Pay or Alipay (each
 * is enabled on request): the booking form offers only what the account's Capability API lists.
 */
test.describe('an Omise account without WeChat Pay and Alipay', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  const appUrl = `http://127.0.0.1:${basePort + 6}`;
  const omise = omiseStandIn();
  omise.control.methods = ['card', 'promptpay'];
  siteWithOmise(omise, { site: basePort + 6, omise: basePort + 7 }, 'omise-methods');

  test.use({ baseURL: appUrl });

  for (const [lng, from] of [
    ['th', 20],
    ['en', 24],
    ['zh', 28],
  ] as const)
    test(`the booking form offers no method the account has not enabled (${lng})`, async ({
      page,
      request,
    }) => {
      const t = texts(lng);
      const customer = await registerCustomer(request, `methods-${lng}`, lng);
      await signInBrowser(page, customer);
      const car = await freeCar(request, from);
      // What the gateway takes, as the form learns it (the form offers no wallet before it knows).
      const gatewayInfo = page.waitForResponse((r) => r.url().endsWith('/api/v1/guest/payment-gateway'));
      await page.goto(
        `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=${lng}`,
      );
      expect(
        ((await (await gatewayInfo).json()) as { response: { data: { sources: string[] } } }).response.data
          .sources,
      ).toEqual(['promptpay']);
      await expect(page.getByRole('radio', { name: t.methods.promptpay })).toBeVisible();
      await expect(page.getByRole('radio', { name: t.methods.card })).toBeVisible();
      await expect(page.getByRole('radio', { name: t.methods.wechat_pay })).toHaveCount(0);
      await expect(page.getByRole('radio', { name: t.methods.alipay })).toHaveCount(0);
      expect(omise.seen.filter((r) => r.path === '/capability').length).toBeGreaterThanOrEqual(1);
      expect(await axeViolations(page)).toEqual([]);
    });
});
