import { expect, test, axeViolations } from './fixtures';
import { signInAdminBrowser } from './booking-fixtures';

// Issue 35 part 9: staff enter a unit's VIN in the back office (it is named on the rental agreement beside
// the plate); a VIN that is not one (17 characters, no I, O or Q) is refused with a clear message in
// the page's language. On a phone (390 px), in th, en and zh.

const texts = {
  th: {
    edit: 'แก้ไขเลขตัวถัง',
    field: 'เลขตัวถัง (VIN 17 หลัก)',
    save: 'บันทึกเลขตัวถัง',
    invalid: 'เลขตัวถัง (VIN) ต้องมี 17 หลัก เป็นตัวอักษรและตัวเลข ไม่มีตัว I, O หรือ Q',
    shown: 'เลขตัวถัง',
  },
  en: {
    edit: 'Edit VIN',
    field: 'VIN (17 characters)',
    save: 'Save VIN',
    invalid: 'A VIN is 17 letters and digits, without I, O or Q.',
    shown: 'VIN',
  },
  zh: {
    edit: '编辑车架号',
    field: '车架号（VIN，17 位）',
    save: '保存车架号',
    invalid: '车架号（VIN）为 17 位字母和数字，不含 I、O、Q。',
    shown: '车架号',
  },
} as const;

// Each language edits a unit and VIN of its own, so one step never finds another's (admin.spec.ts blocks
// units 0 and 1).
const cases = [
  ['th', 5, 'MR0TESTTH0R000001'],
  ['en', 6, 'MR0TESTEN0R000001'],
  ['zh', 7, 'MR0TESTZH0R000001'],
] as const;

test.use({ viewport: { width: 390, height: 844 } });

// One signed-in browser corrects a unit in each language (each was a journey with its own sign-in,
// decision 3708); the sign-in form itself is walked in every language by the admin journeys.
test("[th, en, zh] staff correct a unit's VIN; a VIN with an I or of 16 characters is refused in the page's language", async ({
  page,
}) => {
  await signInAdminBrowser(page, 'th');
  for (const [lng, index, vin] of cases)
    await test.step(lng, async () => {
      const t = texts[lng];
      await page.goto(`/admin/units?lng=${lng}`);
      // A demo unit (the seed gives each a VIN); journeys elsewhere add units of their own without one.
      const demoUnits = () =>
        page
          .getByTestId('unit-row')
          .filter({ has: page.getByTestId('unit-vin').filter({ hasText: /[A-HJ-NPR-Z0-9]{17}/ }) });
      const row = demoUnits().nth(index);
      const plate = (await row.getAttribute('aria-label'))!;
      // The demo units come with a VIN (seed): shown in the row.
      await expect(row.getByTestId('unit-vin')).toContainText(/[A-HJ-NPR-Z0-9]{17}/);
      await row.getByRole('button', { name: t.edit }).click();
      const form = page.getByRole('form', { name: new RegExp(plate) });
      const field = form.getByLabel(t.field);

      for (const bad of [`${vin.slice(0, 16)}I`, vin.slice(0, 16)]) {
        await field.fill(bad);
        await form.getByRole('button', { name: t.save }).click();
        await expect(form.getByText(t.invalid)).toBeVisible();
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(await axeViolations(page), lng).toEqual([]);

      // Typed as read off the windscreen: lower case, with a space.
      await field.fill(`${vin.slice(0, 8).toLowerCase()} ${vin.slice(8)}`);
      await form.getByRole('button', { name: t.save }).click();
      await expect(row.getByTestId('unit-vin')).toContainText(`${t.shown} ${vin}`);

      // Kept: the next visit shows it.
      await page.reload();
      await expect(page.getByRole('listitem', { name: plate }).getByTestId('unit-vin')).toContainText(vin);
    });
});

// Issue 35: the units screen listed the whole fleet on one page (282 units, ~42,000 px at 390 px). Now
// 20 a page with a pager, and a car-model filter beside the branch filter.
test('[th] the units screen shows 20 units a page, pages on, and filters by car model', async ({ page }) => {
  await signInAdminBrowser(page, 'th');
  await page.goto('/admin/units?lng=th');
  const rows = page.getByTestId('unit-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows).toHaveCount(20);
  const total = Number(
    (await page.getByRole('status').filter({ hasText: 'พบรถ' }).textContent())!.match(/\d+/)![0],
  );
  expect(total).toBeGreaterThan(20);
  const pager = page.getByRole('navigation', { name: 'หน้ารายการรถ' });
  await expect(pager).toContainText(`หน้า 1 จาก ${Math.ceil(total / 20)}`);
  // One page of units fits in a few screens, not fifty.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(844 * 12);
  const firstPlate = await rows.first().getAttribute('aria-label');
  await pager.getByRole('button', { name: 'ถัดไป' }).click();
  await expect(pager).toContainText('หน้า 2 จาก');
  await expect(page).toHaveURL(/page=2/);
  await expect(rows.first()).not.toHaveAttribute('aria-label', firstPlate!);

  // A car model: only its units, and back to the first page.
  const model = page.getByRole('search').getByRole('combobox', { name: 'รุ่นรถ' });
  await model.selectOption({ index: 1 });
  await expect(page).toHaveURL(/model=\d+/);
  await expect(page).not.toHaveURL(/page=2/);
  const status = page.getByRole('status').filter({ hasText: 'พบรถ' });
  await expect(status).not.toHaveText(`พบรถ ${total} คัน`);
  const ofModel = Number((await status.textContent())!.match(/\d+/)![0]);
  expect(ofModel).toBeGreaterThan(0);
  await expect(rows).toHaveCount(Math.min(ofModel, 20));
  expect(await axeViolations(page)).toEqual([]);
});
