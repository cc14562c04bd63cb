import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './counters';

function storeContract(name: string, make: () => CounterStore, enabled = true) {
  describe.skipIf(!enabled)(`counter store: ${name}`, () => {
    let store: CounterStore;
    const prefix = randomBytes(4).toString('hex');
    beforeAll(() => {
      store = make();
    });
    afterAll(() => store.close());

    it('counts within a window, forgets after it, and resets on demand', async () => {
      const key = `${prefix}:a`;
      expect((await store.peek(key)).count).toBe(0);
      expect((await store.hit(key, 300)).count).toBe(1);
      const second = await store.hit(key, 300);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(0);
      expect(second.resetInMs).toBeLessThanOrEqual(300);
      expect((await store.peek(key)).count).toBe(2);
      await new Promise((r) => setTimeout(r, 350));
      expect((await store.peek(key)).count).toBe(0);
      expect((await store.hit(key, 60_000)).count).toBe(1);
      await store.reset(key);
      expect((await store.peek(key)).count).toBe(0);
    });

    it('keeps keys apart', async () => {
      await store.hit(`${prefix}:x`, 60_000);
      await store.hit(`${prefix}:x`, 60_000);
      expect((await store.peek(`${prefix}:y`)).count).toBe(0);
    });
  });
}

storeContract('memory', () => new MemoryCounterStore());
// Runs against a real Redis when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379).
storeContract(
  'redis',
  () => new RedisCounterStore(process.env.TEST_REDIS_URL!, 'siam-test:'),
  Boolean(process.env.TEST_REDIS_URL),
);

// Nothing listens on port 1: the store must go on counting, in memory, and say so once.
const warnings: string[] = [];
storeContract(
  'redis unreachable, counting in memory',
  () => new RedisCounterStore('redis://127.0.0.1:1', 'x:', (m: string) => warnings.push(m)),
);

describe('rate limits while Redis is away', () => {
  it('logs the outage once a minute, not once a request', () => {
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Redis unreachable.*in memory/);
  });
});
