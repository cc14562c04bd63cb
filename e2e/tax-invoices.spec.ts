import { readFileSync } from 'node:fs';
import { sandboxCardToken } from '../packages/contract/src/card-tokens';
import { taxMessages } from '../packages/contract/src/tax-invoices';
import { thaiAddressMessages } from '../packages/contract/src/thai-address';
import { contractWords } from './contract-words';
import { axeViolations, expect, test } from './fixtures';
import {
  fillLicence,
  freeCar,
  registerCustomer,
  signInAdminBrowser,
  signInBrowser,
  unfoldBookingForm,
} from './booking-fixtures';

/**
 * A company customer books with its tax ID and downloads the full tax invoice (issue 18, part 3):
 * a wrong tax ID refused at its field in the customer's language, the booking paid by card, the
 * invoice downloaded from My bookings; the details kept for the next booking. Thai at 390 px,
 * English at 1280 px.
 */
type Texts = Record<string, Record<string, string>> & {
  tax: Record<string, string> & { errors: Record<string, string> };
};
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as Texts;
/** The address words every form shares (common.json's address). */
const addressTexts = (lng: string) =>
  (
    JSON.parse(readFileSync(`apps/web/src/locales/${lng}/common.json`, 'utf8')) as {
      address: Record<string, string> & { errors: Record<string, string> };
    }
  ).address;

