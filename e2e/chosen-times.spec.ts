import { readFileSync } from 'node:fs';
import { axeViolations, expect, test } from './fixtures';
import {
  day,
  fillLicence,
  freeCar,
  registerCustomer,
  roomForUnpaidHold,
  settledTotal,
  signInBrowser,
  unfoldBookingForm,
} from './booking-fixtures';

/**
 * Chosen times as customers meet them (issue 17, part 2): on the car page the times the branch is
 * open, a same-day rental shorter than the branch's minimum refused in the visitor's language, then a
 * 10:00 pickup back at 20:00 the next day: one day and the demo's late-return rule for the hour past
 * its nine free ones, a line of the price before confirming; the booking keeps the times. Every
 * language, phone and desktop widths.
 */
const json = (lng: string, ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/${ns}.json`, 'utf8')) as Record<
    string,
    Record<string, string> & Record<string, Record<string, string>>
  >;
const extraHours = { th: 'ชั่วโมงเพิ่ม', en: 'Extra hours', zh: '超时' } as const;
const cases = [
  { lng: 'th', width: 375, from: 230 },
  { lng: 'en', width: 1280, from: 236 },
  { lng: 'zh', width: 390, from: 242 },
] as const;

for (const { lng, width, from } of cases) {
  test(`chooses the times: a same-day rental too short refused, a late return priced by the hour (${lng}, ${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const catalog = json(lng, 'catalog');
    const booking = json(lng, 'booking');
    const customer = await registerCustomer(request, `times-${lng}`, lng);
    await signInBrowser(page, customer);
    const car = await freeCar(request, from, 2);
    // Paid by transfer: a group with a car to spare (decision 3102).
    await roomForUnpaidHold(request, car);
    await page.goto(`/cars/${car.carModelId}?branch=${car.branchCode}&lng=${lng}`);
    const box = page.getByTestId('booking-box');
    await box.getByLabel(catalog.dates!.pickup!).fill(car.pickupDate);
    await box.getByLabel(catalog.dates!.return!).fill(car.pickupDate);
    await box.getByLabel(catalog.times!.pickup!).selectOption('10:00');
    await box.getByLabel(catalog.times!.return!).selectOption('12:00');
    await expect(box.getByRole('alert')).toHaveText(catalog.times!.tooShort_other!.replace('{{count}}', '4'));
    await expect(box.getByText(catalog.times!.hours_other!.split('{{')[0]!.trim())).toBeVisible();
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);

    // The next day at 20:00: 34 hours, one day and one late hour.
    const nextDay = new Date(Date.parse(`${car.pickupDate}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await box.getByLabel(catalog.dates!.return!).fill(nextDay);
    await box.getByLabel(catalog.times!.return!).selectOption('20:00');
    await expect(box.getByRole('alert')).toHaveCount(0);
    await expect(box.getByTestId('live-price')).toContainText('10:00');
    await expect(box.getByTestId('live-price')).toContainText('20:00');
    await expect(box.getByTestId('quote-vat')).toBeVisible();
    await box.getByRole('button', { name: catalog.booking!.bookNow }).click();
    await expect(page).toHaveURL(/pickupTime=10%3A00&returnTime=20%3A00/);
    await unfoldBookingForm(page);

    // The form keeps the times and says the late hour as a line of the price.
    const times = page.getByTestId('rental-times');
    await expect(times.getByLabel(booking.times!.pickup!)).toHaveValue('10:00');
    await expect(times.getByLabel(booking.times!.return!)).toHaveValue('20:00');
    const prices = page.getByTestId('price-breakdown');
    await expect(prices).toContainText(extraHours[lng]);
    // Back by 18:00 the hour is gone; at 20:00 again it is back.
    await times.getByLabel(booking.times!.return!).selectOption('18:00');
    await expect(prices).not.toContainText(extraHours[lng]);
    await times.getByLabel(booking.times!.return!).selectOption('20:00');
    await expect(prices).toContainText(extraHours[lng]);

    await page.getByLabel(booking.fields!.idNumber!).fill('AB1234567');
    await fillLicence(page);
    await page.getByRole('radio', { name: booking.methods!.bank_transfer }).check();
    await page.getByRole('checkbox').last().check();
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const quoted = await settledTotal(page);
    await page.getByRole('button', { name: booking.summary!.confirmBooking }).click();
    await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
    await expect(page.getByText('10:00').first()).toBeVisible();
    await expect(page.getByText('20:00').first()).toBeVisible();
    await expect(page.getByTestId('price-total')).toHaveText(quoted!);

    const made = (await (await request.get('/api/v1/auth/bookings', { headers: customer.headers })).json())
      .response.data[0];
    expect(made).toMatchObject({ pickupTime: '10:00', returnTime: '20:00', days: 1 });
    expect(made.priceRules.find((r: { kind: string }) => r.kind === 'late')).toMatchObject({
      hours: 1,
      percent: 10,
    });
  });
}

test('an admin closes a branch on a day from a phone; the car page says so in the visitor’s language (en admin, zh visitor, 390 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const admin = json('en', 'admin');
  const car = await freeCar(request, 30, 2);
  const closedOn = day(700);
  await page.goto('/admin?lng=en');
  await page.getByLabel('Email').fill('admin@siamdrive.test');
  await page.getByLabel('Password').fill('SiamDrive-admin-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page.goto('/admin/branches?lng=en');
  // The region is named by the branch's name in the page's language (it used to be its code).
  const branches = (await (await request.get('/api/v1/guest/branches?lng=en')).json()).response.data as {
    code: string;
    name: string;
  }[];
  const branchName = branches.find((b) => b.code === car.branchCode)!.name;
  const closures = page.getByRole('region', {
    name: admin.branches!.closures!.replace('{{name}}', branchName),
  });
  await closures.getByLabel(admin.branches!.closeOn!).fill(closedOn);
  await closures.getByLabel(admin.branches!.closureNote!).fill('Staff training day');
  await closures.getByRole('button', { name: admin.branches!.close }).click();
  await expect(closures).toContainText('Staff training day');
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  const catalog = json('zh', 'catalog');
  await page.goto(`/cars/${car.carModelId}?branch=${car.branchCode}&lng=zh`);
  const box = page.getByTestId('booking-box');
  await box.getByLabel(catalog.dates!.pickup!).fill(closedOn);
  await expect(box.getByRole('alert')).toHaveText(catalog.times!.closedDay!);
  // The server says it too, whatever the page: no booking that day.
  const quote = await request.post('/api/v1/guest/bookings/quote', {
    data: { ...car, pickupDate: closedOn, returnDate: day(702) },
  });
  expect(quote.status()).toBe(400);

  await page.goto('/admin/branches?lng=en');
  await closures.getByRole('button', { name: /Open on/ }).click();
  await expect(closures).not.toContainText('Staff training day');
});
