import { addDays } from '@siam/contract/bangkok-time';
import { driverMessages } from '@siam/contract/drivers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  uploadFile,
} from './booking-fixtures.test-helper';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { driverProblems, fullYears } from '@siam/contract/drivers';

/** Whole years on a date: the same day `n` years before (29 February: the 28th in other years). */
const yearsBefore = (date: string, n: number) => {
  const year = String(Number(date.slice(0, 4)) - n).padStart(4, '0');
  const day = `${year}${date.slice(4)}`;
  return day.endsWith('02-29') && Number(year) % 4 !== 0 ? `${year}-02-28` : day;
};

describe('driver eligibility rules (drivers.ts)', () => {
  const rules = { minAge: 21, maxAge: 70, minLicenceYears: 1 };
  const rental = { pickupDate: '2027-04-13', returnDate: '2027-04-20', today: '2027-01-10' };
  const ok = {
    birthDate: '1990-05-14',
    licenceNumber: '58012345',
    licenceCountry: 'TH',
    licenceIssued: '2015-06-01',
    licenceExpiry: '2030-06-01',
    internationalPermit: false,
  };
  it('counts whole years, a 29 February birthday coming on 1 March', () => {
    expect(fullYears('2006-04-13', '2027-04-13')).toBe(21);
    expect(fullYears('2006-04-14', '2027-04-13')).toBe(20);
    expect(fullYears('2004-02-29', '2025-02-28')).toBe(20);
    expect(fullYears('2004-02-29', '2025-03-01')).toBe(21);
  });
  it('takes a driver who turns 21 on the pickup day, not one who turns 21 the day after', () => {
    expect(driverProblems({ ...ok, birthDate: '2006-04-13' }, rules, rental)).toEqual([]);
    expect(driverProblems({ ...ok, birthDate: '2006-04-14' }, rules, rental)).toEqual([
      { field: 'birthDate', message: driverMessages.tooYoung },
    ]);
  });
  it('says every problem at once, each at its field', () => {
    expect(
      driverProblems(
        {
          ...ok,
          birthDate: '1950-01-01',
          licenceIssued: '2026-05-01',
          licenceExpiry: '2027-04-19',
          licenceCountry: 'US',
        },
        rules,
        rental,
      ),
    ).toEqual([
      { field: 'birthDate', message: driverMessages.tooOld },
      { field: 'licenceIssued', message: driverMessages.licenceTooNew },
      { field: 'licenceExpiry', message: driverMessages.licenceExpires },
      { field: 'licenceDocument', message: driverMessages.permitNeeded },
    ]);
  });
  it('refuses dates that cannot be right', () => {
    expect(driverProblems({ ...ok, birthDate: '2027-02-01' }, rules, rental)[0]!.message).toBe(
      driverMessages.birthDate,
    );
    expect(driverProblems({ ...ok, licenceIssued: '2027-02-01' }, rules, rental)[0]!.message).toBe(
      driverMessages.issuedInFuture,
    );
    expect(driverProblems({ ...ok, licenceIssued: '1989-01-01' }, rules, rental)[0]!.message).toBe(
      driverMessages.issuedBeforeBirth,
    );
  });
  it('takes ASEAN licences as they are, Chinese ones with a permit or a translation, others with a permit', () => {
    expect(driverProblems({ ...ok, licenceCountry: 'MY' }, rules, rental)).toEqual([]);
    expect(driverProblems({ ...ok, licenceCountry: 'CN', internationalPermit: true }, rules, rental)).toEqual(
      [],
    );
    expect(
      driverProblems({ ...ok, licenceCountry: 'CN', licenceDocument: 'translation' }, rules, rental),
    ).toEqual([]);
    expect(driverProblems({ ...ok, licenceCountry: 'CN' }, rules, rental)).toEqual([
      { field: 'licenceDocument', message: driverMessages.permitOrTranslationNeeded },
    ]);
    expect(
      driverProblems({ ...ok, licenceCountry: 'DE', licenceDocument: 'translation' }, rules, rental),
    ).toEqual([{ field: 'licenceDocument', message: driverMessages.permitNeeded }]);
    // Staff's rule wins over the default: German licences taken alone, Chinese ones only with a permit.
    const changes = { DE: 'licence', CN: 'idp' } as const;
    expect(driverProblems({ ...ok, licenceCountry: 'DE' }, rules, rental, changes)).toEqual([]);
    expect(
      driverProblems({ ...ok, licenceCountry: 'CN', licenceDocument: 'translation' }, rules, rental, changes),
    ).toEqual([{ field: 'licenceDocument', message: driverMessages.permitNeeded }]);
  });
});

