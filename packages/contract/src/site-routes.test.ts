import { describe, expect, it } from 'vitest';
import { isSitePath, matchSiteRoute, pageQuery } from './site-routes';

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

describe('pageQuery', () => {
  it('keeps only what a server-rendered page reads, and lng, in one order', () => {
    expect(pageQuery('cars', '?fbclid=IwAR0abc&utm_source=fb&page=2&lng=th&utm_campaign=x&gclid=1')).toBe(
      '?lng=th&page=2',
    );
    expect(pageQuery('cars', '?sort=price_asc&category_id=3')).toBe('?category_id=3&sort=price_asc');
    expect(pageQuery('carDetails', '?pickup=2026-12-01&return=2026-12-03&fbclid=1&page=4')).toBe(
      '?pickup=2026-12-01&return=2026-12-03',
    );
    expect(pageQuery('home', '?utm_medium=cpc&whatever=1')).toBe('');
    expect(pageQuery('home', '')).toBe('');
  });

  it('keeps repeated values in their order, and decodes and encodes them alike', () => {
    expect(pageQuery('cars', '?page=3&fbclid=z&page=1')).toBe('?page=3&page=1');
    expect(pageQuery('cars', '?search=Honda%20City&utm_term=a')).toBe('?search=Honda+City');
  });

  it('leaves pages the browser renders alone', () => {
    expect(pageQuery('about', '?fbclid=1')).toBeUndefined();
    expect(pageQuery('resetPassword', '?token=abc')).toBeUndefined();
    expect(pageQuery(undefined, '?a=1')).toBeUndefined();
  });
});
