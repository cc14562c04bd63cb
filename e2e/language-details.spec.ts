import { expect, test, type Page } from './fixtures';

// Issue 19: the visitor's language, however it was kept, and every message in it.

const mainMenu: Record<string, string> = { en: 'Main', th: 'เมนูหลัก', zh: '主菜单' };

async function firstCarId(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/guest/cars?limit=1');
  return (await res.json()).response.data[0].car_model_id as number;
}

test('a malformed language cookie (i18next=%E0) leaves the pages working, in the default language', async ({
  page,
  context,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await context.addCookies([{ name: 'i18next', value: '%E0', url: baseURL! }]);
  for (const path of ['/about', '/login', '/']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByRole('navigation', { name: mainMenu.en, exact: true })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

for (const lng of ['th', 'zh'] as const) {
  test(`a choice kept only in local storage (${lng}) is honoured on the server-rendered pages and not overwritten`, async ({
    page,
  }) => {
    const id = await firstCarId(page);
    // A visitor from before the cookie: the choice is where the spec keeps it, in local storage only.
    await page.addInitScript((choice) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('i18nextLng', choice);
        sessionStorage.setItem('seeded', '1');
      }
    }, lng);
    for (const path of ['/', '/cars', `/cars/${id}`]) {
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveAttribute('lang', lng);
      await expect(page.getByRole('navigation', { name: mainMenu[lng], exact: true }), path).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng')), path).toBe(lng);
    }
  });
}

test('a newsletter error follows a switch of language (English → Chinese)', async ({ page }) => {
  await page.goto('/about?lng=en');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Email address').fill('not-an-email');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('alert')).toHaveText('Please enter a valid email address');
  await page.getByTestId('language-switcher').first().selectOption('zh');
  await expect(footer.getByRole('alert')).toHaveText('请输入有效的电子邮箱');
});

test("the booking box's missing-information message is translated, not dropped, on a switch (English → Thai)", async ({
  page,
}) => {
  const id = await firstCarId(page);
  await page.goto(`/cars/${id}?lng=en`);
  await page.getByRole('button', { name: 'Book now' }).last().click();
  await expect(page.getByText('Please fill in all required information')).toBeVisible();
  await page.getByTestId('language-switcher').first().selectOption('th');
  await expect(page.getByText('กรุณากรอกข้อมูลให้ครบถ้วน')).toBeVisible();
});

test('the Thai about page counts years in the Buddhist Era only; English in the Common Era', async ({
  page,
}) => {
  await page.goto('/about?lng=th');
  await expect(page.getByRole('main')).toContainText('2558');
  await expect(page.getByRole('main')).not.toContainText('2015');
  await page.goto('/about?lng=en');
  await expect(page.getByRole('main')).toContainText('2015');
  await expect(page.getByRole('main')).not.toContainText('2558');
});
