import { expect, test } from './fixtures';

const navHome = { th: 'หน้าแรก', en: 'Home', zh: '首页' } as const;
const notFoundTitle = { th: 'ไม่พบหน้าที่คุณต้องการ', en: 'Page not found', zh: '页面未找到' } as const;

test.describe('the site frame', () => {
  for (const lng of ['th', 'en', 'zh'] as const) {
    test(`speaks ${lng} when asked with ?lng=${lng}`, async ({ page }) => {
      await page.goto(`/about?lng=${lng}`);
      const nav = page.getByRole('navigation', { name: /.+/ }).first();
      await expect(nav.getByRole('link', { name: navHome[lng] })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        { th: 'เกี่ยวกับสยามไดรฟ์', en: 'About Siam Drive', zh: '关于 Siam Drive' }[lng],
      );
      await expect(page).toHaveTitle(/Siam Drive|สยามไดรฟ์/);
    });
  }

  test('keeps a language switch across a reload', async ({ page }) => {
    await page.goto('/?lng=en');
    await page.getByTestId('language-switcher').first().selectOption('th');
    await expect(page.getByRole('link', { name: navHome.th }).first()).toBeVisible();
    await expect(page).not.toHaveURL(/lng=/);
    await page.reload();
    await expect(page.getByRole('link', { name: navHome.th }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  });

  test('follows a Thai browser (th-TH) to Thai', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'th-TH' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await context.close();
  });

  test('follows a Chinese browser (zh-CN) to Chinese', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await context.close();
  });

  test('falls back to English for other browsers', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  for (const lng of ['th', 'en', 'zh'] as const) {
    test(`shows the not-found page with status 404 in ${lng}`, async ({ page }) => {
      const response = await page.goto(`/this-page-does-not-exist?lng=${lng}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundTitle[lng]);
      await page.getByTestId('not-found').getByRole('link').click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('turns the navigation compact after 20 px of scroll', async ({ page }) => {
    await page.goto('/about?lng=en');
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-compact', 'false');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-compact', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-compact', 'false');
  });

  test('scrolls to the top on a route change', async ({ page }) => {
    await page.goto('/about?lng=en');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByTestId('site-footer').getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('has the footer the spec lists', async ({ page }) => {
    await page.goto('/?lng=en');
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByText('24-hour service')).toBeVisible();
    for (const [type, label] of [
      ['cap', 'Pickup trucks'],
      ['minivan', 'Minivans'],
      ['7seat', '7-seat cars'],
      ['van', 'Vans'],
      ['hatchback', 'Hatchbacks'],
      ['suv', 'SUVs'],
      ['sedan', 'Sedans'],
    ] as const) {
      await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'href',
        `/cars?type=${type}`,
      );
    }
    for (const [path, label] of [
      ['/promotions', 'Promotions'],
      ['/terms', 'Rental terms'],
      ['/privacy', 'Privacy notice'],
      ['/sitemap', 'Site map'],
    ] as const) {
      await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', path);
    }
    // Two phones, one email and the head office come from the site settings.
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(2);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.getByText('Head office')).toBeVisible();
    await expect(footer.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    for (const name of ['Facebook', 'LINE', 'Instagram', 'YouTube'])
      await expect(footer.getByRole('link', { name })).toBeVisible();
    // The floating contact buttons.
    const floating = page.getByRole('complementary', { name: 'Chat with us' });
    await expect(floating.getByRole('link', { name: 'Chat with us on LINE' })).toBeVisible();
    await expect(floating.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', /^tel:/);
  });

  test('shows the about page facts', async ({ page }) => {
    await page.goto('/about?lng=en');
    await expect(page.getByText('2015', { exact: true })).toBeVisible();
    await expect(page.getByText('500+', { exact: true })).toBeVisible();
    await expect(page.getByText('10', { exact: true })).toBeVisible();
  });
});

test.describe('on a phone @mobile', () => {
  test('opens and closes the mobile menu', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'phone layout only');
    await page.goto('/?lng=en');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'About us' })).toBeVisible();
    await menu.getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });
});
