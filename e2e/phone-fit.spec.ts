import { execFileSync } from 'node:child_process';
import { axeViolations, expect, notThisLanguagesProject, test, type Page } from './fixtures';
import { freeCar, registerCustomer, signInBrowser, transferBooking } from './booking-fixtures';

/**
 * Issue 35, part 7: on a phone nothing of the site's own sits over what the customer must
 * tap or read. The floating contact button never covers a control (it steps aside while one
 * passes beneath it; opened at a page's end it covers nothing); the terms checkbox is at
 * least 24 px (measured on that walk's booking form); a long email or name wraps instead of pushing a page sideways.
 * The floating-button walk runs at 390 and 360 px in the mobile project and at the desktop's width in each
 * language; the long email once a language (Thai and Chinese on the phone, English on the desktop).
 */
const languages = ['th', 'en', 'zh'] as const;

/** The widths a test is tried at: two phones in the mobile project, the desktop's own otherwise. */
const widthsFor = (isMobile: boolean, page: Page) => (isMobile ? [390, 360] : [page.viewportSize()!.width]);

/** Two frames: what a scroll or resize changes has been drawn. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * The first control of the page lying (even partly) under the visible floating contact box, as
 * "tag 'text'", or '' when it is hidden or covers nothing. Written here on its own, not taken from
 * the site's code, so a mistake there cannot hide itself.
 */
function coveredControl(page: Page): Promise<string> {
  return page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('aside.fixed');
    if (!box) return '';
    const style = getComputedStyle(box);
    if (style.visibility === 'hidden' || style.display === 'none') return '';
    const r = box.getBoundingClientRect();
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]',
    );
    for (const c of Array.from(controls)) {
      if (box.contains(c)) continue;
      const b = c.getBoundingClientRect();
      if (b.width === 0 || b.height === 0 || getComputedStyle(c).visibility === 'hidden') continue;
      if (
        b.right > r.left + 0.5 &&
        b.left < r.right - 0.5 &&
        b.bottom > r.top + 0.5 &&
        b.top < r.bottom - 0.5
      )
        return `${c.tagName.toLowerCase()} '${(c.textContent || c.getAttribute('aria-label') || c.getAttribute('name') || '').trim().slice(0, 40)}' at ${Math.round(b.left)},${Math.round(b.top)}`;
    }
    return '';
  });
}

/** How far the page scrolls sideways at this width (0: it fits). */
async function sidewaysAt(page: Page, width: number): Promise<number> {
  await settled(page);
  return page.evaluate((w) => document.documentElement.scrollWidth - w, width);
}

test.skip(({ browserName }) => browserName !== 'chromium', 'Chromium only');

