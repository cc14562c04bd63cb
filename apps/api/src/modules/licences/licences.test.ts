import { driverMessages } from '@siam/contract/drivers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  driver,
  goodCardToken,
  makeCar,
  makeCustomer,
} from '../bookings/booking-fixtures.test-helper';

/**
 * Licences as the market runs them (issue 36 part 1, decision 3601): a Chinese licence is taken with
 * an official translation (China issues no international permit), an American one only with a
 * permit, a Malaysian one alone; staff change a country's rule and the next booking follows it.
 */
describeEachDatabase('licence rules', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  let staff: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
    const account = demoStaffAccounts.find((a) => a.role === 'admin')!;
    admin = await login(app, account.email, account.password);
    const clerk = demoStaffAccounts.find((a) => a.role === 'staff')!;
    staff = await login(app, clerk.email, clerk.password);
  });
  afterAll(() => app.close());

  const rulesNow = async () =>
    (await app.inject({ url: '/api/v1/guest/licence-rules' })).json().response.data.changes;
  const setRule = (country: string, accepts: string, headers = admin) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/admin/licence-rules/${country}`,
      headers,
      payload: { accepts },
    });

  it('refuses a Chinese licence without a permit or translation, takes it with a translation, and keeps what was brought', async () => {
    const car = await makeCar(ctx.database, 3);
    const customer = await makeCustomer(app, 'zh');
    const book = (main: object) =>
      createBooking(app, customer.headers, {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(20),
        returnDate: daysFromNow(23),
        paymentMethod: 'card',
        cardToken: goodCardToken,
        driver: { ...driver, ...main },
      });
    const bookingsOfCar = async () =>
      (await ctx.database.query('SELECT id FROM bookings WHERE car_model_id = $1', [car.carModelId])).length;

    const bare = await book({ licenceCountry: 'CN' });
    expect(bare.statusCode, bare.body).toBe(422);
    expect(bare.json()).toMatchObject({
      code: 'DRIVER_NOT_ELIGIBLE',
      errors: [{ path: 'driver.licenceDocument', message: driverMessages.permitOrTranslationNeeded }],
    });
    expect(await bookingsOfCar()).toBe(0);

    // An American licence needs the permit: a translation is not enough.
    const translatedUs = await book({ licenceCountry: 'US', licenceDocument: 'translation' });
    expect(translatedUs.json().errors).toEqual([
      { path: 'driver.licenceDocument', message: driverMessages.permitNeeded },
    ]);
    expect(await bookingsOfCar()).toBe(0);

    const translated = await book({ licenceCountry: 'CN', licenceDocument: 'translation' });
    expect(translated.statusCode, translated.body).toBe(200);
    const booking = translated.json().response.data.booking;
    expect(booking.drivers[0]).toMatchObject({
      licenceCountry: 'CN',
      licenceDocument: 'translation',
      internationalPermit: false,
    });
    const rows = await ctx.database.query<{ licence_document: string; international_permit: boolean }>(
      'SELECT licence_document, international_permit FROM booking_drivers WHERE booking_id = $1',
      [booking.id],
    );
    expect(rows).toEqual([{ licence_document: 'translation', international_permit: false }]);

    // A Malaysian licence alone (ASEAN).
    const malaysian = await book({ licenceCountry: 'MY' });
    expect(malaysian.statusCode, malaysian.body).toBe(200);
    expect(malaysian.json().response.data.booking.drivers[0].licenceDocument).toBeNull();
  });

  it('follows the rule staff set: only an admin changes it, every change audited, the default puts it back', async () => {
    expect(await rulesNow()).toEqual({});
    const refused = await setRule('US', 'idp_or_translation', staff);
    expect(refused.statusCode).toBe(403);
    const unknown = await setRule('XX', 'idp');
    expect(unknown.statusCode).toBe(400);

    const set = await setRule('US', 'idp_or_translation');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().response.data.changes).toEqual({ US: 'idp_or_translation' });
    expect(await rulesNow()).toEqual({ US: 'idp_or_translation' });

    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(25),
      returnDate: daysFromNow(27),
      paymentMethod: 'card',
      cardToken: goodCardToken,
      driver: { ...driver, licenceCountry: 'US', licenceDocument: 'translation' },
    });
    expect(made.statusCode, made.body).toBe(200);

    // A company that stops taking Chinese translations: the next booking needs a permit.
    await setRule('CN', 'idp');
    const stricter = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(42),
      paymentMethod: 'card',
      cardToken: goodCardToken,
      driver: { ...driver, licenceCountry: 'CN', licenceDocument: 'translation' },
    });
    expect(stricter.json().errors).toEqual([
      { path: 'driver.licenceDocument', message: driverMessages.permitNeeded },
    ]);

    // Back to the defaults: the rows go.
    await setRule('US', 'idp');
    await setRule('CN', 'idp_or_translation');
    expect(await rulesNow()).toEqual({});
    const audited = await ctx.database.query<{ entity_id: string; after: unknown }>(
      "SELECT entity_id, after FROM audit_log WHERE entity = 'licence_rule' ORDER BY id",
    );
    expect(audited.map((a) => a.entity_id)).toEqual(['US', 'CN', 'US', 'CN']);
  });
});
