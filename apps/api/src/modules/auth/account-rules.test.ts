import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import { startProviderStandIns, type ProviderStandIns } from '../../../test/provider-stand-ins';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { base32Decode, totpCode, totpStep } from './totp';

/**
 * The account rules a deliberate mistake once slipped past (issue 32, part 1): a provider's word
 * never replaces a staff member's second factor; one TOTP code passes once even when two requests
 * race; using a reset link kills the account's other reset links; a link works only for its purpose.
 * Expected words are written out here, not imported, so a changed rule or message shows.
 */
describeEachDatabase('account rules', (ctx) => {
  let app: App;
  let providers: ProviderStandIns;
  beforeAll(async () => {
    providers = await startProviderStandIns();
    const settings = testSettings({ ...providers.settings, PUBLIC_URL: 'https://siamdrive.example' });
    app = await buildTestApp(ctx.database, { settings });
  });
  afterAll(async () => {
    await app.close();
    await providers.close();
  });

  let n = 0;
  const address = () => `10.32.${Math.floor(++n / 200)}.${(n % 200) + 1}`;
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: address() });
  const mailsTo = async (email: string) => (await sentMails(app)).filter((m) => m.to.includes(email));
  const linksIn = async (email: string, page: 'reset-password' | 'verify-email') =>
    (await mailsTo(email)).flatMap((m) => {
      const found = new RegExp(`https://siamdrive\\.example/${page}\\?token=([A-Za-z0-9_-]+)`).exec(m.text);
      return found ? [found[1]!] : [];
    });
  const register = async (email: string) =>
    expect(
      (
        await post('/auth/register', {
          email,
          password: 'secret-123',
          firstName: 'Nok',
          lastName: 'Dee',
          phone: '0812345678',
          language: 'en',
        })
      ).statusCode,
    ).toBe(200);
  const signsIn = async (email: string, password: string) =>
    (await post('/auth/login', { email, password })).statusCode === 200;
  const LINK_INVALID = 'This link has expired or was already used. Ask for a new one.';

  /** Turns the staff member's second factor on through the service; the app's secret, to make codes with. */
  async function withSecondFactor(email: string) {
    const [user] = await ctx.database.query<{ id: number }>(
      'SELECT id FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    const { secret } = await app.services.secondFactor.setUp({ id: user!.id, email });
    const key = base32Decode(secret);
    await app.services.secondFactor.enable(user!.id, totpCode(key, totpStep()));
    return { userId: user!.id, key };
  }

  it('refuses a Google, Facebook or LINE sign-in to a staff account with a second factor (403, the reason in words), which it allowed before', async () => {
    const staff = demoStaffAccounts.find((a) => a.role === 'staff')!;
    const google = async () =>
      post('/auth/google', {
        credential: await providers.signGoogleToken({
          sub: `g-staff-${ctx.kind}`,
          email: staff.email,
          email_verified: true,
          given_name: 'Staff',
          family_name: 'Member',
        }),
      });
    const facebook = () =>
      post('/auth/facebook', {
        token: providers.facebookUser({
          id: `fb-staff-${ctx.kind}`,
          email: staff.email,
          first_name: 'Staff',
          last_name: 'Member',
        }),
      });
    // LINE vouches for no address: the staff member connects their LINE account from the profile.
    providers.setLineBrowserUser({ sub: 'U5555555555555555555555555555555e', name: 'Staff Member' });
    const throughLineFor = async (start: Awaited<ReturnType<typeof app.inject>>) => {
      const setCookie = ([] as string[]).concat((start.headers['set-cookie'] as string | string[]) ?? []);
      const attempt = setCookie.find((c) => c.startsWith('siam_line='))!.split(';')[0]!;
      const location =
        start.statusCode === 302 ? start.headers.location! : start.json().response.data.authorizeUrl;
      const atLine = await fetch(new URL(location as string), { redirect: 'manual' });
      const back = new URL(atLine.headers.get('location')!);
      return app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: attempt } });
    };
    const staffSession = await login(app, staff.email, staff.password);
    const linked = await throughLineFor(
      await app.inject({ method: 'POST', url: '/api/v1/auth/line/link?lng=en', headers: staffSession }),
    );
    expect(linked.headers.location).toBe('/profile?line=linked');
    const line = async () => {
      const callback = await throughLineFor(await app.inject({ url: '/api/v1/auth/line/start?lng=en' }));
      const identity = ([] as string[])
        .concat((callback.headers['set-cookie'] as string | string[]) ?? [])
        .find((c) => c.startsWith('siam_line='))!
        .split(';')[0]!;
      return app.inject({ method: 'POST', url: '/api/v1/auth/line/session', headers: { cookie: identity } });
    };

    // Without a second factor, each provider signs the staff member in.
    for (const before of [await google(), await facebook(), await line()]) {
      expect(before.statusCode, before.body).toBe(200);
      // Facebook's route answers `{status, data}`, the others `{status, response: {data}}`.
      const body = before.json();
      expect((body.response ?? body).data.user.email).toBe(staff.email);
    }

    await withSecondFactor(staff.email);
    for (const attempt of [await google(), await facebook(), await line()]) {
      expect(attempt.statusCode, attempt.body).toBe(403);
      expect(attempt.json()).toEqual({
        status: false,
        code: 'FORBIDDEN',
        msg: 'This account uses two-step sign-in: sign in with your email, password and code.',
      });
    }
    // The password still leads to the second step, not to a session.
    const password = await post('/auth/login', { email: staff.email, password: staff.password });
    expect(password.json()).not.toHaveProperty('token');
    expect(password.json().secondFactorTicket).toEqual(expect.any(String));
  });

  // PGlite serves one connection at a time: two requests cannot race there.
  it.skipIf(ctx.kind !== 'postgres')(
    'lets one TOTP code pass once when two sign-ins present it at the same moment (two connections racing)',
    async () => {
      const admin = demoStaffAccounts.find((a) => a.role === 'admin')!;
      await login(app, admin.email, admin.password); // the account exists and signs in
      const { userId, key } = await withSecondFactor(admin.email);
      // The next step's code: the enabling code's step is spent, one step of drift is accepted.
      const code = totpCode(key, totpStep() + 1);
      const outcomes = await ctx.database.withConnection(async (holder) => {
        // A third connection holds the row, so both checks are inside their transactions,
        // blocked on it, before either can finish: a real race, decided by the database.
        await holder.exec('BEGIN');
        await holder.query('SELECT 1 FROM user_second_factors WHERE user_id = $1 FOR UPDATE', [userId]);
        const [{ pid }] = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as [
          { pid: number },
        ];
        const both = Promise.all([
          app.services.secondFactor.verify(userId, code),
          app.services.secondFactor.verify(userId, code),
        ]);
        // Wait for the outcome "both checks wait", however long a busy machine takes: the first
        // waits on the holder, the second on the first (a row's lock queue).
        for (;;) {
          const [{ waiting }] = (await ctx.database.query<{ waiting: number }>(
            `WITH first AS (SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid)))
             SELECT (SELECT count(*) FROM first)::int + (
               SELECT count(*) FROM pg_stat_activity a
               WHERE a.pid NOT IN (SELECT pid FROM first) AND pg_blocking_pids(a.pid) && ARRAY(SELECT pid FROM first)
             )::int AS waiting`,
            [pid],
          )) as [{ waiting: number }];
          if (waiting >= 2) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
        await holder.exec('COMMIT');
        return both;
      });
      expect(outcomes.sort()).toEqual([false, true]);
    },
  );

  it("kills the account's other reset links when one is used", async () => {
    const email = `two-links.${ctx.kind}.${Date.now()}@example.com`;
    await register(email);
    await post('/auth/password/forgot', { email });
    await post('/auth/password/forgot', { email });
    const [first, second] = await linksIn(email, 'reset-password');
    expect(second, 'two reset mails').toBeTruthy();

    const used = await post('/auth/password/reset', { token: second, newPassword: 'from-link-two' });
    expect(used.statusCode, used.body).toBe(200);
    const other = await post('/auth/password/reset', { token: first, newPassword: 'from-link-one' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'token', message: LINK_INVALID }],
    });
    expect(await signsIn(email, 'from-link-two')).toBe(true);
    expect(await signsIn(email, 'from-link-one')).toBe(false);
  });

  it('takes a link only for its purpose: an email-verification link resets no password, a reset link verifies no address', async () => {
    const email = `purpose.${ctx.kind}.${Date.now()}@example.com`;
    await register(email);
    const [verification] = await linksIn(email, 'verify-email');
    expect(verification, 'the registration mail has a verification link').toBeTruthy();

    const asReset = await post('/auth/password/reset', { token: verification, newPassword: 'stolen-pass-1' });
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json()).toMatchObject({ errors: [{ path: 'token', message: LINK_INVALID }] });
    expect(await signsIn(email, 'stolen-pass-1')).toBe(false);
    expect(await signsIn(email, 'secret-123')).toBe(true);

    await post('/auth/password/forgot', { email });
    const [reset] = await linksIn(email, 'reset-password');
    const asVerification = await post('/auth/email/verify', { token: reset });
    expect(asVerification.statusCode).toBe(400);
    const [row] = await ctx.database.query<{ verified: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    expect(row!.verified).toBe(false);

    // Each still works for what it was sent for.
    expect((await post('/auth/email/verify', { token: verification })).statusCode).toBe(200);
    expect(
      (await post('/auth/password/reset', { token: reset, newPassword: 'chosen-pass-1' })).statusCode,
    ).toBe(200);
  });
});
