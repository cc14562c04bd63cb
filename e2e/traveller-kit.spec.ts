import { readFileSync } from 'node:fs';
import { axeViolations, expect, test } from './fixtures';

/**
 * The traveller kit (issue 18, part 5), as far as built. Reviews per car: the car page says what renters gave this car, its average and
 * their reviews; a car nobody reviewed yet says so. Thai at 375 px, Chinese at 390 px.
 */
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/catalog.json`, 'utf8')).reviews as Record<
    string,
    string
  >;

for (const { lng, width } of [
  { lng: 'th', width: 375 },
  { lng: 'zh', width: 390 },
] as const) {
  test(`a car page shows its reviews and their average (${lng}, ${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const t = texts(lng);
    const reviewed = (
      await (await request.get(`/api/v1/guest/testimonials?limit=20&lng=${lng}`)).json()
    ).response.data.find((r: { car_model_id: number | null }) => r.car_model_id !== null);
    expect(reviewed, 'the demo has a review of a car').toBeDefined();
    const details = (await (await request.get(`/api/v1/guest/cars/${reviewed.car_model_id}`)).json()).response
      .data;
    await page.goto(`/cars/${reviewed.car_model_id}?lng=${lng}`);
    const section = page.getByTestId('car-reviews');
    await expect(section.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(section).toContainText(
      t[details.rating.count === 1 ? 'summary_one' : 'summary_other']!.replace(
        '{{average}}',
        String(details.rating.average),
      ).replace('{{count}}', String(details.rating.count)),
    );
    await expect(section.getByText(reviewed.text, { exact: false })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // A car nobody reviewed yet says so.
    const cars = (await (await request.get('/api/v1/guest/cars?limit=9')).json()).response.data as {
      car_model_id: number;
    }[];
    for (const c of cars) {
      const d = (await (await request.get(`/api/v1/guest/cars/${c.car_model_id}`)).json()).response.data;
      if (d.rating.count > 0) continue;
      await page.goto(`/cars/${c.car_model_id}?lng=${lng}`);
      await expect(page.getByTestId('car-reviews')).toContainText(t.none!);
      break;
    }
  });
}

/** WeChat and WhatsApp beside LINE and Messenger on the contact page (issue 18, part 5). */
for (const { lng, width } of [
  { lng: 'zh', width: 390 },
  { lng: 'en', width: 1280 },
] as const) {
  test(`the contact page offers WeChat and WhatsApp beside LINE and Messenger (${lng}, ${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const contact = (await (await request.get(`/api/v1/guest/site-settings?lng=${lng}`)).json()).response.data
      .contact;
    await page.goto(`/contact?lng=${lng}`);
    await expect(page.getByTestId('contact-wechat')).toContainText(contact.wechatId);
    const whatsapp = page.getByTestId('contact-whatsapp');
    await expect(whatsapp).toHaveAttribute('href', `https://wa.me/${contact.whatsapp.replace(/\D/g, '')}`);
    await expect(page.getByRole('link', { name: /LINE/ }).first()).toHaveAttribute('href', /line\.me/);
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
}

/** Licence guidance by country, in the visitor's language (issue 18, part 5). */
for (const { lng, width, country, key } of [
  // China issues no international permit: its drivers bring an official translation (decision 3601).
  { lng: 'zh', width: 390, country: 'CN', key: 'translation' },
  { lng: 'en', width: 390, country: 'DE', key: 'permit' },
  { lng: 'en', width: 1280, country: 'MY', key: 'asean' },
  { lng: 'th', width: 375, country: 'TH', key: 'thai' },
] as const) {
  test(`says which licence a driver from ${country} needs (${lng}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const t = JSON.parse(readFileSync(`apps/web/src/locales/${lng}/pages.json`, 'utf8'))
      .licenceGuide as Record<string, string>;
    await page.goto(`/how-it-works?lng=${lng}`);
    const guide = page.getByTestId('licence-guide');
    await expect(guide.getByTestId('licence-advice')).toHaveText(t.intro!);
    await guide.getByLabel(t.country!).selectOption(country);
    // The words after the country's name: the rule's own, not its neighbour's.
    const text = t[key]!;
    await expect(guide.getByTestId('licence-advice')).toContainText(
      text.includes('}}') ? text.split('}}')[1]!.slice(0, 12) : text.slice(0, 8),
    );
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
}
