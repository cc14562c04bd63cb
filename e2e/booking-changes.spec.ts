import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { sandboxCardToken } from '../packages/contract/src/card-tokens';
import { changeMessages } from '../packages/contract/src/bookings';
import { contractWords } from './contract-words';
import { axeViolations, expect, test } from './fixtures';
import {
  admin,
  day,
  freeCar,
  registerCustomer,
  signInBrowser,
  thaiLicence,
  inspectAtPickup,
} from './booking-fixtures';

/**
 * Self-service changes as customers meet them (issue 17, part 6), in My bookings: new dates that cost
 * more, paid by card there and then; a rental under way that cannot be extended because its car is
 * booked next, the booking left as it was.
 */
type Texts = {
  change: Record<string, string> & { errors: Record<string, string> };
  cardEntry: Record<string, string>;
  depositHold: Record<string, string>;
  deposit: { held: Record<string, string> };
  history: Record<string, string>;
};
const texts = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as Texts;
const before = (text: string) => text.split('{{')[0]!.trim();
const childSeat = { th: 'คาร์ซีทเด็กเล็ก', en: 'Child seat', zh: '儿童安全座椅' } as const;

async function cardBooking(
  request: APIRequestContext,
  headers: Record<string, string>,
  car: { carModelId: number; branchCode: string },
  from: number,
  to: number,
) {
  return request.post('/api/v1/guest/bookings/create', {
    headers,
    data: {
      ...car,
      pickupDate: day(from),
      returnDate: day(to),
      paymentMethod: 'card',
      cardToken: sandboxCardToken('4242 4242 4242 4242'),
      acceptTerms: true,
      addons: [],
      driver: {
        firstName: 'Malee',
        lastName: 'Suksan',
        email: 'malee@example.com',
        phone: '0812345678',
        idNumber: '1103700012345',
        ...thaiLicence,
      },
    },
  });
}

const cases = [
  { lng: 'th', width: 375, from: 180 },
  { lng: 'en', width: 1280, from: 186 },
  { lng: 'zh', width: 390, from: 192 },
] as const;

