import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, test, axeViolations } from './fixtures';
import { registerCustomer, signInBrowser, transferBooking } from './booking-fixtures';

// Issue 35 part 6: the PromptPay QR is shown on the phone that must pay it. The booking's page offers it
// as a picture to save (a PNG with the amount and the booking number) and says the three steps to pay
// it from a bank app; at 390 px, in th, en and zh. The download is checked as a bank app would read it:
// a PNG whose QR decodes to the PromptPay payload with the booking's amount.

const texts = {
  th: {
    save: 'บันทึกคิวอาร์โค้ดลงโทรศัพท์',
    steps: ['บันทึกคิวอาร์โค้ด', 'เปิดแอปธนาคาร', 'ตรวจสอบยอดเงิน'],
  },
  en: {
    save: 'Save the QR code to your phone',
    steps: ['Save the QR code', "Open your bank's app", 'Check that the amount is'],
  },
  zh: {
    save: '将二维码保存到手机',
    steps: ['用上方按钮保存二维码', '打开银行App', '核对金额'],
  },
} as const;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const [lng, from] of [
  ['th', 61],
  ['en', 64],
  ['zh', 67],
] as const) {
  test(`[${lng}] the PromptPay QR is saved to the phone as a PNG with the amount, and the steps to pay it are shown`, async ({
    page,
    request,
  }) => {
    const t = texts[lng];
    const customer = await registerCustomer(request, `qr-${lng}`, lng);
    const booking = await transferBooking(request, customer.headers, from, customer.email, 'promptpay');
    await signInBrowser(page, customer);
    await page.goto(`/booking-success?booking=${encodeURIComponent(booking.bookingNumber)}&lng=${lng}`);

    const steps = page.getByTestId('promptpay-steps').getByRole('listitem');
    await expect(steps).toHaveCount(3);
    for (const [i, words] of t.steps.entries()) await expect(steps.nth(i)).toContainText(words);
    // The last step names the amount as the page writes it (฿ and the booking's total).
    const baht = (booking.total / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });
    await expect(steps.nth(2)).toContainText(baht);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.save }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`siam-drive-promptpay-${booking.bookingNumber}.png`);
    const file = await readFile((await download.path())!);
    expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(file.length).toBeGreaterThan(10_000);
    expect(file.length).toBeLessThan(2_000_000);
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([720, 960]);
    const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    // EMVCo merchant-presented QR (PromptPay): payload format 01, the PromptPay AID, the amount in tag 54.
    expect(code?.data.startsWith('000201')).toBe(true);
    expect(code?.data).toContain('A000000677010111');
    const amount = (booking.total / 100).toFixed(2);
    expect(code?.data).toContain(`54${String(amount.length).padStart(2, '0')}${amount}`);

    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
}
