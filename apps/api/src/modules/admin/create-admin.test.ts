import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { createAdmin } from './create-admin';

describeEachDatabase('npm run admin:create', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  it('creates an admin with a generated strong password that signs in', async () => {
    const result = await createAdmin(ctx.database, { email: 'Boss@Example.com' });
    expect(result).toMatchObject({ email: 'boss@example.com', outcome: 'created', passwordChanged: true });
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const headers = await login(app, 'boss@example.com', result.generatedPassword!);
    const me = await app.inject({ url: '/api/v1/auth/me', headers });
    expect(me.json().response.data.role).toBe('admin');
    expect((await app.inject({ url: '/api/v1/admin/settings', headers })).statusCode).toBe(200);
  });

  it('is idempotent, and keeps the password unless one is given', async () => {
    const again = await createAdmin(ctx.database, { email: 'boss@example.com' });
    expect(again).toEqual({ email: 'boss@example.com', outcome: 'already', passwordChanged: false });
    const [row] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE lower(email) = 'boss@example.com'",
    );
    expect(row!.n).toBe(1);
    await createAdmin(ctx.database, { email: 'boss@example.com', password: 'a-new-password-1' });
    await login(app, 'boss@example.com', 'a-new-password-1');
  });

  it('promotes an existing customer and records it in the audit log', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: 'niran@example.com',
        password: 'niran-pass-1',
        firstName: 'Niran',
        lastName: 'P',
        phone: '0891234567',
      },
    });
    const result = await createAdmin(ctx.database, { email: 'niran@example.com' });
    expect(result.outcome).toBe('promoted');
    expect(result.passwordChanged).toBe(false);
    const headers = await login(app, 'niran@example.com', 'niran-pass-1');
    expect(
      (await app.inject({ url: '/api/v1/admin/audit-log?entity=user', headers })).json().response.data,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'user.promote_admin',
          actorEmail: 'cli:admin:create',
          before: { role: 'customer' },
        }),
      ]),
    );
  });

  it('refuses a bad email or a short password', async () => {
    await expect(createAdmin(ctx.database, { email: 'nope' })).rejects.toThrow();
    await expect(createAdmin(ctx.database, { email: 'x@example.com', password: '123' })).rejects.toThrow();
  });
});
