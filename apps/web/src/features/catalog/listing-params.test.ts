import { describe, expect, it } from 'vitest';
import { acceptPrice, defaultListing, pageItems, readListing, writeListing } from './listing-params';
import { serverRenderedPages } from '@siam/contract/site-routes';

describe('pageItems: first, last, current ± 1, an ellipsis only where numbers are skipped', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 'gap', 10]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [3, 10, [1, 2, 3, 4, 'gap', 10]],
    [4, 10, [1, 'gap', 3, 4, 5, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
    [3, 5, [1, 2, 3, 4, 5]],
  ])('page %i of %i', (page, total, items) => expect(pageItems(page, total)).toEqual(items));
});

describe('acceptPrice (spec §5)', () => {
  const current = { min: 1000, max: 5000 };
  it('takes whole numbers within bounds', () => {
    expect(acceptPrice('min', '0', current)).toBe(0);
    expect(acceptPrice('min', '5000', current)).toBe(5000);
    expect(acceptPrice('max', '1000', current)).toBe(1000);
    expect(acceptPrice('max', '1000000', current)).toBe(1_000_000);
  });
  it.each([
    ['min', '5001'],
    ['min', '-1'],
    ['min', '1.5'],
    ['min', 'abc'],
    ['min', ''],
    ['max', '999'],
    ['max', '1000001'],
    ['max', '2e3'],
  ] as const)('ignores %s = %s', (which, raw) => expect(acceptPrice(which, raw, current)).toBeUndefined());
});

describe('listing state in the URL', () => {
  it('reads the footer’s type and keeps defaults out of the address', () => {
    const state = readListing(new URLSearchParams('type=suv'));
    expect(state).toEqual({ ...defaultListing, type: 'suv' });
    expect(writeListing(state).toString()).toBe('type=suv');
  });
  it('round-trips every filter', () => {
    const query =
      'category_id=2&search=toyota&min=1000&max=3000&sort=price_desc&pickup=2099-01-02&return=2099-01-05&branch=bkk&returnBranch=hkt&page=3';
    expect(writeListing(readListing(new URLSearchParams(query))).toString()).toBe(query);
  });
  it('keeps a return branch only beside another pickup branch (a one-way return, issue 36 part 5)', () => {
    expect(readListing(new URLSearchParams('returnBranch=hkt')).returnBranch).toBeUndefined();
    expect(readListing(new URLSearchParams('branch=bkk&returnBranch=bkk')).returnBranch).toBeUndefined();
    expect(readListing(new URLSearchParams('branch=bkk&returnBranch=hkt')).returnBranch).toBe('hkt');
    expect(writeListing({ ...defaultListing, returnBranch: 'hkt' }).toString()).toBe('');
  });
  it('falls back to defaults for malformed values', () => {
    const state = readListing(
      new URLSearchParams('category_id=x&min=9&max=5&page=0&sort=bogus&pickup=2099-02-30&return=2099-03-01'),
    );
    expect(state).toEqual({ ...defaultListing, priceMax: 5 });
  });
});

describe('the listing reads only the parameters the contract declares for it', () => {
  it('asks the address for nothing the server leaves out of the cached page (decision 3104)', () => {
    const asked = new Set<string>();
    class Recording extends URLSearchParams {
      override get(name: string) {
        asked.add(name);
        return super.get(name);
      }
    }
    readListing(new Recording('?page=2&sort=price_asc'));
    expect(
      [...asked].filter((name) => !(serverRenderedPages.cars as readonly string[]).includes(name)),
    ).toEqual([]);
    // And it reads them all: a parameter declared but never read would only split the cache.
    expect([...asked].sort()).toEqual([...serverRenderedPages.cars].sort());
  });
});
