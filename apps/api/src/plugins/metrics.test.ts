import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { buildTestApp, testSettings } from '../../test/app';
import { createTestDatabase } from '../../test/databases';
import type { Database } from '../db/client';
import {
  createBooking,
  daysFromNow,
  driver,
  goodCardToken,
  makeCar,
  makeCustomer,
} from '../modules/bookings/booking-fixtures.test-helper';

const TOKEN = 'a-metrics-token-for-the-tests';

/** A counter's value from Prometheus's text format, by name and labels. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('Prometheus metrics (issue 15)', () => {
  let database: Database;
  let app: App;
  let open: App;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { settings: testSettings({ METRICS_TOKEN: TOKEN }) });
    open = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await open.close();
    await database.close();
  });

  const scrape = async () => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('are not public: no address without a token setting, 401 without the token', async () => {
    expect((await open.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode,
    ).toBe(401);
  });

  it('count bookings, card payments by outcome and request latency by route pattern', async () => {
    const before = await scrape();
    const car = await makeCar(database, 1);
    const customer = await makeCustomer(app);
    const paid = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(42),
      paymentMethod: 'card',
      cardToken: goodCardToken,
      driver,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await app.inject({ url: `/api/v1/guest/cars/${car.carModelId}` });

    const after = await scrape();
    const created = { payment_method: 'card', channel: 'online' };
    expect(sample(after, 'siam_bookings_created_total', created)).toBe(
      sample(before, 'siam_bookings_created_total', created) + 1,
    );
    const cardPaid = { method: 'card', outcome: 'paid' };
    expect(sample(after, 'siam_payments_total', cardPaid)).toBe(
      sample(before, 'siam_payments_total', cardPaid) + 1,
    );
    expect(after).toMatch(
      /siam_http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/guest\/cars\/:id"/,
    );
    // Addresses with ids never become labels.
    expect(after).not.toContain(`/api/v1/guest/cars/${car.carModelId}"`);
    expect(after).toContain('siam_process_resident_memory_bytes');
  });
});
