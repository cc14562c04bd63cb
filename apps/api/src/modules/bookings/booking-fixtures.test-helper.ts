import { sandboxCardToken } from '@siam/contract/card-tokens';
import type { App } from '../../app';
import type { Database } from '../../db/client';

const DAY_MS = 86_400_000;

/** A date n days from today in Bangkok, YYYY-MM-DD. */
export function daysFromNow(n: number): string {
  return new Date(Date.now() + 7 * 3_600_000 + n * DAY_MS).toISOString().slice(0, 10);
}

let seq = 0;

/** A car model of our own (฿1,000 a day) with `units` cars at a branch of our own: tests never depend on demo data. */
export async function makeCar(
  database: Database,
  units: number,
  options: { price?: string; hotDeal?: number } = {},
) {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const branch = `t${tag}`.slice(0, 30);
  const l = (s: string) => JSON.stringify({ th: s, en: s, zh: s });
  await database.query(`INSERT INTO branches (code, name, address, phone) VALUES ($1, $2, $2, '021234567')`, [
    branch,
    l(`Branch ${tag}`),
  ]);
  const [category] = await database.query<{ id: number }>(
    `INSERT INTO categories (slug, name) VALUES ($1, $2) RETURNING id`,
    [`cat-${tag}`, l('Sedan')],
  );
  const [model] = await database.query<{ id: number }>(
    `INSERT INTO car_models (slug, category_id, brand, model, description, price_per_day, transmission, fuel, seats, doors, luggage)
     VALUES ($1, $2, $3, $4, $3, $5, 'automatic', 'petrol', 5, 4, 2) RETURNING id`,
    [`car-${tag}`, category!.id, l('Toyota'), l(`Test ${tag}`), options.price ?? '1000.00'],
  );
  const unitIds: number[] = [];
  for (let i = 0; i < units; i++) {
    const [u] = await database.query<{ id: number }>(
      `INSERT INTO vehicle_units (car_model_id, plate, branch_code) VALUES ($1, $2, $3) RETURNING id`,
      [model!.id, `T${tag}-${i}`, branch],
    );
    unitIds.push(u!.id);
  }
  if (options.hotDeal)
    await database.query(
      `INSERT INTO hot_deals (car_model_id, discount_percent, starts_at, ends_at) VALUES ($1, $2, now() - interval '1 day', now() + interval '10 days')`,
      [model!.id, options.hotDeal],
    );
  return { carModelId: model!.id, categoryId: category!.id, branchCode: branch, unitIds };
}

/** A new customer through the real register and login calls; returns the bearer header. */
export async function makeCustomer(app: App, language = 'en') {
  seq += 1;
  const email = `customer${Date.now().toString(36)}${seq}@example.com`;
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      email,
      password: 'secret-123',
      firstName: 'Somchai',
      lastName: 'Jaidee',
      phone: '0812345678',
      language,
    },
  });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'secret-123' },
  });
  const body = login.json();
  return { email, userId: body.user.id as number, headers: { authorization: `Bearer ${body.token}` } };
}

export const driver = {
  firstName: 'Somchai',
  lastName: 'Jaidee',
  email: 'somchai@example.com',
  phone: '081-234-5678',
  idNumber: '1103700012345',
  birthDate: '1990-05-14',
  licenceNumber: '58012345',
  licenceCountry: 'TH',
  licenceIssued: '2015-06-01',
  licenceExpiry: '2036-05-31',
};

/** The sandbox's token for a card, as the booking page's script makes it in the browser. */
export const cardToken = (number: string) => sandboxCardToken(number);
/** A card the sandbox charges. */
export const goodCardToken = cardToken('4242 4242 4242 4242');

/** Posts a file as the slip of a booking (multipart, field "file"), as the booking page does. */
export function uploadSlip(
  app: App,
  headers: Record<string, string>,
  bookingId: number,
  content: Buffer,
  filename = 'slip.png',
  type = 'image/png',
) {
  return uploadFile(app, headers, `/api/v1/auth/bookings/${bookingId}/slip`, content, filename, type);
}

/** Posts one file to an upload route (multipart, field "file"), as the site's pages do. */
export function uploadFile(
  app: App,
  headers: Record<string, string>,
  url: string,
  content: Buffer,
  filename: string,
  type: string,
) {
  const boundary = '----siamupload';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

/** A real, decodable slip picture with a bank's slip QR code (test/slip-provider-stand-in.ts). */
export { slipPicture } from '../../../test/slip-provider-stand-in';

/** Creates a booking through the real route (the driver and terms filled in), as the booking page does. */
export function createBooking(
  app: App,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
  options: { idempotencyKey?: string; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/guest/bookings/create',
    headers: { ...headers, ...(options.idempotencyKey && { 'idempotency-key': options.idempotencyKey }) },
    payload: { driver, acceptTerms: true, addons: [], ...payload },
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
  });
}

/**
 * Marks a customer's email as verified (the verification link's effect): an
 * established customer may hold more unpaid bookings at once than a new one.
 */
export async function verifyEmail(database: Database, userId: number) {
  await database.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [userId]);
}

/**
 * The pickup inspection as staff do it at the counter (decision 1804; issue 36 part 6): a photo of the
 * car, then the condition report, which hands the car over (the booking becomes active). `extra`:
 * more of the report (another unit, the deposit taken).
 */
export async function inspectAtPickup(
  app: App,
  headers: Record<string, string>,
  bookingId: number,
  extra: { unitId?: number; depositMethod?: 'cash' | 'card' } = {},
) {
  const { default: sharp } = await import('sharp');
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const photo = await uploadFile(
    app,
    headers,
    `/api/v1/admin/bookings/${bookingId}/condition-reports/pickup/photos`,
    picture,
    'car.jpg',
    'image/jpeg',
  );
  if (photo.statusCode !== 200) return photo;
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/bookings/${bookingId}/condition-reports/pickup`,
    headers,
    payload: { fuelEighths: 8, mileageKm: 12000, photoIds: [photo.json().response.data.id], ...extra },
  });
}
