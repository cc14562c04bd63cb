import { describe, expect, it } from 'vitest';
import { isSitePath } from './site-routes';

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
