import { describe, expect, it } from 'vitest';
import { isSitePath, matchSiteRoute } from './site-routes';

describe('isSitePath', () => {
  it.each([
    '/',
    '/cars',
    '/cars/5',
    '/cars/5/',
    '/booking/7',
    '/booking-success',
    '/articles/x-y',
    '/admin',
    '/admin/bookings/3',
    '/terms',
  ])('knows %s', (p) => expect(isSitePath(p)).toBe(true));
  it.each(['/nope', '/cars/5/edit', '/booking', '/articles/a/b', '/administrator', '/api/v1/health'])(
    'does not know %s',
    (p) => expect(isSitePath(p)).toBe(false),
  );
});

describe('matchSiteRoute', () => {
  it('names the route and its parameters, decoded', () => {
    expect(matchSiteRoute('/cars/12')).toEqual({ name: 'carDetails', params: { id: '12' } });
    expect(matchSiteRoute('/booking/7/')).toEqual({ name: 'booking', params: { carId: '7' } });
    expect(
      matchSiteRoute(
        '/articles/%E0%B8%97%E0%B8%B5%E0%B9%88%E0%B9%80%E0%B8%97%E0%B8%B5%E0%B9%88%E0%B8%A2%E0%B8%A7',
      ),
    ).toEqual({
      name: 'article',
      params: { slug: 'ที่เที่ยว' },
    });
    expect(matchSiteRoute('/')).toEqual({ name: 'home', params: {} });
    expect(matchSiteRoute('/admin/bookings/3')).toEqual({ name: 'admin', params: {} });
    expect(matchSiteRoute('/nope')).toBeUndefined();
  });

  it('keeps a malformed escape as it came instead of throwing', () => {
    expect(matchSiteRoute('/articles/%E0')).toEqual({ name: 'article', params: { slug: '%E0' } });
  });
});
