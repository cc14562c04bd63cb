import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { omiseStandIn } from '../apps/api/test/omise-stand-in';
import { allowFor } from '../apps/api/test/time-allowance';
import { axeViolations, expect, test } from './fixtures';
import { day, registerCustomer, signInBrowser, transferBooking } from './booking-fixtures';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Paying without a card, end to end (issue 36 part 3, decision 3631), as a Thai customer on a phone
 * meets it: a booking paid by PromptPay is made a day longer in My bookings and the difference paid by
 * PromptPay's QR; the new day is held while the QR waits, and the page shows the change made when the
 * gateway says it is paid. A site of its own points at a stand-in speaking Omise's HTTP API.
 */
type Texts = {
  change: Record<string, string>;
  methods: Record<string, string>;
  cardEntry: Record<string, string>;
};
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as Texts;
const before = (text: string) => text.split('{{')[0]!.trim();

test.describe('a change paid by PromptPay', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  const appUrl = `http://127.0.0.1:${basePort + 14}`;
  const omise = omiseStandIn();
  const started: { server?: OwnServer } = {};
  test.beforeAll(async () => {
    test.setTimeout(allowFor(120_000));
    await new Promise<void>((resolve) => omise.server.listen(basePort + 15, '127.0.0.1', resolve));
    const omiseUrl = `http://127.0.0.1:${basePort + 15}`;
    started.server = await startOwnServer(
      basePort + 14,
      {
        SEED_DEMO: 'true',
        AUTH_MAX_REGISTRATIONS: '1000',
        SHED_EVENT_LOOP_DELAY_MS: '3000',
        UNPAID_MAX_PER_ADDRESS: '1000',
        OMISE_PUBLIC_KEY: 'pkey_test_123',
        OMISE_SECRET_KEY: 'skey_test_456',
        OMISE_API_URL: omiseUrl,
        OMISE_VAULT_URL: omiseUrl,
        OMISE_JS_URL: `${omiseUrl}/omise.js`,
      },
      'omise-change',
    );
  });
  test.afterAll(async () => {
    await started.server?.stop();
    (omise.server as Server).closeAllConnections();
    await new Promise<void>((resolve) => omise.server.close(() => resolve()));
  });
  test.use({ baseURL: appUrl });

  test('a PromptPay booking made a day longer pays the difference by PromptPay (th, 390 px)', async ({
    page,
    request,
  }) => {
    const t = texts('th');
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = await registerCustomer(request, 'change-qr-th', 'th');
    // The booking as the API gives it (the fixture types only what most journeys read).
    const booking = {
      carModelId: 0,
      branchCode: '',
      ...(await transferBooking(request, customer.headers, 70, customer.email, 'promptpay')),
    };
    const first = omise.charges.at(-1) as { id: string; amount: number };
    omise.pay(first.id);
    const paid = await request.post('/api/v1/webhooks/omise', { data: omise.event(first.id) });
    expect((await paid.json()).response.data.outcome).toBe('confirmed');

    await signInBrowser(page, customer);
    await page.goto('/my-bookings?lng=th');
    await page.getByRole('button', { name: t.change.open }).click();
    const panel = page.getByRole('region', { name: before(t.change.title!) });
    await panel.getByLabel(t.change.return!).fill(day(73));
    await panel.getByRole('button', { name: t.change.seePrice }).click();
    await expect(panel.getByTestId('change-quote')).toContainText(before(t.change.payDifference!));
    await panel.getByRole('radio', { name: t.methods.promptpay }).check();
    // No card fields for PromptPay.
    await expect(panel.getByLabel(t.cardEntry.number!)).toHaveCount(0);
    await panel.getByRole('button', { name: t.change.showQr }).click();

    // The QR code for the difference, and until when the new day is held; the booking as it was.
    const waiting = panel.getByTestId('change-waiting');
    await expect(waiting).toContainText(before(t.change.waitingHeld!));
    const qr = waiting.locator('figure img');
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toContain(encodeURIComponent('<svg'));
    const charge = omise.charges.at(-1) as { id: string; amount: number };
    expect(charge.id).not.toBe(first.id);
    const view = async () =>
      (await (await request.get(`/api/v1/auth/bookings/${booking.id}`, { headers: customer.headers })).json())
        .response.data;
    const unchanged = await view();
    expect(unchanged).toMatchObject({ returnDate: day(72), total: booking.total });
    // Three days at the booking's prices, as a quote for those dates says: the charge is the difference.
    const threeDays = (
      await (
        await request.post('/api/v1/guest/bookings/quote', {
          data: {
            carModelId: booking.carModelId,
            branchCode: booking.branchCode,
            pickupDate: day(70),
            returnDate: day(73),
          },
        })
      ).json()
    ).response.data as { total: number };
    expect(charge.amount).toBe(threeDays.total - booking.total);
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // The customer's bank pays; Omise posts its event; the page shows the change made by itself. The
    // page asks the gateway every few seconds too: whichever comes first makes the change, once.
    omise.pay(charge.id);
    const hook = await request.post('/api/v1/webhooks/omise', { data: omise.event(charge.id) });
    expect(['change_made', 'already_settled']).toContain((await hook.json()).response.data.outcome);
    await expect(page.getByRole('status').filter({ hasText: before(t.change.done!) })).toBeVisible({
      timeout: allowFor(15_000),
    });
    expect(await view()).toMatchObject({ returnDate: day(73), days: 3, total: threeDays.total });
  });
});
