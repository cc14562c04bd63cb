import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';

// Issue 35 part 9: a unit's VIN (migration 2031), entered in the back office's unit form, named on the
// rental agreement beside the plate. A VIN is 17 digits and capital letters without I, O and Q.
describeEachDatabase("back office: a unit's VIN", (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const branch = async () =>
    (await app.inject({ url: '/api/v1/admin/branches', headers: auth.admin })).json().response.data[0]
      .code as string;
  const create = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/admin/units', headers: auth.admin, payload });
  const patch = (id: number, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/v1/admin/units/${id}`, headers: auth.admin, payload });

  it('gives every demo unit a VIN of 17 characters without I, O or Q, each its own', async () => {
    const units = (await app.inject({ url: '/api/v1/admin/units', headers: auth.staff })).json().response
      .data as {
      plate: string;
      vin: string | null;
    }[];
    expect(units.length).toBeGreaterThan(90);
    for (const u of units) expect(u.vin, u.plate).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(new Set(units.map((u) => u.vin)).size).toBe(units.length);
    // The first demo unit, a Toyota: Toyota's WMI MR0, the demo's SDRV0, check 0, year R, plant T, serial 1.
    expect(units.map((u) => u.vin)).toContain('MR0SDRV00RT000001');
  });

  it('takes a VIN typed with spaces and in lower case, in capitals; refuses one that is not a VIN at its field', async () => {
    const branchCode = await branch();
    const made = await create({ carModelId: 1, plate: 'VN 1001', vin: 'mr0 bz3fe 1 0a 123456', branchCode });
    expect(made.statusCode, made.body).toBe(200);
    const unit = made.json().response.data;
    expect(unit.vin).toBe('MR0BZ3FE10A123456');

    for (const bad of [
      'MR0BZ3FE10A12345',
      'MR0BZ3FE10A1234567',
      'MR0BZ3FE10A12345I',
      'MR0BZ3FE10A12345O',
      'QR0BZ3FE10A123456',
      'MR0BZ3FE10A12345-',
    ]) {
      const refused = await patch(unit.id, { vin: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(['vin']);
    }
    const refusedNew = await create({ carModelId: 1, plate: 'VN 1002', vin: 'WBA5R1C50KA12345', branchCode });
    expect(refusedNew.statusCode).toBe(400);
    expect(refusedNew.json().errors[0]).toMatchObject({ path: 'vin' });

    // Another unit may not carry the same VIN.
    const twin = await create({ carModelId: 1, plate: 'VN 1003', vin: 'MR0BZ3FE10A123456', branchCode });
    expect(twin.statusCode).toBe(409);

    // Corrected, then cleared (no VIN yet), both recorded in the audit log.
    expect((await patch(unit.id, { vin: 'MR0BZ3FE10A654321' })).json().response.data.vin).toBe(
      'MR0BZ3FE10A654321',
    );
    expect((await patch(unit.id, { vin: '' })).json().response.data.vin).toBeNull();
    const log = (
      await app.inject({
        url: `/api/v1/admin/audit-log?entity=unit&entityId=${unit.id}`,
        headers: auth.admin,
      })
    ).json().response.data as { action: string; after: { vin: string | null } }[];
    expect(log.map((e) => e.after.vin)).toEqual(expect.arrayContaining(['MR0BZ3FE10A654321', null]));
  });

  it('the database itself refuses a VIN that is not one (migration 2031)', async () => {
    await expect(
      ctx.database.exec(`UPDATE vehicle_units SET vin = 'MR0BZ3FE10A12345I' WHERE plate = 'VN 1001'`),
    ).rejects.toThrow();
  });
});
