import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('answers from memory until the TTL passes, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(1000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
    cache.clear();
    expect(await cache.get('a', load)).toBe(3);
  });

  it('forgets failures and keeps at most maxEntries', async () => {
    const cache = new TtlCache<string>(1000, 2);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z'); // evicts x, the oldest
    expect(await cache.get('x', async () => 'again')).toBe('again');
  });

  it('lets expired answers go as new questions come, so a burst of one-off questions is not kept', async () => {
    let now = 0;
    const cache = new TtlCache<string>(1000, 100, () => now);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    now = 500;
    await cache.get('a', async () => 'not asked'); // still fresh: answered from memory
    await cache.get('d', async () => 'd');
    expect(cache.size).toBe(4);
    now = 1000; // a, b and c have expired; d has not
    await cache.get('e', async () => 'e');
    expect(cache.size).toBe(2);
    now = 1600; // d has expired too; e (loaded at 1000) has not, and answers from memory
    expect(await cache.get('e', async () => 'e again')).toBe('e');
    expect(cache.size).toBe(1);
    now = 2000; // e is loaded again, and goes to the back of the line with its new expiry
    await cache.get('f', async () => 'f');
    await cache.get('e', async () => 'e again');
    now = 2999; // f (2000 + 1000) expires before e (2000 + 1000 too, but asked later): both at 3000
    await cache.get('g', async () => 'g');
    expect(cache.size).toBe(3);
  });
});