for (const { lng, width, from } of [
  { lng: 'th', width: 390, from: 250 },
  { lng: 'en', width: 1280, from: 256 },
] as const) {
  test(`a company books with its tax ID and downloads the full tax invoice (${lng}, ${width} px)`, async ({
    page,
    request,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const t = texts(lng);
    const customer = await registerCustomer(request, `tax-${lng}`, lng);
    await signInBrowser(page, customer);
    const car = await freeCar(request, from, 2);
    await page.goto(
      `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=${lng}`,
    );
    await unfoldBookingForm(page);
    await expect(page.getByTestId('price-total')).toBeVisible();
    await page.getByLabel(t.fields!.idNumber!).fill('1103700012345');
    await fillLicence(page);

    const company = page.getByTestId('company-fields');
    await company.getByLabel(t.tax.wanted!).check();
    await company.getByLabel(t.tax.companyName!).fill('บริษัท ทดสอบการเดินทาง จำกัด');
    await company.getByLabel(t.tax.address!).fill('123 ถนนสุขุมวิท');
    // The postcode first: one nobody has is said at once, in the customer's language; then the
    // sub-district is chosen among the real one's (คลองเตย, 10110), as ETDA's e-Tax XML needs it.
    const address = addressTexts(lng);
    await company.getByLabel(address.postcode!).fill('10999');
    await expect(company.getByText(contractWords(lng)(thaiAddressMessages.postcodeUnknown))).toBeVisible();
    await company.getByLabel(address.postcode!).fill('10110');
    await expect(company.getByText(contractWords(lng)(thaiAddressMessages.postcodeUnknown))).toHaveCount(0);
    await company.getByLabel(address.subDistrict!).selectOption('103301');
    await company.getByLabel(t.tax.taxId!).fill('0105558000001');
    await page.getByLabel(t.fields!.cardNumber!).fill('4242 4242 4242 4242');
    await page.getByLabel(t.fields!.cardName!).fill('SOMCHAI JAIDEE');
    await page.getByLabel(t.fields!.expiry!).fill('12/30');
    await page.getByLabel(t.fields!.cvv!).fill('123');
    await page.getByRole('checkbox').last().check();
    await page.getByRole('button', { name: t.summary!.payConfirm }).click();
    // A wrong check digit: said at the field, in the customer's language; nothing booked.
    await expect(company.getByText(contractWords(lng)(taxMessages.taxIdChecksum))).toBeVisible();
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await company.getByLabel(t.tax.taxId!).fill('0105558000006');
    await page.getByRole('button', { name: t.summary!.payConfirm }).click();
    await expect(page).toHaveURL(/\/booking-success\?booking=SD\d+/);

    await page.goto(`/my-bookings?lng=${lng}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t.history!.taxInvoice }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tax-invoice-SD\d+\.pdf$/);
    const saved = readFileSync(await file.path());
    expect(saved.subarray(0, 5).toString()).toBe('%PDF-');

    // Kept for next time: the form is filled from the profile.
    const booking = (await (await request.get('/api/v1/auth/bookings', { headers: customer.headers })).json())
      .response.data[0];
    expect(booking.taxInvoice).toMatchObject({ taxId: '0105558000006', ready: true });
    expect(booking.taxInvoice.number).toMatch(new RegExp(`^${car.branchCode.toUpperCase()}-\\d{4}-\\d{6}$`));
    await page.goto(
      `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=${lng}`,
    );
    await unfoldBookingForm(page);
    await company.getByLabel(t.tax.wanted!).check();
    await expect(company.getByLabel(t.tax.taxId!)).toHaveValue('0105558000006');

    // The profile shows them, and forgets them on request.
    await page.goto(`/profile?lng=${lng}`);
    const section = page.getByRole('region', { name: t.tax.profileTitle });
    await expect(section.getByTestId('company-kept')).toContainText('0105558000006');
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    await section.getByRole('button', { name: t.tax.forget }).click();
    await expect(section.getByText(t.tax.none!)).toBeVisible();

    // Staff see the company and the invoice's number on the booking's page, in the same language.
    const admin = JSON.parse(readFileSync(`apps/web/src/locales/${lng}/admin.json`, 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    const staffContext = await browser.newContext({ viewport: { width, height: 900 } });
    const staff = await staffContext.newPage();
    await signInAdminBrowser(staff, lng);
    await staff.goto(`/admin/bookings/${booking.id}?lng=${lng}`);
    const staffView = staff.getByTestId('tax-invoice');
    await expect(staffView).toContainText(booking.taxInvoice.number);
    await expect(staffView.getByRole('button', { name: admin.booking!.openTaxInvoice })).toBeVisible();
    expect(await axeViolations(staff, ['wcag2a', 'wcag2aa'])).toEqual([]);
    await staffContext.close();
  });
}

/**
 * A company's booking is cancelled after its invoice was issued: the invoice stays, and a credit note
 * (ใบลดหนี้) for the amount given back appears beside it in My bookings (Chinese, 375 px) and on the
 * staff's booking page (Chinese, 1280 px); both download it.
 */
test('a cancelled company booking gets a credit note beside its invoice (zh, 375 px and 1280 px)', async ({
  page,
  request,
  browser,
}) => {
  const t = texts('zh');
  await page.setViewportSize({ width: 375, height: 812 });
  const customer = await registerCustomer(request, 'credit-note', 'zh');
  const car = await freeCar(request, 262, 2);
  const made = await request.post('/api/v1/guest/bookings/create', {
    headers: customer.headers,
    data: {
      ...car,
      paymentMethod: 'card',
      cardToken: sandboxCardToken('4242 4242 4242 4242'),
      acceptTerms: true,
      addons: [],
      taxInvoice: {
        companyName: '泰国旅行测试有限公司',
        address: '123 Sukhumvit Road',
        subDistrictCode: '103301',
        postcode: '10110',
        taxId: '0105558000006',
        branch: '00000',
      },
      driver: {
        firstName: 'Wei',
        lastName: 'Zhang',
        email: 'wei@example.com',
        phone: '0812345678',
        idNumber: 'E12345678',
        birthDate: '1990-05-14',
        licenceNumber: '58012345',
        licenceCountry: 'TH',
        licenceIssued: '2015-06-01',
        licenceExpiry: '2036-05-31',
      },
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const booking = (await made.json()).response.data.booking as { id: number; bookingNumber: string };
  // The invoice is issued (downloaded once), then the customer cancels in My bookings.
  expect(
    (
      await request.get(`/api/v1/auth/bookings/${booking.id}/tax-invoice`, { headers: customer.headers })
    ).ok(),
  ).toBe(true);
  await signInBrowser(page, customer);
  await page.goto('/my-bookings?lng=zh');
  await page.getByRole('button', { name: t.history!.cancel }).click();
  await page.getByRole('button', { name: t.history!.confirmCancel }).click();
  // The server's answer, as the customer sees it: the question closes and the booking reads cancelled.
  // (The cancel button goes as soon as the question opens, so it says nothing about the answer: waiting
  // for it read the booking before its credit note existed, once the machine was busy.)
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(t.status!.cancelled!, { exact: true }).first()).toBeVisible();

  const view = (
    await (await request.get(`/api/v1/auth/bookings/${booking.id}`, { headers: customer.headers })).json()
  ).response.data;
  const note = view.taxInvoice.notes[0] as { number: string };
  expect(note.number).toMatch(/^CN-/);
  // The invoice is still there, and the credit note beside it.
  await expect(page.getByRole('button', { name: t.history!.taxInvoice })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t.history!.creditNote!.replace('{{number}}', note.number) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`credit-note-${note.number}.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  const admin = JSON.parse(readFileSync('apps/web/src/locales/zh/admin.json', 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await signInAdminBrowser(staff, 'zh');
  await staff.goto(`/admin/bookings/${booking.id}?lng=zh`);
  const staffView = staff.getByTestId('tax-invoice');
  await expect(
    staffView.getByRole('button', {
      name: admin.booking!.openCreditNote!.replace('{{number}}', note.number),
    }),
  ).toBeVisible();
  await expect(staffView.getByRole('button', { name: admin.booking!.openTaxInvoice })).toBeVisible();
  expect(await axeViolations(staff, ['wcag2a', 'wcag2aa'])).toEqual([]);
  await staffContext.close();
});
