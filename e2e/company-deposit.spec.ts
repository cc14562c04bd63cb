import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { isThaiTaxId } from '../packages/contract/src/tax-invoices';
import { admin, freeCar, registerCustomer, signInAdminBrowser, signInBrowser } from './booking-fixtures';
import { axeViolations, expect, test } from './fixtures';

/**
 * A company's deposits billed to the company (issue 36 part 6, decisions 3612 and 3662), as people meet
 * them: the admin, on a desktop in English, ticks "Deposits billed to the company" on the account's
 * page; an employee books on the account; the staff's booking page and the hand-over screen say the
 * deposit is covered by the company (nothing to take from the driver); the employee, on a 390 px phone
 * in Thai, reads in My bookings that the company covers the deposit.
 */
type Texts = Record<string, Record<string, string> & Record<string, Record<string, string>>>;
const texts = (lng: string, ns: 'admin' | 'booking') =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/${ns}.json`, 'utf8')) as Texts;
const fillIn = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

function newTaxId(): string {
  const first12 = `0107${String(Date.now()).slice(-8)}`;
  for (let d = 0; d < 10; d++) if (isThaiTaxId(`${first12}${d}`)) return `${first12}${d}`;
  throw new Error('no check digit');
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

test('a company covers its employee’s deposit: set by the admin, said at the hand-over and in My bookings (en desktop, th 390 px)', async ({
  page,
  browser,
  request,
}) => {
  const a = texts('en', 'admin');
  const companyName = `บริษัท มัดจำ ${Date.now().toString(36)} จำกัด`;
  const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const headers = { authorization: `Bearer ${staff.token}` };
  const opened = await request.post('/api/v1/admin/companies', {
    headers,
    data: {
      buyer: {
        companyName,
        address: '99 ถนนสาทรใต้',
        subDistrictCode: '102803',
        postcode: '10120',
        taxId: newTaxId(),
        branch: '00000',
      },
      billingEmail: 'ap@example.com',
    },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const companyId = (await opened.json()).response.data.id as number;
  const employee = await registerCustomer(request, 'company-deposit', 'th');
  expect(
    (
      await request.post(`/api/v1/admin/companies/${companyId}/members`, {
        headers,
        data: { email: employee.email, role: 'driver' },
      })
    ).status(),
  ).toBe(200);

  // The admin sets it where they manage the account.
  await signInAdminBrowser(page, 'en');
  await page.goto(`/admin/companies/${companyId}?lng=en`);
  await page.getByLabel(a.companies!.depositsOnAccount!).check();
  await page.getByRole('button', { name: a.save as unknown as string, exact: true }).click();
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/v1/admin/companies/${companyId}`, { headers })).json()).response.data
          .depositsOnAccount,
    )
    .toBe(true);

  // The employee books on the account: nothing to pay, the deposit on the company.
  const car = await freeCar(request, 640, 2);
  const made = await request.post('/api/v1/guest/bookings/create?lng=th', {
    headers: employee.headers,
    data: {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: car.pickupDate,
      returnDate: car.returnDate,
      addons: [],
      acceptTerms: true,
      paymentMethod: 'company_account',
      driver: {
        firstName: 'Malee',
        lastName: 'Suksan',
        email: employee.email,
        phone: '0812345678',
        idNumber: '1101700203451',
        birthDate: '1985-04-12',
        licenceNumber: '12345678',
        licenceCountry: 'TH',
        licenceIssued: '2015-01-10',
        licenceExpiry: '2035-01-10',
      },
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const booking = (await made.json()).response.data.booking as {
    id: number;
    deposit: { amount: number; method: string; coveredBy: string };
  };
  expect(booking.deposit).toMatchObject({ method: 'on_account', coveredBy: companyName });

  // Staff's booking page and the pickup's hand-over screen: nothing to take from the driver.
  await page.goto(`/admin/bookings/${booking.id}?lng=en`);
  await expect(page.getByTestId('deposit-covered')).toHaveText(
    fillIn(a.booking!.deposit!.coveredBy as unknown as string, { company: companyName }),
  );
  await page.getByRole('button', { name: a.handOver!.start!.pickup as unknown as string }).click();
  await expect(page.getByTestId('handover-deposit-covered')).toHaveText(
    fillIn(a.handOver!.depositCovered!, { company: companyName }),
  );
  await expect(page.getByLabel(a.handOver!.depositMethod!)).toHaveCount(0);
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);

  // The employee, on a phone in Thai: My bookings says the company covers it.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const me = await phone.newPage();
  await signInBrowser(me, employee);
  await me.goto('/my-bookings?lng=th');
  const bt = texts('th', 'booking');
  const amount = `฿${(booking.deposit.amount / 100).toLocaleString('en-US')}`;
  await expect(me.getByTestId('deposit').first()).toHaveText(
    fillIn(bt.deposit!.coveredBy!, { amount, company: companyName }),
  );
  expect(await axeViolations(me, ['wcag2a', 'wcag2aa'])).toEqual([]);
  await noSidewaysScroll(me);
  await phone.close();
});
