import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
  slipPicture,
  uploadFile,
  uploadSlip,
} from './booking-fixtures.test-helper';

type Actor = 'stranger' | 'owner' | 'manager' | 'driver' | 'staff' | 'admin';
const actors: Actor[] = ['stranger', 'owner', 'manager', 'driver', 'staff', 'admin'];

/** What each actor gets today at a door: the customer's (own only) or staff's (role only). */
const ownerOnly: Record<Actor, number> = {
  stranger: 404,
  owner: 200,
  manager: 404,
  driver: 404,
  staff: 404,
  admin: 404,
};
const staffOnly: Record<Actor, number> = {
  stranger: 403,
  owner: 403,
  manager: 403,
  driver: 403,
  staff: 200,
  admin: 200,
};
/** The monthly invoice lists colleagues' bookings: the company's managers only (decision 1807). */
const managersOnly: Record<Actor, number> = {
  stranger: 404,
  owner: 404,
  manager: 200,
  driver: 404,
  staff: 404,
  admin: 404,
};

/** The first day of the month after the one `date` (YYYY-MM-DD) is in, at 09:00 Bangkok. */
const monthAfter = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return new Date(`${next}-01T02:00:00Z`);
};

/**
 * One ownership check (issue 32, part 3; decision 3203): every route that serves a person's booking,
 * document or file, tried by a stranger, the booking's owner (a driver on a company account who paid
 * by card), a manager and a driver of that company, staff and an admin. The customer's door serves
 * the owner only (a colleague, even a manager, sees no one else's booking); staff's door serves staff
 * and admins; the company's monthly invoice serves its managers. Every document exists before it is
 * asked for, so a 404 means "no access", never "nothing there yet".
 */
