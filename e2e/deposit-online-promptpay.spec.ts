import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { omiseStandIn } from '../apps/api/test/omise-stand-in';
import { allowFor } from '../apps/api/test/time-allowance';
import { axeViolations, expect, test, type Page } from './fixtures';
import {
  admin,
  cancelledBooking,
  registerCustomer,
  signInBrowser,
  transferBooking,
} from './booking-fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { holdFor, holdUntil, watchPlaces } from './page-places';

/**
 * The deposit paid by PromptPay online before pickup (issue 36 part 3, decision 3652), as a Thai
 * customer without a card meets it on a phone: a booking paid by PromptPay, then on My bookings "pay the
 * deposit by PromptPay now", the deposit's own QR for the amount the server says and until when it can
 * be paid; the bank pays, the page says so by itself, the deposit shows as paid by PromptPay and the
 * counter sees it taken. A site of its own (+19) points at a stand-in speaking Omise's HTTP API.
 */
type Words = {
  depositPromptPay: Record<string, string>;
  deposit: { held: Record<string, string> };
};
const words = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as Words;
const before = (text: string) => text.split('{{')[0]!.trim();
/** A text with its {{placeholders}} as anything: the whole of a button's name. */
const whole = (text: string) =>
  new RegExp(
    `^${text
      .split(/\{\{\w+\}\}/)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

test.describe('a deposit paid by PromptPay online', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  const appUrl = `http://127.0.0.1:${basePort + 19}`;
  const omise = omiseStandIn();
  const started: { server?: OwnServer } = {};
  test.beforeAll(async () => {
    test.setTimeout(allowFor(120_000));
    // The stand-in on a port the system gives: only the site needs to know it.
    await new Promise<void>((resolve) => omise.server.listen(0, '127.0.0.1', resolve));
    const omiseUrl = `http://127.0.0.1:${(omise.server.address() as AddressInfo).port}`;
    started.server = await startOwnServer(
      basePort + 19,
      {
        SEED_DEMO: 'true',
        AUTH_MAX_REGISTRATIONS: '1000',
        UNPAID_MAX_PER_ADDRESS: '1000',
        OMISE_PUBLIC_KEY: 'pkey_test_123',
        OMISE_SECRET_KEY: 'skey_test_456',
        OMISE_API_URL: omiseUrl,
        OMISE_VAULT_URL: omiseUrl,
        OMISE_JS_URL: `${omiseUrl}/omise.js`,
      },
      'omise-deposit',
    );
  });
  test.afterAll(async () => {
    await started.server?.stop();
    omise.server.closeAllConnections();
    await new Promise<void>((resolve) => omise.server.close(() => resolve()));
  });
  test.use({ baseURL: appUrl });

  // The offer to pay the deposit by PromptPay depends on the gateway's answer (does it take PromptPay?):
  // My bookings shows once that answer is in, not before, so the offer never pushes what is below it
  // (decision 3706; on the staff booking page: steady-pages.spec.ts).
  test('My bookings does not move as the gateway says it takes PromptPay (th, 390 px)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = await registerCustomer(request, 'deposit-qr-steady', 'th');
    await transferBooking(request, customer.headers, 92, customer.email, 'promptpay');
    const rental = omise.charges.at(-1) as { id: string };
    omise.pay(rental.id);
    const confirmed = await request.post('/api/v1/webhooks/omise', { data: omise.event(rental.id) });
    expect((await confirmed.json()).response.data.outcome).toBe('confirmed');
    // A second booking, cancelled: its group sits below the one with the offer.
    await cancelledBooking(request, customer, 96, 'promptpay');

    const places = await watchPlaces(page, ['history-cancelled']);
    await signInBrowser(page, customer);
    await page.route('**/api/v1/guest/payment-gateway*', holdUntil(page.getByTestId('history-active')));
    await page.goto('/my-bookings?lng=th');
    await expect(page.getByRole('button', { name: whole(words('th').depositPromptPay.open!) })).toBeVisible({
      timeout: holdFor() + allowFor(10_000),
    });
    await page.waitForLoadState('networkidle');
    const seen = await places();
    expect(seen['history-cancelled'], 'the cancelled bookings, their top at each move').toHaveLength(1);
  });

  for (const { lng, width, full } of [
    { lng: 'th', width: 390, full: true },
    { lng: 'en', width: 320, full: false },
    { lng: 'zh', width: 430, full: false },
  ])
    test(`the deposit's QR on My bookings, paid, seen taken by PromptPay (${lng}, ${width} px)`, async ({
      page,
      request,
    }) => {
      const t = words(lng);
      await page.setViewportSize({ width, height: 844 });
      const customer = await registerCustomer(request, `deposit-qr-${lng}`, lng);
      const booking = await transferBooking(
        request,
        customer.headers,
        full ? 80 : lng === 'en' ? 84 : 88,
        customer.email,
        'promptpay',
      );
      const rental = omise.charges.at(-1) as { id: string };
      omise.pay(rental.id);
      const confirmed = await request.post('/api/v1/webhooks/omise', { data: omise.event(rental.id) });
      expect((await confirmed.json()).response.data.outcome).toBe('confirmed');
      const view = async () =>
        (
          await (
            await request.get(`/api/v1/auth/bookings/${booking.id}`, { headers: customer.headers })
          ).json()
        ).response.data as { deposit: { amount: number; state: string; method: string | null } };
      const { deposit } = await view();
      expect(deposit.state).toBe('due');

      await signInBrowser(page, customer);
      await page.goto(`/my-bookings?lng=${lng}`);
      await page.getByRole('button', { name: whole(t.depositPromptPay.open!) }).click();
      const panel = page.getByTestId('deposit-promptpay');
      const qr = panel.locator('figure img');
      await expect(qr).toBeVisible({ timeout: allowFor(15_000) });
      expect(await qr.getAttribute('src')).toContain(encodeURIComponent('<svg'));
      await expect(panel.getByTestId('deposit-qr-valid')).toContainText(
        before(t.depositPromptPay.validUntil!),
      );
      // The deposit's own charge at the gateway, for the deposit the server keeps with the booking.
      const charge = omise.charges.at(-1) as { id: string; amount: number };
      expect(charge.id).not.toBe(rental.id);
      expect(charge.amount).toBe(deposit.amount);
      expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
      await noSidewaysScroll(page);
      if (!full) return;

      // The bank pays; Omise posts its event; the page says so by itself (it asks every 3 seconds too).
      omise.pay(charge.id);
      const hook = await request.post('/api/v1/webhooks/omise', { data: omise.event(charge.id) });
      expect(['deposit_paid', 'already_settled']).toContain((await hook.json()).response.data.outcome);
      await expect(
        page.getByRole('status').filter({ hasText: before(t.depositPromptPay.paid!) }),
      ).toBeVisible({ timeout: allowFor(15_000) });
      await expect(page.getByTestId('deposit').first()).toContainText(before(t.deposit.held.promptpay!));
      await expect(page.getByRole('button', { name: whole(t.depositPromptPay.open!) })).toHaveCount(0);
      expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
      await noSidewaysScroll(page);

      // The counter sees it taken: the staff's booking page has it held by PromptPay.
      const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
      const seen = await request.get(`/api/v1/admin/bookings/${booking.id}`, {
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect((await seen.json()).response.data.booking.deposit).toMatchObject({
        state: 'held',
        method: 'promptpay',
      });
    });
});
