import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { buildTestApp } from '../../../test/app';
import { insertBooking } from '../../../test/booking-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import { BookingsAdminRepository } from './bookings-admin.repository';
import { BookingsRepository } from './bookings.repository';
import { createBooking, daysFromNow, makeCar, makeCustomer } from './booking-fixtures.test-helper';

/**
 * A database handle that counts the statements sent through it (every raw statement of the read
 * model goes through `execute`). Not a stand-in: each statement still runs on the real database.
 */
function counting(db: Db) {
  const count = { n: 0 };
  const handle = new Proxy(db, {
    get(target, prop) {
      if (prop === 'execute')
        return (query: Parameters<Db['execute']>[0]) => {
          count.n += 1;
          return target.execute(query);
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { handle, count };
}

/**
 * The booking's read model reads payments', documents' and the hand-over's facts through the views
 * they publish (docs/decisions/3306), still in one statement for a whole list: My bookings and the
 * staff list are one query however many bookings they show.
 */
describeEachDatabase('booking read model', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  it('shows slips, payments, documents and hand-over facts of many bookings in one statement each', async () => {
    const customer = await makeCustomer(app);
    const car = await makeCar(ctx.database, 1);
    const [unit] = await ctx.database.query<{ id: number }>(
      'SELECT id FROM vehicle_units WHERE car_model_id = $1',
      [car.carModelId],
    );
    const waiting = await insertBooking(ctx.database, {
      userId: customer.userId,
      status: 'awaiting_payment',
      unitId: unit!.id,
    });
    const returned = await insertBooking(ctx.database, {
      userId: customer.userId,
      status: 'completed',
      unitId: unit!.id,
    });
    const plain = await insertBooking(ctx.database, {
      userId: customer.userId,
      status: 'confirmed',
      unitId: unit!.id,
    });
    // Payments' rows: a slip waiting and one refused; a card charge; a deposit's refund (never the booking's).
    await ctx.database.query(
      `INSERT INTO payment_slips (booking_id, storage_key, content_type, size_bytes, status)
       VALUES ($1, 'k1', 'image/png', 10, 'rejected'), ($1, 'k2', 'image/png', 10, 'pending')`,
      [waiting.id],
    );
    // A slip refused and none waiting: nothing for staff to look at.
    await ctx.database.query(
      `INSERT INTO payment_slips (booking_id, storage_key, content_type, size_bytes, status)
       VALUES ($1, 'k3', 'image/png', 10, 'rejected')`,
      [plain.id],
    );
    await ctx.database.query(
      `INSERT INTO payments (booking_id, method, kind, status, amount, for_deposit)
       VALUES ($1, 'card', 'charge', 'succeeded', 1234.50, false), ($1, 'promptpay', 'refund', 'succeeded', 300, true)`,
      [returned.id],
    );
    // The hand-over's rows: the return's report, a cleaning charge, the signed agreement.
    await ctx.database.query(
      `INSERT INTO condition_reports (booking_id, kind, fuel_eighths, mileage_km, photo_ids)
       VALUES ($1, 'return', 6, 12345, '{}')`,
      [returned.id],
    );
    await ctx.database.query(
      `INSERT INTO booking_charges (booking_id, kind, amount, note) VALUES ($1, 'cleaning', 700, 'sand')`,
      [returned.id],
    );
    await ctx.database.query(
      `INSERT INTO rental_agreements (booking_id, storage_key, sha256, signer_name) VALUES ($1, 'a', $2, 'Somchai Jaidee')`,
      [returned.id, 'a'.repeat(64)],
    );
    // Documents' row: the booking's full tax invoice.
    await ctx.database.query(
      `INSERT INTO tax_invoices (booking_id, branch_code, number, seller, buyer, lines, net_amount, vat_amount, total_amount)
       VALUES ($1, $2, 'INV-RM-1', '{}', '{}', '[]', 1869.16, 130.84, 2000)`,
      [returned.id, car.branchCode],
    );

    const { handle, count } = counting(ctx.database.db);
    const list = await new BookingsRepository(ctx.database.db).listForUser(handle, customer.userId);
    expect(count.n).toBe(1);
    const byId = new Map(list.map((row) => [row.id, row]));
    expect(byId.get(waiting.id)).toMatchObject({
      slip_pending: true,
      slip_count: 2,
      gateway_pending: false,
      tax_invoice_number: null,
      condition_reports: [],
      charges: [],
      agreement: null,
    });
    expect(byId.get(returned.id)).toMatchObject({
      slip_pending: false,
      slip_count: 0,
      tax_invoice_number: 'INV-RM-1',
      tax_notes: [],
      condition_reports: [expect.objectContaining({ kind: 'return', fuel_eighths: 6, mileage_km: 12345 })],
      charges: [{ kind: 'cleaning', amount: 70_000, note: 'sand', hours: null }],
      agreement: expect.objectContaining({ signer_name: 'Somchai Jaidee' }),
    });
    expect(byId.get(plain.id)).toMatchObject({ slip_pending: false, slip_count: 1, charges: [] });

    // A booking's own payments leave the deposit's refund out (payments' booking_payments view).
    const paid = await new BookingsRepository(ctx.database.db).payments(ctx.database.db, returned.id);
    expect(paid.map((p) => [p.kind, p.amount])).toEqual([['charge', 123_450]]);

    // The staff list: its count and its page, two statements whatever the page's length.
    const staff = counting(ctx.database.db);
    const page = await new BookingsAdminRepository(staff.handle).list({ customer: customer.email }, 50, 0);
    expect(staff.count.n).toBe(2);
    expect(page.total).toBe(3);
    expect(page.rows.find((r) => r.id === waiting.id)?.slip_pending).toBe(true);
    expect(page.rows.find((r) => r.id === returned.id)?.slip_pending).toBe(false);
    expect(page.rows.find((r) => r.id === plain.id)?.slip_pending).toBe(false);
    // Awaiting payment, slips first: one statement.
    const awaiting = counting(ctx.database.db);
    const due = await new BookingsAdminRepository(awaiting.handle).awaitingPayment();
    expect(awaiting.count.n).toBe(1);
    expect(due.find((r) => r.id === waiting.id)?.slip_pending).toBe(true);
  });

  it('gives a code’s use back when its unpaid booking expires, in the same transaction', async () => {
    await ctx.database.query(
      `INSERT INTO promotion_codes (code, kind, value, max_uses) VALUES ('ONCE7', 'percent', 7, 1)`,
    );
    const car = await makeCar(ctx.database, 2);
    const trip = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(42),
      paymentMethod: 'bank_transfer',
      promoCode: 'ONCE7',
    };
    const first = await makeCustomer(app);
    const made = await createBooking(app, first.headers, trip);
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    const uses = async () =>
      (
        await ctx.database.query<{ uses_count: number; recorded: number }>(
          `SELECT p.uses_count, (SELECT count(*)::int FROM promotion_uses u WHERE u.promotion_id = p.id) AS recorded
           FROM promotion_codes p WHERE p.code = 'ONCE7'`,
        )
      )[0];
    expect(await uses()).toEqual({ uses_count: 1, recorded: 1 });
    // Used up: a second customer is refused the code.
    const second = await makeCustomer(app);
    expect((await createBooking(app, second.headers, trip)).statusCode).toBe(400);

    const due = new Date(booking.payBy).getTime();
    expect(await app.services.bookings.expireUnpaid(new Date(due + 60_000))).toContain(booking.id);
    expect(await uses()).toEqual({ uses_count: 0, recorded: 0 });
    // The use given back is there to take.
    const again = await createBooking(app, second.headers, trip);
    expect(again.statusCode, again.body).toBe(200);
    expect(await uses()).toEqual({ uses_count: 1, recorded: 1 });
  });
});