for (const { lng, width, from } of cases) {
  test(`new dates that cost more are paid by card in My bookings, then another car and an extra (${lng}, ${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const t = texts(lng);
    const customer = await registerCustomer(request, `change-${lng}`, lng);
    const car = await freeCar(request, from, 4);
    const made = await cardBooking(request, customer.headers, car, from, from + 2);
    expect(made.ok(), await made.text()).toBe(true);
    const booking = (await made.json()).response.data.booking;
    await signInBrowser(page, customer);
    await page.goto(`/my-bookings?lng=${lng}`);
    await page.getByRole('button', { name: t.change.open }).click();
    const panel = page.getByRole('region', { name: before(t.change.title!) });
    // A pickup less than a day away is refused, in the customer's language.
    await panel.getByLabel(t.change.pickup!).fill(day(0));
    await panel.getByRole('button', { name: t.change.seePrice }).click();
    // The notice period is a rule the page names from the server's constant (decision 3505).
    await expect(panel.getByRole('alert')).toHaveText(contractWords(lng)(changeMessages.pickupAhead));
    await panel.getByLabel(t.change.pickup!).fill(day(from));
    await panel.getByLabel(t.change.return!).fill(day(from + 4));
    await panel.getByRole('button', { name: t.change.seePrice }).click();
    await expect(panel.getByTestId('change-quote')).toContainText(before(t.change.payDifference!));
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await panel.getByLabel(t.cardEntry.number!).fill('4242 4242 4242 4242');
    await panel.getByLabel(t.cardEntry.name!).fill('MALEE SUKSAN');
    await panel.getByLabel(t.cardEntry.expiry!).fill('12/30');
    await panel.getByLabel(t.cardEntry.cvv!).fill('123');
    await panel.getByRole('button', { name: t.change.payAndChange }).click();
    await expect(page.getByRole('status').filter({ hasText: before(t.change.done!) })).toBeVisible();
    const now = (
      await (await request.get(`/api/v1/auth/bookings/${booking.id}`, { headers: customer.headers })).json()
    ).response.data;
    // Four days at the booking's prices: what a quote for those dates says (the pricing rules included).
    const fourDays = (
      await (
        await request.post('/api/v1/guest/bookings/quote', {
          data: { ...car, pickupDate: day(from), returnDate: day(from + 4) },
        })
      ).json()
    ).response.data;
    expect(now).toMatchObject({
      returnDate: day(from + 4),
      days: 4,
      total: fourDays.total,
      status: 'confirmed',
    });
    expect(now.total).toBeGreaterThan(booking.total);

    // Then another car of the branch and a child seat: the booking's own extras and times stay.
    const options = (
      await (
        await request.get(`/api/v1/auth/bookings/${booking.id}/change/options?lng=${lng}`, {
          headers: customer.headers,
        })
      ).json()
    ).response.data as { cars: { carModelId: number; carName: string }[] };
    let other: { carModelId: number; carName: string } | undefined;
    for (const c of options.cars.filter((c) => c.carModelId !== car.carModelId)) {
      const q = await request.post(`/api/v1/auth/bookings/${booking.id}/change/quote`, {
        headers: customer.headers,
        data: { pickupDate: day(from), returnDate: day(from + 4), carModelId: c.carModelId },
      });
      if (q.ok() && (await q.json()).response.data.available) {
        other = c;
        break;
      }
    }
    expect(other, 'another car free at the branch').toBeDefined();
    await page.getByRole('button', { name: t.change.open }).click();
    await panel.getByLabel(t.change.car!, { exact: true }).selectOption(String(other!.carModelId));
    await panel.getByRole('checkbox', { name: childSeat[lng] }).check();
    await panel.getByRole('button', { name: t.change.seePrice }).click();
    const plan = panel.getByTestId('change-quote');
    await expect(plan).toContainText(other!.carName);
    expect(await axeViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    if ((await plan.textContent())!.includes(before(t.change.payDifference!))) {
      await panel.getByLabel(t.cardEntry.number!).fill('4242 4242 4242 4242');
      await panel.getByLabel(t.cardEntry.name!).fill('MALEE SUKSAN');
      await panel.getByLabel(t.cardEntry.expiry!).fill('12/30');
      await panel.getByLabel(t.cardEntry.cvv!).fill('123');
      await panel.getByRole('button', { name: t.change.payAndChange }).click();
    } else await panel.getByRole('button', { name: t.change.confirm }).click();
    await expect(page.getByRole('status').filter({ hasText: before(t.change.done!) })).toBeVisible();
    const changed = (
      await (await request.get(`/api/v1/auth/bookings/${booking.id}`, { headers: customer.headers })).json()
    ).response.data;
    expect(changed).toMatchObject({ carModelId: other!.carModelId, returnDate: day(from + 4) });
    expect(changed.addons.map((a: { code: string }) => a.code)).toEqual(['child_seat']);
  });
}

test('a rental under way cannot be extended when its car is booked next; the booking stays as it was (en)', async ({
  page,
  request,
}) => {
  const t = texts('en');
  const customer = await registerCustomer(request, 'extend-en', 'en');
  const car = await freeCar(request, 230, 6);
  const made = await cardBooking(request, customer.headers, car, 230, 232);
  expect(made.ok(), await made.text()).toBe(true);
  const booking = (await made.json()).response.data.booking;
  const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const as = { authorization: `Bearer ${staff.token}` };
  const deposit = await request.post(`/api/v1/admin/bookings/${booking.id}/deposit`, {
    headers: as,
    data: { action: 'take', method: 'cash' },
  });
  expect(deposit.ok(), await deposit.text()).toBe(true);
  const out = await inspectAtPickup(request, as, booking.id);
  expect(out.ok(), await out.text()).toBe(true);
  // Every car of the model at the branch is booked from the day after the return.
  const other = await registerCustomer(request, 'extend-next', 'en');
  for (let i = 0; i < 20; i++) {
    const next = await cardBooking(request, other.headers, car, 233, 235);
    if (next.status() === 409) break;
    expect(next.ok(), await next.text()).toBe(true);
  }
  await signInBrowser(page, customer);
  await page.goto('/my-bookings?lng=en');
  await page.getByRole('button', { name: t.change.extend }).click();
  const panel = page.getByRole('region', { name: before(t.change.extendTitle!) });
  await panel.getByLabel(t.change.return!).fill(day(234));
  await panel.getByRole('button', { name: t.change.seePrice }).click();
  await expect(panel.getByRole('alert')).toHaveText(t.change.bookedNext!);
  const still = (
    await (await request.get(`/api/v1/auth/bookings/${booking.id}`, { headers: customer.headers })).json()
  ).response.data;
  expect(still).toMatchObject({ returnDate: day(232), status: 'active', total: booking.total });
});
