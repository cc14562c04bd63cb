import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';

// Shared by the journeys that start from an existing booking (back office, reviews).

export const admin = { email: 'admin@siamdrive.test', password: 'SiamDrive-admin-2026' };
const DAY = 86_400_000;
export const day = (n: number) => new Date(Date.now() + 7 * 3_600_000 + n * DAY).toISOString().slice(0, 10);
/**
 * A real PNG of a phone screenshot's size (a plain light picture), as a bank
 * app saves a slip: the server decodes slips, so magic bytes alone will not do.
 */
export function slipPng(width = 600, height = 1000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xf0)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
export const png = slipPng();

/** A customer (through the real API) with a bank-transfer booking and an uploaded slip. */
export async function customerBooking(request: APIRequestContext, from: number) {
  const email = `e2e-admin-${Date.now().toString(36)}-${process.pid}-${from}@example.com`;
  expect(
    (
      await request.post('/api/v1/auth/register', {
        data: { email, password: 'secret-123', firstName: 'Malee', lastName: 'Suksan', phone: '0812345678' },
      })
    ).ok(),
  ).toBe(true);
  const { token } = await (
    await request.post('/api/v1/auth/login', { data: { email, password: 'secret-123' } })
  ).json();
  const headers = { authorization: `Bearer ${token}` };
  // Cars the fleet has in service (read with the admin's own API), tried until one is free.
  const adminLogin = await (await request.post('/api/v1/auth/login', { data: admin })).json();
  const units = (
    await (
      await request.get('/api/v1/admin/units', {
        headers: { authorization: `Bearer ${adminLogin.token}` },
      })
    ).json()
  ).response.data as { carModelId: number; branchCode: string; status: string }[];
  const pairs = [
    ...new Set(units.filter((u) => u.status === 'in_service').map((u) => `${u.carModelId}|${u.branchCode}`)),
  ];
  for (const pair of pairs) {
    const [id, branchCode] = pair.split('|') as [string, string];
    const res = await request.post('/api/v1/guest/bookings/create', {
      headers,
      data: {
        carModelId: Number(id),
        branchCode,
        pickupDate: day(from),
        returnDate: day(from + 2),
        paymentMethod: 'bank_transfer',
        acceptTerms: true,
        addons: [],
        driver: {
          firstName: 'Malee',
          lastName: 'Suksan',
          email,
          phone: '0812345678',
          idNumber: '1103700012345',
        },
      },
    });
    if (!res.ok()) continue;
    const booking = (await res.json()).response.data.booking as { id: number; bookingNumber: string };
    const slip = await request.post(`/api/v1/auth/bookings/${booking.id}/slip`, {
      headers,
      multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: png } },
    });
    expect(slip.ok()).toBe(true);
    return { booking, headers, token: token as string };
  }
  throw new Error('No bookable car in the demo data');
}