for (const lng of languages) {
  test(`[${lng}] the floating contact button never covers a control, and opened at a page's end covers nothing; the terms checkbox is at least 24 px @mobile`, async ({
    page,
    request,
    isMobile,
  }) => {
    const customer = await registerCustomer(request, `float-${lng}`, lng);
    await signInBrowser(page, customer);
    const car = await freeCar(request, 230);
    const pages = [
      '/cars',
      `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}`,
      '/login',
      '/contact',
    ];
    for (const width of widthsFor(isMobile, page)) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of pages) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('aside.fixed')).toBeAttached();
        // Down the whole page a half screen at a time, as a thumb scrolls it.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y <= height; y += 400) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await settled(page);
          await expect
            .poll(() => coveredControl(page), { message: `${path} at ${width} px, scrolled to ${y}` })
            .toBe('');
        }
        // The terms checkbox every customer ticks on the booking form is at least 24 px, in CSS pixels
        // as the page lays it out (a phone's zoom does not change it). Measured here, on the form this
        // walk loads anyway, at each width (decision 3700: it had a customer and a form of its own).
        if (path.startsWith('/booking/')) {
          const terms = page.locator('input[name="acceptTerms"]');
          await terms.scrollIntoViewIfNeeded();
          const box = await terms.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
          expect(box.width, `the terms checkbox at ${width} px`).toBeGreaterThanOrEqual(24);
          expect(box.height, `the terms checkbox at ${width} px`).toBeGreaterThanOrEqual(24);
        }
      }
      // Opened at the very end of a page (the newsletter field is just above): it covers nothing.
      await page.goto(`/about?lng=${lng}`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await settled(page);
      const toggle = page.locator('aside.fixed button[aria-controls="floating-channels"]');
      if (await toggle.isVisible()) await toggle.click();
      await expect(page.locator('#floating-channels')).toBeVisible();
      await settled(page);
      expect(await coveredControl(page), `opened at the end of /about at ${width} px`).toBe('');
    }
  });

  test.describe(() => {
    // Each language once, the words around the address being all that differs (decision 3700): Thai and
    // Chinese on the phone at 390 and 360 px, English on the desktop, whose account menu is the only
    // long-address check at that width. English at a phone's widths is phone-layout.spec's walk.
    test.skip(
      notThisLanguagesProject(lng),
      'each language once: Thai and Chinese on the phone, English on the desktop',
    );
    test(`[${lng}] a 40-character email scrolls no page sideways: confirmation, My bookings, profile, header menu @mobile`, async ({
      page,
      request,
      isMobile,
    }) => {
      // Exactly 40 characters, one word: nowhere for a line to break but inside it.
      const local = `longaddress${lng}${Date.now().toString(36)}`.padEnd(28, 'x');
      const email = `${local}@example.com`;
      expect(email).toHaveLength(40);
      const register = await request.post('/api/v1/auth/register', {
        data: {
          email,
          password: 'secret-123',
          firstName: 'Chalermchaiwattanakul',
          lastName: 'Srisuksawatdiwongsakul',
          phone: '0812345678',
          language: lng,
        },
      });
      expect(register.ok(), await register.text()).toBe(true);
      const { token, user } = await (
        await request.post('/api/v1/auth/login', { data: { email, password: 'secret-123' } })
      ).json();
      const booking = await transferBooking(request, { authorization: `Bearer ${token}` }, 236, email);
      await signInBrowser(page, { token, user });

      const problems: string[] = [];
      for (const width of widthsFor(isMobile, page)) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of [
          `/booking-success?booking=${booking.bookingNumber}`,
          '/my-bookings',
          '/profile',
        ]) {
          await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
          await page.waitForLoadState('networkidle');
          if (path === '/profile') await expect(page.locator('main').getByText(email).first()).toBeVisible();
          const wide = await sidewaysAt(page, width);
          if (wide > 0) problems.push(`${path} at ${width} px: ${wide} px sideways`);
        }
        // The header's account menu (in the phone's menu below the desktop's width), opened.
        const phoneMenu = page.locator('button[aria-controls="mobile-menu"]');
        if (await phoneMenu.isVisible()) await phoneMenu.click();
        await page.getByTestId('account-menu').filter({ visible: true }).first().click();
        const wide = await sidewaysAt(page, width);
        if (wide > 0) problems.push(`header menu at ${width} px: ${wide} px sideways`);
      }
      expect(problems).toEqual([]);
      // The confirmation page at the last width: the driver's line is whole and readable.
      await page.goto(`/booking-success?booking=${booking.bookingNumber}&lng=${lng}`);
      await expect(page.locator('main').getByText(email).first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test(`[th] Thai in every weight the site uses comes in Sarabun on a cold visit to a Chromium without Thai fonts, over slow 4G @mobile`, async ({
  browser,
}) => {
  // The machine's own fonts have no Thai (else this could not show boxes).
  expect(execFileSync('fc-list', [':lang=th'], { encoding: 'utf8' }).trim()).toBe('');
  // A cold visit: a new context has an empty cache. Slow 4G as Lighthouse plays it (150 ms, 1.6 Mbit/s).
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.goto('/?lng=th');
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready);
  // Every element whose own text is Thai, in the header (logo, menu), the headings and the buttons.
  const weights = await page.evaluate(() => {
    const found = new Set<string>();
    let n = 0;
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>('header *, h1, h2, h3, p, a.btn, button'),
    )) {
      const own = Array.from(el.childNodes)
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent)
        .join('');
      if (!/[\u0E01-\u0E5B]/.test(own) || el.getClientRects().length === 0) continue;
      el.setAttribute('data-font-probe', String(n++));
      // Spaces, digits and Latin letters may come in the phone's own face (Latin Sarabun is `optional`).
      el.setAttribute('data-not-thai', String(own.replace(/[\u0E01-\u0E5B]/g, '').length));
      found.add(getComputedStyle(el).fontWeight);
    }
    return [...found].sort();
  });
  // Both weights of the site's Thai: regular text and the semibold logo, menu, headings and buttons.
  expect(weights).toEqual(expect.arrayContaining(['400', '600']));
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: '[data-font-probe]',
  });
  expect(nodeIds.length).toBeGreaterThan(5);
  await cdp.send('CSS.enable');
  // The fonts the page actually drew each element's text with (not only what it asked for): every
  // Thai letter in Sarabun, so at most the element's other characters in any other face.
  await expect
    .poll(async () => {
      const wrong: string[] = [];
      let drawn = 0;
      for (const nodeId of nodeIds) {
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        // Not drawn yet (below the first screen, `content-visibility: auto`): nothing to judge.
        if (fonts.length === 0) continue;
        drawn++;
        const { attributes } = (await cdp.send('DOM.describeNode', { nodeId })).node;
        const notThai = Number(attributes![attributes!.indexOf('data-not-thai') + 1]);
        // Chromium names the face it drew with: "Sarabun", "Sarabun SemiBold".
        const elsewhere = fonts.filter((f) => !f.familyName.startsWith('Sarabun'));
        const glyphsElsewhere = elsewhere.reduce((sum, f) => sum + f.glyphCount, 0);
        if (elsewhere.length === fonts.length || glyphsElsewhere > notThai)
          wrong.push(elsewhere.map((f) => `${f.familyName} ${f.glyphCount}`).join(', '));
      }
      return drawn > 5 ? wrong : [`only ${drawn} drawn`];
    })
    .toEqual([]);
  expect(
    await page.evaluate(() =>
      ['400', '600'].map((w) => document.fonts.check(`${w} 16px Sarabun`, 'ภาษาไทย')),
    ),
  ).toEqual([true, true]);
  await context.close();
});
