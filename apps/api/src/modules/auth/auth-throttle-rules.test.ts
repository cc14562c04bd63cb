import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryCounterStore } from '../../lib/counters';
import { AuthThrottle, difficultyFor, solvesChallenge } from './auth-throttle';

// The sign-in limits' arithmetic, on the in-memory counters and a frozen clock (only Date is faked:
// the counters' windows and the challenges' expiry read Date.now()). auth-throttle.test.ts drives
// the same rules through the HTTP routes on both databases.
const limits = { maxFailures: 3, maxRegistrations: 4, windowMinutes: 15 };
const secret = 'throttle-test-secret-long-enough-0123456789';
const start = new Date('2026-11-28T10:00:00+07:00');

/** The error a call fails with (an AppError's code and headers), or 'passed'. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'passed',
    (error: { code?: string; headers?: Record<string, string> }) => ({
      code: error.code,
      headers: error.headers,
    }),
  );
const codeOf = async (promise: Promise<unknown>) => {
  const result = await outcome(promise);
  return typeof result === 'string' ? result : result.code;
};
/** A browser's work: the first nonce that solves the challenge. */
const solve = (token: string, difficulty: number) => {
  for (let n = 0; ; n++) if (solvesChallenge(token, String(n), difficulty)) return String(n);
};

describe('the proof of work', () => {
  it('starts at 14 bits, one more for every `step` failures over, at most 20', () => {
    expect(difficultyFor(0, 5)).toBe(0);
    expect(difficultyFor(-2, 5)).toBe(0);
    expect(difficultyFor(1, 5)).toBe(14);
    expect(difficultyFor(5, 5)).toBe(14);
    expect(difficultyFor(6, 5)).toBe(15);
    expect(difficultyFor(11, 5)).toBe(16);
    expect(difficultyFor(30, 5)).toBe(19);
    expect(difficultyFor(31, 5)).toBe(20);
    expect(difficultyFor(1000, 5)).toBe(20);
  });

  it('counts the leading zero bits of SHA-256(token:nonce)', () => {
    // Worked out with Python's hashlib: sha256("challenge-token:N") begins
    // bc f7… for N = 1 (0 zero bits), 10 24… for 28 (3), 00 1c… for 476 (11), 00 00 63… for 216940 (17).
    const cases: [string, number][] = [
      ['1', 0],
      ['28', 3],
      ['476', 11],
      ['216940', 17],
    ];
    for (const [nonce, zeros] of cases) {
      expect(solvesChallenge('challenge-token', nonce, zeros)).toBe(true);
      expect(solvesChallenge('challenge-token', nonce, zeros + 1)).toBe(false);
    }
    expect(solvesChallenge('challenge-token', '216940', 8)).toBe(true);
    expect(solvesChallenge('challenge-token', '216940', 16)).toBe(true);
    expect(solvesChallenge('challenge-token', '476', 8)).toBe(true);
    expect(solvesChallenge('challenge-token', '476', 9)).toBe(true);
    expect(solvesChallenge('challenge-token', '1', 256)).toBe(false);
  });
});

