import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { login } from '../../../test/admin-helpers';
import { describeEachDatabase } from '../../../test/databases';
import { describeEachStorage } from '../../../test/file-storages';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import {
  createBooking,
  daysFromNow,
  makeCar,
  makeCustomer,
  slipPicture,
  uploadSlip,
} from './booking-fixtures.test-helper';

function multipart(content: Buffer) {
  const boundary = '----siamfile';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="car.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Two instances behind one load balancer (issue 15): what is uploaded through one is
 * there through the other. With the S3 storage each has its own DATA_DIR, as on two
 * machines; the local folder is shared only by instances on one machine.
 */
describeEachStorage('uploaded files across two instances', (storage) => {
  describeEachDatabase('files', (ctx) => {
    let a: App;
    let b: App;
    beforeAll(async () => {
      const shared = {
        ...storage.settings,
        SESSION_SECRET: 'a-session-secret-shared-by-both-instances-0123456789',
      };
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'siam-shared-'));
      const settingsFor = () =>
        testSettings({ ...shared, ...(storage.kind === 'local' && { DATA_DIR: dataDir }) });
      a = await buildTestApp(ctx.database, { settings: settingsFor() });
      b = await buildTestApp(ctx.database, { settings: settingsFor() });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
    });

    it('a slip uploaded through one instance is read by its owner and staff through the other, and by nobody else', async () => {
      // Two cars: a group's last car waits for someone who pays at once (decision 3102).
      const car = await makeCar(ctx.database, 2);
      const owner = await makeCustomer(a);
      const created = await createBooking(a, owner.headers, {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(25),
        returnDate: daysFromNow(27),
        paymentMethod: 'bank_transfer',
      });
      expect(created.statusCode, created.body).toBe(200);
      const bookingId = created.json().response.data.booking.id as number;
      const picture = await slipPicture();
      expect((await uploadSlip(a, owner.headers, bookingId, picture)).statusCode).toBe(200);
      const [slip] = await ctx.database.query<{ id: number; storage_key: string }>(
        'SELECT id, storage_key FROM payment_slips WHERE booking_id = $1',
        [bookingId],
      );

      const own = await b.inject({
        url: `/api/v1/auth/bookings/${bookingId}/slips/${slip!.id}`,
        headers: owner.headers,
      });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(picture)).toBe(true);
      const admin = await login(b, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
      const staff = await b.inject({
        url: `/api/v1/admin/bookings/${bookingId}/slips/${slip!.id}`,
        headers: admin,
      });
      expect(staff.statusCode).toBe(200);
      expect(staff.headers['cache-control']).toBe('private, no-store');
      const stranger = await makeCustomer(b);
      expect(
        (
          await b.inject({
            url: `/api/v1/auth/bookings/${bookingId}/slips/${slip!.id}`,
            headers: stranger.headers,
          })
        ).statusCode,
      ).toBe(404);
      // Never a file at an address, on either instance.
      for (const app of [a, b])
        expect((await app.inject({ url: `/uploads/slips/${slip!.storage_key}` })).statusCode).toBe(404);
    });

    it('a car picture uploaded through one instance is served by the other, cached a year, and removed everywhere', async () => {
      const admin = await login(a, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password);
      const png = await sharp({
        create: { width: 900, height: 560, channels: 3, background: { r: 200, g: 30, b: 30 } },
      })
        .png()
        .toBuffer();
      const upload = multipart(png);
      const added = await a.inject({
        method: 'POST',
        url: '/api/v1/admin/car-models/2/images',
        headers: { ...admin, ...upload.headers },
        payload: upload.payload,
      });
      expect(added.statusCode, added.body).toBe(200);
      const images = added.json().response.data.imageList;
      const image = images[images.length - 1];
      const served = await b.inject({ url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(800);

      const removed = await b.inject({
        method: 'DELETE',
        url: `/api/v1/admin/car-models/2/images/${image.id}`,
        headers: await login(b, demoStaffAccounts[0]!.email, demoStaffAccounts[0]!.password),
      });
      expect(removed.statusCode).toBe(200);
      expect((await a.inject({ url: image.url })).statusCode).toBe(404);
      expect((await a.inject({ url: '/uploads/cars/..%2f..%2fsecret.webp' })).statusCode).toBe(404);
    });
  });
});
