import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import {
  admin,
  registerCustomer,
  signInAdminBrowser,
  signInBrowser,
  transferBooking,
} from './booking-fixtures';
import { axeViolations, expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { allowFor } from '../apps/api/test/time-allowance';

/**
 * The digital hand-over (issue 18, parts 1 and 2), as the journey: a staff member on a phone
 * records the pickup with two photos and a damage mark, the customer signs the agreement on their own
 * phone, the car comes back late, the return adds a late-hour charge taken from the deposit, and the
 * customer sees it in Thai.
 *
 * Time has to pass between pickup and return: the journey runs its own server, stops it after the
 * pickup, moves the booking's dates back (as if the rental had run its course, the car now three hours
 * and ten minutes past its booked return) and starts it again on the same data.
 */
const texts = (ns: 'admin' | 'booking') =>
  JSON.parse(readFileSync(`apps/web/src/locales/th/${ns}.json`, 'utf8')) as Record<
    string,
    Record<string, never>
  >;

test.describe('the hand-over on phones (th)', () => {
  test.describe.configure({ mode: 'serial' });
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  let server: OwnServer | undefined;
  // The demo data (its cars, staff and late-return rule), and room for the journey's own sign-ups.
  const settings = { SEED_DEMO: 'true', AUTH_MAX_REGISTRATIONS: '1000', UNPAID_MAX_PER_ADDRESS: '1000' };
  test.use({ baseURL: `http://127.0.0.1:${basePort + 17}` });
  test.beforeAll(async () => {
    test.setTimeout(allowFor(120_000));
    server = await startOwnServer(basePort + 17, settings, 'hand-over');
  });
  test.afterAll(async () => server?.stop());

  test('pickup with photos and a damage mark, signature, a late return charged from the deposit', async ({
    browser,
    request,
  }) => {
    test.setTimeout(allowFor(180_000));
    const a = texts('admin');
    const b = texts('booking');
    const ha = a.handOver as unknown as Record<string, Record<string, string> & string>;
    const hb = b.handOver as unknown as Record<string, Record<string, string> & string>;

    // A confirmed booking: paid by transfer, checked by staff.
    const customer = await registerCustomer(request, 'hand-over', 'th');
    const booking = await transferBooking(request, customer.headers, 3, customer.email);
    const staffToken = (await (await request.post('/api/v1/auth/login', { data: admin })).json()).token;
    const verified = await request.post(`/api/v1/admin/bookings/${booking.id}/verify-payment`, {
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(verified.ok(), await verified.text()).toBe(true);

    // Staff on a phone, in Thai.
    const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const staff = await staffContext.newPage();
    await signInAdminBrowser(staff, 'th');
    await staff.goto(`/admin/bookings/${booking.id}?lng=th`);
    const card = staff.getByTestId('hand-over-card');
    await card.getByRole('button', { name: ha.start!.pickup }).click();
    const photo = async (colour: string) =>
      sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    await card.getByLabel(ha.photos as string).setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#c33') },
      { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo('#33c') },
    ]);
    await expect(card.getByTestId('photos-sent')).toHaveText(
      (ha.photosSent_other as string).replace('{{count}}', '2'),
    );
    // A tap on the outline marks the damage where it is.
    const outline = card.getByTestId('car-outline');
    // The tap lands where the staff member sees the car: on screen (a tap off the screen touches nothing).
    await outline.scrollIntoViewIfNeeded();
    const box = (await outline.boundingBox())!;
    await staff.touchscreen.tap(box.x + box.width * 0.25, box.y + box.height * 0.2);
    await expect(card.getByTestId('damage-mark')).toHaveCount(1);
    await card
      .getByTestId('damage-mark')
      .getByLabel(ha.markNote as string)
      .fill('รอยที่กันชนหน้า');
    // The form, its outline and its mark fit the phone.
    expect(
      await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await card.getByLabel(ha.mileage as string).fill('12000');
    await card.getByLabel(ha.depositMethod as string).selectOption('cash');
    await card.getByRole('button', { name: ha.save!.pickup }).click();
    await expect(card.getByRole('status').filter({ hasText: ha.saved!.pickup })).toBeVisible();
    await expect(staff.getByTestId('report-pickup')).toBeVisible();
    expect(await axeViolations(staff, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // The customer signs on their own phone, in My bookings.
    const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const me = await customerContext.newPage();
    await signInBrowser(me, customer);
    await me.goto('/my-bookings?lng=th');
    const handOver = me.getByTestId('hand-over');
    await expect(handOver.getByTestId('report-pickup')).toContainText('12,000 km');
    await expect(handOver.getByRole('img', { name: /รูปรถที่ 2/ })).toBeVisible();
    const pad = handOver.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const p = (await pad.boundingBox())!;
    await me.mouse.move(p.x + 20, p.y + p.height * 0.7);
    await me.mouse.down();
    for (const [dx, dy] of [
      [60, -40],
      [120, 10],
      [180, -30],
      [240, 20],
    ] as const)
      await me.mouse.move(p.x + dx, p.y + p.height * 0.5 + dy, { steps: 5 });
    await me.mouse.up();
    await handOver.getByRole('button', { name: hb.sign as string }).click();
    await expect(handOver.getByTestId('agreement')).toContainText('Malee Suksan');
    const download = me.waitForEvent('download');
    await handOver.getByRole('button', { name: hb.download as string }).click();
    expect((await download).suggestedFilename()).toBe(`rental-agreement-${booking.bookingNumber}.pdf`);

    // Time passes: the rental ran its course, and the car is 3 h 10 min past its booked return.
    await server!.stop({ keepData: true });
    const db = new PGlite(path.join(server!.dataDir, 'db'));
    await db.query(
      `UPDATE bookings SET
         pickup_at = now() - interval '2 days 3 hours 10 minutes',
         return_at = now() - interval '3 hours 10 minutes',
         pickup_date = (now() - interval '2 days 3 hours 10 minutes') AT TIME ZONE 'Asia/Bangkok',
         return_date = (now() - interval '3 hours 10 minutes') AT TIME ZONE 'Asia/Bangkok'
       WHERE id = $1`,
      [booking.id],
    );
    await db.query(
      `UPDATE condition_reports SET recorded_at = now() - interval '2 days 3 hours' WHERE booking_id = $1`,
      [booking.id],
    );
    await db.close();
    server = await startOwnServer(basePort + 17, settings, 'hand-over', false, server!.dataDir);

    // Staff take the car back: one photo, the mileage; the late hours come from the pricing rules.
    await staff.goto(`/admin/bookings/${booking.id}?lng=th`);
    await card.getByRole('button', { name: ha.start!.return }).click();
    await card
      .getByLabel(ha.photos as string)
      .setInputFiles([{ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo('#3c3') }]);
    await expect(card.getByTestId('photos-sent')).toHaveText(
      (ha.photosSent_other as string).replace('{{count}}', '1'),
    );
    await card.getByLabel(ha.mileage as string).fill('12450');
    await card.getByRole('button', { name: ha.save!.return }).click();
    await expect(card.getByRole('status').filter({ hasText: ha.saved!.return })).toBeVisible();
    await staffContext.close();

    // The customer sees the charge, taken from the deposit, in Thai.
    await me.reload();
    const charges = me.getByTestId('charges');
    await expect(charges).toContainText(`${hb.charge!.late} (4 ชั่วโมง)`);
    await expect(charges).toContainText(hb.chargesTotal as string);
    await expect(me.getByTestId('hand-over').getByTestId('report-return')).toContainText('12,450 km');
    const mine = (
      await (await request.get(`/api/v1/auth/bookings/${booking.id}`, { headers: customer.headers })).json()
    ).response.data;
    expect(mine.charges[0]).toMatchObject({ kind: 'late', hours: 4 });
    expect(mine.deposit).toMatchObject({ state: 'partly_released', kept: mine.chargesTotal });
    await expect(me.getByTestId('deposit')).toContainText('หัก');
    expect(await axeViolations(me, ['wcag2a', 'wcag2aa'])).toEqual([]);
    expect(
      await me.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await customerContext.close();
  });
});

/**
 * The same screens in the other languages, on the suite's own server (no time has to pass): staff
 * record a pickup in Chinese on a desktop, the customer reads it and signs in English on a phone.
 */
test('the pickup recorded in zh (1280 px) and signed in en (390 px)', async ({ browser, request }) => {
  const a = JSON.parse(readFileSync('apps/web/src/locales/zh/admin.json', 'utf8')) as Record<
    string,
    Record<string, never>
  >;
  const b = JSON.parse(readFileSync('apps/web/src/locales/en/booking.json', 'utf8')) as Record<
    string,
    Record<string, never>
  >;
  const ha = a.handOver as unknown as Record<string, Record<string, string> & string>;
  const hb = b.handOver as unknown as Record<string, Record<string, string> & string>;
  const customer = await registerCustomer(request, 'hand-over-en', 'en');
  const booking = await transferBooking(request, customer.headers, 9, customer.email);
  const staffToken = (await (await request.post('/api/v1/auth/login', { data: admin })).json()).token;
  expect(
    (
      await request.post(`/api/v1/admin/bookings/${booking.id}/verify-payment`, {
        headers: { authorization: `Bearer ${staffToken}` },
      })
    ).ok(),
  ).toBe(true);

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await signInAdminBrowser(staff, 'zh');
  await staff.goto(`/admin/bookings/${booking.id}?lng=zh`);
  const card = staff.getByTestId('hand-over-card');
  await card.getByRole('button', { name: ha.start!.pickup }).click();
  await card.getByLabel(ha.photos as string).setInputFiles([
    {
      name: 'side.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 320, height: 200, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer(),
    },
  ]);
  await expect(card.getByTestId('photos-sent')).toHaveText(
    (ha.photosSent_other as string).replace('{{count}}', '1'),
  );
  // From the keyboard: the area, then "add a mark".
  await card.getByLabel(ha.area as string).selectOption('rearRight');
  await card.getByRole('button', { name: ha.addMark as string }).click();
  await expect(card.getByTestId('damage-mark')).toHaveCount(1);
  await card.getByLabel(ha.mileage as string).fill('8800');
  await card.getByRole('button', { name: ha.save!.pickup }).click();
  await expect(card.getByRole('status').filter({ hasText: ha.saved!.pickup })).toBeVisible();
  expect(await axeViolations(staff, ['wcag2a', 'wcag2aa'])).toEqual([]);
  await staffContext.close();

  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const me = await customerContext.newPage();
  await signInBrowser(me, customer);
  await me.goto('/my-bookings?lng=en');
  const handOver = me.getByTestId('hand-over');
  await expect(handOver.getByTestId('report-pickup')).toContainText('8,800 km');
  await expect(handOver.getByTestId('report-pickup')).toContainText(hb.damageType!.scratch!);
  // Signing with an empty box says what to do.
  await handOver.getByRole('button', { name: hb.sign as string }).click();
  await expect(handOver.getByRole('alert')).toHaveText(hb.signFirst as string);
  const pad = handOver.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const p = (await pad.boundingBox())!;
  await me.mouse.move(p.x + 30, p.y + 60);
  await me.mouse.down();
  await me.mouse.move(p.x + 200, p.y + 40, { steps: 8 });
  await me.mouse.up();
  await handOver.getByRole('button', { name: hb.sign as string }).click();
  await expect(handOver.getByTestId('agreement')).toContainText('Malee Suksan');
  expect(await axeViolations(me, ['wcag2a', 'wcag2aa'])).toEqual([]);
  expect(
    await me.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await customerContext.close();
});
