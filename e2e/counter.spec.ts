import { readFileSync } from 'node:fs';
import { admin, carsInService, day, signInAdminBrowser } from './booking-fixtures';
import { axeViolations, expect, test } from './fixtures';

/**
 * A counter that does what the site does (issue 36 part 6), at the desk in Thai and English: a
 * walk-in with a one-way return and an extra sees the site's price before any money is taken, pays by
 * the card terminal (its reference kept), and the car cannot be marked picked up before the pickup
 * inspection: the page sends staff to it and the API refuses in the staff member's language.
 */
type Words = Record<string, Record<string, string> & Record<string, Record<string, string>>>;
const words = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/admin.json`, 'utf8')) as Words;
const refusal = {
  th: 'ตรวจสภาพรถก่อนส่งมอบก่อน: บันทึกสภาพรถตอนรับรถคือการส่งมอบรถ',
  en: 'Do the pickup inspection first: its condition report hands the car over',
} as const;

for (const [lng, from, gps] of [
  ['th', 470, 'เครื่องนำทาง GPS'],
  ['en', 480, 'GPS device'],
] as const) {
  test(`a walk-in returned to another branch with an extra: priced first, paid on the card terminal, out only after the inspection (${lng}, desktop)`, async ({
    page,
    request,
  }) => {
    const t = words(lng);
    const w = t.walkIn!;
    // A car at Suvarnabhumi free for a one-way trip to Don Mueang (the site's own quote says so).
    let trip: { carModelId: number; branchCode: string } | undefined;
    // Each language its own model: a one-way car must have nothing booked at its branch after it leaves.
    const skip = lng === 'th' ? 0 : 3;
    for (const c of (await carsInService(request)).filter((c) => c.branchCode === 'srn').slice(skip)) {
      const q = await request.post('/api/v1/guest/bookings/quote', {
        data: { ...c, pickupDate: day(from), returnDate: day(from + 3), returnBranchCode: 'bmk' },
      });
      if (q.ok() && (await q.json()).response.data.available) {
        trip = c;
        break;
      }
    }
    expect(trip, 'a car free at srn').toBeTruthy();
    const quoted = (
      await (
        await request.post(`/api/v1/guest/bookings/quote?lng=${lng}`, {
          data: {
            ...trip,
            pickupDate: day(from),
            returnDate: day(from + 3),
            returnBranchCode: 'bmk',
            addons: [{ code: 'gps', quantity: 1 }],
          },
        })
      ).json()
    ).response.data as {
      total: number;
      fees: { code: string; label: string }[];
      addons: { label: string }[];
    };

    await signInAdminBrowser(page, lng);
    await page.goto(`/admin/bookings/new?lng=${lng}`);
    await expect(page.getByTestId('walk-in-price')).toContainText(w.priceWaits as unknown as string);
    await page.getByLabel(t.bookings!.car!, { exact: true }).selectOption(String(trip!.carModelId));
    await page.getByLabel(t.today!.branch!, { exact: true }).selectOption('srn');
    await page.getByLabel(w.returnBranch as unknown as string, { exact: true }).selectOption('bmk');
    await page.getByLabel(w.pickupDate as unknown as string, { exact: true }).fill(day(from));
    await page.getByLabel(w.returnDate as unknown as string, { exact: true }).fill(day(from + 3));
    await page.getByLabel(gps).check();
    // The price before payment: the site's own quote, its one-way fee and the GPS among the lines.
    const price = page.getByTestId('walk-in-price');
    await expect(price.getByTestId('walk-in-total')).toHaveText(
      new RegExp(`${(quoted.total / 100).toLocaleString('en-US')}`),
    );
    await expect(price).toContainText(quoted.fees.find((f) => f.code === 'one_way')!.label);
    await expect(price).toContainText(quoted.addons[0]!.label);
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);

    // The driver, and the card terminal with its slip's reference.
    const fill = (label: unknown, value: string) =>
      page.getByLabel(label as string, { exact: true }).fill(value);
    await fill(w.firstName, 'Somchai');
    await fill(w.lastName, 'Counter');
    await fill(w.driverEmail, `counter-${lng}-${Date.now()}@example.com`);
    await fill(w.phone, '0812345678');
    await fill(w.idNumber, '1101700203451');
    await fill(w.birthDate, '1985-04-12');
    await fill(w.licenceNumber, '12345678');
    await fill(w.licenceIssued, '2019-01-10');
    await fill(w.licenceExpiry, '2030-01-10');
    await expect(page.getByRole('combobox', { name: t.booking!.method!, exact: true })).toHaveValue(
      'card_terminal',
    );
    await page.getByLabel((w.reference as Record<string, string>).terminal!).fill('TID 00412 APPR 318845');
    await page.getByRole('button', { name: w.submit as unknown as string }).click();

    // The booking's page: confirmed, paid on the card terminal with its reference, and the total quoted.
    await expect(page.getByTestId('booking-status')).toHaveText(
      (t.bookings!.status as Record<string, string>).confirmed!,
    );
    const payments = page.getByRole('region', { name: t.booking!.payments as unknown as string });
    await expect(payments).toContainText(t.booking!.methods!.card_terminal as unknown as string);
    await expect(payments).toContainText('TID 00412 APPR 318845');
    // No "picked up" before the inspection: the page sends staff to it, and the API refuses.
    await expect(page.getByTestId('inspection-first')).toContainText(
      t.booking!.inspectFirst as unknown as string,
    );
    await expect(
      page.getByRole('link', { name: t.booking!.toInspection as unknown as string }),
    ).toBeVisible();
    const id = page.url().split('/').at(-1)!.split('?')[0];
    const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
    const early = await request.post(`/api/v1/admin/bookings/${id}/pick-up?lng=${lng}`, {
      headers: { authorization: `Bearer ${staff.token}` },
      data: {},
    });
    expect(early.status()).toBe(409);
    expect((await early.json()).msg).toBe(refusal[lng]);
  });
}
