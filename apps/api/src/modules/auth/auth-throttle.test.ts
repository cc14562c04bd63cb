import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { createAdmin } from '../admin/create-admin';
import { sentMails } from '../../../test/outbox';
import { difficultyFor, solvesChallenge } from './auth-throttle';

const REDIS = process.env.TEST_REDIS_URL;

/** What a browser does with a challenge: find a nonce (here in Node, as fast as it goes). */
function solve(token: string, difficulty: number): string {
  for (let n = 0; ; n++) if (solvesChallenge(token, String(n), difficulty)) return String(n);
}

describeEachDatabase('sign-in limits that nobody can turn against an owner', (ctx) => {
  let app: App;
  beforeAll(async () => {
    // With TEST_REDIS_URL the limits are kept in Redis, as with REDIS_URL in production.
    const settings = testSettings({ AUTH_MAX_REGISTRATIONS: '6', ...(REDIS && { REDIS_URL: REDIS }) });
    app = await buildTestApp(ctx.database, { settings });
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
  const login = (
    email: string,
    password: string,
    remoteAddress = ip(),
    extra: { cookie?: string; challenge?: { token: string; nonce: string } } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      headers: extra.cookie ? { cookie: extra.cookie } : {},
      payload: { email, password, ...(extra.challenge && { challenge: extra.challenge }) },
    });
  /** Asks for a challenge and solves it, as the sign-in page does after CHALLENGE_REQUIRED. */
  const solvedChallenge = async (email: string, remoteAddress: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/challenge',
      remoteAddress,
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    const { token, difficulty } = res.json().response.data;
    expect(difficulty).toBeGreaterThanOrEqual(14);
    return { token, nonce: solve(token, difficulty) };
  };
  const deviceCookie = (res: { headers: Record<string, unknown> }) => {
    const set = String(res.headers['set-cookie'] ?? '');
    expect(set).toMatch(/^siam_device=[^;]+; Path=\/api\/v1; .*HttpOnly; SameSite=Lax/);
    return set.split(';')[0]!;
  };

  it('five wrong passwords from anywhere do not lock the real admin out (the reported attack)', async () => {
    // An admin of this run (with Redis the demo admin's counters outlive earlier runs).
    const admin = { email: `admin.${tag()}@example.com`, password: 'admin-pass-123' };
    await createAdmin(ctx.database, admin);
    const office = ip();
    // The admin has signed in from this browser before.
    const earlier = await login(admin.email, admin.password, office);
    expect(earlier.statusCode).toBe(200);
    const cookie = deviceCookie(earlier);
    // A stranger tries five passwords from elsewhere.
    const attacker = ip();
    for (let i = 0; i < 5; i++)
      expect((await login(admin.email, `guess-${i}`, attacker)).statusCode).toBe(401);
    // The admin's own browser: straight in, no wait, no challenge.
    const back = await login(admin.email, admin.password, office, { cookie });
    expect(back.statusCode, back.body).toBe(200);
    // From a new device the admin is asked to prove a browser is at work, and then gets in: never 429.
    const newPhone = ip();
    const asked = await login(admin.email, admin.password, newPhone);
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    expect(asked.headers['retry-after']).toBeUndefined();
    const inAfterAll = await login(admin.email, admin.password, newPhone, {
      challenge: await solvedChallenge(admin.email, newPhone),
    });
    expect(inAfterAll.statusCode, inAfterAll.body).toBe(200);
  });

  it('asks a pair past its limit for the proof of work, never locks it: the owner behind the attacker’s address gets in', async () => {
    const email = `pair.${tag()}@example.com`;
    await register(email);
    // One address for the attacker and the owner: a proxy without TRUST_PROXY, an office, a carrier's NAT.
    const shared = ip();
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-pass', shared)).statusCode).toBe(401);
    const sixth = await login(email, 'secret-123', shared);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    expect(sixth.headers['retry-after']).toBeUndefined();
    const owner = await login(email, 'secret-123', shared, {
      challenge: await solvedChallenge(email, shared),
    });
    expect(owner.statusCode, owner.body).toBe(200);
    // The owner's own browser, once its pair is past the limit too, is asked for the same, not locked.
    const cookie = deviceCookie(owner);
    for (let i = 0; i < 5; i++)
      expect((await login(email, 'wrong-pass', shared, { cookie })).statusCode).toBe(401);
    const fromDevice = await login(email, 'secret-123', shared, { cookie });
    expect(fromDevice.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    const back = await login(email, 'secret-123', shared, {
      cookie,
      challenge: await solvedChallenge(email, shared),
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('raises the difficulty for an account under attack from anywhere, past the old ceiling of 17 bits', async () => {
    // One failure a step, so the climb is short to watch (the default is five).
    const steep = await buildTestApp(ctx.database, {
      settings: testSettings({ AUTH_MAX_FAILURES: '1', ...(REDIS && { REDIS_URL: REDIS }) }),
    });
    try {
      const email = `attacked.${tag()}@example.com`;
      const seen: number[] = [];
      for (let i = 0; i < 6; i++) {
        // Every guess from a new address: only the account's own count can raise the difficulty.
        const from = ip();
        const asked = await steep.inject({
          method: 'POST',
          url: '/api/v1/auth/login/challenge',
          remoteAddress: from,
          payload: { email },
        });
        const { token, difficulty } = asked.json().response.data;
        seen.push(difficulty);
        if (i === 5) break;
        const guess = await steep.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: from,
          payload: { email, password: `guess-${i}`, challenge: { token, nonce: solve(token, difficulty) } },
        });
        expect(guess.statusCode, guess.body).toBe(401);
      }
      // No failure: the base (a challenge asked for anyway); from the limit of 1, one bit per failure.
      expect(seen).toEqual([14, 14, 15, 16, 17, 18]);
    } finally {
      await steep.close();
    }
  }, 180_000);

  it('keeps the difficulty to 20 bits at most: bearable for an owner on a phone', () => {
    expect(difficultyFor(0, 5)).toBe(0);
    expect(difficultyFor(1, 5)).toBe(14);
    expect(difficultyFor(5, 5)).toBe(14);
    expect(difficultyFor(6, 5)).toBe(15);
    expect(difficultyFor(21, 5)).toBe(18);
    expect(difficultyFor(26, 5)).toBe(19);
    expect(difficultyFor(31, 5)).toBe(20);
    expect(difficultyFor(10_000, 5)).toBe(20);
  });

  it('tells the owner by mail, once and in their language, when many failures hit their account', async () => {
    const email = `alert.${tag()}@example.com`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress: ip(),
      payload: {
        email,
        password: 'secret-123',
        firstName: 'Alert',
        lastName: 'Owner',
        phone: '0812345678',
        language: 'th',
      },
    });
    expect(signUp.statusCode).toBe(200);
    const alerts = async () =>
      (await sentMails(app)).filter((m) => m.to.includes(email) && /เข้าสู่ระบบไม่สำเร็จ/.test(m.subject));
    const guess = async (i: number) => {
      const from = ip();
      const first = await login(email, `guess-${i}`, from);
      if (first.statusCode === 401) return;
      expect(first.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
      const res = await login(email, `guess-${i}`, from, { challenge: await solvedChallenge(email, from) });
      expect(res.statusCode).toBe(401);
    };
    for (let i = 0; i < 9; i++) await guess(i);
    expect(await alerts()).toHaveLength(0);
    await guess(9);
    await expect.poll(async () => (await alerts()).length).toBe(1);
    const [mail] = await alerts();
    expect(mail!.text).toMatch(/10/);
    expect(mail!.text).toContain('/forgot-password?lng=th');
    // Not a mail per failure.
    for (let i = 10; i < 15; i++) await guess(i);
    expect(await alerts()).toHaveLength(1);
  }, 120_000);

  it('does not block the people behind one address (office or carrier NAT) for a neighbour’s failures', async () => {
    const nat = ip();
    const neighbour = `neighbour.${tag()}@example.com`;
    const person = `person.${tag()}@example.com`;
    await register(neighbour);
    await register(person);
    for (let i = 0; i < 5; i++) expect((await login(neighbour, 'forgot-it', nat)).statusCode).toBe(401);
    const res = await login(person, 'secret-123', nat);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('makes one address spraying many accounts solve a challenge per try; a challenge is single-use and bound to its email', async () => {
    const t = tag();
    const sprayer = ip();
    for (let i = 0; i < 20; i++)
      expect((await login(`spray${i}.${t}@example.com`, 'x', sprayer)).statusCode).toBe(401);
    const target = `target.${t}@example.com`;
    await register(target);
    expect((await login(target, 'secret-123', sprayer)).json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    const challenge = await solvedChallenge(target, sprayer);
    expect((await login(target, 'wrong', sprayer, { challenge })).statusCode).toBe(401);
    // Used once: the same solution is refused.
    expect((await login(target, 'secret-123', sprayer, { challenge })).json()).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
    });
    // Bound to its email, and to a correct signature and solution.
    const other = await solvedChallenge(`other.${t}@example.com`, sprayer);
    expect((await login(target, 'secret-123', sprayer, { challenge: other })).statusCode).toBe(429);
    const forged = { token: `${other.token.split('.')[0]}.AAAA`, nonce: other.nonce };
    expect((await login(target, 'secret-123', sprayer, { challenge: forged })).statusCode).toBe(429);
    // A nonce that does not solve it is refused.
    const fresh = await solvedChallenge(target, sprayer);
    let wrong = 0;
    while (solvesChallenge(fresh.token, `w${wrong}`, 14)) wrong++;
    expect(
      (await login(target, 'secret-123', sprayer, { challenge: { token: fresh.token, nonce: `w${wrong}` } }))
        .statusCode,
    ).toBe(429);
    // Another address is not affected.
    expect((await login(target, 'secret-123', ip())).statusCode).toBe(200);
  });

  it('answers a known and an unknown email alike', async () => {
    const t = tag();
    const known = `known.${t}@example.com`;
    const unknown = `unknown.${t}@example.com`;
    await register(known);
    for (let i = 0; i < 5; i++) {
      expect((await login(known, 'wrong-pass')).statusCode).toBe(401);
      expect((await login(unknown, 'wrong-pass')).statusCode).toBe(401);
    }
    const a = await login(known, 'secret-123');
    const b = await login(unknown, 'secret-123');
    expect(a.statusCode).toBe(429);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
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
      const address = ip();
      const attempt = (password: string) =>
        away.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: address,
          payload: { email, password },
        });
      expect((await attempt('secret-123')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
      // Past the limit: the proof of work, counted in this instance's memory while Redis is away.
      expect((await attempt('secret-123')).json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    } finally {
      await away.close();
    }
  });

  it('limits registrations per address, whether the emails are new or taken', async () => {
    const t = tag();
    const address = ip();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await register(i % 2 ? `taken.${t}@example.com` : `new${i}.${t}@example.com`, address));
    // The taken address's second and third tries are refused (409, spec §7) and still count.
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 409, 200, 409]);
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
    // Two known accounts, four attempts each: under the account's limit, so no challenge answers early.
    const emails = [`timing1.${tag()}@example.com`, `timing2.${tag()}@example.com`];
    for (const e of emails) await register(e, ip());
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
      known.push(await time(emails[i % 2]!));
      unknownTimes.push(await time(`nobody${i}.${tag()}@example.com`));
    }
    const ratio = median(known) / median(unknownTimes);
    // Without the dummy hash an unknown email would answer some 20-50 times faster; the wide
    // bounds are for two cores shared with other builds.
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});
