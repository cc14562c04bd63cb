import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from '@playwright/test';
import { isThaiTaxId, taxMessages } from '../packages/contract/src/tax-invoices';
import { companyMessages } from '../packages/contract/src/companies';
import { thaiAddressMessages } from '../packages/contract/src/thai-address';
import { contractWords } from './contract-words';
import {
  admin,
  fillLicence,
  freeCar,
  registerCustomer,
  signInAdminBrowser,
  signInBrowser,
  transferBooking,
  unfoldBookingForm,
} from './booking-fixtures';
import { axeViolations, expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { allowFor } from '../apps/api/test/time-allowance';

/**
 * Company accounts and their monthly tax invoice (issue 18, part 3; decision 1807), as people meet
 * them: an admin on a phone in Chinese opens the account (a wrong tax ID refused at its field) and
 * adds a manager and a driver; the driver books on the company's account on a phone in Thai (nothing
 * to pay, confirmed at once); the month ends; the admin issues the month's invoice; the manager, on a
 * desktop in English, downloads it (PDF and e-Tax XML) from the profile; the driver sees its number in
 * My bookings.
 *
 * A month has to end between the booking and the invoice: the journey runs its own server, stops it,
 * moves the bookings' dates into last month and starts it again on the same data.
 */
type Texts = Record<string, Record<string, string> & Record<string, Record<string, string>>>;
const texts = (lng: string, ns: 'admin' | 'booking' | 'common') =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/${ns}.json`, 'utf8')) as Texts;

/** A tax ID no other run has used (its check digit computed). */
function newTaxId(): string {
  const first12 = `0105${String(Date.now()).slice(-8)}`;
  for (let d = 0; d < 10; d++) if (isThaiTaxId(`${first12}${d}`)) return `${first12}${d}`;
  throw new Error('no check digit');
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

test.describe('company accounts (th, en, zh; phone and desktop)', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  let server: OwnServer | undefined;
  const settings = { SEED_DEMO: 'true', AUTH_MAX_REGISTRATIONS: '1000', UNPAID_MAX_PER_ADDRESS: '1000' };
  test.use({ baseURL: `http://127.0.0.1:${basePort + 16}` });
  test.beforeAll(async () => {
    test.setTimeout(allowFor(120_000));
    server = await startOwnServer(basePort + 16, settings, 'companies');
  });
  test.afterAll(async () => server?.stop());

  test('a company opened, a driver books on its account, the month’s invoice downloaded', async ({
    browser,
    request,
  }) => {
    test.setTimeout(allowFor(240_000));
    const az = texts('zh', 'admin').companies!;
    const bt = texts('th', 'booking');
    const be = texts('en', 'booking');
    const manager = await registerCustomer(request, 'co-manager', 'en');
    const driver = await registerCustomer(request, 'co-driver', 'th');
    const taxId = newTaxId();

    // An admin on a phone, in Chinese, opens the account.
    const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const staff = await adminContext.newPage();
    await signInAdminBrowser(staff, 'zh');
    await staff.goto('/admin/companies?lng=zh');
    await staff.getByLabel(az.companyName as string).fill('บริษัท เดินทางดี จำกัด');
    await staff.getByLabel(az.billingEmail as string).fill('ap@dern-thang.example.com');
    await staff.getByLabel(az.address as string).fill('99 ถนนสาทรใต้');
    // The postcode in Chinese: a wrong one said at the field, then ทุ่งมหาเมฆ chosen among 10120's.
    const address = texts('zh', 'common').address as unknown as Record<string, string>;
    const said = contractWords('zh');
    await staff.getByLabel(address.postcode!).fill('10129');
    await expect(staff.getByText(said(thaiAddressMessages.postcodeUnknown))).toBeVisible();
    await staff.getByLabel(address.postcode!).fill('10120');
    await staff.getByLabel(address.subDistrict!).selectOption('102803');
    await staff.getByLabel(az.taxId as string).fill(`${taxId.slice(0, 12)}${(Number(taxId[12]) + 1) % 10}`);
    await staff.getByRole('button', { name: az.openSubmit as string }).click();
    await expect(staff.getByText(said(taxMessages.taxIdChecksum))).toBeVisible();
    await staff.getByLabel(az.taxId as string).fill(taxId);
    await staff.getByRole('button', { name: az.openSubmit as string }).click();
    await staff.getByRole('link', { name: 'บริษัท เดินทางดี จำกัด' }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText('บริษัท เดินทางดี จำกัด');

    // Members: someone without an account is explained; the manager and the driver are added.
    await staff.getByLabel(az.memberEmail as string).fill('nobody-yet@example.com');
    await staff.getByRole('button', { name: az.addMember as string }).click();
    await expect(staff.getByText(said(companyMessages.noCustomer))).toBeVisible();
    await staff.getByLabel(az.memberEmail as string).fill(manager.email);
    await staff.getByLabel(az.role as string).selectOption('manager');
    await staff.getByRole('button', { name: az.addMember as string }).click();
    await expect(staff.getByTestId('company-members')).toContainText(manager.email);
    await staff.getByLabel(az.memberEmail as string).fill(driver.email);
    await staff.getByLabel(az.role as string).selectOption('driver');
    await staff.getByRole('button', { name: az.addMember as string }).click();
    await expect(staff.getByTestId('company-members')).toContainText(driver.email);
    expect(await axeViolations(staff, ['wcag2a', 'wcag2aa'])).toEqual([]);
    await noSidewaysScroll(staff);
    const companyUrl = staff.url();

    // The driver books on the company's account on a phone, in Thai: nothing to pay, confirmed at once.
    const driverContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const me = await driverContext.newPage();
    await signInBrowser(me, driver);
    const car = await freeCar(request, 5, 2);
    await me.goto(
      `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=th`,
    );
    await unfoldBookingForm(me);
    await expect(me.getByTestId('price-total')).toBeVisible();
    await me.getByLabel(bt.fields!.idNumber!).fill('1103700012345');
    await fillLicence(me);
    await me.getByLabel(bt.methods!.company_account!).check();
    await expect(
      me.getByText(bt.methodHelp!.company_account!.replace('{{company}}', 'บริษัท เดินทางดี จำกัด')),
    ).toBeVisible();
    await expect(me.getByTestId('on-monthly-invoice')).toBeVisible();
    expect(await axeViolations(me, ['wcag2a', 'wcag2aa'])).toEqual([]);
    await noSidewaysScroll(me);
    await me.getByRole('checkbox').last().check();

    // Meanwhile the company's account is suspended: the booking is refused in Thai, nothing booked,
    // and the method is no longer offered.
    const companyId = Number(companyUrl.match(/companies\/(\d+)/)![1]);
    const adminToken = (await (await request.post('/api/v1/auth/login', { data: admin })).json()).token;
    const setActive = async (active: boolean) => {
      const res = await request.put(`/api/v1/admin/companies/${companyId}`, {
        headers: { authorization: `Bearer ${adminToken}` },
        data: {
          buyer: {
            companyName: 'บริษัท เดินทางดี จำกัด',
            address: '99 ถนนสาทรใต้',
            subDistrictCode: '102803',
            postcode: '10120',
            taxId,
            branch: '00000',
          },
          billingEmail: 'ap@dern-thang.example.com',
          active,
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
    };
    await setActive(false);
    await me.getByRole('button', { name: bt.summary!.confirmBooking }).click();
    await expect(me.getByRole('alert').filter({ hasText: bt.summary!.companySuspended! })).toBeVisible();
    await expect(me.getByLabel(bt.methods!.company_account!)).toHaveCount(0);
    await noSidewaysScroll(me);
    expect(
      (await (await request.get('/api/v1/auth/bookings', { headers: driver.headers })).json()).response.data,
    ).toEqual([]);

    // Open again: the driver books on it.
    await setActive(true);
    await me.reload();
    await unfoldBookingForm(me);
    await expect(me.getByTestId('price-total')).toBeVisible();
    await me.getByLabel(bt.fields!.idNumber!).fill('1103700012345');
    await fillLicence(me);
    await me.getByLabel(bt.methods!.company_account!).check();
    await me.getByRole('checkbox').last().check();
    await me.getByRole('button', { name: bt.summary!.confirmBooking }).click();
    await expect(me).toHaveURL(/\/booking-success\?booking=SD\d+/);
    await expect(me.getByRole('heading', { level: 1 })).toHaveText(bt.success!.titlePaid!);
    await expect(me.getByTestId('on-monthly-invoice')).toBeVisible();
    await expect(me.getByRole('button', { name: bt.success!.receipt })).toHaveCount(0);
    await noSidewaysScroll(me);

    // The manager books too (through the API, as the site does).
    await transferBooking(request, manager.headers, 8, manager.email, 'company_account');

    // The month ends: both rentals now lie in last month (Bangkok).
    await server!.stop({ keepData: true });
    const db = new PGlite(path.join(server!.dataDir, 'db'));
    await db.query(
      `UPDATE bookings SET
         pickup_at = pickup_at - (pickup_date - (date_trunc('month', now() AT TIME ZONE 'Asia/Bangkok')::date - 20)) * interval '1 day',
         return_at = return_at - (pickup_date - (date_trunc('month', now() AT TIME ZONE 'Asia/Bangkok')::date - 20)) * interval '1 day',
         return_date = return_date - (pickup_date - (date_trunc('month', now() AT TIME ZONE 'Asia/Bangkok')::date - 20)),
         pickup_date = date_trunc('month', now() AT TIME ZONE 'Asia/Bangkok')::date - 20
       WHERE company_id IS NOT NULL`,
    );
    await db.close();
    server = await startOwnServer(basePort + 16, settings, 'companies', false, server!.dataDir);

    // The admin issues the month's invoice (the minute job would on its own).
    await staff.goto(companyUrl);
    await staff.getByRole('button', { name: az.issueDue as string }).click();
    await expect(
      staff.getByRole('status').filter({ hasText: az.issued_other!.replace('{{count}}', '1') }),
    ).toBeVisible();
    const invoices = staff.getByTestId('monthly-invoices');
    await expect(invoices).toContainText(/MI-\d{4}-\d{6}/);
    const number = (await invoices.textContent())!.match(/MI-\d{4}-\d{6}/)![0];
    await expect(staff.getByTestId('unbilled')).toContainText(`${az.unbilled_other!.split('{{count}}')[0]}0`);
    expect(await axeViolations(staff, ['wcag2a', 'wcag2aa'])).toEqual([]);
    await noSidewaysScroll(staff);
    await adminContext.close();

    // The manager, on a desktop in English, downloads it from the profile.
    const managerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const boss = await managerContext.newPage();
    await signInBrowser(boss, manager);
    await boss.goto('/profile?lng=en');
    const section = boss.getByRole('region', { name: be.company!.title! });
    await expect(section.getByTestId('company-account')).toContainText('บริษัท เดินทางดี จำกัด');
    await expect(section.getByTestId('company-invoices')).toContainText(number);
    await expect(section.getByTestId('company-invoices')).toContainText('2 bookings');
    const pdf = boss.waitForEvent('download');
    await section.getByRole('button', { name: `PDF ${number}` }).click();
    const file = await pdf;
    expect(file.suggestedFilename()).toBe(`tax-invoice-${number}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const xml = boss.waitForEvent('download');
    await section.getByRole('button', { name: `e-Tax XML ${number}` }).click();
    const xmlFile = readFileSync(await (await xml).path(), 'utf8');
    expect(xmlFile).toContain(`<ram:ID>${number}</ram:ID>`);
    expect(xmlFile).toContain(`${taxId}00000`);
    expect(await axeViolations(boss, ['wcag2a', 'wcag2aa'])).toEqual([]);
    await noSidewaysScroll(boss);
    await managerContext.close();

    // The driver sees which invoice the booking is on (and has none to download themselves).
    await me.goto('/my-bookings?lng=th');
    await expect(me.getByTestId('on-monthly-invoice')).toContainText(number);
    await expect(me.getByRole('button', { name: bt.history!.taxInvoice })).toHaveCount(0);
    expect(await axeViolations(me, ['wcag2a', 'wcag2aa'])).toEqual([]);
    await noSidewaysScroll(me);
    await me.goto('/profile?lng=th');
    await expect(me.getByTestId('company-account')).toContainText(bt.company!.roles!.driver!);
    await expect(me.getByTestId('company-invoices')).toHaveCount(0);
    await driverContext.close();
  });
});
