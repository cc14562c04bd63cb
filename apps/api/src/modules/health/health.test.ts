import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, describeEachDatabase } from '../../../test/databases';

describeEachDatabase('health checks', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  it('says the process is alive, and ready once the database answers with every migration applied', async () => {
    const alive = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: true });
    expect(alive.headers['cache-control']).toBe('private, no-store');
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: true });
  });

  it('is not ready while a migration of this build is missing', async () => {
    const [last] = await ctx.database.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
    );
    await ctx.database.query('DELETE FROM schema_migrations WHERE name = $1', [last!.name]);
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        msg: expect.stringContaining(last!.name),
      });
    } finally {
      await ctx.database.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last!.name]);
    }
  });
});

describe('health checks without a database', () => {
  it('is alive but not ready once the database is gone, and the API says so in the caller language', async () => {
    const database = await createTestDatabase('pglite', { seed: false });
    const app = await buildTestApp(database);
    await database.close();
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: false, code: 'SERVICE_UNAVAILABLE' });
    const api = await app.inject({
      method: 'GET',
      url: '/api/v1/guest/cars?search=nothing-cached',
      headers: { 'accept-language': 'th' },
    });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      msg: expect.stringContaining('ไม่พร้อมให้บริการชั่วคราว'),
    });
    await app.close();
  });
});