/**
 * Drivers (issue 17, part 5): the main driver and up to two more, free; each with a birth date and a
 * licence, checked against the car's category rules on the booking's dates, refused with the field and
 * the reason, nothing made; admins set the rules per category.
 */
describeEachDatabase('drivers of a booking', (ctx) => {
  let app: App;
  let admin: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    await app.ready();
    const account = demoStaffAccounts.find((a) => a.role === 'admin')!;
    admin = await login(app, account.email, account.password);
  });
  afterAll(() => app.close());

  const setRules = (categoryId: number, rules: object, headers = admin) =>
    app.inject({ method: 'PATCH', url: `/api/v1/admin/categories/${categoryId}`, headers, payload: rules });
  const bookingsOf = async (carModelId: number) =>
    (await ctx.database.query('SELECT id FROM bookings WHERE car_model_id = $1', [carModelId])).length;

  const second = {
    firstName: 'Anong',
    lastName: 'Jaidee',
    birthDate: '1993-09-09',
    licenceNumber: 'p 1234-567',
    licenceCountry: 'TH',
    licenceIssued: '2016-02-02',
    licenceExpiry: '2034-02-02',
  };
  const third = {
    firstName: 'Tom',
    lastName: 'Baker',
    birthDate: '1985-01-31',
    licenceNumber: 'BAKER851310TB9',
    licenceCountry: 'GB',
    licenceIssued: '2004-03-03',
    licenceExpiry: '2035-03-03',
    internationalPermit: true,
  };

  it('keeps up to two more drivers at no charge, shown on the booking to its customer only', async () => {
    const car = await makeCar(ctx.database, 2);
    const trip = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(30),
      returnDate: daysFromNow(33),
    };
    const quote = await app.inject({ method: 'POST', url: '/api/v1/guest/bookings/quote', payload: trip });
    expect(quote.json().response.data.driverRules).toEqual({ minAge: 21, maxAge: null, minLicenceYears: 1 });
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      ...trip,
      paymentMethod: 'card',
      cardToken: goodCardToken,
      additionalDrivers: [second, third],
    });
    expect(made.statusCode, made.body).toBe(200);
    const booking = made.json().response.data.booking;
    // Free, as the rental terms say: the total is three days of the car.
    expect(booking.total).toBe(300_000);
    expect(booking.drivers.map((d: { firstName: string }) => d.firstName)).toEqual([
      driver.firstName,
      'Anong',
      'Tom',
    ]);
    expect(booking.drivers[1]).toEqual({
      ...second,
      licenceNumber: 'P 1234-567',
      internationalPermit: false,
      licenceDocument: null,
    });
    // An older client's permit box is kept as the document it means.
    expect(booking.drivers[2]).toEqual({ ...third, licenceDocument: 'idp' });
    const mine = await app.inject({ url: `/api/v1/auth/bookings/${booking.id}`, headers: customer.headers });
    expect(mine.json().response.data.drivers).toHaveLength(3);
    // Staff see them on the booking's page.
    const staffView = await app.inject({ url: `/api/v1/admin/bookings/${booking.id}`, headers: admin });
    expect(JSON.stringify(staffView.json())).toContain('BAKER851310TB9');
    // Another customer sees nothing of them.
    const stranger = await makeCustomer(app);
    const theirs = await app.inject({
      url: `/api/v1/auth/bookings/${booking.id}`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('BAKER');

    const tooMany = await createBooking(app, customer.headers, {
      ...trip,
      paymentMethod: 'card',
      cardToken: goodCardToken,
      additionalDrivers: [second, third, { ...second, firstName: 'Four' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ path: 'additionalDrivers' });
  });

  it('refuses a driver the car’s rules do not allow, with the field and the reason, and makes nothing', async () => {
    const car = await makeCar(ctx.database, 1);
    const category = car.categoryId;
    const set = await setRules(category, { minDriverAge: 25, minLicenceYears: 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().response.data).toMatchObject({
      minDriverAge: 25,
      maxDriverAge: null,
      minLicenceYears: 2,
    });
    const pickupDate = daysFromNow(40);
    const trip = {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate,
      returnDate: addDays(pickupDate, 7),
    };
    const quote = await app.inject({ method: 'POST', url: '/api/v1/guest/bookings/quote', payload: trip });
    expect(quote.json().response.data.driverRules).toEqual({ minAge: 25, maxAge: null, minLicenceYears: 2 });
    const customer = await makeCustomer(app);
    const book = (main: object, others: object[] = []) =>
      createBooking(app, customer.headers, {
        ...trip,
        paymentMethod: 'card',
        cardToken: goodCardToken,
        driver: { ...driver, ...main },
        additionalDrivers: others,
      });

    // 25 the day after pickup: refused, at the field, with the reason.
    const young = await book({ birthDate: addDays(yearsBefore(pickupDate, 25), 1) });
    expect(young.statusCode, young.body).toBe(422);
    expect(young.json()).toMatchObject({
      status: false,
      code: 'DRIVER_NOT_ELIGIBLE',
      errors: [{ path: 'driver.birthDate', message: driverMessages.tooYoung }],
    });
    // A second driver whose licence is a year old, and whose licence runs out during the rental.
    const newLicence = await book({}, [
      {
        ...second,
        licenceIssued: yearsBefore(pickupDate, 1),
        licenceExpiry: addDays(pickupDate, 3),
      },
    ]);
    expect(newLicence.statusCode).toBe(422);
    expect(newLicence.json().errors).toEqual([
      { path: 'additionalDrivers.0.licenceIssued', message: driverMessages.licenceTooNew },
      { path: 'additionalDrivers.0.licenceExpiry', message: driverMessages.licenceExpires },
    ]);
    // A licence from the United States without an international permit.
    const noPermit = await book({ licenceCountry: 'US' });
    expect(noPermit.json().errors).toEqual([
      { path: 'driver.licenceDocument', message: driverMessages.permitNeeded },
    ]);
    expect(await bookingsOf(car.carModelId)).toBe(0);

    // 25 on the pickup day, with the permit: booked.
    const ok = await book({
      birthDate: yearsBefore(pickupDate, 25),
      licenceCountry: 'US',
      internationalPermit: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await bookingsOf(car.carModelId)).toBe(1);
  });

  it('refuses a walk-in booking for a driver the rules do not allow, too', async () => {
    const car = await makeCar(ctx.database, 1);
    await setRules(car.categoryId, { maxDriverAge: 70 });
    const pickupDate = daysFromNow(12);
    const walkIn = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/bookings',
      headers: admin,
      payload: {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate,
        returnDate: addDays(pickupDate, 2),
        paymentMethod: 'cash',
        addons: [],
        driver: { ...driver, birthDate: yearsBefore(pickupDate, 71) },
      },
    });
    expect(walkIn.statusCode, walkIn.body).toBe(422);
    expect(walkIn.json().errors).toEqual([{ path: 'driver.birthDate', message: driverMessages.tooOld }]);
  });

  it('takes pictures of the licences before arrival: private to the customer and staff, without metadata, gone with the account', async () => {
    const car = await makeCar(ctx.database, 1);
    const customer = await makeCustomer(app);
    const made = await createBooking(app, customer.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(25),
      returnDate: daysFromNow(27),
      paymentMethod: 'card',
      cardToken: goodCardToken,
    });
    const booking = made.json().response.data.booking;
    expect(booking).toMatchObject({ licencePictures: [], canSendLicencePicture: true });
    const url = `/api/v1/auth/bookings/${booking.id}/licence-pictures`;
    // A phone's picture, with its location in the metadata.
    const photo = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#c33' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'Malee GPS 13.7563,100.5018' } } })
      .jpeg()
      .toBuffer();
    const sent = await uploadFile(app, customer.headers, url, photo, 'licence.jpg', 'image/jpeg');
    expect(sent.statusCode, sent.body).toBe(200);
    const [picture] = sent.json().response.data.licencePictures;
    const mine = await app.inject({ url: `${url}/${picture.id}`, headers: customer.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.rawPayload.toString('latin1')).not.toContain('GPS');
    expect((await sharp(mine.rawPayload).metadata()).exif).toBeUndefined();
    // Nobody else: another customer, or no sign-in; staff may.
    const stranger = await makeCustomer(app);
    expect((await app.inject({ url: `${url}/${picture.id}`, headers: stranger.headers })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: `${url}/${picture.id}` })).statusCode).toBe(401);
    const staffView = await app.inject({
      url: `/api/v1/admin/bookings/${booking.id}/licence-pictures/${picture.id}`,
      headers: admin,
    });
    expect(staffView.statusCode).toBe(200);
    // Not a picture: refused, nothing kept.
    const text = await uploadFile(
      app,
      customer.headers,
      url,
      Buffer.from('not a picture'),
      'l.jpg',
      'image/jpeg',
    );
    expect(text.statusCode).toBe(415);
    // Six at most.
    for (let i = 0; i < 5; i++)
      expect((await uploadFile(app, customer.headers, url, photo, 'l.jpg', 'image/jpeg')).statusCode).toBe(
        200,
      );
    expect((await uploadFile(app, customer.headers, url, photo, 'l.jpg', 'image/jpeg')).statusCode).toBe(409);
    // Erased with the account, files and all.
    const folder = path.join(app.settings.dataDir, 'uploads', 'licences');
    const files = () =>
      existsSync(folder) ? readdirSync(folder).filter((f) => f.startsWith(`${booking.id}-`)) : [];
    expect(files()).toHaveLength(6);
    const erase = await app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: customer.headers,
      payload: { password: 'secret-123', confirm: true },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    expect(files()).toEqual([]);
    expect(
      (
        await app.inject({
          url: `/api/v1/admin/bookings/${booking.id}/licence-pictures/${picture.id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets admins set the rules per category, never a maximum age below the minimum', async () => {
    const car = await makeCar(ctx.database, 1);
    const category = car.categoryId;
    // A change of one figure leaves the others as they were (the order too).
    expect((await setRules(category, { sortOrder: 7 })).statusCode).toBe(200);
    const one = await setRules(category, { minLicenceYears: 3 });
    expect(one.json().response.data).toMatchObject({ sortOrder: 7, minDriverAge: 21, minLicenceYears: 3 });
    expect((await setRules(category, { minLicenceYears: 1 })).statusCode).toBe(200);
    const wrong = await setRules(category, { minDriverAge: 30, maxDriverAge: 25 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'maxDriverAge', message: expect.any(String) }]);
    expect((await setRules(category, { minDriverAge: 17 })).statusCode).toBe(400);
    const list = await app.inject({ url: '/api/v1/admin/categories', headers: admin });
    expect(list.json().response.data.find((c: { id: number }) => c.id === category)).toMatchObject({
      minDriverAge: 21,
      maxDriverAge: null,
      minLicenceYears: 1,
    });
    const staffAccount = demoStaffAccounts.find((a) => a.role === 'staff')!;
    const staff = await login(app, staffAccount.email, staffAccount.password);
    expect((await setRules(category, { minDriverAge: 30 }, staff)).statusCode).toBe(403);
  });
});
