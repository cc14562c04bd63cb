import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { omiseStandIn } from '../../../test/omise-stand-in';
import { createBooking, daysFromNow, makeCar, makeCustomer } from '../bookings/booking-fixtures.test-helper';

/**
 * What an Omise account decides (issue 34, decision 3411): only the payment methods Omise has enabled
 * on it are offered (its Capability API), and with a webhook secret set only events Omise signed are
 * believed (Omise-Signature), the charge still fetched back.
 */
describeEachDatabase('Omise account: enabled methods and signed webhooks', (ctx) => {
  let app: App;
  let omise: ReturnType<typeof omiseStandIn>;
  // A webhook secret as Omise's dashboard shows one (base64).
  const secret = Buffer.from('siam-drive-webhook-secret-32-byt').toString('base64');
  beforeAll(async () => {
    omise = omiseStandIn();
    // Card and PromptPay enabled; WeChat Pay and Alipay not (each is enabled by Omise on request).
    omise.control.methods = ['card', 'promptpay'];
    await new Promise<void>((resolve) => omise.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(omise.server.address() as AddressInfo).port}`;
    app = await buildTestApp(ctx.database, {
      settings: testSettings({
        OMISE_PUBLIC_KEY: 'pkey_test_123',
        OMISE_SECRET_KEY: 'skey_test_456',
        OMISE_API_URL: url,
        OMISE_VAULT_URL: url,
        OMISE_JS_URL: `${url}/omise.js`,
        OMISE_TIMEOUT_MS: '2000',
        OMISE_WEBHOOK_SECRET: secret,
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    (omise.server as Server).closeAllConnections();
    await new Promise<void>((resolve) => (omise.server as Server).close(() => resolve()));
  });

  const book = async (paymentMethod: 'promptpay' | 'wechat_pay' | 'alipay') => {
    const car = await makeCar(ctx.database, 2, { price: '1500.00' });
    const customer = await makeCustomer(app);
    const res = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(42),
      paymentMethod,
    });
    return { customer, res };
  };

  it('offers only the methods the account has enabled, asking Omise’s Capability API once in a while', async () => {
    const info = await app.inject({ url: '/api/v1/guest/payment-gateway' });
    expect(info.json().response.data.sources).toEqual(['promptpay']);
    const wechat = await book('wechat_pay');
    expect(wechat.res.statusCode).toBe(400);
    expect(wechat.res.json().msg).toBe('This payment method is not available');
    expect(omise.seen.filter((r) => r.path === '/charges' && r.form.get('source[type]'))).toHaveLength(0);
    const promptpay = await book('promptpay');
    expect(promptpay.res.statusCode, promptpay.res.body).toBe(200);
    expect(promptpay.res.json().response.data.instructions.promptpay.viaGateway).toBe(true);
    // Asked once for all of these (believed for five minutes), with the secret key.
    const asked = omise.seen.filter((r) => r.path === '/capability');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.auth).toBe('skey_test_456:');
  });

  it('believes a webhook event only with Omise’s signature over the body as sent; a rolled secret’s two signatures pass', async () => {
    const { customer, res } = await book('promptpay');
    const booking = res.json().response.data.booking;
    const charge = omise.charges.at(-1) as { id: string };
    omise.pay(charge.id);
    const body = JSON.stringify(omise.event(charge.id));
    const post = (headers: Record<string, string>, payload = body) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/omise',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    const statusOf = async () =>
      (await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers })).json()
        .response.data.status;
    const other = Buffer.from('not-the-webhook-secret-of-siam!!').toString('base64');

    const unsigned = await post({});
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().msg).toBe('The Omise signature does not match');
    expect((await post(omise.signatureHeaders(body, { secrets: [other] }))).statusCode).toBe(401);
    // Signed, then changed on the way (a space added): not the body Omise signed.
    expect((await post(omise.signatureHeaders(body), `${body} `)).statusCode).toBe(401);
    // A delivery signed six minutes ago, replayed.
    const old = omise.signatureHeaders(body, { at: new Date(Date.now() - 6 * 60_000) });
    expect((await post(old)).statusCode).toBe(401);
    expect(await statusOf()).toBe('awaiting_payment');

    // While the secret is rolled Omise signs with the old and the new: one of ours is enough.
    const rolled = await post(omise.signatureHeaders(body, { secrets: [other, secret] }));
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json().response.data.outcome).toBe('confirmed');
    expect(await statusOf()).toBe('confirmed');
  });
});
