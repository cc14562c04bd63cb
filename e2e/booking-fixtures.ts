import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { slipPicture } from '../apps/api/test/slip-provider-stand-in';

// Shared by the journeys that start from an existing booking (back office, reviews).

export const admin = { email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026' };
const DAY = 86_400_000;
export const day = (n: number) => new Date(Date.now() + 7 * 3_600_000 + n * DAY).toISOString().slice(0, 10);
/**
 * A slip picture with the QR code Thai banks print on their slips
 * (apps/api/test/slip-provider-stand-in.ts); without a payload, its QR names a
 * transfer the bank stand-in does not know, so the slip waits for staff.
 */
export { slipPicture };

/** The journeys' slip-verification provider (playwright.config.ts starts it). */
export const slipProviderUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 3}`;

/** The company's account, 123-4-56789-0 in the demo settings, as a bank masks it on a slip. */
export const ourMaskedAccount = 'xxx-x-x6789-x';

/**
 * Plays the bank: records a transfer with the provider's stand-in, as if the
 * customer had paid, and returns the QR payload its slip carries.
 */
export async function bankTransfer(
  request: APIRequestContext,
  transfer: { amountSatang: number; receiverAccount?: string; date?: string },
): Promise<string> {
  const res = await request.post(`${slipProviderUrl}/stand-in/transfers`, {
    data: { receiverAccount: ourMaskedAccount, ...transfer },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { payload: string }).payload;
}

/** A new customer through the real API: their bearer header, and the token and user the site keeps. */
export async function registerCustomer(request: APIRequestContext, tag: string | number, language = 'en') {
  const email = `e2e-admin-${Date.now().toString(36)}-${process.pid}-${tag}@example.com`;
  expect(
    (
      await request.post('/api/v1/auth/register', {
        data: {
          email,
          password: 'secret-123',
          firstName: 'Malee',
          lastName: 'Suksan',
          phone: '0812345678',
          language,
        },
      })
    ).ok(),
  ).toBe(true);
  const { token, user } = await (
    await request.post('/api/v1/auth/login', { data: { email, password: 'secret-123' } })
  ).json();
  return {
    email,
    token: token as string,
    user: user as unknown,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A licence every demo car's rules take (21-25 or older, held 2 years or more, valid for years). */
export const thaiLicence = {
  birthDate: '1990-05-14',
  licenceNumber: '58012345',
  licenceCountry: 'TH',
  licenceIssued: '2015-06-01',
  licenceExpiry: '2036-05-31',
};

/**
 * Fills the booking form's main driver's birth date and licence, finding each field by its label in
 * the page's own language (`<html lang>`), as a person reads them.
 */
export async function fillLicence(page: Page, licence: Partial<typeof thaiLicence> = {}) {
  const lng = (await page.evaluate(() => document.documentElement.lang)).slice(0, 2);
  const texts = JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as {
    fields: Record<string, string>;
    summary: { personal: string };
  };
  const l = { ...thaiLicence, ...licence };
  const main = page.getByRole('region', { name: texts.summary.personal });
  await main.getByLabel(texts.fields.birthDate!).fill(l.birthDate);
  await main.getByLabel(texts.fields.licenceNumber!).fill(l.licenceNumber);
  await main.getByLabel(texts.fields.licenceCountry!).selectOption(l.licenceCountry);
  await main.getByLabel(texts.fields.licenceIssued!).fill(l.licenceIssued);
  await main.getByLabel(texts.fields.licenceExpiry!).fill(l.licenceExpiry);
}

/** The browser signed in as a customer from registerCustomer: the token and user the site keeps, before any page loads. */
export async function signInBrowser(page: Page, customer: { token: string; user: unknown }) {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token!);
      localStorage.setItem('user', user!);
    },
    [customer.token, JSON.stringify(customer.user)],
  );
}

/**
 * The demo admin signs in to the back office through its sign-in screen, in `lng`; done once the
 * Today screen is up (the sign-in page has a level-1 heading too, so a journey must not go on earlier).
 */
export async function signInAdminBrowser(page: Page, lng: string) {
  const t = JSON.parse(readFileSync(`apps/web/src/locales/${lng}/admin.json`, 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  await page.goto(`/admin?lng=${lng}`);
  await page.getByLabel(t.signIn!.email!).fill(admin.email);
  await page.getByLabel(t.signIn!.password!).fill(admin.password);
  await page.getByRole('button', { name: t.signIn!.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.today!.title })).toBeVisible();
}

/** Car models and branches the fleet has cars in service at (read with the admin's own API). */
export async function carsInService(request: APIRequestContext) {
  const adminLogin = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const units = (
    await (
      await request.get('/api/v1/admin/units', {
        headers: { authorization: `Bearer ${adminLogin.token}` },
      })
    ).json()
  ).response.data as { carModelId: number; branchCode: string; status: string }[];
  return [
    ...new Set(units.filter((u) => u.status === 'in_service').map((u) => `${u.carModelId}|${u.branchCode}`)),
  ].map((pair) => {
    const [id, branchCode] = pair.split('|') as [string, string];
    return { carModelId: Number(id), branchCode };
  });
}

/**
 * Room for a booking that waits for a transfer or PromptPay on a model at a branch. At most half of a
 * group's cars, rounded down, may wait unpaid on a day (decision 3102: a group's last car is kept for
 * someone who pays at once), and the demo's groups have one car each; so the back office adds cars
 * until the group has three, as a company taking transfers would. Idempotent; other journeys that
 * pick the same group only find more cars.
 */
export async function roomForUnpaidHold(
  request: APIRequestContext,
  car: { carModelId: number; branchCode: string },
  units = 3,
) {
  // A busy server answers 503 with Retry-After (load shedding): ask again when it says, as the site's client does.
  const call = async (send: () => Promise<APIResponse>) => {
    for (let attempt = 0; ; attempt++) {
      const res = await send();
      if (res.status() !== 503 || attempt === 10) return res;
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers()['retry-after'] ?? 1)));
    }
  };
  const login = await call(() => request.post('/api/v1/auth/login', { data: admin }));
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const listed = await call(() =>
    request.get(`/api/v1/admin/units?carModelId=${car.carModelId}&branch=${car.branchCode}`, { headers }),
  );
  expect(listed.ok(), await listed.text()).toBe(true);
  const inService = ((await listed.json()).response.data as { status: string }[]).filter(
    (u) => u.status === 'in_service',
  ).length;
  for (let n = inService; n < units; n++) {
    const added = await call(() =>
      request.post('/api/v1/admin/units', {
        headers,
        data: {
          carModelId: car.carModelId,
          branchCode: car.branchCode,
          plate: `E2E ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        },
      }),
    );
    expect(added.ok(), await added.text()).toBe(true);
  }
}

