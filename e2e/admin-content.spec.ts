import { expect, test, type Page, axeViolations } from './fixtures';
import { admin } from './booking-fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { allowFor } from '../apps/api/test/time-allowance';

// A server of its own, with fresh demo data: publishing an article and changing a rental
// condition would otherwise change what the journeys running beside it count and read.
const appUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 18}`;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(allowFor(120_000));
  server = await startOwnServer(Number(new URL(appUrl).port), { SEED_DEMO: 'true' }, 'content');
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ baseURL: appUrl });

const slug = `e2e-songkran-${Date.now().toString(36)}`;
const article = {
  en: {
    title: 'Driving through Songkran',
    excerpt: 'Water, crowds and closed roads: how to plan a rental around the Thai New Year.',
    body: '## Before you go\n\nBook **early**: cars sell out.\n\n- Keep the windows closed\n- Drive slowly',
  },
  th: {
    title: 'ขับรถช่วงสงกรานต์',
    excerpt: 'น้ำ ผู้คน และถนนที่ปิด: วางแผนเช่ารถช่วงปีใหม่ไทย',
    body: '## ก่อนออกเดินทาง\n\nจองรถ **ล่วงหน้า** เพราะรถมักเต็ม',
  },
};
const condition = 'Unlimited mileage anywhere in Thailand';

async function signIn(page: Page) {
  await page.goto('/admin?lng=en');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
}

async function expectAccessible(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
}

test('an admin writes a draft, publishes it in two languages and edits a rental condition', async ({
  page,
}) => {
  test.setTimeout(allowFor(120_000));
  await signIn(page);

  // ---- the articles list and a new draft ----
  await page.getByRole('navigation').getByRole('link', { name: 'Articles', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await expect(page.getByTestId('article-row').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Write an article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();

  // Nothing is sent until English texts, a slug and a cover are there; each field says what is wrong.
  await page.getByRole('button', { name: 'Save article' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(
    'Some fields need attention: see the messages below.',
  );
  await expect(page.getByLabel('Title (English)')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Address (slug)').fill('Not A Slug');
  await expect(
    page.getByText('Use lower-case letters, digits and single dashes only', { exact: false }),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Save article' }).click();
  await expect(page.getByText(/Use lower-case letters, digits and single dashes only/)).toBeVisible();

  await page.getByLabel('Address (slug)').fill(slug);
  await page.getByLabel('Cover picture', { exact: true }).fill('/images/articles/road-trip.svg');
  await page.getByLabel('Title (English)').fill(article.en.title);
  await page.getByLabel('Summary (English)').fill(article.en.excerpt);
  await page.getByLabel('Text in Markdown (English)').fill(article.en.body);
  await page.getByLabel('Title (ไทย)').fill(article.th.title);
  await page.getByLabel('Summary (ไทย)').fill(article.th.excerpt);
  await page.getByLabel('Text in Markdown (ไทย)').fill(article.th.body);
  // The live preview renders the Markdown as the public page will.
  const preview = page.getByTestId('preview-en');
  await expect(preview.getByRole('heading', { name: 'Before you go' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('early');
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('preview-th').getByRole('heading', { name: 'ก่อนออกเดินทาง' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Draft (not on the site)' })).toBeChecked();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save article' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\?saved=1$/);
  await expect(page.getByRole('heading', { level: 1, name: `Edit: ${article.en.title}` })).toBeVisible();
  await expect(page.getByText('Saved.')).toBeVisible();
  const editUrl = page.url().replace(/\?saved=1$/, '');

  // A draft is not on the site, and its address is not found.
  await page.goto('/articles?lng=en');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(article.en.title)).toHaveCount(0);
  const draftPage = await page.goto(`/articles/${slug}?lng=en`);
  expect(draftPage?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article not found');

  // ---- publish from the list: on the site at once, in English and in Thai ----
  await page.goto('/admin/articles?lng=en');
  await page.getByRole('button', { name: `Publish “${article.en.title}”` }).click();
  const row = page.getByTestId('article-row').filter({ hasText: article.en.title });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();

  await page.goto('/articles?lng=en');
  await expect(page.getByRole('article').first()).toContainText(article.en.title);
  await page.goto('/articles?lng=th');
  await expect(page.getByRole('article').first()).toContainText(article.th.title);
  await page.goto(`/articles/${slug}?lng=th`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.th.title);
  await expect(page.getByTestId('article-body').getByRole('heading', { name: 'ก่อนออกเดินทาง' })).toBeVisible();

  // ---- a rental condition, edited and shown on a car page ----
  await page.goto('/admin/rental-conditions?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Rental conditions' })).toBeVisible();
  await expectAccessible(page);
  const item = page.getByRole('listitem', { name: /Unlimited mileage/ });
  await item.getByLabel('Text (English)').fill(condition);
  await item.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('listitem', { name: new RegExp(condition) })).toBeVisible();

  const cars = await (await page.request.get('/api/v1/guest/cars?lng=en')).json();
  await page.goto(`/cars/${cars.response.data[0].car_model_id}?lng=en`);
  await expect(page.getByRole('heading', { name: 'Included in the price' })).toBeVisible();
  await expect(page.getByText(condition)).toBeVisible();

  // ---- the audit log names each change; then the article is deleted ----
  await page.goto('/admin/audit-log?lng=en&entity=article');
  await expect(
    page.getByTestId('audit-entry').filter({ hasText: 'Article published' }).first(),
  ).toBeVisible();
  await page.goto(`${editUrl}?lng=en`);
  await page.getByRole('button', { name: 'Delete article' }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(page.getByText(article.en.title)).toHaveCount(0);
});
