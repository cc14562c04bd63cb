import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';

let counter = 0;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describeEachDatabase('the customer account: profile, password, export, deletion', (ctx) => {
  let app: App;
  beforeAll(async () => {
    // A generous limit here: the rate limits have their own suite.
    app = await buildTestApp(ctx.database, { settings: testSettings({ AUTH_MAX_FAILURES: '50' }) });
  });
  afterAll(() => app.close());

  async function customer(password = 'secret-123') {
    counter += 1;
    const email = `customer${counter}.${ctx.kind}@example.com`;
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password, firstName: 'Anan', lastName: 'Chai', phone: '0812345678' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
    });
    const { token, user } = login.json();
    return {
      email,
      password,
      token: token as string,
      id: user.id as number,
      auth: { authorization: `Bearer ${token}` },
    };
  }
  const login = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

  describe('PUT /auth/profile', () => {
    it('changes name and phone, and /auth/me shows it', async () => {
      const c = await customer();
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: c.auth,
        payload: { firstName: ' Somying ', lastName: 'Rakdee', phone: '089 999 8888' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().response.data).toMatchObject({
        firstName: 'Somying',
        lastName: 'Rakdee',
        phone: '0899998888',
        email: c.email,
      });
      const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: c.auth });
      expect(me.json().response.data.firstName).toBe('Somying');
    });

    it('refuses bad data with per-field 400s', async () => {
      const c = await customer();
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: c.auth,
        payload: { firstName: '', lastName: 'x'.repeat(101), phone: '123', email: 'nope' },
      });
      expect(res.statusCode).toBe(400);
      const paths = res.json().errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'phone', 'email']));
    });

    it('changes the email only with the current password, and never to another customer’s', async () => {
      const a = await customer();
      const b = await customer();
      const base = { firstName: 'Anan', lastName: 'Chai', phone: '0812345678' };
      const noPassword = await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: a.auth,
        payload: { ...base, email: 'new.a@example.com' },
      });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().errors[0].path).toBe('currentPassword');
      const wrong = await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: a.auth,
        payload: { ...base, email: 'new.a@example.com', currentPassword: 'wrong-one' },
      });
      expect(wrong.statusCode).toBe(400);
      const taken = await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: a.auth,
        payload: { ...base, email: b.email.toUpperCase(), currentPassword: a.password },
      });
      expect(taken.statusCode).toBe(409);
      const ok = await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: a.auth,
        payload: { ...base, email: `New.A.${ctx.kind}@Example.com`, currentPassword: a.password },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().response.data.email).toBe(`new.a.${ctx.kind}@example.com`);
      expect((await login(`new.a.${ctx.kind}@example.com`, a.password)).statusCode).toBe(200);
      expect((await login(a.email, a.password)).statusCode).toBe(401);
    });

    it('needs a session', async () => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        payload: { firstName: 'A', lastName: 'B', phone: '0812345678' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT /auth/password', () => {
    it('changes the password, keeps this session and signs the others out', async () => {
      const c = await customer();
      const other = (await login(c.email, c.password)).json().token;
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/password',
        headers: c.auth,
        payload: { currentPassword: c.password, newPassword: 'brand-new-pass' },
      });
      expect(res.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: c.auth })).statusCode).toBe(
        200,
      );
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/v1/auth/me',
            headers: { authorization: `Bearer ${other}` },
          })
        ).statusCode,
      ).toBe(401);
      expect((await login(c.email, c.password)).statusCode).toBe(401);
      expect((await login(c.email, 'brand-new-pass')).statusCode).toBe(200);
    });

    it('refuses a wrong current password and a short or long new one (400, the session stays)', async () => {
      const c = await customer();
      const wrong = await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/password',
        headers: c.auth,
        payload: { currentPassword: 'not-it', newPassword: 'brand-new-pass' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([
        { path: 'currentPassword', message: 'The current password is incorrect' },
      ]);
      for (const newPassword of ['12345', 'x'.repeat(129)]) {
        const res = await app.inject({
          method: 'PUT',
          url: '/api/v1/auth/password',
          headers: c.auth,
          payload: { currentPassword: c.password, newPassword },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].path).toBe('newPassword');
      }
      expect((await login(c.email, c.password)).statusCode).toBe(200);
    });
  });

  describe('GET /auth/export', () => {
    it('gives the customer everything held on them, and nobody else’s', async () => {
      const a = await customer();
      const b = await customer();
      const res = await app.inject({ method: 'GET', url: '/api/v1/auth/export', headers: a.auth });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment');
      const data = res.json();
      expect(data.account).toMatchObject({
        id: a.id,
        email: a.email,
        hasPassword: true,
        googleLinked: false,
      });
      expect(data.account).not.toHaveProperty('passwordHash');
      expect(data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(data)).not.toContain(b.email);
      expect((await app.inject({ method: 'GET', url: '/api/v1/auth/export' })).statusCode).toBe(401);
    });

    it('includes the sections other modules contribute', async () => {
      const c = await customer();
      const erased: number[] = [];
      app.services.account.registerContributor({
        name: `bookings_${ctx.kind}`,
        export: async (userId) => [{ userId, code: 'SD-TEST' }],
        erase: async (userId) => {
          erased.push(userId);
        },
      });
      const data = (await app.inject({ method: 'GET', url: '/api/v1/auth/export', headers: c.auth })).json();
      expect(data[`bookings_${ctx.kind}`]).toEqual([{ userId: c.id, code: 'SD-TEST' }]);
      await app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/account',
        headers: c.auth,
        payload: { password: c.password, confirm: true },
      });
      expect(erased).toEqual([c.id]);
    });
  });

  describe('DELETE /auth/account', () => {
    it('needs the password and a confirmation', async () => {
      const c = await customer();
      expect(
        (
          await app.inject({
            method: 'DELETE',
            url: '/api/v1/auth/account',
            headers: c.auth,
            payload: { password: c.password },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await app.inject({
            method: 'DELETE',
            url: '/api/v1/auth/account',
            headers: c.auth,
            payload: { password: 'wrong', confirm: true },
          })
        ).statusCode,
      ).toBe(400);
      expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: c.auth })).statusCode).toBe(
        200,
      );
    });

    it('anonymises the account and revokes every session', async () => {
      const c = await customer();
      const second = (await login(c.email, c.password)).json().token;
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/account',
        headers: c.auth,
        payload: { password: c.password, confirm: true },
      });
      expect(res.statusCode).toBe(200);
      for (const token of [c.token, second])
        expect(
          (
            await app.inject({
              method: 'GET',
              url: '/api/v1/auth/me',
              headers: { authorization: `Bearer ${token}` },
            })
          ).statusCode,
        ).toBe(401);
      expect((await login(c.email, c.password)).statusCode).toBe(401);
      const [row] = await ctx.database.query<{
        email: string;
        first_name: string;
        phone: string;
        password_hash: string | null;
        deleted_at: unknown;
      }>('SELECT email, first_name, phone, password_hash, deleted_at FROM users WHERE id = $1', [c.id]);
      expect(row).toMatchObject({
        email: `deleted-${c.id}@deleted.invalid`,
        first_name: '',
        phone: '',
        password_hash: null,
      });
      expect(row!.deleted_at).not.toBeNull();
      // The email is free again.
      const again = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          email: c.email,
          password: 'another-1',
          firstName: 'New',
          lastName: 'Person',
          phone: '0812345678',
        },
      });
      expect(again.statusCode).toBe(200);
      expect((await login(c.email, 'another-1')).statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    it('refuses other algorithms, tampering, expiry and revoked sessions on every account call', async () => {
      const c = await customer();
      const [h, p, s] = c.token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      const secret = 'not-our-secret-but-long-enough-0123456789';
      const hs512 = b64({ alg: 'HS512', typ: 'JWT' });
      const bad = [
        `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
        `${hs512}.${p}.${createHmac('sha512', secret).update(`${hs512}.${p}`).digest('base64url')}`,
        `${h}.${b64({ ...claims, sub: claims.sub + 1 })}.${s}`,
        `${h}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })}.${s}`,
        `${h}.${p}.${s.slice(0, -2)}xx`,
      ];
      const calls = [
        { method: 'GET' as const, url: '/api/v1/auth/me' },
        { method: 'GET' as const, url: '/api/v1/auth/export' },
        {
          method: 'PUT' as const,
          url: '/api/v1/auth/profile',
          payload: { firstName: 'X', lastName: 'Y', phone: '0812345678' },
        },
        {
          method: 'PUT' as const,
          url: '/api/v1/auth/password',
          payload: { currentPassword: c.password, newPassword: 'hacked-123' },
        },
        {
          method: 'DELETE' as const,
          url: '/api/v1/auth/account',
          payload: { password: c.password, confirm: true },
        },
      ];
      for (const token of bad)
        for (const call of calls) {
          const res = await app.inject({ ...call, headers: { authorization: `Bearer ${token}` } });
          expect(res.statusCode, `${call.method} ${call.url} with ${token.slice(0, 20)}`).toBe(401);
        }
      // An expired session row (the token's own exp still in the future) is refused too.
      await ctx.database.query(
        `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
        [c.id],
      );
      expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: c.auth })).statusCode).toBe(
        401,
      );
      expect((await login(c.email, c.password)).statusCode).toBe(200);
    });

    it('only ever acts on the token’s own customer', async () => {
      const a = await customer();
      const b = await customer();
      // Body fields naming another account are not accepted as identity.
      await app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: a.auth,
        payload: { id: b.id, userId: b.id, firstName: 'Changed', lastName: 'ByA', phone: '0811111111' },
      });
      const bMe = (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: b.auth })).json()
        .response.data;
      expect(bMe).toMatchObject({ firstName: 'Anan', lastName: 'Chai', phone: '0812345678' });
      // A deletion naming B in the body erases A (the token's owner), never B.
      await app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/account',
        headers: a.auth,
        payload: { password: a.password, confirm: true, userId: b.id },
      });
      expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: a.auth })).statusCode).toBe(
        401,
      );
      expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: b.auth })).statusCode).toBe(
        200,
      );
      expect((await login(b.email, b.password)).statusCode).toBe(200);
    });
  });
});
