import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  admin,
  cancelledBooking,
  customerBooking,
  freeCar,
  inspectAtPickup,
  registerCustomer,
  signInAdminBrowser,
  signInBrowser,
} from './booking-fixtures';
import { allowFor } from '../apps/api/test/time-allowance';
import { holdFor, holdUntil, watchPlaces } from './page-places';

/**
 * Pages that show once, whole (issue 32). A page whose parts land one by one after it shows (a card's
 * own answer, a lazily loaded piece of code) pushes what is below them down as each lands: a tap whose
 * press and release fall either side of that meets nothing. Twice under load a journey's click on the
 * staff booking page was lost that way (the deposit's release, "record the return"), and so is a
 * person's who taps as the page settles. Each journey here holds the late parts until the page has
 * shown and watches where the cards below them stand, frame by frame.
 */

/** A customer's booking, paid (staff confirm the transfer) and picked up (the pickup's report recorded). */
async function pickedUp(request: APIRequestContext, from: number) {
  const customer = await customerBooking(request, from);
  const staff = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const as = { authorization: `Bearer ${staff.token}` };
  const paid = await request.post(`/api/v1/admin/bookings/${customer.booking.id}/verify-payment`, {
    headers: as,
    data: {},
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const out = await inspectAtPickup(request, as, customer.booking.id);
  expect(out.ok(), await out.text()).toBe(true);
  return customer;
}

test('the staff booking page does not move once it shows, while its late parts land (th, phone) @mobile', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(!isMobile, 'a phone, where the page is one column and everything below moves; one run is enough');
  const { booking } = await pickedUp(request, 97);

  const places = await watchPlaces(page, ['hand-over-card', 'deposit-state']);
  await signInAdminBrowser(page, 'th');
  // The change card's cars and extras, the gateway's answer (may a card hold be kept in part), the
  // hand-over's code: each used to land after the page showed (the hand-over card went 2494 -> 2964 px).
  const shown = page.getByTestId('booking-status');
  await page.route(`**/api/v1/admin/bookings/${booking.id}/change/options*`, holdUntil(shown));
  await page.route('**/api/v1/guest/payment-gateway*', holdUntil(shown));
  await page.route('**/assets/hand-over-view-*.js', holdUntil(shown));
  await page.goto(`/admin/bookings/${booking.id}?lng=th`);
  // The code held, then the answers asked once it runs: two holds one after the other.
  await expect(shown).toBeVisible({ timeout: 2 * holdFor() + allowFor(10_000) });
  await expect(page.getByTestId('report-pickup')).toBeVisible();
  await expect(page.locator('select option').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  const seen = await places();
  expect(seen['hand-over-card'], 'the hand-over card, its top at each move').toHaveLength(1);
  expect(seen['deposit-state'], 'the deposit card, its top at each move').toHaveLength(1);
});

test('My bookings does not move once it shows, while the hand-over lands (zh, phone) @mobile', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(!isMobile, 'a phone, where the page is one column and everything below moves; one run is enough');
  const customer = await pickedUp(request, 98);
  // A second booking, cancelled: its group sits below the rental under way and its hand-over.
  await cancelledBooking(request, customer, 108);

  const places = await watchPlaces(page, ['history-cancelled']);
  await signInBrowser(page, customer);
  await page.route('**/assets/hand-over-view-*.js', holdUntil(page.getByTestId('history-active')));
  await page.goto('/my-bookings?lng=zh');
  await expect(page.getByTestId('hand-over')).toBeVisible({ timeout: holdFor() + allowFor(10_000) });
  await expect(page.getByTestId('history-cancelled')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const seen = await places();
  expect(seen['history-cancelled'], 'the cancelled bookings, their top at each move').toHaveLength(1);
});

test('the booking form keeps its price and pay button in place while a new price is asked (en, 1280 px)', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(
    isMobile,
    "a desktop: the pay button sits under the price there; a phone's pay bar keeps its place",
  );
  const customer = await registerCustomer(request, 'price-steady', 'en');
  const car = await freeCar(request, 36);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(page, customer);
  await page.goto(
    `/booking/${car.carModelId}?pickup=${car.pickupDate}&return=${car.returnDate}&branch=${car.branchCode}&lng=en`,
  );
  const total = page.getByTestId('price-total');
  await expect(total).toHaveText(/\d/);
  const before = await total.textContent();
  // The price and its button stay in view as the form scrolls (sticky): where the button stands on the
  // screen is what a customer aims at. Scrolled to the extra first, so the tick itself scrolls nothing.
  const gps = page.getByRole('checkbox', { name: /GPS device/ });
  await gps.scrollIntoViewIfNeeded();
  const pay = page.getByTestId('pay-button');
  const topOf = async () => (await pay.boundingBox())?.y;
  const placed = await topOf();

  // The next quote is held until the journey has seen the form while it is asked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/guest/bookings/quote', async (route) => {
    await held;
    await route.continue();
  });
  await gps.check();
  // While it is asked: the last price stays (said to be updating), and the pay button, in its place,
  // waits for the new one: a customer never pays a price they have not seen.
  await expect(total).toHaveText(before!);
  await expect(page.getByTestId('price-breakdown')).toHaveAttribute('aria-busy', 'true');
  expect(await topOf(), 'the pay button, where it stands on the screen while the price is asked').toBe(
    placed,
  );
  await expect(pay).toBeDisabled();
  release();
  await expect(total).not.toHaveText(before!);
  await expect(page.getByTestId('price-breakdown')).not.toHaveAttribute('aria-busy', 'true');
  await expect(pay).toBeEnabled();
});
