import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { buildServices } from '../../services';
import { UsersRepository } from '../users/users.repository';
import { base32Decode, totpCode, totpStep } from './totp';
import { failure } from '../../../test/failure';

// The second factor's rules on the service the routes use (second-factor.test.ts drives the same
// through sign-in): set-up in two steps, each app code once, each recovery code once, off only with a code.
describeEachDatabase('second factor rules', (ctx) => {
  let services: ReturnType<typeof buildServices>;
  let users: UsersRepository;
  beforeAll(() => {
    services = buildServices(ctx.database, testSettings());
    users = new UsersRepository(ctx.database.db);
  });
  const newUser = async () =>
    (await users.insert({ email: `sf-${randomBytes(4).toString('hex')}@example.com`, role: 'staff' }))!;
  const wrongCode = {
    code: 'VALIDATION_FAILED',
    message: 'The code is not right, or it was used already',
    errors: [{ path: 'code', message: 'The code is not right, or it was used already' }],
  };

  it('is off until the first code from the app confirms the set-up', async () => {
    const user = await newUser();
    const factor = services.secondFactor;
    expect(await factor.status(user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await failure(factor.enable(user.id, '123456'))).toMatchObject({
      code: 'CONFLICT',
      message: 'Start the set-up first',
    });
    const setup = await factor.setUp(user);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes = 160 bits = 32 base32 letters
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}&`);
    expect(setup.otpauthUri).toContain(encodeURIComponent(`Siam Drive:${user.email}`));
    expect(setup.qrSvg).toMatch(/^<svg[^>]*>/);
    expect(await factor.status(user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await factor.isEnabled(user.id)).toBe(false);
    expect(await factor.verify(user.id, totpCode(base32Decode(setup.secret), totpStep()))).toBe(false);

    const secret = base32Decode(setup.secret);
    const step = totpStep();
    expect(await failure(factor.enable(user.id, totpCode(secret, step - 3)))).toEqual(wrongCode);
    const codes = await factor.enable(user.id, totpCode(secret, step));
    expect(codes).toHaveLength(10);
    expect(await factor.status(user.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(await factor.isEnabled(user.id)).toBe(true);
    expect(await failure(factor.enable(user.id, totpCode(secret, step + 1)))).toMatchObject({
      code: 'CONFLICT',
      message: 'Two-step sign-in is on already',
    });
    expect(await failure(factor.setUp(user))).toMatchObject({
      code: 'CONFLICT',
      message: 'Two-step sign-in is on already; turn it off first to change the app',
    });
    // The code that turned it on is spent; the next step's is not, and then it is spent too.
    expect(await factor.verify(user.id, totpCode(secret, step))).toBe(false);
    expect(await factor.verify(user.id, ` ${totpCode(secret, step + 1)} `)).toBe(true);
    expect(await factor.verify(user.id, totpCode(secret, step + 1))).toBe(false);
  });

  it('takes each recovery code once, however it is typed, and goes off only with a code', async () => {
    const user = await newUser();
    const factor = services.secondFactor;
    const setup = await factor.setUp(user);
    const secret = base32Decode(setup.secret);
    // A set-up started again before it was confirmed replaces the secret.
    const again = await factor.setUp(user);
    expect(again.secret).not.toBe(setup.secret);
    expect(await failure(factor.enable(user.id, totpCode(secret, totpStep())))).toEqual(wrongCode);
    const codes = await factor.enable(user.id, totpCode(base32Decode(again.secret), totpStep()));
    expect(await factor.verify(user.id, ` ${codes[0]!.toUpperCase()} `)).toBe(true);
    expect(await factor.verify(user.id, codes[0]!)).toBe(false);
    expect(await factor.status(user.id)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    expect(await factor.verify(user.id, 'aaaa-bbbb-cccc')).toBe(false);
    expect(await factor.status(user.id)).toEqual({ enabled: true, recoveryCodesLeft: 9 });

    expect(await failure(factor.disable(user.id, 'aaaa-bbbb-cccc'))).toEqual(wrongCode);
    expect(await factor.isEnabled(user.id)).toBe(true);
    await factor.disable(user.id, codes[1]!);
    expect(await factor.status(user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // Off means gone: the old recovery codes open nothing, and a new set-up starts clean.
    expect(await factor.verify(user.id, codes[2]!)).toBe(false);
    const fresh = await factor.setUp(user);
    const freshCodes = await factor.enable(user.id, totpCode(base32Decode(fresh.secret), totpStep()));
    expect(await factor.status(user.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(await factor.verify(user.id, codes[3]!)).toBe(false);
    expect(freshCodes).not.toContain(codes[3]);
  });

  it("recovery codes are one person's: another account's code is refused", async () => {
    const one = await newUser();
    const other = await newUser();
    const factor = services.secondFactor;
    const codesOfOne = await factor.enable(
      one.id,
      totpCode(base32Decode((await factor.setUp(one)).secret), totpStep()),
    );
    await factor.enable(other.id, totpCode(base32Decode((await factor.setUp(other)).secret), totpStep()));
    expect(await factor.verify(other.id, codesOfOne[0]!)).toBe(false);
    expect(await factor.status(one.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    await factor.erase(one.id);
    expect(await factor.status(one.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await factor.status(other.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Erasure leaves no hash of a code behind (status alone would not tell: it reads no codes once
    // the factor is off).
    const codesKept = (userId: number) =>
      ctx.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM user_recovery_codes WHERE user_id = $1',
        [userId],
      );
    expect(await codesKept(one.id)).toEqual([{ n: 0 }]);
    expect(await codesKept(other.id)).toEqual([{ n: 10 }]);
  });
});
