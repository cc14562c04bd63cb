import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { pdfText } from '../../../test/pdf-text';
import { daysFromNow, driver, makeCar, makeCustomer } from '../bookings/booking-fixtures.test-helper';

/**
 * A walk-in's receipt (issue 36 part 6, decision 3660): printed by staff from the booking right after
 * the counter payment, naming the card terminal and its slip's reference; mailed with a signed link
 * when the walk-in gave an email (none otherwise: the page says to print it); readable only by staff
 * and the booking's own customer.
 */
describeEachDatabase('a walk-in’s receipt', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { settings: testSettings({ AUTH_MAX_REGISTRATIONS: '50' }) });
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const walkIn = async (extra: Record<string, unknown>) => {
    const car = await makeCar(ctx.database, 1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/bookings',
      headers: auth.staff,
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(3),
        returnDate: daysFromNow(5),
        addons: [{ code: 'gps', quantity: 1 }],
        paymentMethod: 'card_terminal',
        terminalReference: 'TID 00412 APPR 318845',
        paid: true,
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response.data as { id: number; bookingNumber: string };
  };
  const mails = async (needle: string) => {
    await app.services.mailer.deliverDue();
    const dir = path.join(app.settings.dataDir, 'outbox');
    return readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .filter((m) => m.includes(needle));
  };
  /** The words of a PDF, white space folded (pdftotext lays rows out in columns). */
  const words = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

  it('is printed by staff with the card terminal and its reference, and mailed with a link that opens only it', async () => {
    const email = `walkin-${Date.now()}@example.com`;
    const b = await walkIn({ driver: { ...driver, email } });
    const res = await app.inject({
      url: `/api/v1/admin/bookings/${b.id}/receipt?lng=en`,
      headers: auth.staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = words(res.rawPayload);
    // Two days at ฿1,000 and a GPS at ฿100 a day: ฿2,200, all taken on the card terminal.
    expect(text).toContain('Total THB 2,200.00');
    expect(text).toMatch(/Card terminal at the counter \d{4}-\d\d-\d\d \d\d:\d\d UTC THB 2,200\.00/);
    expect(text).toContain('Reference: TID 00412 APPR 318845');

    // The booking page says where it went; the mail carries the link, and the link opens this receipt.
    const detail = (await app.inject({ url: `/api/v1/admin/bookings/${b.id}`, headers: auth.staff })).json()
      .response.data;
    expect(detail.mailedTo).toBe(email);
    const [mail] = await mails(`Your receipt for booking ${b.bookingNumber}`);
    expect(mail).toBeDefined();
    const link = /\/api\/v1\/guest\/receipts\/([A-Za-z0-9_.=-]+)/.exec(mail!.replace(/=\r?\n/g, ''))!;
    const byLink = await app.inject({ url: `${link[0]}?lng=en` });
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(words(byLink.rawPayload)).toContain(b.bookingNumber);
    // An altered link opens nothing.
    const altered = link[1]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await app.inject({ url: `/api/v1/guest/receipts/${altered}` })).statusCode).toBe(404);
  });

  it('with no email given: no mail, and the booking page is told so (print it)', async () => {
    const b = await walkIn({ driver: { ...driver, email: '' }, terminalReference: 'TID 7 APPR 1' });
    const detail = (await app.inject({ url: `/api/v1/admin/bookings/${b.id}`, headers: auth.staff })).json()
      .response.data;
    expect(detail.mailedTo).toBeNull();
    expect(detail.booking.driver.email).toBe('');
    expect(await mails(b.bookingNumber)).toEqual([]);
    const res = await app.inject({
      url: `/api/v1/admin/bookings/${b.id}/receipt?lng=th`,
      headers: auth.staff,
    });
    expect(res.statusCode).toBe(200);
    expect(words(res.rawPayload)).toContain('TID 7 APPR 1');
  });

  it('is the booking’s own customer’s too, and no one else’s: another customer gets 404, a customer at staff’s door 403', async () => {
    const owner = await makeCustomer(app);
    const stranger = await makeCustomer(app);
    const b = await walkIn({ customerEmail: owner.email, driver });
    const at = (url: string, headers: Record<string, string>) =>
      app.inject({ url: `/api/v1${url}`, headers }).then((r) => r.statusCode);
    expect(await at(`/auth/bookings/${b.id}/receipt`, owner.headers)).toBe(200);
    expect(await at(`/auth/bookings/${b.id}/receipt`, stranger.headers)).toBe(404);
    expect(await at(`/admin/bookings/${b.id}/receipt`, owner.headers)).toBe(403);
    expect(await at(`/admin/bookings/${b.id}/receipt`, auth.staff)).toBe(200);
  });
});