describeEachDatabase('who may read a booking, its documents and its files', (ctx) => {
  let app: App;
  let now: Date | undefined;
  const headers = {} as Record<Actor, Record<string, string>>;
  const urls = {} as Record<string, string>;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: { now: () => now ?? new Date() } });
    const staffAccount = demoStaffAccounts.find((a) => a.role === 'staff')!;
    const adminAccount = demoStaffAccounts.find((a) => a.role === 'admin')!;
    headers.staff = await login(app, staffAccount.email, staffAccount.password);
    headers.admin = await login(app, adminAccount.email, adminAccount.password);
    const stranger = await makeCustomer(app);
    const owner = await makeCustomer(app);
    const manager = await makeCustomer(app);
    const driver = await makeCustomer(app);
    headers.stranger = stranger.headers;
    headers.owner = owner.headers;
    headers.manager = manager.headers;
    headers.driver = driver.headers;
    const post = (url: string, payload: object, as: Record<string, string> = headers.admin) =>
      app.inject({ method: 'POST', url: `/api/v1${url}`, headers: as, payload });

    const opened = await post('/admin/companies', {
      buyer: {
        companyName: 'บริษัท ทดสอบสิทธิ์ จำกัด',
        address: '1 ถนนสีลม แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500',
        subDistrictCode: '100402',
        postcode: '10500',
        taxId: '0105558000006',
        branch: '00000',
      },
      billingEmail: 'ap@access-test.co.th',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const companyId = opened.json().response.data.id as number;
    for (const [email, role] of [
      [owner.email, 'driver'],
      [driver.email, 'driver'],
      [manager.email, 'manager'],
    ] as const)
      expect((await post(`/admin/companies/${companyId}/members`, { email, role })).statusCode).toBe(200);

    const car = await makeCar(ctx.database, 4);
    const book = async (as: Record<string, string>, from: number, extra: object) => {
      const res = await createBooking(app, as, {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(from),
        returnDate: daysFromNow(from + 2),
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().response.data.booking.id as number;
    };
    const byCard = {
      paymentMethod: 'card',
      cardToken: goodCardToken,
      taxInvoice: {
        companyName: 'Owner Trading Co., Ltd.',
        address: '2 Sathorn Road, Bangkok 10120',
        subDistrictCode: '102803',
        postcode: '10120',
        taxId: '0105558000006',
        branch: '00000',
      },
    };

    // A: paid by card; a licence picture, the pickup with a photo, the agreement signed.
    const a = await book(headers.owner, 3, byCard);
    const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const licence = await uploadFile(
      app,
      headers.owner,
      `/api/v1/auth/bookings/${a}/licence-pictures`,
      picture,
      'licence.jpg',
      'image/jpeg',
    );
    expect(licence.statusCode, licence.body).toBe(200);
    const photo = await uploadFile(
      app,
      headers.staff,
      `/api/v1/admin/bookings/${a}/condition-reports/pickup/photos`,
      picture,
      'car.jpg',
      'image/jpeg',
    );
    expect(photo.statusCode, photo.body).toBe(200);
    const photoId = photo.json().response.data.id as number;
    const pickup = await post(
      `/admin/bookings/${a}/condition-reports/pickup`,
      { fuelEighths: 8, mileageKm: 15000, photoIds: [photoId], depositMethod: 'cash' },
      headers.staff,
    );
    expect(pickup.statusCode, pickup.body).toBe(200);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 10, 290 60" stroke="#000" stroke-width="4" fill="none"/></svg>`;
    const signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
    const signed = await post(`/auth/bookings/${a}/agreement`, { signature }, headers.owner);
    expect(signed.statusCode, signed.body).toBe(200);
    const [licenceRow] = await ctx.database.query<{ id: number }>(
      'SELECT id FROM licence_pictures WHERE booking_id = $1',
      [a],
    );

    // B: paid by card, its tax invoice issued, then cancelled: a credit note.
    const b = await book(headers.owner, 12, byCard);
    const invoiced = await app.inject({
      url: `/api/v1/auth/bookings/${b}/tax-invoice`,
      headers: headers.owner,
    });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const cancelled = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${b}/cancel`,
      headers: headers.owner,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [note] = await ctx.database.query<{ number: string }>(
      'SELECT number FROM tax_notes WHERE booking_id = $1',
      [b],
    );

    // C: by bank transfer, with its slip.
    const c = await book(headers.owner, 20, { paymentMethod: 'bank_transfer' });
    expect((await uploadSlip(app, headers.owner, c, await slipPicture())).statusCode).toBe(200);
    const [slip] = await ctx.database.query<{ id: number }>(
      'SELECT id FROM payment_slips WHERE booking_id = $1',
      [c],
    );

    // D: a colleague's booking on the company's account; its month ended and invoiced.
    await book(headers.driver, 3, { paymentMethod: 'company_account' });
    now = monthAfter(daysFromNow(3));
    await app.services.companies.issueDue();
    now = undefined;
    const [monthly] = await ctx.database.query<{ number: string }>(
      'SELECT number FROM tax_invoices WHERE company_id = $1',
      [companyId],
    );

    Object.assign(urls, {
      'GET /auth/bookings/:id (the booking)': `/auth/bookings/${a}`,
      'GET /auth/bookings/:id/payment': `/auth/bookings/${c}/payment`,
      'GET /auth/bookings/:id/change/options': `/auth/bookings/${c}/change/options`,
      'GET /auth/bookings/:id/change/waiting': `/auth/bookings/${c}/change/waiting`,
      'GET /auth/bookings/:id/refunds': `/auth/bookings/${c}/refunds`,
      'GET /auth/bookings/:id/deposit-promptpay': `/auth/bookings/${a}/deposit-promptpay`,
      'GET /auth/bookings/:id/receipt': `/auth/bookings/${a}/receipt`,
      'GET /auth/bookings/:id/tax-invoice': `/auth/bookings/${a}/tax-invoice`,
      'GET /auth/bookings/:id/tax-notes/:number': `/auth/bookings/${b}/tax-notes/${note!.number}`,
      'GET /auth/bookings/:id/slips/:slipId': `/auth/bookings/${c}/slips/${slip!.id}`,
      'GET /auth/bookings/:id/licence-pictures/:pictureId': `/auth/bookings/${a}/licence-pictures/${licenceRow!.id}`,
      'GET /auth/bookings/:id/condition-photos/:photoId': `/auth/bookings/${a}/condition-photos/${photoId}`,
      'GET /auth/bookings/:id/agreement': `/auth/bookings/${a}/agreement`,
      'GET /auth/company/invoices/:number': `/auth/company/invoices/${monthly!.number}`,
      'GET /admin/bookings/:id': `/admin/bookings/${a}`,
      'GET /admin/bookings/:id/change/options': `/admin/bookings/${a}/change/options`,
      'GET /admin/bookings/:id/receipt': `/admin/bookings/${a}/receipt`,
      'GET /admin/bookings/:id/tax-invoice': `/admin/bookings/${a}/tax-invoice`,
      'GET /admin/bookings/:id/tax-notes/:number': `/admin/bookings/${b}/tax-notes/${note!.number}`,
      'GET /admin/bookings/:id/slips/:slipId': `/admin/bookings/${c}/slips/${slip!.id}`,
      'GET /admin/bookings/:id/licence-pictures/:pictureId': `/admin/bookings/${a}/licence-pictures/${licenceRow!.id}`,
      'GET /admin/bookings/:id/condition-photos/:photoId': `/admin/bookings/${a}/condition-photos/${photoId}`,
      'GET /admin/bookings/:id/agreement': `/admin/bookings/${a}/agreement`,
      'GET /admin/companies/:id/invoices/:number': `/admin/companies/${companyId}/invoices/${monthly!.number}`,
    });
  });
  afterAll(() => app.close());

  const table: [string, Record<Actor, number>][] = [
    ['GET /auth/bookings/:id (the booking)', ownerOnly],
    ['GET /auth/bookings/:id/payment', ownerOnly],
    ['GET /auth/bookings/:id/change/options', ownerOnly],
    ['GET /auth/bookings/:id/change/waiting', ownerOnly],
    ['GET /auth/bookings/:id/refunds', ownerOnly],
    ['GET /auth/bookings/:id/deposit-promptpay', ownerOnly],
    ['GET /auth/bookings/:id/receipt', ownerOnly],
    ['GET /auth/bookings/:id/tax-invoice', ownerOnly],
    ['GET /auth/bookings/:id/tax-notes/:number', ownerOnly],
    ['GET /auth/bookings/:id/slips/:slipId', ownerOnly],
    ['GET /auth/bookings/:id/licence-pictures/:pictureId', ownerOnly],
    ['GET /auth/bookings/:id/condition-photos/:photoId', ownerOnly],
    ['GET /auth/bookings/:id/agreement', ownerOnly],
    ['GET /auth/company/invoices/:number', managersOnly],
    ['GET /admin/bookings/:id', staffOnly],
    ['GET /admin/bookings/:id/change/options', staffOnly],
    ['GET /admin/bookings/:id/receipt', staffOnly],
    ['GET /admin/bookings/:id/tax-invoice', staffOnly],
    ['GET /admin/bookings/:id/tax-notes/:number', staffOnly],
    ['GET /admin/bookings/:id/slips/:slipId', staffOnly],
    ['GET /admin/bookings/:id/licence-pictures/:pictureId', staffOnly],
    ['GET /admin/bookings/:id/condition-photos/:photoId', staffOnly],
    ['GET /admin/bookings/:id/agreement', staffOnly],
    ['GET /admin/companies/:id/invoices/:number', staffOnly],
  ];

  describe.each(table)('%s', (route, expected) => {
    it.each(actors)('as %s', async (actor) => {
      const res = await app.inject({ url: `/api/v1${urls[route]}`, headers: headers[actor] });
      expect(res.statusCode, `${route} as ${actor}: ${res.body.slice(0, 200)}`).toBe(expected[actor]);
      // A refusal never carries the document.
      if (expected[actor] !== 200) expect(res.headers['content-type']).toMatch(/json/);
    });
  });

  // The table above is only as good as its list: a new route that serves one booking's data or a
  // document, and is not tried here, is a door nobody checked. Read the app's own routes (Fastify's
  // printRoutes tree) and ask that every GET under a booking or a company's invoices is in the table.
  it('tries every GET route that serves one booking or a company invoice', () => {
    const served = routesOf(app.printRoutes({ commonPrefix: false, method: 'GET' })).filter((url) =>
      /^\/api\/v1\/(auth|admin)\/(bookings\/:id|company\/invoices|companies\/:id\/invoices)/.test(url),
    );
    const tried = new Set(table.map(([route]) => route.replace(/ \(.*\)$/, '').replace(/^GET /, '/api/v1')));
    expect(served.filter((url) => !tried.has(url))).toEqual([]);
  });
});

/** The full paths in Fastify's printRoutes tree: each line is its parent's path plus a segment. */
function routesOf(tree: string): string[] {
  const paths: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack.push(path);
    if (m[3]?.split(', ').includes('GET')) paths.push(path);
  }
  return paths;
}
