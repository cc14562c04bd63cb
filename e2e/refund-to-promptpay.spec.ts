import { readFileSync } from 'node:fs';
import { axeViolations, expect, test, type Page } from './fixtures';
import { admin, customerBooking, signInAdminBrowser, signInBrowser } from './booking-fixtures';

/**
 * A refund the gateway cannot pay goes to the customer's PromptPay ID (decision 3650): a transfer
 * booking cancelled, the customer gives the ID on My bookings (a wrong check digit refused in Thai),
 * staff see it with the QR for the ID and amount and mark it paid with the bank's reference, and the
 * customer sees it refunded. In Thai, at a phone's width, axe clean and without sideways scroll.
 */
const booking = JSON.parse(readFileSync('apps/web/src/locales/th/booking.json', 'utf8')) as {
  refunds: Record<string, string>;
};
const adminWords = JSON.parse(readFileSync('apps/web/src/locales/th/admin.json', 'utf8')) as {
  refunds: Record<string, string>;
};
const before = (text: string) => text.split('{{')[0]!.trim();
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

test('a cancelled transfer booking is refunded to the PromptPay ID the customer gives (th, 390 px)', async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { booking: made, token, user, headers } = await customerBooking(request, 75);
  const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const as = { authorization: `Bearer ${staff.token}` };
  const paid = await request.post(`/api/v1/admin/bookings/${made.id}/verify-payment`, {
    headers: as,
    data: {},
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const cancelled = await request.put(`/api/v1/auth/bookings/${made.id}/cancel`, { headers });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  await signInBrowser(page, { token, user });
  await page.goto('/my-bookings?lng=th');
  const refund = page.getByTestId('booking-refunds').first();
  await expect(refund).toContainText(before(booking.refunds.needsId!));
  await refund.getByLabel(booking.refunds.promptpayId!).fill('1101700230705');
  await refund.getByLabel(booking.refunds.accountName!).fill('สมชาย ใจดี');
  await refund.getByRole('button', { name: booking.refunds.save }).click();
  // 1101700230705's check digit should be 8 (worked out in refund-payouts.test.ts): refused in Thai.
  await expect(refund).toContainText('เลขประจำตัว 13 หลักนี้ไม่ถูกต้อง กรุณาตรวจสอบตัวเลข');
  expect(await axeViolations(page)).toEqual([]);
  await noSidewaysScroll(page);
  await refund.getByLabel(booking.refunds.promptpayId!).fill('081-234-5678');
  await refund.getByRole('button', { name: booking.refunds.save }).click();
  await expect(refund).toContainText('0812345678');

  // Staff at their own browser (the customer's page keeps its session).
  const desk = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const staffPage = await desk.newPage();
  await signInAdminBrowser(staffPage, 'th');
  await staffPage.goto('/admin/payment-checks?lng=th');
  const toSend = staffPage.getByTestId(`refund-${made.bookingNumber}`);
  await expect(toSend).toContainText('0812345678');
  await expect(toSend.getByRole('img')).toBeVisible();
  await toSend.getByLabel(adminWords.refunds.reference!).fill('KBANK 2026120612345');
  await toSend.getByRole('button', { name: before(adminWords.refunds.markPaid!) }).click();
  await expect(staffPage.getByTestId('refund-paid-result')).toContainText(made.bookingNumber);
  await expect(toSend).toHaveCount(0);
  await desk.close();

  await page.reload();
  await expect(page.getByTestId('booking-refunds').first()).toContainText(before(booking.refunds.paid!));
  await noSidewaysScroll(page);
});
