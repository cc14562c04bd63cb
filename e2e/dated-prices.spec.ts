import { readFileSync } from 'node:fs';
import { axeViolations, expect, test } from './fixtures';
import { carsInService, registerCustomer, signInBrowser } from './booking-fixtures';

/**
 * Issue 35, part 4 (decision 3531): once dates are chosen, the listing and the car page show what
 * those days cost with the rules applied, the same total the booking form then charges. Songkran
 * (12-16 April, +30 % in the demo's rules) a year and more ahead, so no other journey's booking is
 * in the way; nothing is booked here.
 */
type Catalog = { card: Record<string, string>; booking: Record<string, string> };
const catalog = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/catalog.json`, 'utf8')) as Catalog;

const bangkokToday = new Date(Date.now() + 7 * 3_600_000);
const year = bangkokToday.getUTCFullYear() + 2;
const pickup = `${year}-04-12`;
const ret = `${year}-04-14`;

/** The baht amount in a price text ("฿3,510 for 2 days", "2天共฿3,510.00"), in satang. */
const satang = (text: string | null) =>
  Math.round(Number(/฿\s?([\d,]+(?:\.\d+)?)/.exec(text!)![1]!.replaceAll(',', '')) * 100);

// Each language once, at the width its visitors mostly use (decision 3700): Thai and Chinese at a phone's
// 390 px, where the form's total is the sticky pay bar's, English on a desktop, where it is the breakdown's.
for (const [lng, width] of [
  ['th', 390],
  ['en', 1280],
  ['zh', 390],
] as const)
  test(`a car on Songkran dates costs the same on the listing, its page and the booking form (${lng}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const t = catalog(lng);
    await page.setViewportSize({ width, height: 900 });
    const customer = await registerCustomer(request, `dated-${lng}-${width}`, lng);
    await signInBrowser(page, customer);
    // A car the demo's Songkran rule applies to, at a branch that has it.
    let chosen: { carModelId: number; branchCode: string; total: number; songkran: number } | null = null;
    for (const c of await carsInService(request)) {
      const quote = await request.post('/api/v1/guest/bookings/quote', {
        data: { carModelId: c.carModelId, branchCode: c.branchCode, pickupDate: pickup, returnDate: ret },
      });
      if (!quote.ok()) continue;
      const q = (await quote.json()).response.data as {
        total: number;
        available: boolean;
        priceRules: { kind: string; amount: number }[];
      };
      const songkran = q.priceRules.find((r) => r.kind === 'season')?.amount ?? 0;
      if (q.available && songkran > 0) {
        chosen = { ...c, total: q.total, songkran };
        break;
      }
    }
    expect(chosen, 'a demo car with the Songkran rule').not.toBeNull();
    const { carModelId, branchCode, total } = chosen!;

    // The listing on those dates: the total and the average per day, with Songkran in them.
    await page.goto(`/cars?pickup=${pickup}&return=${ret}&branch=${branchCode}&lng=${lng}`);
    const card = page
      .getByTestId('car-card')
      .filter({ has: page.locator(`a[href^="/cars/${carModelId}?"]`) })
      .first();
    await expect(card.getByTestId('car-total')).toBeVisible();
    expect(satang(await card.getByTestId('car-total').textContent())).toBe(total);
    const listedDaily = satang(await card.getByTestId('car-price').textContent());
    await expect(card).toContainText(t.card.perDayAverage!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The car's page, from the card: the same total and average, from the server's quote.
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/cars/${carModelId}\\?`));
    const box = page.getByTestId('booking-box');
    await expect(box.getByTestId('car-page-total')).toBeVisible();
    expect(satang(await box.getByTestId('car-page-total').textContent())).toBe(total);
    expect(satang(await box.getByTestId('car-page-price').textContent())).toBe(listedDaily);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

    // The booking form: the same total again.
    await box.getByRole('button', { name: t.booking.bookNow }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${carModelId}\\?`));
    // On a phone the price breakdown is folded and the total is the sticky pay bar's (decision 3520).
    const formTotal = page.getByTestId(width < 1024 ? 'pay-bar-total' : 'price-total').first();
    await expect(formTotal).toHaveText(/\d/);
    expect(satang(await formTotal.textContent())).toBe(total);
  });
