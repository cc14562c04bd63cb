import { readFileSync } from 'node:fs';
import { axeViolations, expect, test } from './fixtures';
import { admin, carsInService, customerBooking, inspectAtPickup, signInBrowser } from './booking-fixtures';

/**
 * Security deposits as customers meet them (issue 17, part 4): each car's own deposit on its page's
 * price box, in every language at a phone's width; and, after the rental, where the deposit stands
 * in My bookings (returned but for what was kept, and why).
 */
const catalog = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/catalog.json`, 'utf8')) as {
    booking: { deposit: string };
  };
const booking = (lng: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${lng}/booking.json`, 'utf8')) as {
    deposit: { partlyReleased: string };
  };

for (const lng of ['th', 'en', 'zh'] as const) {
  test(`a car's page says its own deposit, in the price box (${lng}, 360 px)`, async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const [car] = await carsInService(request);
    const details = (await (await request.get(`/api/v1/guest/cars/${car!.carModelId}`)).json()).response.data;
    expect(details.deposit).toBeGreaterThanOrEqual(3000);
    await page.goto(`/cars/${car!.carModelId}?lng=${lng}`);
    const [before] = catalog(lng).booking.deposit.split('{{amount}}') as [string];
    const note = page.getByTestId('booking-box').getByTestId('deposit');
    await expect(note).toContainText(before.trim());
    await expect(note).toContainText(details.deposit.toLocaleString('en-US'));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
}

test('after the rental, My bookings says what came back of the deposit and why (th, 375 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { booking: made, token, user } = await customerBooking(request, 61);
  const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const as = { authorization: `Bearer ${staff.token}` };
  for (const [path, data] of [
    ['verify-payment', {}],
    ['deposit', { action: 'take', method: 'cash' }],
    ['pick-up', {}],
    ['return', {}],
    ['deposit', { action: 'release', kept: 700, reason: 'ทำความสะอาดภายในรถ' }],
  ] as const) {
    // The car goes out through the pickup inspection (issue 36 part 6).
    const res =
      path === 'pick-up'
        ? await inspectAtPickup(request, as, made.id)
        : await request.post(`/api/v1/admin/bookings/${made.id}/${path}`, { headers: as, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  }
  await signInBrowser(page, { token, user });
  await page.goto('/my-bookings?lng=th');
  const [returnedWord] = booking('th').deposit.partlyReleased.split('{{returned}}') as [string];
  const note = page.getByTestId('deposit').first();
  await expect(note).toContainText(returnedWord.trim());
  await expect(note).toContainText('ทำความสะอาดภายในรถ');
  await expect(note).toContainText('700');
  expect(await axeViolations(page)).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});

test('a customer holds the deposit on their card in My bookings; at return only what is kept is taken (zh, 390 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const texts = JSON.parse(readFileSync('apps/web/src/locales/zh/booking.json', 'utf8')) as {
    cardEntry: Record<string, string>;
    depositHold: Record<string, string>;
    deposit: { held: { card: string }; partlyReleased: string };
  };
  // Returned within 6 days: a card hold is offered from 6 days before the return (decision 3413).
  const { booking: made, token, user } = await customerBooking(request, 3);
  const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const as = { authorization: `Bearer ${staff.token}` };
  const paid = await request.post(`/api/v1/admin/bookings/${made.id}/verify-payment`, {
    headers: as,
    data: {},
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await signInBrowser(page, { token, user });
  await page.goto('/my-bookings?lng=zh');
  const before = (text: string) => text.split('{{')[0]!.trim();
  await page.getByRole('button', { name: before(texts.depositHold.open!) }).click();
  const panel = page.getByRole('region', { name: before(texts.depositHold.title!) });
  await panel.getByLabel(texts.cardEntry.number!).fill('4242 4242 4242 4242');
  await panel.getByLabel(texts.cardEntry.name!).fill('MALEE SUKSAN');
  await panel.getByLabel(texts.cardEntry.expiry!).fill('12/30');
  await panel.getByLabel(texts.cardEntry.cvv!).fill('123');
  expect(await axeViolations(page)).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await panel.getByRole('button', { name: before(texts.depositHold.submit!) }).click();
  await expect(page.getByTestId('deposit').first()).toContainText(before(texts.deposit.held.card));

  for (const [path, data] of [
    ['pick-up', {}],
    ['return', {}],
    ['deposit', { action: 'release', kept: 500, reason: '车内清洁' }],
  ] as const) {
    // The car goes out through the pickup inspection (issue 36 part 6).
    const res =
      path === 'pick-up'
        ? await inspectAtPickup(request, as, made.id)
        : await request.post(`/api/v1/admin/bookings/${made.id}/${path}`, { headers: as, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  }
  await page.reload();
  await expect(page.getByTestId('deposit').first()).toContainText('车内清洁');
});
