import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, describeEachDatabase } from '../../../test/databases';

describeEachDatabase('GET /api/v1/health', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  it('answers 200 {status:true} when the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/v1/health without a database', () => {
  it('answers 503 with the error envelope once the database is gone', async () => {
    const database = await createTestDatabase('pglite', { seed: false });
    const app = await buildTestApp(database);
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: false, code: 'SERVICE_UNAVAILABLE' });
    await app.close();
  });
});
