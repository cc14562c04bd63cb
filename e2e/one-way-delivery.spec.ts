import { readFileSync } from 'node:fs';
import { axeViolations, expect, test } from './fixtures';
import type { APIRequestContext } from '@playwright/test';
import {
  carsInService,
  day,
  fillLicence,
  registerCustomer,
  roomForUnpaidHold,
  settledTotal,
  signInBrowser,
  unfoldBookingForm,
} from './booking-fixtures';

/**
 * A car at Suvarnabhumi free for a one-way week to Don Mueang: a one-way car must have nothing booked
 * at its branch after it leaves (it will not be back), so the quote is asked with the return branch.
 */
async function oneWayCar(request: APIRequestContext, from: number, skip: number) {
  // Each language its own model: the journeys run side by side.
  for (const c of (await carsInService(request)).filter((c) => c.branchCode === 'srn').slice(skip)) {
    const trip = { ...c, pickupDate: day(from), returnDate: day(from + 7), returnBranchCode: 'bmk' };
    const quote = await request.post('/api/v1/guest/bookings/quote', { data: trip });
    if (quote.ok() && (await quote.json()).response.data.available) return trip;
  }
  throw new Error('No car at srn free for a one-way week');
}

/**
 * One-way returns and delivery as customers meet them (issue 17, part 3), with a second driver: a
 * week from Suvarnabhumi, delivered to a hotel in central Bangkok and returned at Don Mueang; every
 * fee said in the price box before confirming and kept on the booking. Every language, phone and
 * desktop widths.
 */
type Texts = {
  fields: Record<string, string>;
  summary: Record<string, string>;
  methods: Record<string, string>;
  details: Record<string, string>;
  pickupReturn: Record<string, string> & {
    delivery: Record<string, string>;
    address: Record<string, string>;
  };
  price: { fees: Record<string, string> };
};
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as Texts;
const before = (text: string) => text.split('{{')[0]!.trim();

/**
 * Days from today to a Saturday before Songkran (12-16 April) more than a year ahead, past the other
 * journeys' bookings: a week from then is the Songkran week.
 */
function songkranWeek() {
  const today = new Date(Date.now() + 7 * 3_600_000);
  for (let year = today.getUTCFullYear() + 1; ; year++) {
    const from = Math.round(
      (Date.UTC(year, 3, 10) - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) /
        86_400_000,
    );
    if (from >= 400) return from;
  }
}
const from = songkranWeek();
const cases = [
  { lng: 'th', width: 375, from },
  { lng: 'en', width: 1280, from },
  { lng: 'zh', width: 390, from },
] as const;

for (const { lng, width, from } of cases) {
  test(`a Songkran week delivered to a hotel and returned to another branch, with a second driver (${lng}, ${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const t = texts(lng);
    const customer = await registerCustomer(request, `oneway-${lng}`, lng);
    await signInBrowser(page, customer);
    const car = await oneWayCar(request, from, cases.findIndex((c) => c.lng === lng) * 3);
    // Paid by transfer: a group with a car to spare (decision 3102).
    await roomForUnpaidHold(request, car);
    await page.goto(
      `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=${lng}`,
    );
    await unfoldBookingForm(page);
    const total = page.getByTestId('price-total');
    await expect(total).toBeVisible();
    const plain = await total.textContent();

    const where = page.getByRole('region', { name: t.pickupReturn.title });
    await where.getByLabel(t.pickupReturn.returnTo!, { exact: true }).selectOption('bmk');
    await where.getByRole('radio', { name: t.pickupReturn.delivery.toMe }).check();
    await where.getByLabel(t.pickupReturn.kind!).selectOption('hotel');
    await where.getByLabel(t.pickupReturn.address.hotel!).fill('Amari Watergate, 847 Phetchaburi Road');
    const prices = page.getByTestId('price-breakdown');
    // The demo's rules, line by line in the visitor's language: Songkran, the weekend, the weekly rate.
    const songkran = { th: 'สงกรานต์', en: 'Songkran', zh: '宋干节' }[lng];
    const weekly = { th: 'ราคาเช่ารายสัปดาห์', en: 'Weekly rate', zh: '周租价' }[lng];
    await expect(prices).toContainText(songkran);
    await expect(prices).toContainText(weekly);
    await expect(prices).toContainText(before(t.price.fees.one_way!));
    await expect(prices).toContainText(
      before(t.price.fees.delivery!) || t.price.fees.delivery!.split('{{')[0]!,
    );
    await expect(total).not.toHaveText(plain!);

    await page.getByLabel(t.fields.idNumber!).fill('AB1234567');
    await fillLicence(page);
    await page.getByRole('button', { name: t.summary.addDriver }).click();
    const second = page.getByRole('group', { name: t.summary.driverN!.replace('{{n}}', '2') });
    await second.getByLabel(t.fields.firstName!, { exact: true }).fill('Niran');
    await second.getByLabel(t.fields.lastName!, { exact: true }).fill('Chai');
    await second.getByLabel(t.fields.birthDate!).fill('1985-11-02');
    await second.getByLabel(t.fields.licenceNumber!).fill('61004321');
    await second.getByLabel(t.fields.licenceCountry!).selectOption('TH');
    await second.getByLabel(t.fields.licenceIssued!).fill('2010-01-15');
    await second.getByLabel(t.fields.licenceExpiry!).fill('2034-01-15');
    await page.getByRole('radio', { name: t.methods.bank_transfer }).check();
    await page.getByRole('checkbox').last().check();
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const quoted = await settledTotal(page);
    await page.getByRole('button', { name: t.summary.confirmBooking }).click();
    await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
    await expect(page.getByText('Amari Watergate, 847 Phetchaburi Road', { exact: false })).toBeVisible();
    await expect(page.getByText(t.details.returnTo!, { exact: true })).toBeVisible();
    await expect(page.getByTestId('price-total')).toHaveText(quoted!);

    const booking = (await (await request.get('/api/v1/auth/bookings', { headers: customer.headers })).json())
      .response.data[0];
    expect(booking).toMatchObject({
      branchCode: 'srn',
      returnBranchCode: 'bmk',
      delivery: { kind: 'hotel', address: 'Amari Watergate, 847 Phetchaburi Road' },
    });
    expect(booking.fees.map((f: { code: string }) => f.code)).toEqual(['one_way', 'delivery']);
    expect(booking.drivers).toHaveLength(2);
    expect(booking.priceRules.map((r: { kind: string }) => r.kind).sort()).toEqual([
      'duration',
      'season',
      'weekend',
    ]);
  });
}
