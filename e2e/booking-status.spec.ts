import { readFileSync } from 'node:fs';
import { axeViolations, expect, notThisLanguagesProject, test } from './fixtures';
import {
  bankTransfer,
  fillLicence,
  freeCar,
  registerCustomer,
  signInBrowser,
  slipPicture,
  transferBooking,
} from './booking-fixtures';

/**
 * Issue 35, part 2: the booking's own page ("View details") says what happened. A paid booking the
 * customer cancels within the free 24 hours is headed "cancelled" (not "Thank you! confirmed"), says
 * the whole amount paid goes back, offers no sharing and promises no review.
 */
type Texts = {
  success: Record<string, string>;
  status: Record<string, string>;
};
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as Texts;

const languages = [
  ['th', 160],
  ['en', 170],
  ['zh', 180],
] as const;

/**
 * One cancelled booking per project (a desktop, a phone at 390 px), its page read in each language: the
 * booking is the same in all three (the API made it; its customer's language shows only in mails), so
 * what a language changes is the page's words and how they fit, checked on each (decision 3700: until
 * then each language paid for its own customer, booking, bank slip and cancellation).
 */
test(`a cancelled booking's page says cancelled and the refund, with no share and no review hint (th, en, zh) @mobile`, async ({
  page,
  request,
}, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  const customer = await registerCustomer(request, `status-${testInfo.project.name}`, 'th');
  await signInBrowser(page, customer);
  // Paid by a bank-verified slip (confirmed at once), then cancelled by the customer at once:
  // inside the free 24 hours, so the fee is 0 and the whole total goes back.
  const booking = await transferBooking(request, customer.headers, 160 + (phone ? 5 : 0));
  const payload = await bankTransfer(request, { amountSatang: booking.total });
  const slip = await request.post(`/api/v1/auth/bookings/${booking.id}/slip`, {
    headers: customer.headers,
    multipart: {
      file: { name: 'slip.png', mimeType: 'image/png', buffer: await slipPicture('png', payload) },
    },
  });
  expect(slip.ok(), await slip.text()).toBe(true);
  const cancelled = await request.put(`/api/v1/auth/bookings/${booking.id}/cancel`, {
    headers: customer.headers,
    data: {},
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const view = (await cancelled.json()).response.data as { status: string; cancellationFee: number };
  expect(view).toMatchObject({ status: 'cancelled', cancellationFee: 0 });

  for (const [lng] of languages) {
    const t = texts(lng);
    await page.goto(`/booking-success?booking=${booking.bookingNumber}&lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.titleCancelled!);
    await expect(page.getByText(t.status.cancelled!, { exact: true })).toBeVisible();
    // The refund is the booking's whole total (baht, grouped by thousands in every language).
    const baht = (booking.total / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });
    const [before] = t.success.cancelledRefund!.split('{{refund}}');
    const outcome = page.getByTestId('cancel-outcome');
    await expect(outcome).toContainText(before!);
    await expect(outcome).toContainText(baht);
    for (const gone of [t.success.titlePaid!, t.success.emailSent!])
      await expect(page.getByText(gone, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: t.success.share, exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: t.success.shareLine })).toHaveCount(0);
    await expect(page.getByTestId('review-later')).toHaveCount(0);

    expect(await axeViolations(page), lng).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), lng).toBe(0);
  }
});

/**
 * Issue 35, part 3: the spec's Messenger share beside LINE on the booking's page. On a phone it is
 * Messenger's own share address (the app opens with the link); LINE stays beside it.
 */
for (const [lng, from] of languages) {
  test(`a booking's page on a phone shares on Messenger beside LINE (${lng}) @mobile`, async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the phone share: Messenger opens from a touch screen');
    const t = texts(lng);
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = await registerCustomer(request, `messenger-${lng}`, lng);
    await signInBrowser(page, customer);
    const booking = await transferBooking(request, customer.headers, from + 10);
    await page.goto(`/booking-success?booking=${booking.bookingNumber}&lng=${lng}`);
    const share = page.getByRole('region', { name: t.success.share });
    const messenger = share.getByRole('link', { name: t.success.shareMessenger });
    await expect(messenger).toBeVisible();
    const url = new URL(`/booking-success?booking=${booking.bookingNumber}`, page.url()).href;
    await expect(messenger).toHaveAttribute('href', `fb-messenger://share/?link=${encodeURIComponent(url)}`);
    await expect(share.getByRole('link', { name: t.success.shareLine })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
}

/**
 * Issue 35, part 2 (decision 3530): a refused card no longer leaves a "Payment did not go through"
 * booking per try. The booking keeps its car; its page says why the card was refused and takes
 * another card there, on the same booking: two refused cards, then a good one, leave ONE booking.
 */
for (const [lng, from] of languages)
  test.describe(() => {
    // Each language once, the words being all that differs (decision 3700): Thai and Chinese on the phone, English on the desktop.
    test.skip(
      notThisLanguagesProject(lng),
      'each language once: Thai and Chinese on the phone, English on the desktop',
    );
    test(`two declined cards then a good one leave one booking, paid (${lng}) @mobile`, async ({
      page,
      request,
    }, testInfo) => {
      const t = texts(lng) as Texts & {
        fields: Record<string, string>;
        cardEntry: Record<string, string>;
        cardErrors: Record<string, string>;
        summary: Record<string, string>;
        payAgain: Record<string, string>;
        history: { groups: Record<string, string> };
      };
      const phone = testInfo.project.name === 'mobile';
      if (phone) await page.setViewportSize({ width: 390, height: 844 });
      const customer = await registerCustomer(request, `retry-${lng}-${testInfo.project.name}`, lng);
      await signInBrowser(page, customer);
      const car = await freeCar(request, from + 20 + (phone ? 5 : 0));
      await page.goto(
        `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=${lng}`,
      );
      await page.getByLabel(t.fields.idNumber!).fill('1103700012345');
      await fillLicence(page);
      await page.getByLabel(t.fields.cardNumber!).fill('4000 0000 0000 0002');
      await page.getByLabel(t.fields.cardName!).fill('MALEE SUKSAN');
      await page.getByLabel(t.fields.expiry!).fill('12/30');
      await page.getByLabel(t.fields.cvv!).fill('123');
      await page.getByRole('checkbox').last().check();
      await page.getByRole('button', { name: t.summary.payConfirm }).click();

      // Declined: the booking's own page says so, and takes another card.
      await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.titleFailed!);
      await expect(page.getByRole('alert').filter({ hasText: t.cardErrors.declined! })).toBeVisible();
      const number = (await page.getByTestId('booking-number').textContent())!;
      const payAgain = page.getByTestId('pay-again');
      await expect(payAgain.getByRole('heading', { name: t.payAgain.title })).toBeVisible();
      const card = async (digits: string) => {
        await payAgain.getByLabel(t.cardEntry.number!).fill(digits);
        await payAgain.getByLabel(t.cardEntry.name!).fill('MALEE SUKSAN');
        await payAgain.getByLabel(t.cardEntry.expiry!).fill('12/30');
        await payAgain.getByLabel(t.cardEntry.cvv!).fill('123');
        await payAgain.getByRole('button', { name: /4242|฿|[0-9]/ }).click();
      };
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

      // A second card, without the funds: refused too, the same booking.
      await card('4000 0000 0000 9995');
      await expect(payAgain.getByRole('alert')).toHaveText(t.cardErrors.insufficient_funds!);
      await expect(page.getByTestId('booking-number')).toHaveText(number);

      // A good card pays that booking.
      await card('4242 4242 4242 4242');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.success.titlePaid!);
      await expect(page.getByTestId('booking-number')).toHaveText(number);
      await expect(page.getByTestId('pay-again')).toHaveCount(0);

      // One booking in the history, in the spec's "active" group.
      await page.goto(`/my-bookings?lng=${lng}`);
      const active = page.getByTestId('history-active');
      await expect(active.getByRole('heading', { name: t.history.groups.active })).toBeVisible();
      await expect(active.getByText(number)).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: /SD\d+/ })).toHaveCount(1);
      await expect(page.getByTestId('history-cancelled')).toHaveCount(0);
      const list = await request.get('/api/v1/auth/bookings', { headers: customer.headers });
      const mine = (await list.json()).response.data as { bookingNumber: string; status: string }[];
      expect(mine.map((b) => [b.bookingNumber, b.status])).toEqual([[number, 'confirmed']]);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    });
  });
