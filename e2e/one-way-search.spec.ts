import { readFileSync } from 'node:fs';
import { axeViolations, expect, test, type Page } from './fixtures';
import { day, fillLicence, registerCustomer, signInBrowser, unfoldBookingForm } from './booking-fixtures';

/**
 * One-way from the first search (issue 36 part 5): a return branch chosen in the home search goes
 * with the search to the listing, from a car's card to its page's box (priced there with the
 * route's fee), into the booking form, and is stated on the booking page and in My bookings. The
 * demo has a route from Suvarnabhumi (srn) to Don Mueang (bmk).
 */
type Texts = Record<string, Record<string, string> & { fees?: Record<string, string> }>;
const texts = (ns: string, lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/${ns}.json`, 'utf8')) as Texts;
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text);

async function noSideways(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test('[zh] a return branch chosen in the home search is priced on the car page and kept to My bookings (390 px)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const lng = 'zh';
  const home = texts('home', lng);
  const catalog = texts('catalog', lng);
  const booking = texts('booking', lng);
  const from = 236;
  const route = (
    (await (await request.get(`/api/v1/guest/branches/srn/handover-options?lng=${lng}`)).json()).response.data
      .oneWay as { branchCode: string; branchName: string; fee: number }[]
  ).find((r) => r.branchCode === 'bmk')!;
  expect(route).toBeTruthy();
  const customer = await registerCustomer(request, 'one-way-search', lng);
  await signInBrowser(page, customer);
  await page.setViewportSize({ width: 390, height: 844 });

  // The home search: Suvarnabhumi, three days, returned at Don Mueang.
  await page.goto(`/?lng=${lng}`);
  const search = page.getByRole('form', { name: home.search!.label });
  await search.getByLabel(home.search!.branch!).selectOption('srn');
  await search.getByLabel(home.search!.pickup!).fill(day(from));
  await search.getByLabel(home.search!.return!).fill(day(from + 3));
  await search.getByText(home.search!.oneWay!).click();
  await search.getByLabel(home.search!.returnBranch!).selectOption('bmk');
  expect(await axeViolations(page)).toEqual([]);
  await noSideways(page);
  await search.getByRole('button', { name: home.search!.submit }).click();

  // The listing keeps it, and every car's card carries it to the car's page.
  await expect(page).toHaveURL(/\/cars\?.*returnBranch=bmk/);
  const cards = page.locator('a[href*="returnBranch=bmk"]');
  await expect(cards.first()).toBeVisible();
  const ids = [
    ...new Set(
      (await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).map((href) =>
        Number(/\/cars\/(\d+)/.exec(href)?.[1]),
      ),
    ),
  ];
  // A car listed here that is free for the one-way trip (nothing booked at srn after it leaves).
  let carId = 0;
  for (const id of ids) {
    const q = await request.post('/api/v1/guest/bookings/quote', {
      data: {
        carModelId: id,
        branchCode: 'srn',
        returnBranchCode: 'bmk',
        pickupDate: day(from),
        returnDate: day(from + 3),
      },
    });
    if (q.ok() && (await q.json()).response.data.available) {
      carId = id;
      break;
    }
  }
  expect(carId).toBeGreaterThan(0);
  await page.locator(`a[href*="/cars/${carId}?"][href*="returnBranch=bmk"]`).first().click();

  // The car page's box: returned at Don Mueang, the route's fee in the live price.
  await expect(page).toHaveURL(new RegExp(`/cars/${carId}\\?.*returnBranch=bmk`));
  const box = page.getByTestId('booking-box');
  await expect(box.getByLabel(catalog.booking!.returnBranch!)).toHaveValue('bmk');
  await expect(box.getByTestId('quote-fee-one_way')).toContainText(route.branchName);
  await expect(box.getByTestId('quote-fee-one_way')).toContainText(String(route.fee / 100));
  expect(await axeViolations(page)).toEqual([]);
  await noSideways(page);
  await box.getByRole('button', { name: catalog.booking!.bookNow }).click();

  // The booking form: the return branch chosen, its fee in the price.
  await expect(page).toHaveURL(/\/booking\/\d+\?.*returnBranch=bmk/);
  await unfoldBookingForm(page);
  await expect(page.getByLabel(booking.handover!.returnTo!)).toHaveValue('bmk');
  const feeLine = fill(booking.price!.fees!.one_way!, { place: route.branchName });
  await expect(page.getByText(feeLine).filter({ visible: true }).first()).toBeVisible();
  await page.getByLabel(booking.fields!.idNumber!).fill('E12345678');
  await fillLicence(page);
  await page.getByLabel(booking.fields!.cardNumber!).fill('4242 4242 4242 4242');
  await page.getByLabel(booking.fields!.cardName!).fill('ZHANG WEI');
  await page.getByLabel(booking.fields!.expiry!).fill('12/34');
  await page.getByLabel(booking.fields!.cvv!).fill('123');
  await page.locator('input[name="acceptTerms"]').check();
  expect(await axeViolations(page)).toEqual([]);
  await noSideways(page);
  await page.getByTestId('pay-bar').getByRole('button', { name: booking.summary!.payConfirm }).click();
  await page.waitForURL(/booking-success/);

  // The booking page and My bookings state the return branch.
  await expect(page.getByTestId('return-branch')).toHaveText(route.branchName);
  await page.goto(`/my-bookings?lng=${lng}`);
  await expect(page.getByTestId('history-return-branch')).toContainText(route.branchName);
  expect(await axeViolations(page)).toEqual([]);
  await noSideways(page);
});

test('[en] the listing’s filters take a return branch and carry it to every car (1280 px)', async ({
  page,
}) => {
  const catalog = texts('catalog', 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/cars?branch=srn&lng=en');
  await page.getByLabel(catalog.dates!.returnBranch!).selectOption('bmk');
  await expect(page).toHaveURL(/returnBranch=bmk/);
  await expect(page.locator('a[href*="/cars/"][href*="returnBranch=bmk"]').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
