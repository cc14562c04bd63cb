import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './auth-throttle';

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
  () => new RedisCounterStore('redis://127.0.0.1:1', 'x:', (m) => warnings.push(m)),
);

describe('rate limits while Redis is away', () => {
  it('logs the outage once a minute, not once a request', () => {
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Redis unreachable.*in memory/);
  });
});

const REDIS = process.env.TEST_REDIS_URL;

describeEachDatabase('sign-in rate limits and no enumeration', (ctx) => {
  let app: App;
  beforeAll(async () => {
    // With TEST_REDIS_URL the limits are kept in Redis, as with REDIS_URL in production.
    app = await buildTestApp(ctx.database, {
      settings: testSettings({ AUTH_MAX_REGISTRATIONS: '6', ...(REDIS && { REDIS_URL: REDIS }) }),
    });
  });
  afterAll(() => app.close());

  // Fresh addresses every run: with Redis the counters outlive the test process.
  const ip = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
  const tag = () => `${ctx.kind}${randomBytes(3).toString('hex')}`;
  const register = (email: string, remoteAddress = ip()) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress,
      payload: { email, password: 'secret-123', firstName: 'Rate', lastName: 'Limit', phone: '0812345678' },
    });
  const login = (email: string, password: string, remoteAddress = ip()) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { email, password } });

  it('locks an account after 5 failures, with Retry-After and a clear message; a known and an unknown email alike', async () => {
    const t = tag();
    const known = `known.${t}@example.com`;
    const unknown = `unknown.${t}@example.com`;
    await register(known, ip());
    // Different addresses each time: only the account counter is at work.
    for (let i = 0; i < 5; i++) {
      expect((await login(known, 'wrong-pass', ip())).statusCode).toBe(401);
      expect((await login(unknown, 'wrong-pass', ip())).statusCode).toBe(401);
    }
    const a = await login(known, 'secret-123', ip());
    const b = await login(unknown, 'secret-123', ip());
    expect(a.statusCode).toBe(429);
    expect(b.statusCode).toBe(429);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toMatchObject({
      status: false,
      code: 'RATE_LIMITED',
      msg: expect.stringMatching(/too many attempts/i),
    });
    const retry = Number(a.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
  });

  it('keeps signing in, with its limits, when Redis cannot be reached', async () => {
    const away = await buildTestApp(ctx.database, {
      settings: testSettings({ REDIS_URL: 'redis://127.0.0.1:1' }),
    });
    try {
      const email = `away.${tag()}@example.com`;
      const signUp = await away.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: ip(),
        payload: { email, password: 'secret-123', firstName: 'Away', lastName: 'Redis', phone: '0812345678' },
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
      const attempt = (password: string) =>
        away.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: ip(),
          payload: { email, password },
        });
      expect((await attempt('secret-123')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
      expect((await attempt('secret-123')).statusCode).toBe(429);
    } finally {
      await away.close();
    }
  });

  it('limits one address trying many accounts', async () => {
    const t = tag();
    const address = ip();
    for (let i = 0; i < 5; i++)
      expect((await login(`spray${i}.${t}@example.com`, 'x', address)).statusCode).toBe(401);
    expect((await login(`spray9.${t}@example.com`, 'x', address)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(`spray9.${t}@example.com`, 'x', ip())).statusCode).toBe(401);
  });

  it('starts the account counter again after a successful sign-in', async () => {
    const email = `reset.${tag()}@example.com`;
    await register(email, ip());
    for (let i = 0; i < 4; i++) await login(email, 'wrong', ip());
    expect((await login(email, 'secret-123', ip())).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong', ip())).statusCode).toBe(401);
  });

  it('limits registrations per address, whether the emails are new or taken', async () => {
    const t = tag();
    const address = ip();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await register(i % 2 ? `taken.${t}@example.com` : `new${i}.${t}@example.com`, address));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const over = await register(`one-more.${t}@example.com`, address);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('limits wrong current passwords on a password change', async () => {
    const email = `pw.${tag()}@example.com`;
    await register(email, ip());
    const token = (await login(email, 'secret-123', ip())).json().token;
    const change = (currentPassword: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/auth/password',
        remoteAddress: ip(),
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword, newPassword: 'new-password-1' },
      });
    for (let i = 0; i < 5; i++) expect((await change('wrong')).statusCode).toBe(400);
    const locked = await change('secret-123');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('takes as long for an unknown email as for a wrong password', async () => {
    const email = `timing.${tag()}@example.com`;
    await register(email, ip());
    const median = (xs: number[]) => xs.sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;
    const time = async (e: string) => {
      const started = performance.now();
      // A fresh address per attempt and few attempts per email keep the limiter out of the way.
      await login(e, 'wrong-password', ip());
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 8; i++) {
      known.push(await time(email));
      unknownTimes.push(await time(`nobody${i}.${tag()}@example.com`));
      if (i === 3) await login(email, 'secret-123', ip()); // resets the account counter
    }
    const ratio = median(known) / median(unknownTimes);
    // Without the dummy hash an unknown email would answer some 20-50 times faster; the wide
    // bounds are for two cores shared with other builds.
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});
