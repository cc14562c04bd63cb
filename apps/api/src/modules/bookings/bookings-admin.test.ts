import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import {
  daysFromNow,
  driver,
  goodCardToken,
  inspectAtPickup,
  makeCar,
  makeCustomer,
  slipPicture,
} from './booking-fixtures.test-helper';

describeEachDatabase('back office bookings', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    // Every booking here is a fresh customer: more registrations than one address may make by default.
    app = await buildTestApp(ctx.database, { settings: testSettings({ AUTH_MAX_REGISTRATIONS: '500' }) });
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  /** A bank-transfer booking made by a customer through the API, with a slip uploaded. */
  async function transferBooking(
    car: Awaited<ReturnType<typeof makeCar>>,
    offset = 5,
    options: { slip?: boolean } = {},
  ) {
    const customer = await makeCustomer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: customer.headers,
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(offset),
        returnDate: daysFromNow(offset + 2),
        paymentMethod: 'bank_transfer',
        driver: { ...driver, firstName: 'Kanya', lastName: `Test${offset}` },
        acceptTerms: true,
        addons: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json().response.data.booking as { id: number; bookingNumber: string };
    // Each slip names a transfer of its own: one transfer pays for one booking only.
    const slip = await slipPicture();
    if (options.slip !== false)
      await app.services.payments.uploadSlip(customer.userId, booking.id, slip, 'en');
    return { customer, booking, slip };
  }

  /** The first free unit that is not the booking's own. */
  const other = (free: number[]) => free[1]!;
  const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
    app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers, payload: payload as object });
  const get = (url: string, headers: Record<string, string>) =>
    app.inject({ url: `/api/v1/admin${url}`, headers });

  const auditFor = (bookingId: number) =>
    ctx.database.query<{ action: string; actor_email: string; before: unknown; after: unknown }>(
      `SELECT action, actor_email, before, after FROM audit_log WHERE entity = 'booking' AND entity_id = $1 ORDER BY id`,
      [String(bookingId)],
    );
  const mailsTo = async (email: string) => {
    await app.services.mailer.deliverDue();
    const dir = path.join(app.settings.dataDir, 'outbox');
    return readdirSync(dir)
      .filter((f) => f.includes(email.split('@')[0]!))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  };

  it('lists bookings with filters (status, branch, dates, customer, number) and paging', async () => {
    // Four cars: two may be held unpaid on one day (at most half of a model's cars).
    const car = await makeCar(ctx.database, 4);
    const a = await transferBooking(car, 10);
    const b = await transferBooking(car, 12, { slip: false });
    const byBranch = await get(`/bookings?branch=${car.branchCode}`, auth.staff);
    expect(byBranch.statusCode).toBe(200);
    const body = byBranch.json().response;
    expect(body.pagination).toMatchObject({ page: 1, total: 2, total_pages: 1 });
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([b.booking.id, a.booking.id]);
    expect(body.data[1]).toMatchObject({
      bookingNumber: a.booking.bookingNumber,
      status: 'awaiting_payment',
      slipPending: true,
      customerName: 'Kanya Test10',
      paymentMethod: 'bank_transfer',
    });
    const paged = (await get(`/bookings?branch=${car.branchCode}&limit=1&page=2`, auth.staff)).json()
      .response;
    expect(paged.data.map((r: { id: number }) => r.id)).toEqual([a.booking.id]);
    expect(paged.pagination.total_pages).toBe(2);
    const byNumber = (await get(`/bookings?number=${a.booking.bookingNumber}`, auth.staff)).json().response;
    expect(byNumber.data.map((r: { id: number }) => r.id)).toEqual([a.booking.id]);
    const byCustomer = (
      await get(`/bookings?customer=${encodeURIComponent(b.customer.email)}`, auth.staff)
    ).json().response;
    expect(byCustomer.data.map((r: { id: number }) => r.id)).toEqual([b.booking.id]);
    const byDates = (
      await get(
        `/bookings?branch=${car.branchCode}&from=${daysFromNow(11)}&to=${daysFromNow(20)}`,
        auth.staff,
      )
    ).json().response;
    expect(byDates.data.map((r: { id: number }) => r.id)).toEqual([b.booking.id]);
    const none = (await get(`/bookings?branch=${car.branchCode}&status=confirmed`, auth.staff)).json()
      .response;
    expect(none.pagination.total).toBe(0);
    expect((await get(`/bookings?status=bogus`, auth.staff)).statusCode).toBe(400);
  });

  it('shows a booking with its slips; the slip file only to staff, through the admin route', async () => {
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const { booking, slip: png } = await transferBooking(car, 7);
    const detail = (await get(`/bookings/${booking.id}`, auth.staff)).json().response.data;
    expect(detail.booking.bookingNumber).toBe(booking.bookingNumber);
    expect(detail.slips).toHaveLength(1);
    expect(detail.slips[0]).toMatchObject({ status: 'pending', contentType: 'image/png', size: png.length });
    expect(detail.unit.plate).toMatch(/^T/);
    const slipUrl = `/bookings/${booking.id}/slips/${detail.slips[0].id}`;
    const file = await get(slipUrl, auth.staff);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('no-store');
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await get(slipUrl, auth.customer)).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/v1/admin${slipUrl}` })).statusCode).toBe(401);
    // Another booking's slip id is not served under this booking.
    expect(
      (await get(`/bookings/${booking.id}/slips/${detail.slips[0].id + 100000}`, auth.staff)).statusCode,
    ).toBe(404);
    expect((await get(`/bookings/99999999`, auth.staff)).statusCode).toBe(404);
  });

  it('rejects a slip (customer emailed, audited), then verifies the next one: confirmed, emailed, audited', async () => {
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const { booking, customer } = await transferBooking(car, 6);
    const before = (await mailsTo(customer.email)).length;
    expect((await post(`/bookings/${booking.id}/reject-slip`, auth.staff, { reason: '' })).statusCode).toBe(
      400,
    );
    const rejected = await post(`/bookings/${booking.id}/reject-slip`, auth.staff, {
      reason: 'Amount is wrong',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().response.data).toMatchObject({ status: 'awaiting_payment', canUploadSlip: true });
    const afterReject = await mailsTo(customer.email);
    expect(afterReject.length).toBe(before + 1);
    // Nothing left to reject.
    expect(
      (await post(`/bookings/${booking.id}/reject-slip`, auth.staff, { reason: 'again' })).statusCode,
    ).toBe(409);

    await app.services.payments.uploadSlip(customer.userId, booking.id, await slipPicture(), 'en');
    const verified = await post(`/bookings/${booking.id}/verify-payment`, auth.staff);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().response.data).toMatchObject({ status: 'confirmed', paid: true });
    expect((await mailsTo(customer.email)).length).toBe(before + 2);
    // The customer's own history shows it confirmed.
    const mine = await app.inject({ url: '/api/v1/auth/bookings', headers: customer.headers });
    expect(mine.json().response.data.find((b: { id: number }) => b.id === booking.id).status).toBe(
      'confirmed',
    );
    // Twice is a conflict, and nothing is audited for it.
    expect((await post(`/bookings/${booking.id}/verify-payment`, auth.staff)).statusCode).toBe(409);

    const audit = await auditFor(booking.id);
    expect(audit.map((a) => a.action)).toEqual(['booking.slip_rejected', 'booking.payment_verified']);
    expect(audit[0]).toMatchObject({
      actor_email: 'staff@siamdrive.test',
      before: { status: 'awaiting_payment' },
      after: { status: 'awaiting_payment', reason: 'Amount is wrong' },
    });
    expect(audit[1]).toMatchObject({
      before: { status: 'awaiting_payment' },
      after: { status: 'confirmed' },
    });
    const detail = (await get(`/bookings/${booking.id}`, auth.staff)).json().response.data;
    expect(detail.history.map((h: { action: string }) => h.action).sort()).toEqual([
      'booking.payment_verified',
      'booking.slip_rejected',
    ]);
    expect(detail.payments).toEqual([
      expect.objectContaining({ kind: 'charge', status: 'succeeded', method: 'bank_transfer' }),
    ]);
    expect(detail.slips.map((s: { status: string }) => s.status)).toEqual(['rejected', 'accepted']);
  });

  it('hands the car over only through the pickup inspection (another free unit, never a booked one), returns: completed; each step audited', async () => {
    // Four cars: two may be held unpaid on one day (at most half of a model's cars).
    const car = await makeCar(ctx.database, 4);
    const first = await transferBooking(car, 20);
    const second = await transferBooking(car, 20);
    for (const b of [first, second])
      expect((await post(`/bookings/${b.booking.id}/verify-payment`, auth.staff)).statusCode).toBe(200);
    // Not picked up before it is confirmed; returned only when active.
    expect((await post(`/bookings/${first.booking.id}/return`, auth.staff)).statusCode).toBe(409);
    const detail = (await get(`/bookings/${first.booking.id}`, auth.staff)).json().response.data;
    const secondUnit = (await get(`/bookings/${second.booking.id}`, auth.staff)).json().response.data.unit.id;
    // Free units: its own first, then the third and fourth cars; never the one the other booking holds.
    const free = detail.freeUnits.map((u: { id: number }) => u.id);
    expect(free[0]).toBe(detail.unit.id);
    expect(free).toHaveLength(3);
    expect(free).not.toContain(secondUnit);
    // "Picked up" before the inspection: refused, in the staff member's language, and nothing changes.
    for (const [lang, msg] of [
      ['en', 'Do the pickup inspection first: its condition report hands the car over'],
      ['th', 'ตรวจสภาพรถก่อนส่งมอบก่อน: บันทึกสภาพรถตอนรับรถคือการส่งมอบรถ'],
      ['zh', '请先完成取车验车：验车记录保存后即交车'],
    ]) {
      const early = await app.inject({
        method: 'POST',
        url: `/api/v1/admin/bookings/${first.booking.id}/pick-up`,
        headers: { ...auth.staff, 'accept-language': lang! },
        payload: { unitId: other(free) },
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().msg).toBe(msg);
    }
    expect((await get(`/bookings/${first.booking.id}`, auth.staff)).json().response.data.booking.status).toBe(
      'confirmed',
    );
    const clash = await inspectAtPickup(app, auth.staff, first.booking.id, { unitId: secondUnit });
    expect(clash.statusCode).toBe(409);
    const picked = await inspectAtPickup(app, auth.staff, first.booking.id, { unitId: other(free) });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().response.data.status).toBe('active');
    const after = (await get(`/bookings/${first.booking.id}`, auth.staff)).json().response.data;
    expect(after.unit.id).toBe(other(free));
    const returned = await post(`/bookings/${first.booking.id}/return`, auth.staff);
    expect(returned.json().response.data.status).toBe('completed');
    const audit = await auditFor(first.booking.id);
    expect(audit.map((a) => a.action)).toEqual([
      'booking.payment_verified',
      'booking.pickup_report',
      'booking.returned',
    ]);
    expect(audit[1]).toMatchObject({
      before: { status: 'confirmed' },
      after: { status: 'active', unitId: other(free), fuelEighths: 8, mileageKm: 12000 },
    });
    expect(audit[2]).toMatchObject({ before: { status: 'active' }, after: { status: 'completed' } });
    // The refused pickups left nothing in the log.
    expect(audit.filter((a) => a.action === 'booking.pickup_report')).toHaveLength(1);
  });

  it('cancels with a reason: free by default, or with the customer fee rule; car freed; audited', async () => {
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const { booking, customer } = await transferBooking(car, 9);
    expect((await post(`/bookings/${booking.id}/cancel`, auth.staff, {})).statusCode).toBe(400);
    const res = await post(`/bookings/${booking.id}/cancel`, auth.staff, {
      reason: 'Customer phoned to cancel',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Customer phoned to cancel',
      cancellationFee: 0,
    });
    expect((await mailsTo(customer.email)).some((m) => m.includes(booking.bookingNumber))).toBe(true);
    expect((await post(`/bookings/${booking.id}/cancel`, auth.staff, { reason: 'again' })).statusCode).toBe(
      409,
    );
    const audit = await auditFor(booking.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'booking.cancelled',
        before: expect.objectContaining({ status: 'awaiting_payment' }),
        after: expect.objectContaining({
          status: 'cancelled',
          reason: 'Customer phoned to cancel',
          feeApplied: false,
        }),
      }),
    ]);
    // The car is free again: the same dates can be booked, by transfer, and the other car by card.
    await transferBooking(car, 9, { slip: false });
    const payer = await makeCustomer(app);
    const byCard = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: payer.headers,
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(9),
        returnDate: daysFromNow(11),
        paymentMethod: 'card',
        cardToken: goodCardToken,
        driver,
        acceptTerms: true,
        addons: [],
      },
    });
    expect(byCard.statusCode, byCard.body).toBe(200);

    // A paid booking more than 24 hours old, cancelled with the fee rule: 10 % (at least ฿500).
    const paid = await transferBooking(car, 30);
    await post(`/bookings/${paid.booking.id}/verify-payment`, auth.staff);
    await ctx.database.query(`UPDATE bookings SET created_at = now() - interval '3 days' WHERE id = $1`, [
      paid.booking.id,
    ]);
    const withFee = await post(`/bookings/${paid.booking.id}/cancel`, auth.admin, {
      reason: 'No-show policy',
      applyFee: true,
    });
    expect(withFee.statusCode, withFee.body).toBe(200);
    const total = withFee.json().response.data.total as number;
    expect(withFee.json().response.data.cancellationFee).toBe(Math.max(Math.round(total / 10), 50_000));
  });

  it("Today: pickups and returns per branch, awaiting payment with slips, this month's count and revenue", async () => {
    const car = await makeCar(ctx.database, 2);
    const before = (await get('/bookings-today', auth.staff)).json().response.data;
    const { booking } = await transferBooking(car, 1);
    const today = (await get('/bookings-today', auth.staff)).json().response.data;
    expect(today.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(today.awaitingPayment.find((b: { id: number }) => b.id === booking.id)).toMatchObject({
      slipPending: true,
    });
    expect(today.branches.find((b: { code: string }) => b.code === car.branchCode)).toEqual({
      code: car.branchCode,
      pickups: 0,
      returns: 0,
    });
    // Confirmed this month: counted, with its VAT-inclusive total.
    const confirmed = (await post(`/bookings/${booking.id}/verify-payment`, auth.staff)).json().response.data;
    const after = (await get('/bookings-today', auth.staff)).json().response.data;
    expect(after.month.bookings).toBe(before.month.bookings + 1);
    expect(after.month.revenue).toBe(before.month.revenue + confirmed.total);
    // A booking whose pickup is today (moved there by hand: the API refuses past pickups).
    await ctx.database.query(
      `UPDATE bookings SET pickup_date = $2::date, pickup_at = ($2 || 'T09:00:00+07')::timestamptz WHERE id = $1`,
      [booking.id, today.date],
    );
    const moved = (await get('/bookings-today', auth.staff)).json().response.data;
    expect(moved.branches.find((b: { code: string }) => b.code === car.branchCode)).toMatchObject({
      pickups: 1,
    });
    expect(moved.pickups.map((b: { id: number }) => b.id)).toContain(booking.id);
  });

  it('timeline: each unit of a branch with its bookings and maintenance blocks across 14 days', async () => {
    const car = await makeCar(ctx.database, 2);
    const { booking } = await transferBooking(car, 2);
    const detail = (await get(`/bookings/${booking.id}`, auth.staff)).json().response.data;
    const otherUnit = car.unitIds.find((u) => u !== detail.unit.id)!;
    const block = await post(`/units/${otherUnit}/maintenance`, auth.staff, {
      startDate: daysFromNow(4),
      endDate: daysFromNow(5),
      reason: 'Oil change',
    });
    expect(block.statusCode, block.body).toBe(200);
    const res = await get(`/timeline?branch=${car.branchCode}`, auth.staff);
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json().response.data;
    expect(t.days).toHaveLength(14);
    expect(t.days[0]).toBe(daysFromNow(0));
    const booked = t.units.find((u: { id: number }) => u.id === detail.unit.id);
    expect(booked.holds).toEqual([
      expect.objectContaining({
        kind: 'booking',
        bookingNumber: booking.bookingNumber,
        firstDay: daysFromNow(2),
        lastDay: daysFromNow(4),
      }),
    ]);
    const blocked = t.units.find((u: { id: number }) => u.id === otherUnit);
    expect(blocked.holds).toEqual([
      expect.objectContaining({
        kind: 'maintenance',
        firstDay: daysFromNow(4),
        lastDay: daysFromNow(5),
        reason: 'Oil change',
      }),
    ]);
    // A window that starts after both shows nothing.
    const later = (
      await get(`/timeline?branch=${car.branchCode}&from=${daysFromNow(8)}&days=7`, auth.staff)
    ).json().response.data;
    expect(later.units.every((u: { holds: unknown[] }) => u.holds.length === 0)).toBe(true);
  });

  it('walk-in and phone bookings: same prices and holds, idempotent, cash marked paid, audited', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const base = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(3),
      returnDate: daysFromNow(5),
      addons: [{ code: 'gps', quantity: 1 }],
      driver,
    };
    const walkIn = (payload: object, key?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/bookings',
        headers: { ...auth.staff, ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });
    // The customers' own quote: the same price staff get.
    const { driver: _driver, ...quoteBody } = base;
    const quoted = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/quote',
      payload: quoteBody,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json().response.data;
    expect(
      (await walkIn({ ...base, customerEmail: 'nobody-here@example.com', paymentMethod: 'cash' })).statusCode,
    ).toBe(400);
    expect((await walkIn({ ...base, paymentMethod: 'card' })).statusCode).toBe(400);

    const first = await walkIn(
      { ...base, customerEmail: customer.email.toUpperCase(), paymentMethod: 'cash', paid: true },
      'walkin-key-0001',
    );
    expect(first.statusCode, first.body).toBe(200);
    const booking = first.json().response.data;
    expect(booking).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'cash',
      paid: true,
      total: quote.total,
    });
    // The same key again: the same booking, not a second one.
    const again = await walkIn(
      { ...base, customerEmail: customer.email, paymentMethod: 'cash', paid: true },
      'walkin-key-0001',
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().response.data.id).toBe(booking.id);
    // It is the customer's booking: it shows in their history.
    const mine = (await app.inject({ url: '/api/v1/auth/bookings', headers: customer.headers })).json();
    expect(mine.response.data.map((b: { id: number }) => b.id)).toContain(booking.id);
    // The only car is taken: a second walk-in for the same days is refused.
    const clash = await walkIn({ ...base, paymentMethod: 'bank_transfer' }, 'walkin-key-0002');
    expect(clash.statusCode).toBe(409);
    const audit = await auditFor(booking.id);
    expect(audit.map((a) => a.action)).toEqual(['booking.created_by_staff', 'booking.payment_received']);
    expect(audit[1]).toMatchObject({
      before: { status: 'awaiting_payment' },
      after: { status: 'confirmed' },
    });
    const detail = (await get(`/bookings/${booking.id}`, auth.staff)).json().response.data;
    expect(detail.payments).toEqual([
      expect.objectContaining({ method: 'cash', status: 'succeeded', reference: 'cash received by staff' }),
    ]);

    // Driver details only (no account), transfer still to come.
    const car2 = await makeCar(ctx.database, 1);
    const noAccount = await walkIn(
      { ...base, carModelId: car2.carModelId, branchCode: car2.branchCode, paymentMethod: 'bank_transfer' },
      'walkin-key-0003',
    );
    expect(noAccount.statusCode, noAccount.body).toBe(200);
    expect(noAccount.json().response.data).toMatchObject({ status: 'awaiting_payment', paid: false });
    const [row] = await ctx.database.query<{ user_id: number | null }>(
      `SELECT user_id FROM bookings WHERE id = $1`,
      [noAccount.json().response.data.id],
    );
    expect(row!.user_id).toBeNull();
  });

  it('records how the counter was paid: card terminal with its reference, PromptPay, each on the booking and its money trail', async () => {
    const walkIn = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/admin/bookings', headers: auth.staff, payload });
    const made = [];
    for (const [paymentMethod, terminalReference] of [
      ['card_terminal', 'TID 00412 APPR 318845'],
      ['card_terminal', undefined],
      ['promptpay', undefined],
    ] as const) {
      const car = await makeCar(ctx.database, 1);
      const res = await walkIn({
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(3),
        returnDate: daysFromNow(5),
        addons: [{ code: 'gps', quantity: 1 }],
        driver,
        paymentMethod,
        terminalReference,
        paid: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().response.data);
    }
    // Two days at ฿1,000 and a GPS at ฿100 a day: ฿2,200, taken at the counter.
    expect(made.map((b) => [b.status, b.paymentMethod, b.paid, b.total])).toEqual([
      ['confirmed', 'card_terminal', true, 220_000],
      ['confirmed', 'card_terminal', true, 220_000],
      ['confirmed', 'promptpay', true, 220_000],
    ]);
    const trail = [];
    for (const b of made) {
      const detail = (await get(`/bookings/${b.id}`, auth.staff)).json().response.data;
      trail.push(detail.payments.map((p: Record<string, unknown>) => [p.method, p.amount, p.reference]));
    }
    expect(trail).toEqual([
      [['card_terminal', 220_000, 'TID 00412 APPR 318845']],
      [['card_terminal', 220_000, 'card terminal payment received by staff']],
      [['promptpay', 220_000, 'promptpay payment received by staff']],
    ]);
    const audit = await auditFor(made[0].id);
    expect(audit[1]).toMatchObject({
      action: 'booking.payment_received',
      after: { paymentMethod: 'card_terminal', reference: 'TID 00412 APPR 318845' },
    });
    // A card at the gateway is not a counter's way; a reference belongs to a terminal or a QR.
    const car = await makeCar(ctx.database, 1);
    const body = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(3),
      returnDate: daysFromNow(5),
      driver,
    };
    expect((await walkIn({ ...body, paymentMethod: 'card', paid: true })).statusCode).toBe(400);
    const cashWithRef = await walkIn({ ...body, paymentMethod: 'cash', terminalReference: 'X1', paid: true });
    expect(cashWithRef.statusCode).toBe(400);
    expect(cashWithRef.json().errors[0].path).toBe('terminalReference');
  });
});

describeEachDatabase('back office walk-in bookings starting today', (ctx) => {
  // The clock stands at 14:00 in Bangkok on a day of our own (a month ahead, so
  // no other booking is near): the counter is open, 09:00 has passed.
  const today = daysFromNow(30);
  const clock = { now: () => new Date(`${today}T14:00:00+07:00`) };
  const dayAfter = (date: string, n: number) =>
    new Date(new Date(`${date}T12:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock });
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  it('lets staff book a walk-in from today after 09:00, keeps customers to their rules and refuses a double booking', async () => {
    const car = await makeCar(ctx.database, 1);
    const base = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: today,
      returnDate: dayAfter(today, 2),
      addons: [],
      driver,
    };
    const walkIn = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/admin/bookings', headers: auth.staff, payload });

    // A customer online cannot start today once 09:00 has passed: unchanged.
    const customer = await makeCustomer(app);
    const online = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: customer.headers,
      payload: { ...base, paymentMethod: 'bank_transfer', acceptTerms: true },
    });
    expect(online.statusCode).toBe(400);
    expect(online.json().errors[0]).toMatchObject({
      path: 'pickupDate',
      message: 'The pickup date has passed',
    });

    // Staff at the counter at 14:00: the customer rents now.
    const counter = await walkIn({ ...base, paymentMethod: 'cash', paid: true });
    expect(counter.statusCode, counter.body).toBe(200);
    expect(counter.json().response.data).toMatchObject({ status: 'confirmed', pickupDate: today });

    // The only car is taken from today: a second walk-in is refused by the unit holds.
    const second = await walkIn({ ...base, paymentMethod: 'cash' });
    expect(second.statusCode).toBe(409);

    // Yesterday is still the past, for staff too.
    const car2 = await makeCar(ctx.database, 1);
    const yesterday = await walkIn({
      ...base,
      carModelId: car2.carModelId,
      branchCode: car2.branchCode,
      pickupDate: dayAfter(today, -1),
      paymentMethod: 'cash',
    });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().errors[0]).toMatchObject({ path: 'pickupDate' });
  });
});
