import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';

/**
 * A forgotten password, a verified email and a taken address (issue 19):
 * the same answer whether or not an account exists, single-use links that
 * expire, sessions revoked by a reset, and mails in the account's language.
 */
describeEachDatabase('account recovery and email verification', (ctx) => {
  let app: App;
  beforeAll(async () => {
    const settings = testSettings({ PUBLIC_URL: 'https://siamdrive.example' });
    app = await buildTestApp(ctx.database, { settings });
  });
  afterAll(() => app.close());

  let n = 0;
  const address = () => `10.19.${Math.floor(++n / 200)}.${(n % 200) + 1}`;
  const mailsTo = async (email: string) => (await sentMails(app)).filter((m) => m.to.includes(email));
  const linkIn = (text: string, page: string) =>
    new RegExp(`https://siamdrive\\.example/${page}\\?token=([A-Za-z0-9_-]+)&lng=(th|en|zh)`).exec(text);
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: address() });
  const register = (email: string, language = 'th') =>
    post('/auth/register', {
      email,
      password: 'secret-123',
      firstName: 'Nok',
      lastName: 'Dee',
      phone: '0812345678',
      language,
    });
  const signIn = async (email: string, password: string) =>
    post('/auth/login', { email, password }).then((r) => r);

  it('sends a reset link for a known address and answers an unknown one exactly alike', async () => {
    const known = `reset.${ctx.kind}.${Date.now()}@example.com`;
    await register(known, 'zh');
    const a = await post('/auth/password/forgot', { email: known.toUpperCase() });
    const b = await post('/auth/password/forgot', { email: `nobody.${Date.now()}@example.com` });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    const mail = (await mailsTo(known)).find((m) => linkIn(m.text, 'reset-password'));
    expect(mail, 'a reset mail').toBeTruthy();
    expect(mail!.subject).toMatch(/重置.*密码/);
    expect(linkIn(mail!.text, 'reset-password')![2]).toBe('zh');
  });

  it('a reset link sets a new password once, signs every device out, and expires', async () => {
    const email = `once.${ctx.kind}.${Date.now()}@example.com`;
    await register(email, 'en');
    const before = (await signIn(email, 'secret-123')).json().token as string;
    await post('/auth/password/forgot', { email });
    const token = linkIn(
      (await mailsTo(email)).find((m) => /reset-password/.test(m.text))!.text,
      'reset-password',
    )![1]!;
    const tooShort = await post('/auth/password/reset', { token, newPassword: '123' });
    expect(tooShort.statusCode).toBe(400);
    const done = await post('/auth/password/reset', { token, newPassword: 'brand-new-pass' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await signIn(email, 'secret-123')).statusCode).toBe(401);
    expect((await signIn(email, 'brand-new-pass')).statusCode).toBe(200);
    // The session from before the reset is over.
    const me = await app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${before}` } });
    expect(me.statusCode).toBe(401);
    // Single use.
    const again = await post('/auth/password/reset', { token, newPassword: 'another-pass-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'token' }] });
    // A link older than its lifetime is refused.
    await post('/auth/password/forgot', { email });
    const latest = (await mailsTo(email)).filter((m) => /reset-password/.test(m.text)).at(-1)!;
    const late = linkIn(latest.text, 'reset-password')![1]!;
    await ctx.database.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE purpose = 'password_reset'`,
    );
    expect(
      (await post('/auth/password/reset', { token: late, newPassword: 'another-pass-1' })).statusCode,
    ).toBe(400);
    // A mail tells the owner their password changed.
    expect((await mailsTo(email)).some((m) => /password was changed/i.test(m.subject))).toBe(true);
  });

  it('limits reset mails to one address', async () => {
    const email = `many.${ctx.kind}.${Date.now()}@example.com`;
    await register(email, 'en');
    for (let i = 0; i < 6; i++) expect((await post('/auth/password/forgot', { email })).statusCode).toBe(200);
    expect((await mailsTo(email)).filter((m) => /reset-password/.test(m.text))).toHaveLength(3);
  });

  it("registering a taken address is refused with 409 and the spec's message in the visitor's language; the owner is told and keeps their password", async () => {
    const email = `owner.${ctx.kind}.${Date.now()}@example.com`;
    await register(email, 'th');
    const again = (lng: string, address = email) =>
      post(
        '/auth/register',
        {
          email: address,
          password: 'Someone-else-Strong-71',
          firstName: 'X',
          lastName: 'Y',
          phone: '0812345678',
          language: 'en',
        },
        { 'accept-language': lng },
      );
    // Spec §7: POST /auth/register answers `success, message`; §8: the page shows that message.
    const expected = {
      en: 'This email is already registered. Log in, or reset your password if you have forgotten it.',
      th: 'อีเมลนี้สมัครสมาชิกไว้แล้ว กรุณาเข้าสู่ระบบ หรือตั้งรหัสผ่านใหม่หากลืมรหัสผ่าน',
      zh: '该邮箱已注册。请直接登录；如忘记密码，可重置密码。',
    };
    for (const lng of ['en', 'th', 'zh'] as const) {
      const answer = await again(lng, lng === 'zh' ? email.toUpperCase() : email);
      expect(answer.statusCode, lng).toBe(409);
      expect(answer.json()).toEqual({
        success: false,
        message: expected[lng],
        status: false,
        code: 'CONFLICT',
        msg: expected[lng],
        errors: [{ path: 'email', message: expected[lng] }],
      });
    }
    const warned = (await mailsTo(email)).find((m) => /สมัครสมาชิกด้วยอีเมลของคุณ/.test(m.subject));
    expect(warned, 'the owner is told, in their language').toBeTruthy();
    expect(warned!.text).toContain('https://siamdrive.example/login');
    expect(warned!.text).toContain('https://siamdrive.example/forgot-password');
    expect((await signIn(email, 'secret-123')).statusCode).toBe(200);
    expect((await signIn(email, 'Someone-else-Strong-71')).statusCode).toBe(401);
  });

  it('verifies a new address from the registration mail, and again after the address changes', async () => {
    const email = `verify.${ctx.kind}.${Date.now()}@example.com`;
    await register(email, 'en');
    const verified = async () =>
      (
        await ctx.database.query<{ v: boolean }>(
          'SELECT email_verified_at IS NOT NULL AS v FROM users WHERE id = (SELECT id FROM users WHERE lower(email) = lower($1))',
          [email],
        )
      )[0]?.v;
    expect(await verified()).toBe(false);
    const mail = (await mailsTo(email)).find((m) => linkIn(m.text, 'verify-email'))!;
    expect(mail.subject).toMatch(/confirm your email/i);
    const token = linkIn(mail.text, 'verify-email')![1]!;
    expect((await post('/auth/email/verify', { token })).statusCode).toBe(200);
    expect(await verified()).toBe(true);
    expect((await post('/auth/email/verify', { token })).statusCode).toBe(400);

    // A changed address is not verified until its own link is followed.
    const session = { authorization: `Bearer ${(await signIn(email, 'secret-123')).json().token}` };
    const changed = `changed.${ctx.kind}.${Date.now()}@example.com`;
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      headers: session,
      payload: {
        firstName: 'Nok',
        lastName: 'Dee',
        phone: '0812345678',
        email: changed,
        currentPassword: 'secret-123',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [row] = await ctx.database.query<{ v: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS v FROM users WHERE lower(email) = lower($1)',
      [changed],
    );
    expect(row!.v).toBe(false);
    const next = linkIn(
      (await mailsTo(changed)).find((m) => linkIn(m.text, 'verify-email'))!.text,
      'verify-email',
    )![1]!;
    // A link for the old address proves nothing about the new one.
    expect((await post('/auth/email/verify', { token })).statusCode).toBe(400);
    expect((await post('/auth/email/verify', { token: next })).statusCode).toBe(200);
    // Signed in, a person may ask for a new link; the answer says whether the address is verified.
    const status = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/verification',
      headers: session,
    });
    expect(status.json().response.data).toEqual({ verified: true, sent: false });
  });
});
