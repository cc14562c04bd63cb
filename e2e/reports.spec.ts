import { readFileSync } from 'node:fs';
import { signInAdminBrowser } from './booking-fixtures';
import { axeViolations, expect, test } from './fixtures';

/**
 * Reports for the owner (issue 18, part 6): an admin opens Reports, reads fleet use with its chart,
 * revenue by branch, model and channel, cancellations and slips waiting, and saves a table as CSV.
 * Chinese on a 390 px phone, English on a desktop.
 */
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/admin.json`, 'utf8')) as Record<
    string,
    Record<string, string>
  >;

for (const { lng, width } of [
  { lng: 'zh', width: 390 },
  { lng: 'en', width: 1280 },
] as const) {
  test(`an admin reads the reports and saves one as CSV (${lng}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const t = texts(lng);
    await signInAdminBrowser(page, lng);
    await page.goto(`/admin/reports?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1, name: t.reports!.title })).toBeVisible();
    await expect(page.getByTestId('fleet-use').getByRole('row')).not.toHaveCount(1);
    await expect(page.getByTestId('report-chart').first()).toBeVisible();
    await expect(page.getByTestId('revenue')).toContainText(t.reports!.byModel!);
    await expect(page.getByTestId('cancellations')).toContainText(
      (t.reports as unknown as { cancel: Record<string, string> }).cancel.noShows!,
    );
    await expect(page.getByRole('heading', { name: t.reports!.taxInvoices })).toBeVisible();
    // A range backwards is refused at its field, in the page's language (the API's words for the contract's
    // 'Must be on or after the start').
    const backwards = lng === 'zh' ? '须为开始日期或之后' : 'Must be on or after the start';
    await page.getByLabel(t.reports!.from!).fill('2026-12-31');
    await page.getByLabel(t.reports!.to!).fill('2026-01-01');
    await page.getByRole('button', { name: t.reports!.show }).click();
    await expect(page.getByText(backwards)).toBeVisible();
    await page.getByLabel(t.reports!.from!).fill('2026-01-01');
    await page.getByLabel(t.reports!.to!).fill('2026-12-31');
    await page.getByRole('button', { name: t.reports!.show }).click();
    await expect(page.getByText(backwards)).toHaveCount(0);
    const download = page.waitForEvent('download');
    const tables = (t.reports as unknown as { tables: Record<string, string> }).tables;
    await page
      .getByRole('button', { name: t.reports!.csv!.replace('{{table}}', tables['revenue-by-model']!) })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('siam-drive-revenue-by-model-2026-01-01-2026-12-31.csv');
    expect(readFileSync((await file.path())!, 'utf8')).toMatch(
      /^\uFEFFkey,name,bookings,revenue_thb,charges_thb/,
    );
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
}