/** A car in service with a unit free from `from` to `from + nights` days ahead (the quote says so). */
export async function freeCar(
  request: APIRequestContext,
  from: number,
  nights = 2,
  /** Only a car whose quote passes this (its driver rules, its price). */
  wanted: (quote: { driverRules: { minAge: number }; branchCode: string }) => boolean = () => true,
) {
  for (const c of await carsInService(request)) {
    const quote = await request.post('/api/v1/guest/bookings/quote', {
      data: { ...c, pickupDate: day(from), returnDate: day(from + nights) },
    });
    const data = quote.ok() ? (await quote.json()).response.data : null;
    if (data && data.available !== false && wanted(data))
      return { ...c, pickupDate: day(from), returnDate: day(from + nights) };
  }
  throw new Error('No bookable car in the demo data');
}

/** A bank-transfer (or PromptPay, or wallet) booking for the customer, `from` days ahead, on the first car in service that is free. */
export async function transferBooking(
  request: APIRequestContext,
  headers: Record<string, string>,
  from: number,
  driverEmail = 'malee@example.com',
  paymentMethod:
    'bank_transfer' | 'promptpay' | 'wechat_pay' | 'alipay' | 'company_account' = 'bank_transfer',
) {
  for (const { carModelId, branchCode } of await carsInService(request)) {
    // A booking that waits for its money needs a group with a car to spare (decision 3102).
    if (paymentMethod === 'bank_transfer' || paymentMethod === 'promptpay') {
      const quote = await request.post('/api/v1/guest/bookings/quote', {
        data: { carModelId, branchCode, pickupDate: day(from), returnDate: day(from + 2) },
      });
      if (!quote.ok() || !(await quote.json()).response.data.available) continue;
      await roomForUnpaidHold(request, { carModelId, branchCode });
    }
    const res = await request.post('/api/v1/guest/bookings/create', {
      headers,
      data: {
        carModelId,
        branchCode,
        pickupDate: day(from),
        returnDate: day(from + 2),
        paymentMethod,
        acceptTerms: true,
        addons: [],
        driver: {
          firstName: 'Malee',
          lastName: 'Suksan',
          email: driverEmail,
          phone: '0812345678',
          idNumber: '1103700012345',
          birthDate: '1990-05-14',
          licenceNumber: '58012345',
          licenceCountry: 'TH',
          licenceIssued: '2015-06-01',
          licenceExpiry: '2036-05-31',
        },
      },
    });
    if (!res.ok()) continue;
    return (await res.json()).response.data.booking as { id: number; bookingNumber: string; total: number };
  }
  throw new Error('No bookable car in the demo data');
}

