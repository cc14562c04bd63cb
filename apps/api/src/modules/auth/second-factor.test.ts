import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { login, signInEveryone } from '../../../test/admin-helpers';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { base32Decode, totpCode, totpStep } from './totp';

describeEachDatabase('two-step sign-in for staff', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  const [, staff] = demoStaffAccounts;
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload && { payload }) });
  const passwordStep = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: staff!.email, password: staff!.password },
    });

  it('is set up with an authenticator app, asked at sign-in, and takes a recovery code once', async () => {
    const headers = await login(app, staff!.email, staff!.password);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/auth/second-factor', headers })).json().response.data,
    ).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const setup = (await post('/auth/second-factor/setup', headers)).json().response.data;
    expect(setup.otpauthUri).toMatch(
      /^otpauth:\/\/totp\/Siam%20Drive%3A.+\?secret=[A-Z2-7]+&issuer=Siam\+Drive/,
    );
    expect(setup.qrSvg).toMatch(/^<svg/);
    const secret = base32Decode(setup.secret);
    // The secret is never kept in clear.
    const [stored] = await ctx.database.query<{ secret_encrypted: string }>(
      'SELECT secret_encrypted FROM user_second_factors f JOIN users u ON u.id = f.user_id WHERE u.email = $1',
      [staff!.email],
    );
    expect(stored!.secret_encrypted).not.toContain(setup.secret);
    expect(stored!.secret_encrypted).not.toContain(secret.toString('hex'));

    // Not on until a first code confirms the app has it.
    expect((await passwordStep()).json()).toHaveProperty('token');
    const wrong = await post('/auth/second-factor/enable', headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const enabled = await post('/auth/second-factor/enable', headers, { code: totpCode(secret, totpStep()) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recoveryCodes: string[] = enabled.json().response.data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);

    // The password alone now gives a ticket, not a session.
    const first = (await passwordStep()).json();
    expect(first).not.toHaveProperty('token');
    expect(first.secondFactorTicket).toBeTruthy();
    const second = (code: string, ticket = first.secondFactorTicket) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/login/second-factor', payload: { ticket, code } });
    expect((await second('123456')).statusCode).toBe(401);
    // The code of the step after the one used to enable it (the enabling code is spent).
    const next = totpCode(secret, totpStep() + 1);
    const ok = await second(next);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.email).toBe(staff!.email);
    // The same code again is refused: a code works once.
    expect((await second(next, (await passwordStep()).json().secondFactorTicket)).statusCode).toBe(401);
    // A recovery code works once.
    const ticket = (await passwordStep()).json().secondFactorTicket;
    expect((await second(recoveryCodes[0]!.toUpperCase(), ticket)).statusCode).toBe(200);
    expect(
      (await second(recoveryCodes[0]!, (await passwordStep()).json().secondFactorTicket)).statusCode,
    ).toBe(401);
    // A forged (or too old) ticket gets nothing, with its own code so the site can say "start again".
    const forged = await second(recoveryCodes[1]!, `${ticket.split('.')[0]}.AAAA`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('SIGN_IN_EXPIRED');

    // Turning it off needs a code.
    expect((await post('/auth/second-factor/disable', headers, { code: '999999' })).statusCode).toBe(400);
    expect((await post('/auth/second-factor/disable', headers, { code: recoveryCodes[2]! })).statusCode).toBe(
      200,
    );
    expect((await passwordStep()).json()).toHaveProperty('token');
  });

  it('turning it on ends the account’s other sessions (one opened before it cannot skip the code)', async () => {
    // The staff account again: the test above turned its second factor off at the end.
    const account = staff!;
    const here = await login(app, account.email, account.password);
    const elsewhere = await login(app, account.email, account.password);
    const me = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
    expect((await me(elsewhere)).statusCode).toBe(200);
    const setup = (await post('/auth/second-factor/setup', here)).json().response.data;
    const enabled = await post('/auth/second-factor/enable', here, {
      code: totpCode(base32Decode(setup.secret), totpStep()),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    // The session that turned it on stays: the person just proved both factors there.
    expect((await me(here)).statusCode).toBe(200);
  });

  it('stops guessing codes after five wrong ones', async () => {
    const [admin] = demoStaffAccounts;
    const headers = await login(app, admin!.email, admin!.password);
    const setup = (await post('/auth/second-factor/setup', headers)).json().response.data;
    const secret = base32Decode(setup.secret);
    await post('/auth/second-factor/enable', headers, { code: totpCode(secret, totpStep()) });
    const ticket = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: admin!.email, password: admin!.password },
      })
    ).json().secondFactorTicket;
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/auth/login/second-factor',
            payload: { ticket, code: String(100000 + i) },
          })
        ).statusCode,
      );
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('is for staff: customers and visitors are refused', async () => {
    const { customer } = await signInEveryone(app);
    expect((await post('/auth/second-factor/setup', customer)).statusCode).toBe(403);
    expect((await post('/auth/second-factor/setup', {})).statusCode).toBe(401);
  });
});
