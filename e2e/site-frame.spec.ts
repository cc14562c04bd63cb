import { expect, test } from './fixtures';
import { customerBooking } from './booking-fixtures';

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

  test('switches language before the footer and the deals have come to life (a slow phone)', async ({
    page,
  }) => {
    // The parts below the fold come to life when their code arrives: here, only after the switch.
    // Held until unrouted (Playwright then lets the held requests through).
    await page.route(/\/assets\/(site-footer|home-more)-[^/]+\.js$/, () => {});
    await page.goto('/?lng=en');
    await page.getByTestId('language-switcher').first().selectOption('th');
    await expect(page.getByRole('link', { name: navHome.th }).first()).toBeVisible();
    await page.unroute(/\/assets\/(site-footer|home-more)-[^/]+\.js$/);
    await page.mouse.wheel(0, 400);
    // They are drawn in Thai, not adopted from the English HTML (the fixture fails on a mismatch).
    await expect(page.getByTestId('site-footer').getByRole('heading', { name: 'สยามไดรฟ์' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ดีลร้อนแรง' })).toBeVisible();
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

  test('moves between pages without loading the site again, and marks the page shown in the menu', async ({
    page,
  }) => {
    await page.goto('/about?lng=en');
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const menu = page.locator('header nav');
    await menu.getByRole('link', { name: 'Cars', exact: true }).click();
    await expect(page).toHaveURL(/\/cars$/);
    await expect(menu.getByRole('link', { name: 'Cars', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByTestId('site-footer').getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/How it works/i);
    // The browser's back and forward buttons show the page of the address they go to.
    await page.goBack();
    await expect(page).toHaveURL(/\/cars$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your rental car');
    await page.goForward();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/How it works/i);
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
  });

  test('has the footer the spec lists', async ({ page }) => {
    await page.goto('/?lng=en');
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByText('Roadside help 24 hours a day')).toBeVisible();
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
    // The floating contact buttons. They fade out while a control is beneath them (decision 3502), as
    // the home page's car cards and the footer's links are at this width; their links are there all the
    // same (phone-fit.spec.ts follows them showing and fading).
    const hidden = { includeHidden: true };
    const floating = page.getByRole('complementary', { name: 'Chat with us', ...hidden });
    await expect(floating.getByRole('link', { name: 'Chat with us on LINE', ...hidden })).toHaveAttribute(
      'href',
      /line\.me/,
    );
    await expect(floating.getByRole('link', { name: 'Call us', ...hidden })).toHaveAttribute('href', /^tel:/);
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

test.describe('the header and the contact buttons (issue 19)', () => {
  test('the compact header does not change the page height: no jump back near 20 px of scroll', async ({
    page,
  }) => {
    await page.goto('/cars?lng=en');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (const y of [18, 22, 25, 30]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(400); // the header's transition and any scroll anchoring
      expect(await page.evaluate(() => window.scrollY), `at ${y} px`).toBe(y);
      expect(await page.evaluate(() => document.documentElement.scrollHeight), `at ${y} px`).toBe(height);
    }
    await expect(page.locator('header[data-compact="true"]')).toHaveCount(1);
  });

  for (const lng of ['th', 'en', 'zh'] as const)
    for (const width of [1440, 1024])
      test(`the menu stays on one line at ${width} px (${lng})`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/?lng=${lng}`);
        const items = page.locator('header nav ul > li');
        const tops = await items.evaluateAll((lis) =>
          lis.map((li) => Math.round(li.getBoundingClientRect().top)),
        );
        expect(new Set(tops).size, `rows of the menu: ${tops.join(', ')}`).toBe(1);
        const words = await page
          .locator('header nav a')
          .evaluateAll((links) =>
            links.filter((a) => a.getClientRects().length > 1).map((a) => a.textContent),
          );
        expect(words, 'menu entries broken over two lines').toEqual([]);
        // …and still fits: nothing runs off the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const header = await page.locator('header').first().boundingBox();
        const last = await page.locator('header nav ul > li').last().boundingBox();
        expect(last!.x + last!.width).toBeLessThanOrEqual(header!.x + header!.width);
      });
});

test.describe('on a phone, the contact buttons @mobile', () => {
  test('fold into one button that covers no booking status on My bookings (375 px)', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'phone layout only');
    await page.setViewportSize({ width: 375, height: 740 });
    const { headers } = await customerBooking(request, 70);
    const token = headers.authorization.slice('Bearer '.length);
    await page.addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto('/my-bookings?lng=en');
    // The button fades out (visibility: hidden, so no role query finds it) whenever a control of the
    // page lies beneath it (docs/decisions/3502): here the booking's "Send pictures of the licences"
    // lies 1.5 px under it at 375 × 740. So the journey finds it by its test id, hidden or not, and
    // checks what the product promises: while it shows, it covers neither the booking's status nor
    // any control. (It used to wait for the region by role: when the button had faded out, before or
    // after the toggle was seen, the journey waited until its time ran out; 2 of 10 runs on main.)
    const floating = page.getByTestId('floating-contact');
    // includeHidden: a faded button's own button is hidden with it, and must still be found.
    const toggle = floating.getByRole('button', { name: 'Chat with us', includeHidden: true });
    const badge = page.getByRole('listitem').first().locator('span.rounded-full').first();
    await expect(badge).toBeVisible();
    // My bookings is drawn in the browser: the button is on the page once it has come to life.
    await expect(toggle).toBeAttached();
    await expect(floating.getByRole('link', { name: 'Chat with us on LINE' })).toBeHidden();
    const coversSomething = () =>
      page.evaluate(() => {
        const box = document.querySelector<HTMLElement>('[data-testid="floating-contact"]')!;
        if (!box.checkVisibility({ visibilityProperty: true })) return 'hidden';
        const r = box.getBoundingClientRect();
        const under = Array.from(
          document.querySelectorAll<HTMLElement>(
            'a[href], button, input, select, textarea, summary, li span.rounded-full',
          ),
        ).filter((e) => {
          if (box.contains(e)) return false;
          const c = e.getBoundingClientRect();
          return c.width > 0 && c.right > r.left && c.left < r.right && c.bottom > r.top && c.top < r.bottom;
        });
        return under.length ? `covers ${under.map((e) => e.textContent?.trim()).join(', ')}` : 'clear';
      });
    // It settles as hidden or clear, and stays so while nothing moves.
    await expect.poll(coversSomething).toMatch(/^(hidden|clear)$/);
    const settled = await coversSomething();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await coversSomething()).toBe(settled);
    // The end of the page scrolls clear of the button: there it shows, and opens.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(toggle).toBeVisible();
    await expect.poll(coversSomething).toBe('clear');
    await toggle.click();
    await expect(floating.getByRole('link', { name: 'Chat with us on LINE' })).toBeVisible();
    await expect(floating.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', /^tel:/);
    await toggle.click();
    await expect(floating.getByRole('link', { name: 'Chat with us on LINE' })).toBeHidden();
  });
});
