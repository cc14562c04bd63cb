import { readFileSync } from 'node:fs';
import { axeViolations, expect, test } from './fixtures';
import { signInAdminBrowser } from './booking-fixtures';

/**
 * Prices in another currency (issue 18, part 5; decision 1803). A visitor picks yuan, dollars or
 * euros; the listing and the car page show the converted amount beside the baht that is charged,
 * say the rate and its day, and keep the choice for the next visit. Admins set the rates by hand
 * or from a file on the settings page.
 */
const texts = (lng: string, ns: 'catalog' | 'admin') =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/${ns}.json`, 'utf8')) as Record<
    string,
    Record<string, string>
  >;

const grouped = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
/** Baht as the site writes it: ฿1,290, or ฿756.50 with its satang. */
const baht = (n: number) =>
  `฿${n.toLocaleString('en-US', { minimumFractionDigits: n % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
/** What the site writes for `baht` at `rate` (the rule of the contract's convertBaht). */
const converted = (symbol: string, baht: number, rate: string) => {
  const amount = baht / Number(rate);
  const shown = Math.abs(amount) >= 100 ? Math.round(amount) : Math.round(amount * 100) / 100;
  const text =
    Math.abs(amount) >= 100 ? grouped(shown) : shown.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `≈ ${symbol}${text}`;
};

for (const { lng, width, code, symbol } of [
  { lng: 'zh', width: 390, code: 'CNY', symbol: '¥' },
  { lng: 'th', width: 375, code: 'USD', symbol: 'US$' },
] as const) {
  test(`a ${lng} visitor who picks ${code} sees it on the listing and the car page (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const t = texts(lng, 'catalog').currency!;
    const rate = (await (await request.get(`/api/v1/guest/site-settings?lng=${lng}`)).json()).response.data
      .exchangeRates[code] as string;
    await page.goto(`/cars?lng=${lng}`);
    const firstCard = page.getByTestId('car-card').first();
    await expect(firstCard.getByTestId('car-price')).toContainText('฿');
    await expect(page.getByTestId('currency-note')).toHaveCount(0);

    await page.getByLabel(t.label!).selectOption(code);
    const name = await firstCard.getByRole('heading').innerText();
    const car = (
      await (await request.get(`/api/v1/guest/cars?limit=50&lng=${lng}`)).json()
    ).response.data.find((c: { car_model_name: string }) => c.car_model_name === name);
    const daily = Number(car.hot_deal?.price_per_day ?? car.price_per_day);
    await expect(firstCard.getByTestId('car-price')).toHaveText(
      `${converted(symbol, daily, rate)} (${baht(daily)})`,
    );
    const note = page.getByTestId('currency-note');
    await expect(note).toContainText(`${symbol}1 = ฿${rate}`);
    await expect(note).toContainText(t.note!.split('{{date}}')[1]!.trim().slice(0, 12));
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // The car page follows the choice, in its price, deposit and the rental's total.
    await firstCard.getByRole('heading').getByRole('link').click();
    const box = page.getByTestId('booking-box');
    await expect(box).toContainText(`${converted(symbol, daily, rate)} (${baht(daily)})`);
    await expect(page.getByTestId('deposit')).toContainText(`≈ ${symbol}`);
    await expect(box.getByTestId('currency-note')).toContainText(`${symbol}1 = ฿${rate}`);
    await expect(box.getByLabel(t.label!)).toHaveValue(code);

    // Kept for the next visit; the server's HTML is baht, the choice shows once the page is live.
    await page.reload();
    await expect(box).toContainText(converted(symbol, daily, rate));
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // Back to baht.
    await box.getByLabel(t.label!).selectOption('THB');
    await expect(box.getByTestId('currency-note')).toHaveCount(0);
    await expect(box).not.toContainText('≈');
  });
}

test('an admin imports rates from a file and visitors see euros at the new rate (en, 1280 px)', async ({
  page,
  browser,
}) => {
  const admin = texts('en', 'admin');
  await signInAdminBrowser(page, 'en');
  await page.goto('/admin/settings?lng=en');
  const card = page.locator('section', {
    has: page.getByRole('heading', { name: admin.settings!.ratesTitle }),
  });
  const cny = card.getByLabel('Baht per ¥1 (CNY)');
  const usd = card.getByLabel('Baht per US$1 (USD)');
  const keep = { CNY: await cny.inputValue(), USD: await usd.inputValue() };
  // Only the euro moves: the other journeys read the yuan and the dollar.
  await card.getByLabel(admin.settings!.ratesFile!).setInputFiles({
    name: 'rates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`currency,baht_per_unit\nEUR,38.1234\nCNY,${keep.CNY}\nUSD,${keep.USD}\nGBP,43\n`),
  });
  await expect(card.getByTestId('rates-file-note')).toHaveText('Read 3 rates. Lines not understood: 5.');
  await expect(card.getByLabel('Baht per €1 (EUR)')).toHaveValue('38.1234');
  // A wrong rate typed by hand is refused at its field.
  await usd.fill('abc');
  await card.getByRole('button', { name: admin.save as unknown as string }).click();
  await expect(card.getByText(/Baht per unit, more than 0/)).toBeVisible();
  await usd.fill(keep.USD);
  await card.getByRole('button', { name: admin.save as unknown as string }).click();
  await expect(card.getByTestId('rates-set-on')).toBeVisible();
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);

  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/cars?lng=en');
  await visitor.getByLabel(texts('en', 'catalog').currency!.label!).selectOption('EUR');
  await expect(visitor.getByTestId('currency-note')).toContainText('€1 = ฿38.1234');
  await expect(visitor.getByTestId('car-price').first()).toContainText('≈ €');
  await visitorContext.close();
});
