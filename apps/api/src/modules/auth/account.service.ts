import type { AccountExport, PasswordBody, ProfileBody } from '@siam/contract/account';
import type { User } from '@siam/contract/auth';
import { addressKey } from '../../lib/address-key';
import { AppError } from '../../lib/app-error';
import { assertNotCommonPassword, hashPassword, verifyPassword } from '../users/passwords';
import { toUser, type UsersService } from '../users/users.service';
import type { AccountRecoveryService } from './account-recovery.service';
import type { AuthThrottle } from './auth-throttle';
import type { SessionsService } from './sessions.service';

/** A session this young counts as a fresh sign-in (for accounts that have no password to re-enter). */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

export const WRONG_PASSWORD_MESSAGE = 'The current password is incorrect';
export const FRESH_SIGN_IN_MESSAGE = 'Please sign in again to confirm it is you';
export const EMAIL_TAKEN_MESSAGE = 'This email is already used by another account';

/**
 * What another module holds on a customer. A module with personal data (the
 * bookings module: driver details, ID numbers, addresses) registers one of
 * these in services.ts:
 *
 *   auth.account.registerContributor({ name: 'bookings', export: …, erase: … })
 *
 * `export` adds a section to GET /auth/export (none: the module's personal data is shown in another
 * module's section, as a booking's slips are in its booking); `erase` runs on DELETE
 * /auth/account before the account row is anonymised, and must remove or
 * anonymise the module's personal data while keeping what the law requires
 * (amounts, dates, tax invoices).
 */
export interface AccountDataContributor {
  name: string;
  export?(userId: number): Promise<unknown>;
  erase(userId: number): Promise<void>;
}

/** The signed-in customer's own account: profile, password, and the PDPA rights (export, erasure). */
export class AccountService {
  private readonly contributors: AccountDataContributor[] = [];

  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly throttle: AuthThrottle,
    private readonly recovery: AccountRecoveryService,
  ) {}

  registerContributor(contributor: AccountDataContributor): void {
    if (this.contributors.some((c) => c.name === contributor.name))
      throw new Error(`Account data contributor "${contributor.name}" registered twice`);
    this.contributors.push(contributor);
  }

  private async row(userId: number) {
    const row = await this.users.findById(userId);
    if (!row || row.deletedAt) throw new AppError('UNAUTHORIZED', 'Session expired, sign in again');
    return row;
  }

  /**
   * Proves it is the account holder: the current password (counted against
   * the rate limit when wrong) or, for Google/Facebook accounts without one,
   * a session started in the last minutes.
   */
  private async confirmIdentity(
    row: { id: number; passwordHash: string | null; createdAt: Date },
    password: string | undefined,
    sessionId: string,
    ip: string,
  ): Promise<void> {
    if (row.passwordHash) {
      // The creation time too: ids repeat across databases that share one Redis (staging, tests).
      const keys = [`user:${row.id}.${row.createdAt.getTime()}`, `ip:${addressKey(ip)}`];
      await this.throttle.assertAllowed('password', keys);
      if (!password || !(await verifyPassword(row.passwordHash, password))) {
        await this.throttle.recordFailure('password', keys);
        // 400, not 401: the session is fine, and a 401 would sign the site out (spec §8).
        throw new AppError('VALIDATION_FAILED', WRONG_PASSWORD_MESSAGE, [
          { path: 'currentPassword', message: WRONG_PASSWORD_MESSAGE },
        ]);
      }
      await this.throttle.recordSuccess('password', keys[0]!);
      return;
    }
    const started = await this.sessions.startedAt(sessionId);
    if (!started || Date.now() - started.getTime() > FRESH_SIGN_IN_MS)
      throw new AppError('FORBIDDEN', FRESH_SIGN_IN_MESSAGE);
  }

  async updateProfile(userId: number, sessionId: string, body: ProfileBody, ip: string): Promise<User> {
    const row = await this.row(userId);
    const email = body.email?.trim().toLowerCase();
    const changesEmail = email !== undefined && email !== row.email.toLowerCase();
    if (changesEmail) {
      await this.confirmIdentity(row, body.currentPassword, sessionId, ip);
      const other = await this.users.findByEmail(email);
      if (other && other.id !== row.id)
        throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, [
          { path: 'email', message: EMAIL_TAKEN_MESSAGE },
        ]);
    }
    let updated;
    try {
      updated = await this.users.update(row.id, {
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        phone: body.phone,
        // A new address is not verified until its own link is followed.
        ...(changesEmail && { email, emailVerifiedAt: null }),
      });
    } catch (error) {
      // Two accounts racing for one email: the unique index decides.
      if (changesEmail) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);
      throw error;
    }
    if (changesEmail) await this.recovery.sendVerification(row.id);
    return toUser(updated!);
  }

  /** Sets a new password and signs every other device out; this one stays signed in. */
  async changePassword(userId: number, sessionId: string, body: PasswordBody, ip: string): Promise<void> {
    const row = await this.row(userId);
    await this.confirmIdentity(row, body.currentPassword, sessionId, ip);
    assertNotCommonPassword(body.newPassword, 'newPassword');
    await this.users.update(row.id, { passwordHash: await hashPassword(body.newPassword) });
    await this.sessions.revokeAllForUser(row.id, sessionId);
  }

  async exportData(userId: number): Promise<AccountExport> {
    const row = await this.row(userId);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const sessions = await this.sessions.listForUser(row.id);
    const result: AccountExport = {
      exportedAt: new Date().toISOString(),
      account: {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        role: row.role,
        language: row.language,
        avatarUrl: row.avatarUrl,
        hasPassword: Boolean(row.passwordHash),
        googleLinked: Boolean(row.googleSub),
        facebookLinked: Boolean(row.facebookId),
        lineLinked: Boolean(row.lineUserId),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        taxDetails: (row.taxBuyer as AccountExport['account']['taxDetails']) ?? null,
      },
      sessions: sessions.map((s) => ({
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        revokedAt: iso(s.revokedAt),
        userAgent: s.userAgent,
        ip: s.ip,
      })),
    };
    for (const contributor of this.contributors)
      if (contributor.export) result[contributor.name] = await contributor.export(row.id);
    return result;
  }

  /**
   * Erasure: other modules erase theirs first (bookings keep what the law
   * requires, anonymised), then the account row is anonymised and every
   * session revoked. Staff accounts are closed by an administrator instead.
   */
  async deleteAccount(userId: number, sessionId: string, password: string | undefined, ip: string) {
    const row = await this.row(userId);
    if (row.role !== 'customer')
      throw new AppError('FORBIDDEN', 'Staff accounts are closed by an administrator');
    await this.confirmIdentity(row, password, sessionId, ip);
    for (const contributor of this.contributors) await contributor.erase(row.id);
    await this.users.anonymise(row.id);
    await this.sessions.revokeAllForUser(row.id);
  }
}
