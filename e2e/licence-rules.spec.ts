import { readFileSync } from 'node:fs';
import { driverMessages } from '../packages/contract/src/drivers';
import { contractWords } from './contract-words';
import { axeViolations, expect, test } from './fixtures';
import {
  fillLicence,
  freeCar,
  registerCustomer,
  roomForUnpaidHold,
  signInBrowser,
  unfoldBookingForm,
} from './booking-fixtures';

/**
 * Licences as the market runs them (issue 36 part 1, decision 3601): a Chinese family on a Chinese
 * phone finds 中国 first in the list; its licence asks for an IDP or an official translation (China
 * issues no IDP), refused with neither, booked with the translation without ticking any permit.
 */
type Texts = {
  fields: Record<string, string> & { licenceDocuments: Record<string, string> };
  validation: Record<string, string>;
  summary: Record<string, string>;
  methods: Record<string, string>;
};
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as Texts;

test.use({ locale: 'zh-CN' });

test('a Chinese licence with an official translation books without any permit (zh, 390 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const t = texts('zh');
  const customer = await registerCustomer(request, 'licence-cn', 'zh');
  await signInBrowser(page, customer);
  const car = await freeCar(request, 180, 4);
  await roomForUnpaidHold(request, car);
  await page.goto(
    `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=zh`,
  );
  await unfoldBookingForm(page);
  const main = page.getByRole('region', { name: t.summary.personal! });
  // The customer's own country heads the list (the phone says zh-CN), not last of 240.
  const firstCountry = await main
    .getByLabel(t.fields.licenceCountry!)
    .locator('option')
    .nth(1)
    .getAttribute('value');
  expect(firstCountry).toBe('CN');

  await page.getByLabel(t.fields.idNumber!).fill('E12345678');
  await fillLicence(page, { licenceCountry: 'CN', licenceNumber: '110101199001011234' });
  const choice = main.getByRole('group', { name: t.fields.licenceDocument! });
  await expect(choice).toBeVisible();
  await expect(main.getByRole('checkbox', { name: t.fields.internationalPermit! })).toHaveCount(0);
  await page.getByRole('radio', { name: t.methods.bank_transfer }).check();
  await page.getByRole('checkbox').last().check();
  await page.getByRole('button', { name: t.summary.confirmBooking }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: contractWords('zh')(driverMessages.permitOrTranslationNeeded) }),
  ).toBeVisible();
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await choice.getByRole('radio', { name: t.fields.licenceDocuments.translation! }).check();
  await page.getByRole('button', { name: t.summary.confirmBooking }).click();
  await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);
  const mine = (await (await request.get('/api/v1/auth/bookings', { headers: customer.headers })).json())
    .response.data[0];
  expect(mine.drivers[0]).toMatchObject({
    licenceCountry: 'CN',
    licenceDocument: 'translation',
    internationalPermit: false,
  });
});
