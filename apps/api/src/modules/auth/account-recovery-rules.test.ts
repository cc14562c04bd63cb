import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { madeUpEmailFor } from '@siam/contract/made-up-email';
import { testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { buildServices } from '../../services';
import { hashPassword, verifyPassword } from '../users/passwords';
import { UsersRepository } from '../users/users.repository';
import { failure } from '../../../test/failure';

// The recovery rules on the service the routes use (account-recovery.test.ts and account-rules.test.ts
// drive the same through HTTP; these reach each rule directly, fast enough for mutation testing,
// decision 3204): links kept as hashes, 30 minutes for a reset and 48 hours for a verification, three
// mails of a kind an hour, one purpose per link, a used reset kills the others and every session.
describeEachDatabase('account recovery rules', (ctx) => {
  let services: ReturnType<typeof buildServices>;
  let users: UsersRepository;
  beforeAll(() => {
    services = buildServices(ctx.database, testSettings({ PUBLIC_URL: 'https://siamdrive.example' }));
    users = new UsersRepository(ctx.database.db);
  });
  const recovery = () => services.accountRecovery;
  const newUser = async (
    values: { language?: 'th' | 'en' | 'zh'; verified?: boolean; email?: string } = {},
  ) =>
    (await users.insert({
      email: values.email ?? `ar-${randomBytes(5).toString('hex')}@example.com`,
      role: 'customer',
      language: values.language ?? 'en',
      passwordHash: await hashPassword('old-Password-471'),
      emailVerifiedAt: values.verified ? new Date('2026-01-02T03:04:05.000Z') : null,
    }))!;
  /** The mails written for an address, oldest first (the outbox table: what the job will send). */
  const mailsTo = (email: string) =>
    ctx.database.query<{ user_id: number | null; subject: string; text: string }>(
      `SELECT user_id, subject, body->>'text' AS text FROM mail_outbox WHERE to_address = $1 ORDER BY id`,
      [email],
    );
  const tokenIn = (text: string, page: string) =>
    new RegExp(`https://siamdrive\\.example/${page}\\?token=([^&\\s]+)&lng=`).exec(text)?.[1];
  const tokensTo = async (email: string, page: string) =>
    (await mailsTo(email)).map((m) => tokenIn(m.text, page)).filter((t): t is string => t !== undefined);
  const linksOf = (userId: number) =>
    ctx.database.query<{
      purpose: string;
      email: string;
      token_hash: string;
      seconds: number;
      used: boolean;
    }>(
      `SELECT purpose, email, token_hash, extract(epoch FROM expires_at - created_at)::float8 AS seconds,
              used_at IS NOT NULL AS used
         FROM account_tokens WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
  const userRow = async (id: number) => (await users.findById(id))!;
  const invalidLink = {
    code: 'VALIDATION_FAILED',
    message: 'This link has expired or was already used. Ask for a new one.',
    errors: [{ path: 'token', message: 'This link has expired or was already used. Ask for a new one.' }],
  };
  const signsIn = async (id: number, password: string) =>
    verifyPassword((await userRow(id)).passwordHash!, password);

  it('mails a reset link that lives 30 minutes and is kept only as its SHA-256, for the account, in its language', async () => {
    const user = await newUser({ language: 'zh' });
    await recovery().requestReset(user.email.toUpperCase());
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.user_id).toBe(user.id);
    expect(mails[0]!.subject).toBe('重置您的 Siam Drive 密码');
    const token = tokenIn(mails[0]!.text, 'reset-password')!;
    // 32 random bytes in base64url: 43 letters, no padding.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [link, ...more] = await linksOf(user.id);
    expect(more).toEqual([]);
    expect(link).toMatchObject({
      purpose: 'password_reset',
      email: user.email,
      token_hash: createHash('sha256').update(token).digest('hex'),
      used: false,
    });
    // 30 min = 1,800 s (created_at is the database's clock, expires_at the server's: a second apart at most).
    expect(link!.seconds).toBeGreaterThan(1_799);
    expect(link!.seconds).toBeLessThan(1_801);
  });

  it('asks nothing of an unknown or erased address, and says nothing', async () => {
    const unknown = `nobody-${randomBytes(5).toString('hex')}@example.com`;
    await expect(recovery().requestReset(unknown)).resolves.toBeUndefined();
    expect(await mailsTo(unknown)).toEqual([]);
    const gone = await newUser();
    await ctx.database.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone.id]);
    await recovery().requestReset(gone.email);
    expect(await mailsTo(gone.email)).toEqual([]);
    expect(await linksOf(gone.id)).toEqual([]);
  });

  it('sends three mails of a kind to an account in an hour, and counts each kind and each account apart', async () => {
    const user = await newUser();
    const other = await newUser();
    for (let i = 0; i < 5; i++) await recovery().requestReset(user.email);
    // Five links were made, three mailed.
    expect(await linksOf(user.id)).toHaveLength(5);
    expect(await tokensTo(user.email, 'reset-password')).toHaveLength(3);
    // Another kind of mail to the same account, and the same kind to another account, still go.
    expect(await recovery().sendVerification(user.id)).toEqual({ verified: false, sent: true });
    await recovery().requestReset(other.email);
    expect(await tokensTo(other.email, 'reset-password')).toHaveLength(1);
  });

  it('says whether the verification mail went: sent three times, then held back for the hour', async () => {
    const user = await newUser();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await recovery().sendVerification(user.id));
    expect(answers).toEqual([
      { verified: false, sent: true },
      { verified: false, sent: true },
      { verified: false, sent: true },
      { verified: false, sent: false },
    ]);
    expect(await tokensTo(user.email, 'verify-email')).toHaveLength(3);
    const links = await linksOf(user.id);
    expect(links).toHaveLength(4);
    // 48 h = 172,800 s.
    for (const link of links) {
      expect(link.purpose).toBe('email_verification');
      expect(link.seconds).toBeGreaterThan(172_799);
      expect(link.seconds).toBeLessThan(172_801);
    }
  });

  it('sends no verification for a verified, erased or missing account', async () => {
    const verified = await newUser({ verified: true });
    expect(await recovery().sendVerification(verified.id)).toEqual({ verified: true, sent: false });
    const gone = await newUser();
    await ctx.database.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone.id]);
    expect(await recovery().sendVerification(gone.id)).toEqual({ verified: false, sent: false });
    expect(await recovery().sendVerification(2_000_000_000)).toEqual({ verified: false, sent: false });
    expect(await linksOf(verified.id)).toEqual([]);
    expect(await linksOf(gone.id)).toEqual([]);
    expect(await mailsTo(verified.email)).toEqual([]);
  });

  it('a reset sets the password, verifies the address, kills the other reset links and every session, and tells the owner', async () => {
    const user = await newUser({ language: 'th' });
    const session = await services.sessions.start(user.id);
    await recovery().requestReset(user.email);
    await recovery().requestReset(user.email);
    await recovery().sendVerification(user.id);
    const [first, second] = await tokensTo(user.email, 'reset-password');
    const [verification] = await tokensTo(user.email, 'verify-email');

    await recovery().resetPassword(second!, 'Fresh-Password-862');
    expect(await signsIn(user.id, 'Fresh-Password-862')).toBe(true);
    expect(await signsIn(user.id, 'old-Password-471')).toBe(false);
    expect((await userRow(user.id)).emailVerifiedAt).not.toBeNull();
    expect(await services.sessions.authenticate(session.token)).toBeNull();
    expect(await failure(recovery().resetPassword(first!, 'Other-Password-915'))).toEqual(invalidLink);
    expect(await failure(recovery().resetPassword(second!, 'Other-Password-915'))).toEqual(invalidLink);
    expect(await signsIn(user.id, 'Fresh-Password-862')).toBe(true);
    // Only reset links die: the verification link is another purpose.
    expect((await linksOf(user.id)).map((l) => [l.purpose, l.used])).toEqual([
      ['password_reset', true],
      ['password_reset', true],
      ['email_verification', false],
    ]);
    await recovery().verifyEmail(verification!);
    const changed = (await mailsTo(user.email)).filter((m) => m.subject === 'รหัสผ่านสยามไดรฟ์ของคุณถูกเปลี่ยนแล้ว');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.user_id).toBe(user.id);
    expect(changed[0]!.text).toContain('https://siamdrive.example/login?lng=th');
  });

  it('keeps the time an address was verified when a reset follows', async () => {
    const user = await newUser({ verified: true });
    await recovery().requestReset(user.email);
    const [token] = await tokensTo(user.email, 'reset-password');
    await recovery().resetPassword(token!, 'Fresh-Password-862');
    expect((await userRow(user.id)).emailVerifiedAt).toEqual(new Date('2026-01-02T03:04:05.000Z'));
  });

  it('refuses a common password before spending the link, so a better one still works with it', async () => {
    const user = await newUser();
    await recovery().requestReset(user.email);
    const [token] = await tokensTo(user.email, 'reset-password');
    expect(await failure(recovery().resetPassword(token!, 'password123'))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'This password is one of the most common: choose one that is harder to guess',
      errors: [
        {
          path: 'newPassword',
          message: 'This password is one of the most common: choose one that is harder to guess',
        },
      ],
    });
    expect((await linksOf(user.id))[0]!.used).toBe(false);
    await recovery().resetPassword(token!, 'Fresh-Password-862');
    expect(await signsIn(user.id, 'Fresh-Password-862')).toBe(true);
  });

  it('refuses a reset link that expired, that is unknown, or whose account moved address or was erased', async () => {
    const expired = await newUser();
    await recovery().requestReset(expired.email);
    const [late] = await tokensTo(expired.email, 'reset-password');
    await ctx.database.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [expired.id],
    );
    expect(await failure(recovery().resetPassword(late!, 'Fresh-Password-862'))).toEqual(invalidLink);
    expect(await failure(recovery().resetPassword('no-such-link', 'Fresh-Password-862'))).toEqual(
      invalidLink,
    );

    const moved = await newUser();
    await recovery().requestReset(moved.email);
    const [sentToOld] = await tokensTo(moved.email, 'reset-password');
    await users.update(moved.id, { email: `moved-${randomBytes(4).toString('hex')}@example.com` });
    expect(await failure(recovery().resetPassword(sentToOld!, 'Fresh-Password-862'))).toEqual(invalidLink);
    expect(await signsIn(moved.id, 'old-Password-471')).toBe(true);

    const gone = await newUser();
    await recovery().requestReset(gone.email);
    const [forGone] = await tokensTo(gone.email, 'reset-password');
    await ctx.database.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone.id]);
    expect(await failure(recovery().resetPassword(forGone!, 'Fresh-Password-862'))).toEqual(invalidLink);
    expect(await signsIn(gone.id, 'old-Password-471')).toBe(true);
  });

  it('takes the address in any case: a link to Nok@Example.com works after the account wrote it nok@example.com', async () => {
    const name = `Nok-${randomBytes(4).toString('hex')}`;
    const user = await newUser({ email: `${name}@Example.com` });
    await recovery().requestReset(user.email);
    await recovery().sendVerification(user.id);
    const [reset] = await tokensTo(user.email, 'reset-password');
    const [verification] = await tokensTo(user.email, 'verify-email');
    await users.update(user.id, { email: `${name.toLowerCase()}@example.com` });
    await recovery().resetPassword(reset!, 'Fresh-Password-862');
    expect(await signsIn(user.id, 'Fresh-Password-862')).toBe(true);
    await ctx.database.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [user.id]);
    await recovery().verifyEmail(verification!);
    expect((await userRow(user.id)).emailVerifiedAt).not.toBeNull();
  });

  it('verifies the address a link was sent to, once, and keeps the first time it was verified', async () => {
    const user = await newUser();
    await recovery().sendVerification(user.id);
    await recovery().sendVerification(user.id);
    const [first, second] = await tokensTo(user.email, 'verify-email');
    await recovery().verifyEmail(first!);
    expect((await userRow(user.id)).emailVerifiedAt).not.toBeNull();
    expect(await failure(recovery().verifyEmail(first!))).toEqual(invalidLink);
    await ctx.database.query(
      `UPDATE users SET email_verified_at = '2026-01-02T03:04:05.000Z' WHERE id = $1`,
      [user.id],
    );
    await recovery().verifyEmail(second!);
    expect((await userRow(user.id)).emailVerifiedAt).toEqual(new Date('2026-01-02T03:04:05.000Z'));
  });

  it('refuses a verification link once the account moved to another address or was erased', async () => {
    const moved = await newUser();
    await recovery().sendVerification(moved.id);
    const [sentToOld] = await tokensTo(moved.email, 'verify-email');
    await users.update(moved.id, { email: `moved-${randomBytes(4).toString('hex')}@example.com` });
    expect(await failure(recovery().verifyEmail(sentToOld!))).toEqual(invalidLink);
    expect((await userRow(moved.id)).emailVerifiedAt).toBeNull();

    const gone = await newUser();
    await recovery().sendVerification(gone.id);
    const [forGone] = await tokensTo(gone.email, 'verify-email');
    await ctx.database.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone.id]);
    expect(await failure(recovery().verifyEmail(forGone!))).toEqual(invalidLink);
    expect((await userRow(gone.id)).emailVerifiedAt).toBeNull();
  });

  it('warns of failed sign-ins with their number, never at a made-up address', async () => {
    const user = await newUser();
    await recovery().warnOfSignInFailures(user, 20);
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Failed sign-ins on your Siam Drive account');
    expect(mail!.text).toContain('there were 20 failed attempts');
    expect(mail!.user_id).toBe(user.id);
    const lineUser = await newUser({ email: madeUpEmailFor('line', `U${randomBytes(8).toString('hex')}`) });
    await recovery().warnOfSignInFailures(lineUser, 20);
    expect(await mailsTo(lineUser.email)).toEqual([]);
  });

  it('tells the owner of a taken address, and nobody for an unknown or erased one', async () => {
    const user = await newUser({ language: 'en' });
    await recovery().warnOwnerOfTakenAddress(user.email.toUpperCase());
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([
      'Someone tried to register with your email at Siam Drive',
    ]);
    const unknown = `nobody-${randomBytes(5).toString('hex')}@example.com`;
    await expect(recovery().warnOwnerOfTakenAddress(unknown)).resolves.toBeUndefined();
    expect(await mailsTo(unknown)).toEqual([]);
    const gone = await newUser();
    await ctx.database.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone.id]);
    await recovery().warnOwnerOfTakenAddress(gone.email);
    expect(await mailsTo(gone.email)).toEqual([]);
  });

  it("exports the account's links (what for, to which address, whether used) and erases them with it", async () => {
    const user = await newUser();
    const other = await newUser();
    await recovery().requestReset(user.email);
    await recovery().sendVerification(user.id);
    await recovery().requestReset(other.email);
    const [token] = await tokensTo(user.email, 'reset-password');
    await recovery().resetPassword(token!, 'Fresh-Password-862');
    const exported = await recovery().exportFor(user.id);
    expect(exported.map((l) => [l.purpose, l.email, l.used_at !== null])).toEqual([
      ['password_reset', user.email, true],
      ['email_verification', user.email, false],
    ]);
    await recovery().erase(user.id);
    expect(await linksOf(user.id)).toEqual([]);
    expect(await recovery().exportFor(user.id)).toEqual([]);
    expect(await linksOf(other.id)).toHaveLength(1);
  });
});
