import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { fillParams, registeredRoutes, signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';

describeEachDatabase('back office access', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const adminRoutes = () => registeredRoutes(app).filter((r) => r.url.startsWith('/api/v1/admin'));

  it('finds the admin routes in the app itself (so routes added later are walked too)', () => {
    const urls = adminRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls.length).toBeGreaterThan(20);
    expect(urls).toContain('GET /api/v1/admin/audit-log');
    expect(urls).toContain('POST /api/v1/admin/units/:id/maintenance');
    expect(urls).toContain('PATCH /api/v1/admin/settings');
    // Content (articles, rental conditions) and review moderation are walked too.
    for (const url of [
      'GET /api/v1/admin/articles',
      'GET /api/v1/admin/articles/cover-images',
      'POST /api/v1/admin/articles',
      'POST /api/v1/admin/articles/preview',
      'GET /api/v1/admin/articles/:id',
      'PUT /api/v1/admin/articles/:id',
      'DELETE /api/v1/admin/articles/:id',
      'POST /api/v1/admin/articles/:id/publish',
      'GET /api/v1/admin/rental-conditions',
      'POST /api/v1/admin/rental-conditions',
      'PATCH /api/v1/admin/rental-conditions/:id',
      'DELETE /api/v1/admin/rental-conditions/:id',
      'POST /api/v1/admin/rental-conditions/:id/move',
      'POST /api/v1/admin/reviews/:id/approve',
      'POST /api/v1/admin/reviews/:id/reject',
      // The inbox and the newsletter list.
      'GET /api/v1/admin/inbox',
      'GET /api/v1/admin/inbox/counts',
      'GET /api/v1/admin/inbox/:kind/:id',
      'POST /api/v1/admin/inbox/:kind/:id/handled',
      'POST /api/v1/admin/inbox/:kind/:id/notes',
      'POST /api/v1/admin/inbox/:kind/:id/reply',
      'GET /api/v1/admin/newsletter/subscribers',
      'GET /api/v1/admin/newsletter/subscribers.csv',
    ])
      expect(urls).toContain(url);
  });

  it('answers a visitor 401 and a customer 403 on every admin route, before reading the body', async () => {
    for (const route of adminRoutes()) {
      const request = {
        method: route.method as 'GET',
        url: fillParams(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : { nonsense: true },
      };
      const visitor = await app.inject(request);
      expect(visitor.statusCode, `visitor ${route.method} ${route.url}`).toBe(401);
      expect(visitor.json()).toMatchObject({ status: false, code: 'UNAUTHORIZED' });
      const customer = await app.inject({ ...request, headers: auth.customer });
      expect(customer.statusCode, `customer ${route.method} ${route.url}`).toBe(403);
      expect(customer.json()).toMatchObject({ status: false, code: 'FORBIDDEN' });
    }
  });

  it('lets staff run daily operations but keeps prices, settings and the audit log for admins', async () => {
    for (const url of [
      '/api/v1/admin/dashboard',
      '/api/v1/admin/units',
      '/api/v1/admin/car-models',
      '/api/v1/admin/bookings',
      '/api/v1/admin/bookings-today',
      '/api/v1/admin/addons',
      '/api/v1/admin/promotions',
      '/api/v1/admin/articles',
      '/api/v1/admin/rental-conditions',
      '/api/v1/admin/inbox',
      '/api/v1/admin/inbox/counts',
    ])
      expect((await app.inject({ url, headers: auth.staff })).statusCode, url).toBe(200);
    const adminOnly: [string, string][] = [
      ['GET', '/api/v1/admin/audit-log'],
      ['GET', '/api/v1/admin/settings'],
      ['PATCH', '/api/v1/admin/settings'],
      ['PATCH', '/api/v1/admin/car-models/1'],
      ['POST', '/api/v1/admin/car-models'],
      ['POST', '/api/v1/admin/car-models/1/images'],
      ['POST', '/api/v1/admin/hot-deals'],
      ['PATCH', '/api/v1/admin/branches/srn'],
      ['POST', '/api/v1/admin/units'],
      ['PATCH', '/api/v1/admin/addons/gps'],
      ['POST', '/api/v1/admin/promotions'],
      ['PATCH', '/api/v1/admin/promotions/1'],
      ['GET', '/api/v1/admin/newsletter/subscribers'],
      ['GET', '/api/v1/admin/newsletter/subscribers.csv'],
    ];
    for (const [method, url] of adminOnly) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: auth.staff,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `staff ${method} ${url}`).toBe(403);
    }
    expect((await app.inject({ url: '/api/v1/admin/audit-log', headers: auth.admin })).statusCode).toBe(200);
  });
});
