import { readFileSync } from 'node:fs';
import { axeViolations, expect, notThisLanguagesProject, test } from './fixtures';
import {
  bankTransfer,
  registerCustomer,
  signInBrowser,
  slipPicture,
  transferBooking,
} from './booking-fixtures';

/**
 * Automatic slip checks (issue 16), as a customer meets them in each language:
 * the slip of a real transfer (its QR code generated here, the transfer
 * recorded with the bank's stand-in) confirms the booking at once; the same
 * slip on the customer's next booking is refused in their language.
 */
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as {
    slip: { label: string; upload: string; verified: string; alreadyUsed: string; noQr: string };
    status: { confirmed: string; awaiting_payment: string };
    history: { uploadSlip: string };
  };

const languages = [
  ['th', 40],
  ['en', 50],
  ['zh', 60],
] as const;

for (const [lng, from] of languages)
  test.describe(() => {
    // Each language once, the words being all that differs (decision 3700): Thai and Chinese on the phone, English on the desktop.
    test.skip(
      notThisLanguagesProject(lng),
      'each language once: Thai and Chinese on the phone, English on the desktop',
    );
    test(`a bank-verified slip confirms the booking at once; the same slip again is refused (${lng}) @mobile`, async ({
      page,
      request,
    }, testInfo) => {
      const t = texts(lng);
      // Each project (desktop, phone) books its own dates.
      const offset = from + (testInfo.project.name === 'mobile' ? 5 : 0);
      const customer = await registerCustomer(request, `slip-${lng}-${testInfo.project.name}`, lng);
      await signInBrowser(page, customer);
      const first = await transferBooking(request, customer.headers, offset);
      const payload = await bankTransfer(request, { amountSatang: first.total });
      const slip = { name: 'slip.jpg', mimeType: 'image/jpeg', buffer: await slipPicture('jpeg', payload) };

      await page.goto(`/my-bookings?lng=${lng}`);
      const item = page.getByRole('listitem', { name: new RegExp(first.bookingNumber) });
      await item.getByRole('button', { name: t.history.uploadSlip }).click();
      await item.getByLabel(t.slip.label).setInputFiles(slip);
      await item.getByRole('button', { name: t.slip.upload }).click();
      await expect(item.getByRole('status')).toHaveText(t.slip.verified);
      await expect(item.getByText(t.status.confirmed, { exact: true })).toBeVisible();

      // A new account may hold one unpaid booking: the next one is made now the first is paid.
      const second = await transferBooking(request, customer.headers, offset + 3);
      await page.reload();
      const next = page.getByRole('listitem', { name: new RegExp(second.bookingNumber) });
      await next.getByRole('button', { name: t.history.uploadSlip }).click();
      await next.getByLabel(t.slip.label).setInputFiles(slip);
      await next.getByRole('button', { name: t.slip.upload }).click();
      await expect(next.getByRole('alert')).toHaveText(t.slip.alreadyUsed);
      await expect(next.getByText(t.status.awaiting_payment, { exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(width).toBeLessThanOrEqual(0);
    });
  });

test('a picture with no bank QR code is refused with words the customer can act on (th)', async ({
  page,
  request,
}) => {
  const t = texts('th');
  const customer = await registerCustomer(request, 'slip-noqr', 'th');
  await signInBrowser(page, customer);
  const booking = await transferBooking(request, customer.headers, 75);
  await page.goto(`/booking-success?booking=${booking.bookingNumber}&lng=th`);
  const { default: sharp } = await import('sharp');
  const blank = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#f0f8ff' } })
    .png()
    .toBuffer();
  await page
    .getByLabel(t.slip.label)
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: blank });
  await page.getByRole('button', { name: t.slip.upload }).click();
  await expect(page.getByRole('alert')).toHaveText(t.slip.noQr);
});
