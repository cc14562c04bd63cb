import { expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import type { App } from '../../app';
import { insertBooking } from '../../../test/booking-fixtures';

async function signUp(app: App, email: string, firstName: string, lastName: string) {
  const register = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { email, password: 'secret-123', firstName, lastName, phone: '0812345678' },
  });
  expect(register.statusCode).toBe(200);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'secret-123' },
  });
  const { token, user } = login.json();
  return { token: token as string, id: user.id as number };
}

describeEachDatabase('reviews and coupons', (ctx) => {
  it('takes one review per eligible booking, gives a coupon, and publishes it only after approval', async () => {
    const app = await buildTestApp(ctx.database);
    const customer = await signUp(app, 'ploy@example.com', 'Ploy', 'Srisuk');
    const other = await signUp(app, 'other@example.com', 'Other', 'Person');
    const staff = await signUp(app, 'staff@example.com', 'Staff', 'Member');
    await ctx.database.query("UPDATE users SET role = 'staff' WHERE id = $1", [staff.id]);
    const completed = await insertBooking(ctx.database, { userId: customer.id, status: 'completed' });
    const completed2 = await insertBooking(ctx.database, { userId: customer.id, status: 'completed' });
    const notPickedUp = await insertBooking(ctx.database, { userId: customer.id, status: 'confirmed' });
    const othersBooking = await insertBooking(ctx.database, { userId: other.id, status: 'completed' });

    const review = (
      token: string,
      bookingId: number,
      payload: object = { rating: 5, text: 'Clean car, quick pickup at Don Mueang.' },
    ) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/auth/bookings/${bookingId}/review?lng=en`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });

    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/auth/bookings/${completed.id}/review`,
          payload: { rating: 5, text: 'x'.repeat(20) },
        })
      ).statusCode,
    ).toBe(401);

    const created = await review(customer.token, completed.id);
    expect(created.statusCode).toBe(200);
    const data = created.json().response.data;
    expect(data).toMatchObject({ bookingId: completed.id, rating: 5, status: 'pending' });
    expect(data.coupon.code).toMatch(/^THANKS-[0-9A-F]{10}$/);
    expect(data.coupon.description).toContain('10%');

    expect((await review(customer.token, completed.id)).statusCode).toBe(409); // once per booking
    expect((await review(customer.token, notPickedUp.id)).statusCode).toBe(409); // not picked up yet
    expect((await review(customer.token, othersBooking.id)).statusCode).toBe(404); // not theirs
    expect((await review(other.token, completed2.id)).statusCode).toBe(404); // not theirs either
    const bad = await review(customer.token, completed2.id, { rating: 6, text: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['rating', 'text']);

    const mine = await app.inject({
      url: '/api/v1/auth/reviews',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(mine.json().response.data).toHaveLength(1);
    expect(mine.json().response.data[0].coupon.code).toBe(data.coupon.code);

    // The coupon is a real promotion code, for this customer only.
    const validate = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/guest/promotions/validate',
        headers: { authorization: `Bearer ${token}` },
        payload: { code: data.coupon.code },
      });
    expect((await validate(customer.token)).statusCode).toBe(200);
    expect((await validate(other.token)).statusCode).toBe(400);

    const published = () =>
      ctx.database.query<{ name: string; rating: number; text: { en: string } }>(
        'SELECT name, rating, text FROM testimonials WHERE review_id = $1 AND is_published',
        [data.id],
      );
    expect(await published()).toHaveLength(0);

    const asCustomer = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/reviews/${data.id}/approve`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(asCustomer.statusCode).toBe(403);

    const list = await app.inject({
      url: '/api/v1/admin/reviews?status=pending',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(list.json().response.data.map((r: { id: number }) => r.id)).toContain(data.id);
    expect(list.json().response.data[0]).toMatchObject({
      customerName: 'Ploy Srisuk',
      customerEmail: 'ploy@example.com',
    });

    const approve = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/reviews/${data.id}/approve`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(approve.statusCode).toBe(200);
    expect(await published()).toEqual([
      {
        name: 'Ploy S.',
        rating: 5,
        text: {
          th: expect.any(String),
          en: 'Clean car, quick pickup at Don Mueang.',
          zh: expect.any(String),
        },
      },
    ]);

    // Approving twice does not publish twice; rejecting withdraws it.
    await app.inject({
      method: 'POST',
      url: `/api/v1/admin/reviews/${data.id}/approve`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(await published()).toHaveLength(1);
    const reject = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/reviews/${data.id}/reject`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(reject.statusCode).toBe(200);
    expect(await published()).toHaveLength(0);
    // Each moderation is in the audit log: who, what, before and after.
    const audit = await ctx.database.query<{
      action: string;
      actor_email: string;
      before: { status: string };
      after: { status: string; reviewedBy: number };
    }>(
      "SELECT action, actor_email, before, after FROM audit_log WHERE entity = 'review' AND entity_id = $1 ORDER BY id",
      [String(data.id)],
    );
    expect(audit.map((e) => [e.action, e.actor_email, e.before.status, e.after.status])).toEqual([
      ['review.approve', 'staff@example.com', 'pending', 'approved'],
      ['review.approve', 'staff@example.com', 'approved', 'approved'],
      ['review.reject', 'staff@example.com', 'approved', 'rejected'],
    ]);
    expect(audit[0]!.after.reviewedBy).toBe(staff.id);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/admin/reviews/999999/approve',
          headers: { authorization: `Bearer ${staff.token}` },
        })
      ).statusCode,
    ).toBe(404);
    await app.close();
  });

  it("puts the customer's reviews in their data export and removes them on erasure", async () => {
    const app = await buildTestApp(ctx.database);
    const customer = await signUp(app, 'pdpa@example.com', 'Pim', 'Data');
    const booking = await insertBooking(ctx.database, { userId: customer.id, status: 'active' });
    const created = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/bookings/${booking.id}/review`,
      headers: { authorization: `Bearer ${customer.token}` },
      payload: { rating: 4, text: 'Friendly staff at Hat Yai.' },
    });
    expect(created.statusCode).toBe(200);
    const exported = (await app.services.account.exportData(customer.id)) as unknown as Record<
      string,
      unknown
    >;
    expect(exported.reviews).toEqual([
      expect.objectContaining({ bookingId: booking.id, text: 'Friendly staff at Hat Yai.' }),
    ]);
    await app.services.reviews.accountData().erase(customer.id);
    const left = await ctx.database.query('SELECT 1 FROM reviews WHERE user_id = $1', [customer.id]);
    expect(left).toHaveLength(0);
    await app.close();
  });
});
