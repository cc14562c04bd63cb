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
    (await (await request.get(`/api/v1/guest/branches/srn/delivery-options?lng=${lng}`)).json()).response.data
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
  // The listing asks its dated prices with the return branch (decision 3611): each includes the route's fee.
  const listing = page.waitForRequest(
    (r) => r.url().includes('/guest/cars?') && r.url().includes('return_branch=bmk'),
  );
  await search.getByRole('button', { name: home.search!.submit }).click();
  await listing;

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
  // The car's dated price on the listing is the quote's: the one-way trip costs the route's fee more.
  const dated = async (extra: string) =>
    (
      (
        await (
          await request.get(
            `/api/v1/guest/cars?branch=srn&pickup_date=${day(from)}&return_date=${day(from + 3)}&limit=50${extra}&lng=${lng}`,
          )
        ).json()
      ).response.data as { car_model_id: number; dated_price: { total: number } }[]
    ).find((c) => c.car_model_id === carId)?.dated_price.total ?? 0;
  expect((await dated('&return_branch=bmk')) - (await dated(''))).toBe(route.fee);
  // Each branch's counter place as staff set it (the demo's Suvarnabhumi and Don Mueang counters).
  const places = Object.fromEntries(
    (
      (await (await request.get(`/api/v1/guest/branches?lng=${lng}`)).json()).response.data as {
        code: string;
        counter_place: string | null;
      }[]
    ).map((b) => [b.code, b.counter_place ?? '']),
  );
  expect(places.srn).toBeTruthy();
  expect(places.bmk).toBeTruthy();
  await page.locator(`a[href*="/cars/${carId}?"][href*="returnBranch=bmk"]`).first().click();

  // The car page's box: returned at Don Mueang, the route's fee in the live price.
  await expect(page).toHaveURL(new RegExp(`/cars/${carId}\\?.*returnBranch=bmk`));
  const box = page.getByTestId('booking-box');
  await expect(box.getByLabel(catalog.booking!.returnBranch!)).toHaveValue('bmk');
  await expect(box.getByTestId('quote-fee-one_way')).toContainText(route.branchName);
  await expect(box.getByTestId('quote-fee-one_way')).toContainText(String(route.fee / 100));
  // The car page's branch card says where the counter is.
  // (Each branch with the car has its card; Suvarnabhumi's names its own counter.)
  await expect(page.getByTestId('branch-counter-place').filter({ hasText: places.srn! })).toHaveText(
    fill(catalog.details!.counterPlace!, { place: places.srn! }),
  );
  expect(await axeViolations(page)).toEqual([]);
  await noSideways(page);
  await box.getByRole('button', { name: catalog.booking!.bookNow }).click();

  // The booking form: the return branch chosen, its fee in the price.
  await expect(page).toHaveURL(/\/booking\/\d+\?.*returnBranch=bmk/);
  await unfoldBookingForm(page);
  await expect(page.getByLabel(booking.pickupReturn!.returnTo!)).toHaveValue('bmk');
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

  // The booking page and My bookings state the return branch and both counters' places.
  await expect(page.getByTestId('return-branch')).toHaveText(route.branchName);
  await expect(page.getByTestId('counter-place')).toHaveText(places.srn!);
  await expect(page.getByTestId('return-counter-place')).toHaveText(places.bmk!);
  await page.goto(`/my-bookings?lng=${lng}`);
  await expect(page.getByTestId('history-return-branch')).toContainText(route.branchName);
  await expect(page.getByTestId('history-counter-place').first()).toContainText(places.srn!);
  await expect(page.getByTestId('history-return-counter-place').first()).toContainText(places.bmk!);
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
