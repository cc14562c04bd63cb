import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import { createAdmin } from '../admin/create-admin';
import { hashPassword } from '../users/passwords';

/**
 * Passwords people choose (issue 31, part 6): at least 8 characters and not one of the common or
 * breached passwords a guessing script tries first — on registration, a change, a reset and an
 * account the command line makes. Accounts that already have a shorter password keep signing in.
 */
describeEachDatabase('password rules', (ctx) => {
  let app: App;
  beforeAll(async () => {
    const settings = testSettings({ PUBLIC_URL: 'https://siamdrive.example' });
    app = await buildTestApp(ctx.database, { settings });
  });
  afterAll(() => app.close());

  let n = 0;
  const address = () => `10.31.${Math.floor(++n / 200)}.${(n % 200) + 1}`;
  const fresh = () => `pw.${ctx.kind}.${Date.now()}.${++n}@example.com`;
  const send = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url: `/api/v1${url}`, payload, headers, remoteAddress: address() });
  const register = (email: string, password: string) =>
    send('POST', '/auth/register', {
      email,
      password,
      firstName: 'Pim',
      lastName: 'Rak',
      phone: '0812345678',
    });
  const fieldError = (res: { json(): unknown }, path: string) =>
    (res.json() as { errors?: { path: string; message: string }[] }).errors?.find((e) => e.path === path);

  it('refuses a registration with fewer than 8 characters, on the password field', async () => {
    const res = await register(fresh(), 'abcd123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(fieldError(res, 'password')?.message).toBe('Password must be at least 8 characters');
    expect((await register(fresh(), 'abcd-1234')).statusCode).toBe(200);
  });

  it('refuses a common password on registration, whatever its case, with its own field error', async () => {
    const email = fresh();
    for (const password of ['password123', 'Password123', 'iloveyou1', '11111111']) {
      const res = await register(email, password);
      expect(res.statusCode, password).toBe(400);
      expect(fieldError(res, 'password')?.message).toBe(
        'This password is one of the most common: choose one that is harder to guess',
      );
    }
    // Nothing was made.
    const rows = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE email = $1',
      [email],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a common new password on a change and on a reset', async () => {
    const email = fresh();
    expect((await register(email, 'first-pass-31')).statusCode).toBe(200);
    const token = (await send('POST', '/auth/login', { email, password: 'first-pass-31' })).json().token;
    const headers = { authorization: `Bearer ${token}` };
    const change = await send(
      'PUT',
      '/auth/password',
      { currentPassword: 'first-pass-31', newPassword: 'qwerty123' },
      headers,
    );
    expect(change.statusCode).toBe(400);
    expect(fieldError(change, 'newPassword')?.message).toMatch(/most common/);
    const short = await send(
      'PUT',
      '/auth/password',
      { currentPassword: 'first-pass-31', newPassword: 'a1b2c3d' },
      headers,
    );
    expect(fieldError(short, 'newPassword')?.message).toBe('Password must be at least 8 characters');

    await send('POST', '/auth/password/forgot', { email });
    const mail = (await sentMails(app)).find((m) => m.to.includes(email) && /reset-password/.test(m.text));
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const reset = await send('POST', '/auth/password/reset', { token: resetToken, newPassword: 'sunshine1' });
    expect(reset.statusCode).toBe(400);
    expect(fieldError(reset, 'newPassword')?.message).toMatch(/most common/);
    // The link was not spent on a refused password: a good one goes through.
    const good = await send('POST', '/auth/password/reset', {
      token: resetToken,
      newPassword: 'long-and-rare-31',
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('refuses a common password for an admin made on the command line', async () => {
    await expect(createAdmin(ctx.database, { email: fresh(), password: 'password1' })).rejects.toThrow(
      /most common/,
    );
    await expect(createAdmin(ctx.database, { email: fresh(), password: 'short1' })).rejects.toThrow(/8/);
  });

  it('keeps signing in an account whose password was set under the old 6-character rule', async () => {
    const email = fresh();
    await ctx.database.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, phone, language)
       VALUES ($1, $2, 'Old', 'Rule', '0812345678', 'en')`,
      [email, await hashPassword('abc123')],
    );
    const res = await send('POST', '/auth/login', { email, password: 'abc123' });
    expect(res.statusCode, res.body).toBe(200);
  });
});
