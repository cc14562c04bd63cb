import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { readOutbox } from '../../../test/outbox';
import { omiseStandIn } from '../../../test/omise-stand-in';
import { describeEachDatabase } from '../../../test/databases';
import { daysFromNow, driver, goodCard, makeCar, makeCustomer } from './booking-fixtures.test-helper';

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
        OMISE_TIMEOUT_MS: '500',
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
    expect(gateway.json().response.data).toEqual({
      name: 'omise',
      sandbox: true,
      sources: ['promptpay', 'wechat_pay', 'alipay'],
    });
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

  describe('a card charge whose answer is lost', () => {
    const payload = (car: { carModelId: number; branchCode: string }, number: string) => ({
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(9),
      returnDate: daysFromNow(10),
      paymentMethod: 'card',
      card: { ...goodCard, number },
      driver,
      acceptTerms: true,
      addons: [],
    });
    const book = (headers: Record<string, string>, body: object) =>
      app.inject({ method: 'POST', url: '/api/v1/guest/bookings/create', headers, payload: body });
    const later = (ms: number) => new Date(Date.now() + ms);
    const staffHeaders = async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026' },
      });
      return { authorization: `Bearer ${login.json().token}` };
    };

    it('is not a decline: the car stays held, staff see it, and the charge found later confirms the booking', async () => {
      const car = await makeCar(ctx.database, 1);
      const customer = await makeCustomer(app);
      const res = await book(customer.headers, payload(car, '4000000000000408'));
      expect(res.statusCode).toBe(200);
      const booking = res.json().response.data.booking;
      expect(booking).toMatchObject({ status: 'awaiting_payment', paid: false, paymentChecking: true });

      // The only unit stays held: the card may have been charged.
      const other = await makeCustomer(app);
      expect((await book(other.headers, payload(car, '4242424242424242'))).statusCode).toBe(409);
      // The unpaid-booking deadline does not release it while the charge is being checked.
      await app.services.bookings.expireUnpaid(later(3 * 86_400_000));
      const checks = await app.inject({
        method: 'GET',
        url: '/api/v1/admin/payment-checks',
        headers: await staffHeaders(),
      });
      expect(checks.json().response.data).toContainEqual(
        expect.objectContaining({ bookingNumber: booking.bookingNumber, amount: booking.total }),
      );

      // The job asks Omise by the charge's idempotency key and finds it charged.
      const result = await app.services.bookings.reconcileCardPayments(later(60_000));
      expect(result.confirmed).toBeGreaterThanOrEqual(1);
      const after = await app.inject({
        method: 'GET',
        url: `/api/v1/auth/bookings/${booking.id}`,
        headers: customer.headers,
      });
      expect(after.json().response.data).toMatchObject({
        status: 'confirmed',
        paid: true,
        paymentChecking: false,
      });
      expect(after.json().response.data.payment.reference).toMatch(/^chrg_test_/);
      expect(
        readOutbox(app.settings.dataDir).some(
          (m) => m.to.includes(customer.email) && m.subject === `Payment confirmed: ${booking.bookingNumber}`,
        ),
      ).toBe(true);
      // Settled once: asking again changes nothing.
      const again = await app.services.bookings.reconcileCardPayments(later(120_000));
      expect(again.confirmed).toBe(0);
    });

    it('a charge Omise never received frees the car once it is clearly not coming, and says so by mail', async () => {
      const car = await makeCar(ctx.database, 1);
      const customer = await makeCustomer(app);
      const res = await book(customer.headers, payload(car, '4000000000000416'));
      expect(res.statusCode).toBe(200);
      const booking = res.json().response.data.booking;
      expect(booking.paymentChecking).toBe(true);

      // Omise down for the lookup too: nothing is decided.
      standIn.control.searchDown = true;
      await app.services.bookings.reconcileCardPayments(later(20 * 60_000));
      standIn.control.searchDown = false;
      const still = await app.inject({
        method: 'GET',
        url: `/api/v1/auth/bookings/${booking.id}`,
        headers: customer.headers,
      });
      expect(still.json().response.data.status).toBe('awaiting_payment');

      // Not found a minute later: it may still be on its way.
      await app.services.bookings.reconcileCardPayments(later(60_000));
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/auth/bookings/${booking.id}`,
            headers: customer.headers,
          })
        ).json().response.data.status,
      ).toBe('awaiting_payment');

      // Not found after the grace period: it never arrived; nothing was charged, the car is free again.
      await app.services.bookings.reconcileCardPayments(later(20 * 60_000));
      const after = await app.inject({
        method: 'GET',
        url: `/api/v1/auth/bookings/${booking.id}`,
        headers: customer.headers,
      });
      expect(after.json().response.data).toMatchObject({ status: 'payment_failed', paymentChecking: false });
      const other = await makeCustomer(app);
      expect((await book(other.headers, payload(car, '4242424242424242'))).statusCode).toBe(200);
      expect(
        readOutbox(app.settings.dataDir).some(
          (m) =>
            m.to.includes(customer.email) &&
            m.subject === `Your card payment did not go through: ${booking.bookingNumber}`,
        ),
      ).toBe(true);
    });
  });
});
