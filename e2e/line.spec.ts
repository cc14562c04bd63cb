import { readFileSync } from 'node:fs';
import { startProviderStandIns, type ProviderStandIns } from '../apps/api/test/provider-stand-ins';
import { registerCustomer, signInBrowser, transferBooking } from './booking-fixtures';
import { axeViolations, expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { allowFor } from '../apps/api/test/time-allowance';

/**
 * LINE (issue 18, part 4) in a real browser, against a stand-in speaking LINE's HTTP APIs (its
 * authorization page answers at once as the person set, with or without adding our official account
 * as a friend): sign-in with LINE from a phone in Thai, back where the customer was going, and the
 * booking message the server's background job pushes in Thai; a sign-in cancelled at LINE explained in
 * Chinese on a desktop, then done. The journey runs its own server with the stand-in's settings.
 */
const social = (lng: 'th' | 'en' | 'zh') =>
  (
    JSON.parse(readFileSync(`apps/web/src/locales/${lng}/auth.json`, 'utf8')) as {
      social: Record<string, string>;
    }
  ).social;

test.describe('LINE sign-in and booking messages against a LINE stand-in', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  let line: ProviderStandIns;
  let server: OwnServer | undefined;
  test.use({ baseURL: `http://127.0.0.1:${basePort + 8}` });
  test.beforeAll(async () => {
    test.setTimeout(allowFor(120_000));
    line = await startProviderStandIns({ port: basePort + 9 });
    server = await startOwnServer(
      basePort + 8,
      {
        SEED_DEMO: 'true',
        AUTH_MAX_REGISTRATIONS: '1000',
        UNPAID_MAX_PER_ADDRESS: '1000',
        // The jobs that push LINE messages run every 2 s, not every minute: the journey waits for the
        // message itself, not for most of a minute with its worker idle (the push is the same either way).
        JOBS_INTERVAL_SECONDS: '2',
        ...line.settings,
      },
      'line',
    );
  });
  test.afterAll(async () => {
    await server?.stop();
    await line?.close();
  });

  test('a Thai customer on a phone signs in with LINE, adds the friend, and gets the booking message on LINE', async ({
    browser,
    request,
  }) => {
    test.setTimeout(allowFor(150_000));
    const t = social('th');
    const sub = `U${Date.now().toString(16).padStart(32, '0')}`;
    line.setLineBrowserUser({ sub, name: 'สมหญิง ใจดี' }, { addFriend: true });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH' });
    const page = await context.newPage();
    await page.goto('/my-bookings?lng=th');
    await expect(page).toHaveURL(/\/login/);
    const button = page.getByRole('link', { name: t.line });
    await expect(button).toBeVisible();
    await expect(page.getByText(t.lineFriendNote!)).toBeVisible();
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    await button.click();
    // Through LINE and back, signed in, on the page the customer was going to.
    await expect(page).toHaveURL(/\/my-bookings/);
    await expect(page.getByTestId('account-menu').first()).toContainText('สมหญิง');
    expect(page.url()).not.toContain('line=');

    // A booking (made with the session the page keeps): the background job pushes its message in Thai.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const booking = await transferBooking(
      request,
      { authorization: `Bearer ${token}`, 'accept-language': 'th' },
      12,
      'somying@example.com',
    );
    await expect
      .poll(() => line.linePushes.filter((p) => p.to === sub).map((p) => p.messages[0]!.text), {
        timeout: allowFor(90_000),
        intervals: [500],
      })
      .toEqual([expect.stringContaining(`ได้รับการจอง ${booking.bookingNumber} แล้ว`)]);
    await context.close();
  });

  test('a sign-in cancelled at LINE is explained in Chinese on a desktop; the next try signs in', async ({
    page,
  }) => {
    const t = social('zh');
    const person = { sub: `U${(Date.now() + 1).toString(16).padStart(32, '0')}`, name: '王小明' };
    await page.setViewportSize({ width: 1280, height: 900 });
    line.setLineBrowserUser(person, { cancel: true });
    await page.goto('/login?lng=zh');
    await page.getByRole('link', { name: t.line }).click();
    await expect(page.getByRole('alert')).toHaveText(t.lineCancelled!);
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);

    line.setLineBrowserUser(person, { addFriend: false });
    await page.getByRole('link', { name: t.line }).click();
    await expect(page.getByTestId('account-menu').first()).toContainText('王小明');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(\?.*)?$/);
  });

  test('an English visitor on a phone signs in with LINE without adding the friend; the profile shows their name, no made-up address', async ({
    page,
  }) => {
    const t = social('en');
    const person = { sub: `U${(Date.now() + 2).toString(16).padStart(32, '0')}`, name: 'Jane Traveller' };
    await page.setViewportSize({ width: 390, height: 844 });
    line.setLineBrowserUser(person, { addFriend: false });
    await page.goto('/profile?lng=en');
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('link', { name: t.line }).click();
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByTestId('account-menu').first()).toContainText('Jane Traveller');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('Jane Traveller').first()).toBeVisible();
    await expect(page.getByText('siamdrive.invalid')).toHaveCount(0);
    // Not a friend: the profile says how booking messages would reach them on LINE.
    const profile = (
      JSON.parse(readFileSync('apps/web/src/locales/en/auth.json', 'utf8')) as {
        profile: { line: Record<string, string> };
      }
    ).profile.line;
    await expect(page.getByTestId('line-messages')).toContainText(profile.off!);
    await expect(page.getByTestId('line-messages').getByRole('link')).toHaveAttribute(
      'href',
      /^https:\/\/line\.me\/R\/ti\/p\//,
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
  });

  test('a Thai customer with a password connects LINE from the profile on a phone; LINE then signs in to that account', async ({
    page,
    request,
    browser,
  }) => {
    const profile = (
      JSON.parse(readFileSync('apps/web/src/locales/th/auth.json', 'utf8')) as {
        profile: { line: Record<string, string> };
      }
    ).profile.line;
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = await registerCustomer(request, 'line-link', 'th');
    await signInBrowser(page, customer);
    const person = { sub: `U${(Date.now() + 3).toString(16).padStart(32, '0')}`, name: 'มาลี LINE' };
    line.setLineBrowserUser(person, { addFriend: true });
    await page.goto('/profile?lng=th');
    const section = page.getByTestId('line-messages');
    await expect(section).toContainText(profile.connectHelpMessages!);
    await section.getByRole('button', { name: profile.connect }).click();
    await expect(page).toHaveURL(/\/profile/);
    await expect(section.getByRole('status')).toHaveText(profile.linked!);
    await expect(section).toContainText(profile.on!);
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    // On another phone, LINE now signs in to the same account (its email shown, not a new LINE account).
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await other.newPage();
    await phone.goto('/login?lng=th');
    await phone.locator('a[href*="/auth/line/start"]').click();
    await expect(phone.getByTestId('account-menu').first()).toContainText(customer.email);
    await other.close();
    // And they may let LINE go again.
    await section.getByRole('button', { name: profile.disconnect }).click();
    await expect(section.getByRole('status')).toHaveText(profile.disconnected!);
    await expect(section.getByRole('button', { name: profile.connect })).toBeVisible();
  });
});
