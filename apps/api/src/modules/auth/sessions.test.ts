import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { UsersRepository } from '../users/users.repository';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

const secret = 'sessions-test-secret-long-enough-0123456789';
/** The token's claims as a reader of the JWT sees them (the middle part, base64url JSON). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

describeEachDatabase('sign-in sessions', (ctx) => {
  let sessions: SessionsService;
  let adminId: number;
  let staffId: number;
  beforeAll(async () => {
    sessions = new SessionsService(new SessionsRepository(ctx.database.db), secret);
    const users = new UsersRepository(ctx.database.db);
    adminId = (await users.findByEmail(demoStaffAccounts[0]!.email))!.id;
    staffId = (await users.findByEmail(demoStaffAccounts[1]!.email))!.id;
  });

  it('lasts 30 days from its start, and its token names the session and the user', async () => {
    const before = Date.now();
    const started = await sessions.start(staffId, { userAgent: 'Mozilla/5.0 test', ip: '203.0.113.7' });
    const after = Date.now();
    // 30 days = 2,592,000 s = 2,592,000,000 ms.
    expect(started.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 2_592_000_000);
    expect(started.expiresAt.getTime()).toBeLessThanOrEqual(after + 2_592_000_000);
    const claims = claimsOf(started.token);
    expect(claims.sid).toBe(started.sessionId);
    expect(claims.sub).toBe(staffId);
    expect(claims.iat).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(claims.iat).toBeLessThanOrEqual(Math.floor(after / 1000));
    expect(claims.exp - claims.iat).toBe(2_592_000);
    const listed = (await sessions.listForUser(staffId)).find((row) => row.id === started.sessionId);
    expect(listed).toMatchObject({ userAgent: 'Mozilla/5.0 test', ip: '203.0.113.7', revokedAt: null });
    const startedAt = await sessions.startedAt(started.sessionId);
    expect(startedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(startedAt!.getTime()).toBeLessThanOrEqual(after + 1000);
  });

  it('knows the user of a live token, and nobody for a bad, foreign or revoked one', async () => {
    const { token, sessionId } = await sessions.start(staffId);
    expect(await sessions.authenticate(token)).toMatchObject({
      sessionId,
      user: { id: staffId, email: demoStaffAccounts[1]!.email },
    });
    expect(await sessions.authenticate('not-a-token')).toBeNull();
    const other = new SessionsService(
      new SessionsRepository(ctx.database.db),
      'another-secret-long-enough-000000000',
    );
    expect(await other.authenticate(token)).toBeNull();
    await sessions.revoke(sessionId);
    expect(await sessions.authenticate(token)).toBeNull();
  });

  it('signs a user out everywhere but the session in use, and no other user', async () => {
    const kept = await sessions.start(adminId);
    const ended = await sessions.start(adminId);
    const someoneElse = await sessions.start(staffId);
    await sessions.revokeAllForUser(adminId, kept.sessionId);
    expect(await sessions.authenticate(kept.token)).not.toBeNull();
    expect(await sessions.authenticate(ended.token)).toBeNull();
    expect(await sessions.authenticate(someoneElse.token)).not.toBeNull();
    await sessions.revokeAllForUser(adminId);
    expect(await sessions.authenticate(kept.token)).toBeNull();
  });

  it('has no start time for a session that does not exist', async () => {
    expect(await sessions.startedAt(randomUUID())).toBeUndefined();
  });
});
