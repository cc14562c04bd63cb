import { readFileSync } from 'node:fs';
import { axeViolations, expect, test, type Locator, type Page } from './fixtures';
import { fillLicence, freeCar, registerCustomer, signInBrowser } from './booking-fixtures';
import { timeMessages } from '../packages/contract/src/rental-times';
import { contractWords } from './contract-words';

/**
 * Issue 35, part 5: the booking form fits a thumb. On a 390 × 844 phone the common case (one
 * driver, no delivery, no company invoice, no code, paid by card) is at most three screens tall
 * in each language; the total and the pay button stay in view while the form scrolls, and follow
 * the choices; a failed send takes the customer to the first field in error, and each problem is
 * said once. Decision 3520.
 */
const languages = ['th', 'en', 'zh'] as const;
const phone = { width: 390, height: 844 };

type Texts = {
  summary: Record<string, string>;
  fields: Record<string, string>;
  validation: Record<string, string>;
  times: { errors: Record<string, string> };
};
const textsOf = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as Texts;

/** Whether the element lies wholly inside the screen (the layout's own figures, not Playwright's "visible"). */
const onScreen = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });

async function openForm(
  page: Page,
  request: Parameters<typeof registerCustomer>[0],
  lng: string,
  from: number,
  extra = '',
  quoted = true,
) {
  const customer = await registerCustomer(request, `phone-form-${lng}-${from}`, lng);
  await signInBrowser(page, customer);
  const car = await freeCar(request, from);
  await page.setViewportSize(phone);
  await page.goto(
    `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=${lng}${extra}`,
  );
  if (quoted) await expect(page.getByTestId('pay-bar-total')).toHaveText(/\d/);
}

for (const lng of languages) {
  const t = textsOf(lng);

  test(`[${lng}] the common case is at most three screens at 390 px, with the total and pay button always in view`, async ({
    page,
    request,
  }) => {
    await openForm(page, request, lng, 300 + languages.indexOf(lng) * 4);
    // The common case filled in: the profile gave the name, email and phone; the rest typed here.
    await page.getByLabel(t.fields.idNumber!).fill('1234567890123');
    await fillLicence(page);
    await page.getByLabel(t.fields.cardNumber!).fill('4242 4242 4242 4242');
    await page.getByLabel(t.fields.cardName!).fill('MALEE SUKSAN');
    await page.getByLabel(t.fields.expiry!).fill('12/34');
    await page.getByLabel(t.fields.cvv!).fill('123');
    await page.locator('input[name="acceptTerms"]').check();

    // From the top of the page to the end of the form (its last field, the terms, and the price).
    const height = await page
      .locator('form#booking-form')
      .evaluate((form) => form.getBoundingClientRect().bottom + window.scrollY);
    console.log(
      `[${lng}] booking form at 390 px: ${Math.round(height)} px = ${(height / phone.height).toFixed(2)} screens of ${phone.height} px`,
    );
    expect(height).toBeLessThanOrEqual(3 * phone.height);

    // Down the whole form a half screen at a time: the total and the pay button never leave the screen.
    const bar = page.getByTestId('pay-bar');
    const pay = bar.getByRole('button', { name: t.summary.payConfirm });
    for (let y = 0; y <= height; y += phone.height / 2) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await onScreen(bar.getByTestId('pay-bar-total')), `total in view at ${y}`).toBe(true);
      expect(await onScreen(pay), `pay button in view at ${y}`).toBe(true);
    }

    // In step with the choices: a priced extra changes the bar's total to the server's new quote.
    const before = await bar.getByTestId('pay-bar-total').textContent();
    await page.getByRole('button', { name: t.summary.extras }).click();
    const extras = page.getByRole('region', { name: t.summary.extras });
    const priced = extras.locator('li').filter({ hasNotText: t.summary.free! }).first();
    await priced.getByRole('checkbox').check();
    // While the new quote is asked the bar keeps the last total, said to be busy; then the new one.
    await expect(bar.getByTestId('pay-bar-total')).not.toHaveText(before!);
    await expect(bar.getByTestId('pay-bar-total')).not.toHaveAttribute('aria-busy', 'true');
    await page.getByRole('button', { name: t.summary.priceTitle }).click();
    await expect(page.getByTestId('price-total')).toHaveText(
      (await bar.getByTestId('pay-bar-total').textContent())!,
    );

    expect(await axeViolations(page)).toEqual([]);
    // And at 320 px nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0);
  });

  test(`[${lng}] a failed send scrolls to the first field in error, and each problem is said once`, async ({
    page,
    request,
  }) => {
    await openForm(page, request, lng, 301 + languages.indexOf(lng) * 4);
    // A refused code says so at its field, and no longer once the code is changed.
    await page.getByRole('button', { name: t.summary.havePromo }).click();
    const code = page.getByRole('textbox', { name: t.summary.promoLabel, exact: true });
    await code.fill('NOTACODE');
    await page.getByRole('button', { name: t.summary.apply }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.validation.promo! })).toHaveCount(1);
    await code.fill('');
    await expect(page.getByText(t.validation.promo!)).toHaveCount(0);

    // Everything filled but the ID number, sent from the bar at the bottom of the screen.
    await fillLicence(page);
    await page.locator('input[name="acceptTerms"]').check();
    await page.getByLabel(t.fields.cardNumber!).fill('4242 4242 4242 4242');
    await page.getByLabel(t.fields.cardName!).fill('MALEE SUKSAN');
    await page.getByLabel(t.fields.expiry!).fill('12/34');
    await page.getByLabel(t.fields.cvv!).fill('123');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByTestId('pay-bar').getByRole('button', { name: t.summary.payConfirm }).click();
    const id = page.getByLabel(t.fields.idNumber!);
    await expect(id).toBeFocused();
    expect(await onScreen(id)).toBe(true);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: contractWords(lng)('Please enter ID card or passport number') }),
    ).toHaveCount(1);
    await expect(page.getByText(t.validation.promo!)).toHaveCount(0);
  });

  test(`[${lng}] a pickup time outside the branch's hours is said once, at the time`, async ({
    page,
    request,
  }) => {
    await openForm(page, request, lng, 302 + languages.indexOf(lng) * 4, '&pickupTime=21:00', false);
    // The quote refuses the time: the folded pickup section opens on it, and the price says nothing more.
    const message = contractWords(lng)(timeMessages.pickupClosed);
    await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(1);
    expect(await onScreen(page.getByTestId('pay-bar'))).toBe(true);
  });
}
