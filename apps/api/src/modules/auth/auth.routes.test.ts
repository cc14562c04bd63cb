import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';

describeEachDatabase('email and password accounts', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  const customer = {
    email: 'Somchai.J@Example.com',
    password: 'secret-123',
    firstName: 'Somchai',
    lastName: 'Jaidee',
    phone: '081-234-5678',
  };

  it('registers, then signs in case-insensitively and reads /auth/me', async () => {
    const reg = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: customer });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toEqual({ success: true, message: expect.any(String) });

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'somchai.j@example.COM', password: 'secret-123' },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body).toMatchObject({
      status: true,
      msg: expect.any(String),
      user: { email: 'somchai.j@example.com', phone: '0812345678' },
    });
    expect(body.user).not.toHaveProperty('passwordHash');

    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().response.data.firstName).toBe('Somchai');
  });

  it("refuses a second registration of the same email with the spec's 409 (success false, message)", async () => {
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...customer, password: 'other-pass' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      message: 'This email is already registered. Log in, or reset your password if you have forgotten it.',
    });
    // …and the first password still works: nothing was overwritten.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: customer.email, password: 'secret-123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown email the same 401', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: customer.email, password: 'nope-nope' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it.each([
    [{ ...customer, email: 'not-an-email' }, 'email'],
    [{ ...customer, password: '12345' }, 'password'],
    [{ ...customer, password: 'x'.repeat(129) }, 'password'],
    [{ ...customer, firstName: '  ' }, 'firstName'],
    [{ ...customer, phone: '12345' }, 'phone'],
  ])('refuses bad registration data (%#) with a per-field 400', async (payload, field) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it('revokes the session on logout', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: customer.email, password: 'secret-123' },
    });
    const auth = { authorization: `Bearer ${login.json().token}` };
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: auth })).statusCode).toBe(
      200,
    );
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ status: false, code: 'UNAUTHORIZED' });
  });

  it('refuses a missing or tampered token with 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: customer.email, password: 'secret-123' },
    });
    const token: string = login.json().token;
    const tampered = `${token.slice(0, -3)}${token.endsWith('A') ? 'B' : 'A'}AA`;
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: { authorization: `Bearer ${tampered}` },
        })
      ).statusCode,
    ).toBe(401);
  });
});
