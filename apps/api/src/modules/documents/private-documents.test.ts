import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { login } from '../../../test/admin-helpers';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
  slipPicture,
  uploadSlip,
} from '../bookings/booking-fixtures.test-helper';

/**
 * Slips, receipts and exports are personal: only their owner and staff read
 * them, through the API, and no cache keeps them (issue 13, "Private documents").
 */
describeEachDatabase('private documents', (ctx) => {
  let app: App;
  const adminHeaders = () => login(app, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app.close();
  });

  const transferBooking = async () => {
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const owner = await makeCustomer(app);
    const res = await createBooking(app, owner.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(20),
      returnDate: daysFromNow(22),
      paymentMethod: 'bank_transfer',
    });
    expect(res.statusCode, res.body).toBe(200);
    return { owner, bookingId: res.json().response.data.booking.id as number };
  };

  it('a slip is never a public file: its storage path answers 404 to anyone', async () => {
    const { owner, bookingId } = await transferBooking();
    expect((await uploadSlip(app, owner.headers, bookingId, await slipPicture())).statusCode).toBe(200);
    const [slip] = await ctx.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM payment_slips WHERE booking_id = $1',
      [bookingId],
    );
    for (const url of [`/uploads/slips/${slip!.storage_key}`, `/uploads/${slip!.storage_key}`]) {
      for (const headers of [{}, owner.headers]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).not.toMatch(/image/);
      }
    }
  });

  it('the owner and staff read a slip through the API, private and never cached; others get 404/401/403', async () => {
    const { owner, bookingId } = await transferBooking();
    expect((await uploadSlip(app, owner.headers, bookingId, await slipPicture())).statusCode).toBe(200);
    const [slip] = await ctx.database.query<{ id: number }>(
      'SELECT id FROM payment_slips WHERE booking_id = $1',
      [bookingId],
    );
    const own = `/api/v1/auth/bookings/${bookingId}/slips/${slip!.id}`;
    const mine = await app.inject({ method: 'GET', url: own, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const stranger = await makeCustomer(app);
    expect((await app.inject({ method: 'GET', url: own, headers: stranger.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: own })).statusCode).toBe(401);

    const staffUrl = `/api/v1/admin/bookings/${bookingId}/slips/${slip!.id}`;
    const staff = await app.inject({ method: 'GET', url: staffUrl, headers: await adminHeaders() });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ method: 'GET', url: staffUrl, headers: owner.headers })).statusCode).toBe(403);
  });

  it('receipts and personal exports are private and never cached', async () => {
    // A receipt is for a paid booking (decision 3103): paid by card at once.
    const car = await makeCar(ctx.database, 1);
    const owner = await makeCustomer(app);
    const paid = await createBooking(app, owner.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(20),
      returnDate: daysFromNow(22),
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const bookingId = paid.json().response.data.booking.id as number;
    const receipt = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/bookings/${bookingId}/receipt`,
      headers: owner.headers,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['cache-control']).toBe('private, no-store');
    const exported = await app.inject({ method: 'GET', url: '/api/v1/auth/export', headers: owner.headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['cache-control']).toBe('private, no-store');
    const csv = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/newsletter/subscribers.csv',
      headers: await adminHeaders(),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('private, no-store');
  });

  it('car pictures stay public and cacheable', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/cars/does-not-exist.webp' });
    expect(res.statusCode).toBe(404);
  });
});
