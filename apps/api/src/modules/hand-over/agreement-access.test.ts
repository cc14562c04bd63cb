import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
  uploadFile,
} from '../bookings/booking-fixtures.test-helper';

/**
 * The signed rental agreement is for staff and the booking's own customer only (issue 32, part 1).
 * A stranger is tried AFTER the agreement exists: before, every answer is "not found" anyway, so a
 * missing owner check would pass unseen.
 */
describeEachDatabase('the signed agreement: who may read it', (ctx) => {
  let app: App;
  let staff: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    const account = demoStaffAccounts.find((a) => a.role === 'staff')!;
    staff = await login(app, account.email, account.password);
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object, headers: Record<string, string> = staff) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });

  it('gives the signed agreement to the booking’s customer and staff, and “not found” to another customer', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(5),
      returnDate: daysFromNow(7),
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(made.statusCode, made.body).toBe(200);
    const bookingId = made.json().response.data.booking.id as number;

    // The pickup (a photo is required), then the customer signs on their own phone.
    const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
    const photo = await uploadFile(
      app,
      staff,
      `/api/v1/admin/bookings/${bookingId}/condition-reports/pickup/photos`,
      picture,
      'car.jpg',
      'image/jpeg',
    );
    expect(photo.statusCode, photo.body).toBe(200);
    const pickup = await post(`/admin/bookings/${bookingId}/condition-reports/pickup`, {
      fuelEighths: 8,
      mileageKm: 15000,
      photoIds: [photo.json().response.data.id],
      depositMethod: 'cash',
    });
    expect(pickup.statusCode, pickup.body).toBe(200);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 10, 290 60" stroke="#000" stroke-width="4" fill="none"/></svg>`;
    const signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
    const signed = await post(`/auth/bookings/${bookingId}/agreement`, { signature }, customer.headers);
    expect(signed.statusCode, signed.body).toBe(200);

    // Now that it exists: the owner and staff read it, another signed-in customer does not.
    const own = await app.inject({
      url: `/api/v1/auth/bookings/${bookingId}/agreement`,
      headers: customer.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const byStaff = await app.inject({
      url: `/api/v1/admin/bookings/${bookingId}/agreement`,
      headers: staff,
    });
    expect(byStaff.statusCode).toBe(200);
    const stranger = await makeCustomer(app);
    const theirs = await app.inject({
      url: `/api/v1/auth/bookings/${bookingId}/agreement`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['content-type']).not.toBe('application/pdf');
    // A customer is not staff: the staff route refuses them.
    const staffRoute = await app.inject({
      url: `/api/v1/admin/bookings/${bookingId}/agreement`,
      headers: stranger.headers,
    });
    expect(staffRoute.statusCode).toBe(403);
    expect((await app.inject({ url: `/api/v1/auth/bookings/${bookingId}/agreement` })).statusCode).toBe(401);
  });
});
