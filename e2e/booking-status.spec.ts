import { readFileSync } from 'node:fs';
import { axeViolations, expect, test } from './fixtures';
import {
  bankTransfer,
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

for (const [lng, from] of languages) {
  test(`a cancelled booking's page says cancelled and the refund, with no share and no review hint (${lng}) @mobile`, async ({
    page,
    request,
  }, testInfo) => {
    const t = texts(lng);
    const phone = testInfo.project.name === 'mobile';
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    const customer = await registerCustomer(request, `status-${lng}-${testInfo.project.name}`, lng);
    await signInBrowser(page, customer);
    // Paid by a bank-verified slip (confirmed at once), then cancelled by the customer at once:
    // inside the free 24 hours, so the fee is 0 and the whole total goes back.
    const booking = await transferBooking(request, customer.headers, from + (phone ? 5 : 0));
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

    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
}

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