describe('sign-in limits', () => {
  let throttle: AuthThrottle;
  beforeEach(() => {
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    throttle = new AuthThrottle(new MemoryCounterStore(), limits, secret);
  });
  afterEach(() => vi.useRealTimers());

  const attempt = (email: string, ip: string, more: { trustedDeviceId?: string } = {}) => ({
    email,
    ip,
    ...more,
  });
  const fail = async (times: number, email: string, ip: string, more: { trustedDeviceId?: string } = {}) => {
    const results = [];
    for (let i = 0; i < times; i++)
      results.push(await throttle.recordSignInFailure(attempt(email, ip, more)));
    return results;
  };

  it('asks for a challenge at the third failure of an account, from that address or any other', async () => {
    await fail(2, 'ann@example.com', '198.51.100.1');
    expect(await codeOf(throttle.beforeSignIn(attempt('ann@example.com', '198.51.100.1')))).toBe('passed');
    await fail(1, 'ann@example.com', '198.51.100.1');
    expect(await codeOf(throttle.beforeSignIn(attempt('ann@example.com', '198.51.100.1')))).toBe(
      'CHALLENGE_REQUIRED',
    );
    expect(await codeOf(throttle.beforeSignIn(attempt('ann@example.com', '203.0.113.9')))).toBe(
      'CHALLENGE_REQUIRED',
    );
    expect(await codeOf(throttle.beforeSignIn(attempt('bo@example.com', '198.51.100.1')))).toBe('passed');
    // The window is 15 minutes for the pair and the address, a day for the account.
    vi.setSystemTime(start.getTime() + 15 * 60_000);
    expect(await codeOf(throttle.beforeSignIn(attempt('ann@example.com', '198.51.100.1')))).toBe(
      'CHALLENGE_REQUIRED',
    );
    vi.setSystemTime(start.getTime() + 24 * 3_600_000 - 1);
    expect(await codeOf(throttle.beforeSignIn(attempt('ann@example.com', '198.51.100.1')))).toBe(
      'CHALLENGE_REQUIRED',
    );
    vi.setSystemTime(start.getTime() + 24 * 3_600_000);
    expect(await codeOf(throttle.beforeSignIn(attempt('ann@example.com', '198.51.100.1')))).toBe('passed');
  });

  it('asks an address for a challenge at its twelfth failure across accounts (four times the limit)', async () => {
    for (let i = 0; i < 11; i++) await fail(1, `guess${i}@example.com`, '198.51.100.2');
    expect(await codeOf(throttle.beforeSignIn(attempt('new@example.com', '198.51.100.2')))).toBe('passed');
    await fail(1, 'guess11@example.com', '198.51.100.2');
    expect(await codeOf(throttle.beforeSignIn(attempt('new@example.com', '198.51.100.2')))).toBe(
      'CHALLENGE_REQUIRED',
    );
    const { difficulty } = await throttle.issueChallenge('new@example.com', '198.51.100.2');
    expect(difficulty).toBe(14);
    // Past 12, one bit more for every 12 over: 23 failures are 12 over (14 bits), 24 are 13 over (15).
    for (let i = 12; i < 23; i++) await fail(1, `guess${i}@example.com`, '198.51.100.2');
    expect((await throttle.issueChallenge('new@example.com', '198.51.100.2')).difficulty).toBe(14);
    await fail(1, 'guess23@example.com', '198.51.100.2');
    expect((await throttle.issueChallenge('new@example.com', '198.51.100.2')).difficulty).toBe(15);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 0; i < 12; i++) await fail(1, `v6-${i}@example.com`, `2001:db8:0:12::${i + 1}`);
    expect(await codeOf(throttle.beforeSignIn(attempt('new@example.com', '2001:db8:0:12:ffff::1')))).toBe(
      'CHALLENGE_REQUIRED',
    );
    expect(await codeOf(throttle.beforeSignIn(attempt('new@example.com', '2001:db8:0:13::1')))).toBe(
      'passed',
    );
  });

  it("lets an owner's trusted device past strangers' failures, but not past its own", async () => {
    await fail(5, 'ann@example.com', '203.0.113.50');
    expect(
      await codeOf(
        throttle.beforeSignIn(attempt('ann@example.com', '203.0.113.50', { trustedDeviceId: 'd1' })),
      ),
    ).toBe('passed');
    await fail(2, 'ann@example.com', '198.51.100.3', { trustedDeviceId: 'd1' });
    await throttle.recordSignInSuccess(attempt('ann@example.com', '198.51.100.3', { trustedDeviceId: 'd1' }));
    await fail(2, 'ann@example.com', '198.51.100.3', { trustedDeviceId: 'd1' });
    expect(
      await codeOf(
        throttle.beforeSignIn(attempt('ann@example.com', '198.51.100.3', { trustedDeviceId: 'd1' })),
      ),
    ).toBe('passed');
    await fail(1, 'ann@example.com', '198.51.100.3', { trustedDeviceId: 'd1' });
    expect(
      await codeOf(
        throttle.beforeSignIn(attempt('ann@example.com', '198.51.100.3', { trustedDeviceId: 'd1' })),
      ),
    ).toBe('CHALLENGE_REQUIRED');
    expect(
      await codeOf(
        throttle.beforeSignIn(attempt('ann@example.com', '198.51.100.3', { trustedDeviceId: 'd2' })),
      ),
    ).toBe('passed');
  });

  it('tells the owner once, at the sixth failure (twice the limit)', async () => {
    const results = await fail(7, 'ann@example.com', '198.51.100.4');
    expect(results.map((r) => r.alertOwner)).toEqual([false, false, false, false, false, true, false]);
    expect(results.map((r) => r.accountFailures)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('takes a solved challenge once, for its own email, at the difficulty due, within five minutes', async () => {
    await fail(3, 'ann@example.com', '198.51.100.5');
    const issued = await throttle.issueChallenge('ann@example.com', '198.51.100.5');
    expect(issued.difficulty).toBe(14);
    const body = JSON.parse(Buffer.from(issued.token.split('.')[0]!, 'base64url').toString('utf8'));
    expect(body).toMatchObject({ email: 'ann@example.com', difficulty: 14, exp: start.getTime() + 300_000 });
    const challenge = { token: issued.token, nonce: solve(issued.token, 14) };
    const signIn = (email: string) => throttle.beforeSignIn({ ...attempt(email, '198.51.100.5'), challenge });
    await fail(3, 'bo@example.com', '198.51.100.5');
    expect(await codeOf(signIn('bo@example.com'))).toBe('CHALLENGE_REQUIRED');
    let wrong = 0;
    while (solvesChallenge(issued.token, String(wrong), 14)) wrong++;
    expect(
      await codeOf(
        throttle.beforeSignIn({
          ...attempt('ann@example.com', '198.51.100.5'),
          challenge: { token: issued.token, nonce: String(wrong) },
        }),
      ),
    ).toBe('CHALLENGE_REQUIRED');
    expect(await codeOf(signIn('ann@example.com'))).toBe('passed');
    expect(await codeOf(signIn('ann@example.com'))).toBe('CHALLENGE_REQUIRED');

    const late = await throttle.issueChallenge('ann@example.com', '198.51.100.5');
    const lateChallenge = { token: late.token, nonce: solve(late.token, 14) };
    vi.setSystemTime(start.getTime() + 300_000);
    expect(
      await codeOf(
        throttle.beforeSignIn({ ...attempt('ann@example.com', '198.51.100.5'), challenge: lateChallenge }),
      ),
    ).toBe('CHALLENGE_REQUIRED');
  });

  it('refuses a challenge solved at less than the difficulty now due', async () => {
    await fail(3, 'ann@example.com', '198.51.100.6');
    const easy = await throttle.issueChallenge('ann@example.com', '198.51.100.6');
    const challenge = { token: easy.token, nonce: solve(easy.token, 14) };
    await fail(3, 'ann@example.com', '198.51.100.6'); // 6 failures: 4 over, 15 bits due
    expect((await throttle.issueChallenge('ann@example.com', '198.51.100.6')).difficulty).toBe(15);
    expect(
      await codeOf(throttle.beforeSignIn({ ...attempt('ann@example.com', '198.51.100.6'), challenge })),
    ).toBe('CHALLENGE_REQUIRED');
  });

  it('spends a single-use id once while it lives', async () => {
    expect(await throttle.spendOnce('line', 'id-1', 60_000)).toBe(true);
    expect(await throttle.spendOnce('line', 'id-1', 60_000)).toBe(false);
    expect(await throttle.spendOnce('challenge', 'id-1', 60_000)).toBe(true);
    vi.setSystemTime(start.getTime() + 60_000);
    expect(await throttle.spendOnce('line', 'id-1', 60_000)).toBe(true);
  });
});

describe('the words of a refusal', () => {
  it('are the messages the API sends with these two codes', async () => {
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    const throttle = new AuthThrottle(new MemoryCounterStore(), limits, secret);
    const message = (promise: Promise<unknown>) => promise.then(String, (error: Error) => error.message);
    for (let i = 0; i < 3; i++)
      await throttle.recordSignInFailure({ email: 'ann@example.com', ip: '198.51.100.11' });
    expect(await message(throttle.beforeSignIn({ email: 'ann@example.com', ip: '198.51.100.11' }))).toBe(
      'Please confirm this sign-in: your browser solves a short check',
    );
    await throttle.recordFailure('password', ['a', 'a', 'a']);
    expect(await message(throttle.assertAllowed('password', ['a']))).toBe(
      'Too many attempts. Please wait and try again later.',
    );
    vi.useRealTimers();
  });
});

describe('password checks, second-factor codes and registrations', () => {
  let throttle: AuthThrottle;
  beforeEach(() => {
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    throttle = new AuthThrottle(new MemoryCounterStore(), limits, secret);
  });
  afterEach(() => vi.useRealTimers());

  it('refuses a password check at the third failure, saying when to come back, for 15 minutes', async () => {
    const keys = ['account:7', 'ip:198.51.100.7'];
    await throttle.recordFailure('password', keys);
    await throttle.recordFailure('password', keys);
    expect(await outcome(throttle.assertAllowed('password', keys))).toBe('passed');
    vi.setSystemTime(start.getTime() + 60_000);
    await throttle.recordFailure('password', ['account:7']);
    // The account's window started at 10:00 and ends at 10:15: 14 minutes = 840 s from now.
    expect(await outcome(throttle.assertAllowed('password', keys))).toEqual({
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '840' },
    });
    vi.setSystemTime(start.getTime() + 899_001);
    expect(await outcome(throttle.assertAllowed('password', ['account:7']))).toEqual({
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '1' },
    });
    vi.setSystemTime(start.getTime() + 900_000);
    expect(await outcome(throttle.assertAllowed('password', keys))).toBe('passed');
  });

  it('gives the latest end when several counters are over', async () => {
    await throttle.recordFailure('password', ['account:8', 'account:9', 'account:8', 'account:8']);
    vi.setSystemTime(start.getTime() + 120_000);
    await throttle.recordFailure('password', ['ip:a', 'ip:a', 'ip:a', 'account:9', 'account:9']);
    // At 10:02: account:8's window ends at 10:15 (780 s), ip:a's at 10:17 (900 s): the later one is said.
    expect(await outcome(throttle.assertAllowed('password', ['account:8', 'ip:a']))).toEqual({
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '900' },
    });
  });

  it("starts an account's count again after a right password, not its address's", async () => {
    const keys = ['account:10', 'ip:198.51.100.8'];
    for (let i = 0; i < 3; i++) await throttle.recordFailure('password', keys);
    await throttle.recordSuccess('password', 'account:10');
    expect(await codeOf(throttle.assertAllowed('password', ['account:10']))).toBe('passed');
    expect(await codeOf(throttle.assertAllowed('password', ['ip:198.51.100.8']))).toBe('RATE_LIMITED');
  });

  it('refuses a fourth second-factor code after three wrong ones, without checking it; a right one starts again', async () => {
    const wrong = async () => false;
    const right = async () => true;
    expect(await throttle.secondFactorAttempt('5', wrong)).toBe(false);
    expect(await throttle.secondFactorAttempt('5', wrong)).toBe(false);
    expect(await throttle.secondFactorAttempt('5', right)).toBe(true);
    for (let i = 0; i < 3; i++) expect(await throttle.secondFactorAttempt('5', wrong)).toBe(false);
    let checked = false;
    const result = await outcome(
      throttle.secondFactorAttempt('5', async () => {
        checked = true;
        return true;
      }),
    );
    expect(result).toEqual({ code: 'RATE_LIMITED', headers: { 'retry-after': '900' } });
    expect(checked).toBe(false);
    expect(await throttle.secondFactorAttempt('6', right)).toBe(true);
  });

  it('allows four registrations per address and three per email in 15 minutes', async () => {
    for (let i = 0; i < 4; i++)
      expect(await codeOf(throttle.registration(`r${i}@example.com`, '198.51.100.9'))).toBe('passed');
    expect(await codeOf(throttle.registration('r4@example.com', '198.51.100.9'))).toBe('RATE_LIMITED');
    expect(await codeOf(throttle.registration('r4@example.com', '198.51.100.10'))).toBe('passed');
    for (let i = 0; i < 2; i++)
      expect(await codeOf(throttle.registration('same@example.com', `203.0.113.${i + 1}`))).toBe('passed');
    expect(await codeOf(throttle.registration('same@example.com', '203.0.113.3'))).toBe('passed');
    expect(await codeOf(throttle.registration('same@example.com', '203.0.113.4'))).toBe('RATE_LIMITED');
    vi.setSystemTime(start.getTime() + 900_000);
    expect(await codeOf(throttle.registration('same@example.com', '203.0.113.5'))).toBe('passed');
  });
});
