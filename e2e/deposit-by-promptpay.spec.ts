import { readFileSync } from 'node:fs';
import { axeViolations, expect, test, type Page } from './fixtures';
import {
  admin,
  customerBooking,
  inspectAtPickup,
  signInAdminBrowser,
  signInBrowser,
} from './booking-fixtures';

/**
 * A deposit paid by PromptPay is refunded by PromptPay after the return (issue 36 part 3, decision
 * 3650): staff take the deposit by PromptPay at the counter, keep part of it at the return, and what
 * is not kept waits for the customer's PromptPay ID on My bookings; staff send it and mark it paid,
 * and the customer sees the deposit's account and the refund paid. The customer in Thai at 390 px.
 */
const booking = JSON.parse(readFileSync('apps/web/src/locales/th/booking.json', 'utf8')) as {
  refunds: Record<string, string>;
  deposit: { partlyReleased: string };
};
const adminWords = JSON.parse(readFileSync('apps/web/src/locales/th/admin.json', 'utf8')) as {
  refunds: Record<string, string>;
  booking: { deposit: Record<string, string> & { take: Record<string, string> } };
};
const before = (text: string) => text.split('{{')[0]!.trim();
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

test('a deposit paid by PromptPay at the counter comes back to the PromptPay ID the customer gives, less what was kept (th, 390 px)', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { booking: made, token, user } = await customerBooking(request, 88);
  const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const as = { authorization: `Bearer ${staff.token}` };
  const paid = await request.post(`/api/v1/admin/bookings/${made.id}/verify-payment`, {
    headers: as,
    data: {},
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // At the counter: staff take the deposit by PromptPay on the booking's page.
  const staffContext = await browser.newContext({ baseURL });
  const staffPage = await staffContext.newPage();
  await signInAdminBrowser(staffPage, 'th');
  await staffPage.goto(`/admin/bookings/${made.id}?lng=th`);
  await staffPage.getByRole('button', { name: adminWords.booking.deposit.take.promptpay }).click();
  await expect(staffPage.getByText(adminWords.booking.deposit.takenDone!)).toBeVisible();

  // The car goes out through its inspection and comes back.
  expect((await inspectAtPickup(request, as, made.id)).ok()).toBe(true);
  const back = await request.post(`/api/v1/admin/bookings/${made.id}/return`, { headers: as, data: {} });
  expect(back.ok(), await back.text()).toBe(true);

  // Staff keep ฿700 for cleaning; the rest waits for the customer's PromptPay ID.
  await staffPage.reload();
  await staffPage.getByLabel(adminWords.booking.deposit.kept!).fill('700');
  await staffPage.getByLabel(adminWords.booking.deposit.reason!).fill('ทำความสะอาดภายในรถ');
  await staffPage.getByRole('button', { name: adminWords.booking.deposit.release }).click();
  await expect(staffPage.getByText(adminWords.booking.deposit.releasedDone!)).toBeVisible();

  await signInBrowser(page, { token, user });
  await page.goto('/my-bookings?lng=th');
  const note = page.getByTestId('deposit').first();
  await expect(note).toContainText(before(booking.deposit.partlyReleased));
  await expect(note).toContainText('ทำความสะอาดภายในรถ');
  await expect(note).toContainText('700');
  const refund = page.getByTestId('booking-refunds').first();
  await expect(refund).toContainText(before(booking.refunds.needsId!));
  expect(await axeViolations(page)).toEqual([]);
  await noSidewaysScroll(page);
  await refund.getByLabel(booking.refunds.promptpayId!).fill('081-234-5678');
  await refund.getByLabel(booking.refunds.accountName!).fill('มาลี สุขสันต์');
  await refund.getByRole('button', { name: booking.refunds.save }).click();
  await expect(refund).toContainText('0812345678');

  // Staff send it to that ID from Card payments being checked, with the bank's reference.
  await staffPage.goto('/admin/payment-checks?lng=th');
  const toSend = staffPage.getByTestId(`refund-${made.bookingNumber}`);
  await expect(toSend).toContainText('0812345678');
  await toSend.getByLabel(adminWords.refunds.reference!).fill('SCB 2026120688');
  await toSend.getByRole('button', { name: before(adminWords.refunds.markPaid!) }).click();
  await expect(staffPage.getByTestId('refund-paid-result')).toContainText(made.bookingNumber);
  await staffContext.close();

  await page.reload();
  await expect(page.getByTestId('booking-refunds').first()).toContainText(before(booking.refunds.paid!));
  await noSidewaysScroll(page);
});
