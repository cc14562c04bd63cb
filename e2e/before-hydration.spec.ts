import { expect, test } from './fixtures';

/**
 * Issue 14: a person on a slow phone types into the server-rendered page before its
 * JavaScript has run. Unlike every other journey, this one does not wait for the page
 * to be live: the site's scripts are held back while the person picks a branch and dates.
 */
const day = (days: number) => {
  const d = new Date(Date.now() + 7 * 3_600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test('a branch and dates chosen in the booking box before the page is live are still there after (English)', async ({
  context,
  request,
}) => {
  const cars = (await (await request.get('/api/v1/guest/cars?limit=1')).json()).response.data as {
    car_model_id: number;
  }[];
  const id = cars[0]!.car_model_id;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The fixture's own `page` waits for hydration on every goto; a page of its own does not.
  const page = await context.newPage();
  await page.route('**/*.js*', async (route) => {
    await held;
    await route.continue();
  });
  // 'commit': the page's scripts are held, so DOMContentLoaded (which waits for them) is not awaited.
  await page.goto(`/cars/${id}?lng=en`, { waitUntil: 'commit' });
  const box = page.getByTestId('booking-box');
  await expect(box.getByLabel('Pickup date')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
  const branch = box.getByLabel('Pickup branch');
  const branchValue = await branch.locator('option').nth(1).getAttribute('value');
  await branch.selectOption(branchValue!);
  await box.getByLabel('Pickup date').fill(day(20));
  await box.getByLabel('Return date').fill(day(22));
  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.waitForTimeout(500);
  await expect(box.getByLabel('Pickup branch')).toHaveValue(branchValue!);
  await expect(box.getByLabel('Pickup date')).toHaveValue(day(20));
  await expect(box.getByLabel('Return date')).toHaveValue(day(22));
});

test('dates picked in the home page search before the page is live are still there after, and search with (English)', async ({
  context,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const page = await context.newPage();
  await page.route('**/*.js*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?lng=en', { waitUntil: 'commit' });
  const search = page.getByRole('form', { name: 'Quick search' });
  await expect(search.getByLabel('Pickup date')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
  await search.getByLabel('Pickup date').fill(day(30));
  await search.getByLabel('Return date').fill(day(33));
  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.waitForTimeout(500);
  await expect(search.getByLabel('Pickup date')).toHaveValue(day(30));
  await expect(search.getByLabel('Return date')).toHaveValue(day(33));
  await search.getByRole('button', { name: 'Search cars' }).click();
  await expect(page).toHaveURL(new RegExp(`/cars\\?.*pickup=${day(30)}&return=${day(33)}`));
});

test('the footer works before its code has arrived: its links keep the language, its newsletter button waits (Thai)', async ({
  context,
}) => {
  // The page is live, but the parts below the fold (docs/decisions/1402) have not come yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const page = await context.newPage();
  await page.route(/\/assets\/(site-footer|home-more|floating-contact)-[\w-]+\.js/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?lng=th', { waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  const footer = page.getByTestId('site-footer');
  // Shown from the server's HTML, and not yet able to send.
  await expect(footer.getByRole('button', { name: 'สมัครรับข่าวสาร' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'เสียงจากลูกค้า' })).toBeVisible();
  // A plain link: the next page is still in Thai.
  await footer.getByRole('link', { name: 'รถ SUV' }).click();
  await expect(page).toHaveURL(/\/cars\?type=suv/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('รถ SUV');
  // Once its code is there, the form sends.
  release();
  await page.goBack();
  await expect(page.getByTestId('site-footer').getByRole('button', { name: 'สมัครรับข่าวสาร' })).toBeEnabled();
});
