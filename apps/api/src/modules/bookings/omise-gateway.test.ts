import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { daysFromNow, driver, goodCard, makeCar, makeCustomer } from './booking-fixtures.test-helper';

/**
 * A local stand-in that speaks the part of Omise's HTTP API the adapter uses:
 * POST /tokens on the vault (public key), POST /charges and /charges/:id/refunds
 * on the API (secret key), form-encoded, Basic auth with the key as user name.
 */
function omiseStandIn() {
  const seen: { path: string; auth: string; form: URLSearchParams; idempotencyKey?: string }[] = [];
  const tokens = new Map<string, string>();
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => resolve(body));
    });
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await read(req));
    const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    seen.push({
      path: req.url ?? '',
      auth,
      form,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/tokens') {
      if (auth !== 'pkey_test_123:')
        return res.writeHead(401).end(JSON.stringify({ object: 'error', code: 'authentication_failure' }));
      const id = `tokn_test_${tokens.size + 1}`;
      tokens.set(id, form.get('card[number]') ?? '');
      return res.end(
        JSON.stringify({ object: 'token', id, card: { last_digits: form.get('card[number]')?.slice(-4) } }),
      );
    }
    if (req.url === '/charges') {
      if (auth !== 'skey_test_456:')
        return res.writeHead(401).end(JSON.stringify({ object: 'error', code: 'authentication_failure' }));
      const number = tokens.get(form.get('card') ?? '');
      const failed = number === '4000000000000002';
      return res.end(
        JSON.stringify({
          object: 'charge',
          id: `chrg_test_${seen.length}`,
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: failed ? 'failed' : 'successful',
          failure_code: failed ? 'payment_rejected' : null,
        }),
      );
    }
    if (/^\/charges\/[^/]+\/refunds$/.test(req.url ?? ''))
      return res.end(
        JSON.stringify({
          object: 'refund',
          id: `rfnd_test_${seen.length}`,
          amount: Number(form.get('amount')),
        }),
      );
    res.writeHead(404).end('{}');
  });
  return { server, seen };
}

describeEachDatabase('the Omise adapter against a local stand-in', (ctx) => {
  let app: App;
  let standIn: ReturnType<typeof omiseStandIn>;
  beforeAll(async () => {
    standIn = omiseStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    app = await buildTestApp(ctx.database, {
      settings: testSettings({
        OMISE_PUBLIC_KEY: 'pkey_test_123',
        OMISE_SECRET_KEY: 'skey_test_456',
        OMISE_API_URL: url,
        OMISE_VAULT_URL: url,
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    (standIn.server as Server).closeAllConnections();
    await new Promise<void>((resolve) => (standIn.server as Server).close(() => resolve()));
  });

  it('is chosen by its keys and charges the exact amount through a token', async () => {
    const gateway = await app.inject({ method: 'GET', url: '/api/v1/guest/payment-gateway' });
    expect(gateway.json().response.data).toEqual({ name: 'omise', sandbox: true });
    const car = await makeCar(ctx.database, 1, { price: '1234.50' });
    const customer = await makeCustomer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: { ...customer.headers, 'idempotency-key': 'omise-test-1' },
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(5),
        returnDate: daysFromNow(7),
        paymentMethod: 'card',
        card: goodCard,
        driver,
        acceptTerms: true,
        addons: [],
      },
    });
    expect(res.statusCode).toBe(200);
    const booking = res.json().response.data.booking;
    expect(booking).toMatchObject({ status: 'confirmed', total: 246_900 });
    expect(booking.payment.reference).toMatch(/^chrg_test_/);
    const token = standIn.seen.find((s) => s.path === '/tokens')!;
    expect(token.form.get('card[number]')).toBe('4242424242424242');
    expect(token.form.get('card[expiration_year]')).toBe('2030');
    const charge = standIn.seen.find((s) => s.path === '/charges')!;
    expect(charge.form.get('amount')).toBe('246900');
    expect(charge.form.get('currency')).toBe('thb');
    expect(charge.form.get('card')).toMatch(/^tokn_test_/);
    expect(charge.form.has('card[number]')).toBe(false);
    expect(charge.idempotencyKey).toBeTruthy();

    // Cancelled within 24 hours: the full amount goes back through Omise.
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/v1/auth/bookings/${booking.id}/cancel`,
      headers: customer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const refund = standIn.seen.find((s) => s.path.endsWith('/refunds'))!;
    expect(refund.path).toBe(`/charges/${booking.payment.reference}/refunds`);
    expect(refund.form.get('amount')).toBe('246900');
  });

  it('turns a failed Omise charge into a 402 and frees the car', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const payload = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(5),
      returnDate: daysFromNow(6),
      paymentMethod: 'card',
      driver,
      acceptTerms: true,
      addons: [],
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: customer.headers,
      payload: { ...payload, card: { ...goodCard, number: '4000000000000002' } },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().errors[0].message).toBe('declined');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/bookings/create',
      headers: customer.headers,
      payload: { ...payload, card: goodCard },
    });
    expect(ok.statusCode).toBe(200);
  });
});
