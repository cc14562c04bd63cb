import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { APIRequestContext, Page } from '@playwright/test';
import { omiseStandIn } from '../apps/api/test/omise-stand-in';
import { allowFor } from '../apps/api/test/time-allowance';
import { axeViolations, expect, test } from './fixtures';
import {
  admin,
  registerCustomer,
  signInAdminBrowser,
  signInBrowser,
  transferBooking,
  inspectAtPickup,
} from './booking-fixtures';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Deposits as Omise runs them (issue 34 part 3, docs/decisions/3413), against a stand-in speaking
 * Omise's API: a customer holds the deposit on a card whose bank asks for 3-D Secure, approves on the
 * bank's page and is back in My bookings with it held (th/en/zh at 390 px); staff keep part of a held
 * deposit where the account may take part of a hold (pre_auth), and the whole of it where it may not,
 * told so on the booking's page (th/en/zh, desktop).
 */
type BookingTexts = {
  cardEntry: Record<string, string>;
  depositHold: Record<string, string>;
  deposit: { held: { card: string }; partlyReleased: string };
};
type AdminTexts = {
  booking: { deposit: Record<string, string> & { state: Record<string, string> } };
};
const bookingTexts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as BookingTexts;
const adminTexts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/admin.json`, 'utf8')) as AdminTexts;
/** The words of a text before its first placeholder. */
const before = (text: string) => text.split('{{')[0]!.trim();
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

/** A site of the describe block's own with Omise test keys, Omise's addresses pointed at `omise`. */
function siteWithOmise(
  omise: ReturnType<typeof omiseStandIn>,
  ports: { site: number; omise: number },
  name: string,
  settings: Record<string, string>,
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
        UNPAID_MAX_PER_ADDRESS: '1000',
        SHED_EVENT_LOOP_DELAY_MS: '3000',
        OMISE_PUBLIC_KEY: 'pkey_test_123',
        OMISE_SECRET_KEY: 'skey_test_456',
        OMISE_API_URL: omiseUrl,
        OMISE_VAULT_URL: omiseUrl,
        OMISE_JS_URL: `${omiseUrl}/omise.js`,
        ...settings,
      },
      name,
    );
  });
  test.afterAll(async () => {
    await started.server?.stop();
    (omise.server as Server).closeAllConnections();
    await new Promise<void>((resolve) => omise.server.close(() => resolve()));
  });
  return started;
}

/**
 * A paid booking `from` days ahead for two days (so its return is within the 6 days a card hold is
 * offered in): a transfer, confirmed by staff through the API.
 */
async function paidBooking(request: APIRequestContext, tag: string, lng: string, from: number) {
  const customer = await registerCustomer(request, tag, lng);
  const booking = await transferBooking(request, customer.headers, from);
  const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const asStaff = { authorization: `Bearer ${staff.token as string}` };
  const paid = await request.post(`/api/v1/admin/bookings/${booking.id}/verify-payment`, {
    headers: asStaff,
    data: {},
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { customer, booking, asStaff };
}

/** The card made into a token at the stand-in's vault with the public key, as Omise.js does. */
async function tokenise(omiseUrl: string, number: string) {
  const res = await fetch(`${omiseUrl}/tokens`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('pkey_test_123:').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      'card[name]': 'MALEE SUKSAN',
      'card[number]': number,
      'card[expiration_month]': '12',
      'card[expiration_year]': '2030',
      'card[security_code]': '123',
    }),
  });
  return ((await res.json()) as { id: string }).id;
}

/** A booking whose deposit the customer held on a card (no 3-D Secure), picked up and brought back. */
async function returnedWithHeldDeposit(
  request: APIRequestContext,
  omiseUrl: string,
  tag: string,
  from: number,
) {
  const { customer, booking, asStaff } = await paidBooking(request, tag, 'th', from);
  const held = await request.post(`/api/v1/auth/bookings/${booking.id}/deposit-hold`, {
    headers: customer.headers,
    data: { cardToken: await tokenise(omiseUrl, '4242424242424242') },
  });
  expect(held.ok(), await held.text()).toBe(true);
  const deposit = (await held.json()).response.data.deposit as { amount: number; state: string };
  expect(deposit.state).toBe('held');
  const out = await inspectAtPickup(request, asStaff, booking.id);
  expect(out.ok(), await out.text()).toBe(true);
  const back = await request.post(`/api/v1/admin/bookings/${booking.id}/return`, {
    headers: asStaff,
    data: {},
  });
  expect(back.ok(), await back.text()).toBe(true);
  return { booking, customer, deposit };
}

test.describe('deposits held as Omise holds them (pre_auth: part may be kept)', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  const ports = { site: basePort + 10, omise: basePort + 11 };
  const omiseUrl = `http://127.0.0.1:${ports.omise}`;
  const omise = omiseStandIn();
  siteWithOmise(omise, ports, 'deposits-pre-auth', { OMISE_PARTIAL_CAPTURE: 'true' });
  test.use({ baseURL: `http://127.0.0.1:${ports.site}` });

  for (const [lng, from] of [
    ['th', 1],
    ['en', 2],
    ['zh', 3],
  ] as const) {
    test(`a deposit hold whose card asks for 3-D Secure: approved at the bank, held, back in My bookings (${lng}, 390 px)`, async ({
      page,
      request,
    }) => {
      const t = bookingTexts(lng);
      await page.setViewportSize({ width: 390, height: 844 });
      const { customer, booking } = await paidBooking(request, `deposit-3ds-${lng}`, lng, from);
      await signInBrowser(page, customer);
      await page.goto(`/my-bookings?lng=${lng}`);
      await page
        .getByRole('button', { name: before(t.depositHold.open!) })
        .first()
        .click();
      const panel = page.getByRole('region', { name: before(t.depositHold.title!) });
      await panel.getByLabel(t.cardEntry.number!).fill('4000 0000 0000 3220');
      await panel.getByLabel(t.cardEntry.name!).fill('MALEE SUKSAN');
      await panel.getByLabel(t.cardEntry.expiry!).fill('12/30');
      await panel.getByLabel(t.cardEntry.cvv!).fill('123');
      expect(await axeViolations(page)).toEqual([]);
      await noSidewaysScroll(page);
      await panel.getByRole('button', { name: before(t.depositHold.submit!) }).click();

      // The bank's page (the stand-in's, at the hold's authorize_uri).
      await expect(page.getByRole('heading', { name: 'Your bank: 3-D Secure' })).toBeVisible();
      const hold = omise.charges.at(-1) as Record<string, unknown>;
      expect(hold).toMatchObject({ capture: false, authorization_type: 'pre_auth', status: 'pending' });
      expect(
        omise.seen
          .filter((r) => r.path === '/charges')
          .at(-1)!
          .form.get('return_uri'),
      ).toContain(`/my-bookings?deposit=${booking.bookingNumber}`);
      await page.getByRole('link', { name: 'Approve payment' }).click();

      // Back in My bookings: the site asks Omise at once, and the deposit is held, not charged.
      await expect(page).toHaveURL(new RegExp(`/my-bookings\\?deposit=${booking.bookingNumber}`));
      await expect(page.getByTestId('deposit').first()).toContainText(before(t.deposit.held.card), {
        timeout: allowFor(15_000),
      });
      expect(hold).toMatchObject({ authorized: true, paid: false });
      expect(await axeViolations(page)).toEqual([]);
      await noSidewaysScroll(page);
    });
  }

  test('staff keep part of a deposit held on a card: only that part is taken at Omise (th, desktop)', async ({
    page,
    request,
  }) => {
    const t = adminTexts('th').booking.deposit;
    const { booking, deposit } = await returnedWithHeldDeposit(request, omiseUrl, 'deposit-part', 3);
    const holdId = String(omise.charges.filter((c) => c.capture === false).at(-1)!.id);
    await signInAdminBrowser(page, 'th');
    await page.goto(`/admin/bookings/${booking.id}?lng=th`);
    await expect(page.getByTestId('deposit-state')).toBeVisible();
    // Part may be kept here: no "whole only" words.
    await expect(page.getByTestId('deposit-whole-only')).toHaveCount(0);
    await page.getByLabel(t.kept!).fill('1500');
    await page.getByLabel(t.reason!).fill('รอยขีดข่วนที่กันชนหลัง');
    await page.getByRole('button', { name: t.release }).click();
    await expect(page.getByTestId('deposit-state')).toContainText('1,500');
    await expect(page.getByTestId('deposit-state')).toContainText('รอยขีดข่วนที่กันชนหลัง');
    const captured = omise.seen.find((r) => r.path === `/charges/${holdId}/capture`);
    expect(captured?.form.get('capture_amount')).toBe('150000');
    expect(omise.charges.find((c) => c.id === holdId)).toMatchObject({ paid: true, captured_amount: 150000 });
    expect(deposit.amount).toBeGreaterThan(150000);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('deposits held without a partial-capture contract: kept whole or returned whole', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  const ports = { site: basePort + 12, omise: basePort + 13 };
  const omiseUrl = `http://127.0.0.1:${ports.omise}`;
  const omise = omiseStandIn();
  siteWithOmise(omise, ports, 'deposits-whole', { OMISE_PARTIAL_CAPTURE: 'false' });
  test.use({ baseURL: `http://127.0.0.1:${ports.site}` });

  for (const [lng, from] of [
    ['th', 1],
    ['en', 2],
    ['zh', 3],
  ] as const) {
    test(`staff are told a card hold is kept whole or not at all, and keep it whole (${lng}, desktop)`, async ({
      page,
      request,
    }) => {
      const t = adminTexts(lng).booking.deposit;
      const { booking, deposit } = await returnedWithHeldDeposit(
        request,
        omiseUrl,
        `deposit-whole-${lng}`,
        from,
      );
      const hold = omise.seen.filter((r) => r.path === '/charges').at(-1)!;
      expect(hold.form.get('capture')).toBe('false');
      expect(hold.form.has('authorization_type')).toBe(false);
      const holdId = String(omise.charges.filter((c) => c.capture === false).at(-1)!.id);
      await signInAdminBrowser(page, lng);
      await page.goto(`/admin/bookings/${booking.id}?lng=${lng}`);
      await expect(page.getByTestId('deposit-whole-only')).toHaveText(t.wholeOnly!);
      // A part is refused before Omise is asked.
      await page.getByLabel(t.kept!).fill('1500');
      await page.getByLabel(t.reason!).fill('Scratch');
      await page.getByRole('button', { name: t.release }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      expect(omise.seen.some((r) => r.path === `/charges/${holdId}/capture`)).toBe(false);
      // The whole of it: taken whole at Omise.
      const whole = deposit.amount / 100;
      await page.getByLabel(t.kept!).fill(String(whole));
      await page.getByRole('button', { name: t.release }).click();
      await expect(page.getByTestId('deposit-whole-only')).toHaveCount(0);
      await expect(page.getByTestId('deposit-state')).toContainText(whole.toLocaleString('en-US'));
      const captured = omise.seen.find((r) => r.path === `/charges/${holdId}/capture`);
      expect(captured?.form.get('capture_amount')).toBe(String(deposit.amount));
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
