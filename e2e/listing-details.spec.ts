import { businessRules } from '../packages/contract/src/business-rules';
import { expect, test, type Page } from './fixtures';
import { allowFor } from '../apps/api/test/time-allowance';

// Issue 19's rough edges of the car listing: an address past the last page,
// and a listing that fails to load.

type Listing = { response: { pagination: { total: number; total_pages: number; limit: number } } };

async function listing(page: Page): Promise<Listing['response']['pagination']> {
  const res = await page.request.get(`/api/v1/guest/cars?is_active=1&limit=${businessRules.listingPageSize}`);
  return ((await res.json()) as Listing).response.pagination;
}

const texts = {
  en: { range: /^Showing \d+–\d+ of \d+$/, pageOf: (p: number, t: number) => `Page ${p} of ${t}` },
  th: { range: /^แสดง \d+–\d+ จาก \d+ คัน$/, pageOf: (p: number, t: number) => `หน้า ${p} จาก ${t}` },
} as const;

for (const lng of ['en', 'th'] as const) {
  test(`an address past the last page moves to the last page (${lng})`, async ({ page }) => {
    const { total, total_pages, limit } = await listing(page);
    await page.goto(`/cars?page=99&lng=${lng}`);
    await expect(page).toHaveURL(new RegExp(`[?&]page=${total_pages}(&|$)`));
    await expect(page.getByText(texts[lng].pageOf(total_pages, total_pages))).toBeVisible();
    await expect(page.getByTestId('empty-state')).toHaveCount(0);
    const first = (total_pages - 1) * limit + 1;
    await expect(page.getByTestId('range-summary')).toHaveText(texts[lng].range);
    await expect(page.getByTestId('range-summary')).toContainText(`${first}–${total}`);
    await expect(page.getByTestId('car-card')).toHaveCount(total - first + 1);
  });
}

const failures = [
  { name: 'a 503 with the error envelope', status: 503 },
  // Spec §7: an answer "with status false and a message" is a failure, whatever its HTTP status.
  { name: 'a 200 that says it failed', status: 200 },
];

for (const { name, status } of failures) {
  test(`a listing that fails to load (${name}) keeps the page, says so and retries (English)`, async ({
    page,
  }) => {
    let fail = true;
    await page.route('**/api/v1/guest/cars?*', (route) =>
      fail
        ? route.fulfill({
            status,
            contentType: 'application/json',
            body: '{"status":false,"code":"INTERNAL_ERROR","msg":"The listing is unavailable"}',
          })
        : route.continue(),
    );
    await page.goto('/about?lng=en');
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'Cars' })
      .click();
    const alert = page.getByRole('alert').filter({ hasText: 'Unable to load car data' });
    // Reads are tried 3 more times, 1 s apart (spec §9), before the page gives up.
    await expect(alert).toBeVisible({ timeout: allowFor(15_000) });
    await expect(page.getByTestId('result-count')).not.toHaveText('Loading cars…');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    await expect(page.getByRole('search')).toBeVisible();
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('car-card').first()).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText(/cars found/);
  });
}
