import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Back office bookings (issue 7): a customer books a car by bank transfer
 * through the API and uploads a slip; an admin finds the booking, sees the
 * slip, verifies it (the customer's own history shows it confirmed), marks
 * the car picked up and then returned (the booking is completed).
 */

const admin = { email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026' };
const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + 7 * 3_600_000 + n * DAY).toISOString().slice(0, 10);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

const texts = {
  th: {
    email: 'อีเมล',
    password: 'รหัสผ่าน',
    submit: 'เข้าสู่ระบบ',
    today: 'วันนี้',
    bookingsNav: 'การจอง',
    number: 'หมายเลขการจอง',
    verify: 'ได้รับเงินแล้ว: ยืนยันการจอง',
    pickUp: 'บันทึกว่ารับรถแล้ว',
    markReturned: 'บันทึกว่าคืนรถแล้ว',
    slipAlt: /สลิปการโอนเงิน \d+/,
    confirmed: 'ยืนยันแล้ว',
    active: 'รับรถแล้ว',
    completed: 'เสร็จสิ้น',
    history: 'ประวัติ',
    verifiedLog: 'ยืนยันการชำระเงิน',
  },
  en: {
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    today: 'Today',
    bookingsNav: 'Bookings',
    number: 'Booking number',
    verify: 'Payment received: confirm booking',
    pickUp: 'Mark picked up',
    markReturned: 'Mark returned',
    slipAlt: /Transfer slip \d+/,
    confirmed: 'Confirmed',
    active: 'Picked up',
    completed: 'Completed',
    history: 'History',
    verifiedLog: 'Payment verified',
  },
} as const;

/** A customer (through the real API) with a bank-transfer booking and an uploaded slip. */
async function customerBooking(request: APIRequestContext, from: number) {
  const email = `e2e-admin-${Date.now().toString(36)}-${process.pid}-${from}@example.com`;
  expect(
    (
      await request.post('/api/v1/auth/register', {
        data: { email, password: 'secret-123', firstName: 'Malee', lastName: 'Suksan', phone: '0812345678' },
      })
    ).ok(),
  ).toBe(true);
  const { token } = await (
    await request.post('/api/v1/auth/login', { data: { email, password: 'secret-123' } })
  ).json();
  const headers = { authorization: `Bearer ${token}` };
  // Cars the fleet has in service (read with the admin's own API), tried until one is free.
  const adminLogin = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const units = (
    await (
      await request.get('/api/v1/admin/units', {
        headers: { authorization: `Bearer ${adminLogin.token}` },
      })
    ).json()
  ).response.data as { carModelId: number; branchCode: string; status: string }[];
  const pairs = [
    ...new Set(units.filter((u) => u.status === 'in_service').map((u) => `${u.carModelId}|${u.branchCode}`)),
  ];
  for (const pair of pairs) {
    const [id, branchCode] = pair.split('|') as [string, string];
    const res = await request.post('/api/v1/guest/bookings/create', {
      headers,
      data: {
        carModelId: Number(id),
        branchCode,
        pickupDate: day(from),
        returnDate: day(from + 2),
        paymentMethod: 'bank_transfer',
        acceptTerms: true,
        addons: [],
        driver: {
          firstName: 'Malee',
          lastName: 'Suksan',
          email,
          phone: '0812345678',
          idNumber: '1103700012345',
        },
      },
    });
    if (!res.ok()) continue;
    const booking = (await res.json()).response.data.booking as { id: number; bookingNumber: string };
    const slip = await request.post(`/api/v1/auth/bookings/${booking.id}/slip`, {
      headers,
      multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: png } },
    });
    expect(slip.ok()).toBe(true);
    return { booking, headers };
  }
  throw new Error('No bookable car in the demo data');
}

for (const [lng, from] of [
  ['th', 50],
  ['en', 57],
] as const) {
  test(`an admin verifies a transfer slip, hands the car over and takes it back (${lng})`, async ({
    page,
    request,
  }) => {
    const t = texts[lng];
    const { booking, headers } = await customerBooking(request, from);

    await page.goto(`/admin?lng=${lng}`);
    await page.getByLabel(t.email).fill(admin.email);
    await page.getByLabel(t.password).fill(admin.password);
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.today })).toBeVisible();
    // Today lists it among the bookings awaiting payment.
    await expect(
      page.getByTestId('today-awaiting').getByRole('link', { name: booking.bookingNumber }),
    ).toBeVisible();

    await page.getByRole('link', { name: t.bookingsNav, exact: true }).click();
    await page.getByLabel(t.number).fill(booking.bookingNumber);
    await page.getByRole('link', { name: booking.bookingNumber }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(booking.bookingNumber) }),
    ).toBeVisible();
    // The slip is shown to staff (fetched through the authenticated admin route).
    await expect(page.getByRole('img', { name: t.slipAlt })).toBeVisible();

    await page.getByRole('button', { name: t.verify }).click();
    await expect(page.getByTestId('booking-status')).toHaveText(t.confirmed);
    await expect(page.getByRole('region', { name: t.history })).toContainText(t.verifiedLog);
    // The customer's own history shows it confirmed.
    const mine = await (await request.get('/api/v1/auth/bookings', { headers })).json();
    expect(mine.response.data.find((b: { id: number }) => b.id === booking.id).status).toBe('confirmed');

    await page.getByRole('button', { name: t.pickUp }).click();
    await expect(page.getByTestId('booking-status')).toHaveText(t.active);
    await page.getByRole('button', { name: t.markReturned }).click();
    await expect(page.getByTestId('booking-status')).toHaveText(t.completed);
    const after = await (await request.get('/api/v1/auth/bookings', { headers })).json();
    expect(after.response.data.find((b: { id: number }) => b.id === booking.id).status).toBe('completed');
  });
}

test('the bookings, timeline, walk-in, pricing and reviews screens have no WCAG A/AA violations (en)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { booking } = await customerBooking(request, 64);
  await page.goto('/admin?lng=en');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  for (const path of [
    '/admin/bookings',
    `/admin/bookings/${booking.id}`,
    '/admin/bookings/new',
    '/admin/timeline',
    '/admin/pricing',
    '/admin/reviews',
  ]) {
    await page.goto(`${path}?lng=en`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      result.violations.map((v) => `${v.id} ${v.nodes[0]?.target}`),
      path,
    ).toEqual([]);
  }
});