/** A booking of the customer's, `from` days ahead, cancelled by them: it is listed under Cancelled. */
export async function cancelledBooking(
  request: APIRequestContext,
  customer: { headers: Record<string, string>; email: string },
  from: number,
  paymentMethod: 'bank_transfer' | 'promptpay' = 'bank_transfer',
) {
  const booking = await transferBooking(request, customer.headers, from, customer.email, paymentMethod);
  const cancelled = await request.put(`/api/v1/auth/bookings/${booking.id}/cancel`, {
    headers: customer.headers,
    data: {},
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  return booking;
}

/** A customer (through the real API) with a bank-transfer booking and an uploaded slip (waiting for staff). */
export async function customerBooking(request: APIRequestContext, from: number) {
  const { token, headers, email, user } = await registerCustomer(request, from);
  const booking = await transferBooking(request, headers, from, email);
  const slip = await request.post(`/api/v1/auth/bookings/${booking.id}/slip`, {
    headers,
    multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: await slipPicture() } },
  });
  expect(slip.ok(), await slip.text()).toBe(true);
  return { booking, headers, token, user, email };
}

/**
 * The booking form's total once the price for the choices of the moment has come: while a new quote is
 * asked, the last one stays on the page, `aria-busy` (decision 3706), so a total read at once after a
 * choice may still be the last one.
 */
export async function settledTotal(page: Page) {
  await expect(
    page.locator(
      '[data-testid="price-breakdown"][aria-busy="true"], [data-testid="pay-bar-total"][aria-busy="true"]',
    ),
  ).toHaveCount(0);
  return page.getByTestId('price-total').textContent();
}

/**
 * On a phone the booking form folds its optional sections and the price to one line each
 * (decision 3520); this opens them all, as a customer who wants to see everything taps them
 * open. Nothing to do from `lg` up, where every section is open. booking-form-phone.spec.ts
 * tries the folded form itself.
 */
export async function unfoldBookingForm(page: Page) {
  await expect(page.locator('form#booking-form')).toBeVisible();
  const folded = page.locator('form#booking-form h2 button[aria-expanded="false"]:visible');
  while ((await folded.count()) > 0) await folded.first().click();
}

/**
 * The pickup inspection through the API, as the hand-over card sends it (issue 36 part 6: the car goes
 * out only with it): a photo of the car, then the condition report, which hands the car over.
 */
export async function inspectAtPickup(
  request: APIRequestContext,
  headers: Record<string, string>,
  bookingId: number,
): Promise<APIResponse> {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const photo = await request.post(`/api/v1/admin/bookings/${bookingId}/condition-reports/pickup/photos`, {
    headers,
    multipart: { file: { name: 'car.jpg', mimeType: 'image/jpeg', buffer } },
  });
  if (!photo.ok()) return photo;
  return request.post(`/api/v1/admin/bookings/${bookingId}/condition-reports/pickup`, {
    headers,
    data: { fuelEighths: 8, mileageKm: 12000, photoIds: [(await photo.json()).response.data.id] },
  });
}
