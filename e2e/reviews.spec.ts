import { expect, test } from './fixtures';
import { admin, customerBooking, inspectAtPickup } from './booking-fixtures';

/**
 * Reviews for a coupon (issue 6): after the car is picked up, the customer
 * writes a review from My bookings and gets a one-time code that works for
 * them only.
 */
const texts = {
  th: { write: 'รีวิวเพื่อรับคูปองส่วนลด', star: '5 จาก 5 ดาว', text: 'รีวิวของคุณ', submit: 'ส่งรีวิว' },
  en: {
    write: 'Write a review for a discount coupon',
    star: '5 of 5 stars',
    text: 'Your review',
    submit: 'Send review',
  },
} as const;

for (const [lng, from] of [
  ['th', 64],
  ['en', 71],
] as const) {
  test(`a customer reviews a rental after pickup and gets a personal coupon (${lng})`, async ({
    page,
    request,
  }) => {
    const t = texts[lng];
    const { booking, headers, token } = await customerBooking(request, from);

    // Staff confirm the transfer and hand the car over (back-office API).
    const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
    const staffHeaders = { authorization: `Bearer ${staff.token}` };
    expect(
      (
        await request.post(`/api/v1/admin/bookings/${booking.id}/verify-payment`, {
          headers: staffHeaders,
          data: {},
        })
      ).ok(),
    ).toBe(true);
    expect((await inspectAtPickup(request, staffHeaders, booking.id)).ok()).toBe(true);

    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto(`/my-bookings?lng=${lng}`);
    const item = page.getByRole('listitem').filter({ hasText: booking.bookingNumber });
    await item.getByRole('button', { name: t.write }).click();
    // The radio is visually replaced by a star; keyboard users reach the radio itself.
    await item.getByRole('radio', { name: t.star }).check({ force: true });
    await item
      .getByLabel(t.text)
      .fill(
        lng === 'th'
          ? 'รถสะอาด รับรถที่สนามบินรวดเร็ว พนักงานสุภาพมาก'
          : 'Clean car and a quick pickup at the airport.',
      );
    await item.getByRole('button', { name: t.submit }).click();
    const coupon = item.getByTestId('review-coupon');
    await expect(coupon).toHaveText(/^THANKS-[0-9A-F]{10}$/);
    const code = (await coupon.textContent())!.trim();

    // The coupon is a real promotion code, for this customer only.
    expect(
      (await request.post('/api/v1/guest/promotions/validate', { headers, data: { code } })).status(),
    ).toBe(200);
    expect(
      (
        await request.post('/api/v1/guest/promotions/validate', { headers: staffHeaders, data: { code } })
      ).status(),
    ).toBe(400);
    // A second review of the same booking is refused.
    const again = await request.post(`/api/v1/auth/bookings/${booking.id}/review`, {
      headers,
      data: { rating: 4, text: 'Trying to review twice here.' },
    });
    expect(again.status()).toBe(409);
  });
}
