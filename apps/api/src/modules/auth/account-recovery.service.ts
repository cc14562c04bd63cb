import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@siam/contract/languages';
import { isMadeUpEmail } from '@siam/contract/made-up-email';
import { AppError } from '../../lib/app-error';
import type { CounterStore } from '../../lib/counters';
import type { Mailer } from '../../lib/mailer';
import { assertNotCommonPassword, hashPassword } from '../users/passwords';
import type { UsersService } from '../users/users.service';
import { accountMail, type AccountMail } from './account-mail';
import type { AccountTokenPurpose as Purpose, AccountTokensRepository } from './account-tokens.repository';
import type { SessionsService } from './sessions.service';

export const LINK_INVALID_MESSAGE = 'This link has expired or was already used. Ask for a new one.';
const RESET_LIFETIME_MS = 30 * 60_000;
const VERIFY_LIFETIME_MS = 48 * 3_600_000;
/** Mails of one kind to one account in an hour: enough for a person, useless for flooding them. */
const MAILS_PER_HOUR = 3;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A forgotten password and a verified email (issue 19). Links are random,
 * single-use, short-lived and kept only as hashes. Asking for a reset answers
 * the same whether or not the address has an account; a reset signs every
 * device out. A verification proves the address it was sent to, and only that.
 */
export class AccountRecoveryService {
  constructor(
    private readonly tokens: AccountTokensRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly mailer: Mailer,
    private readonly counters: CounterStore,
    private readonly publicUrl: string,
  ) {}

  private async mail(
    kind: AccountMail,
    user: { id: number; createdAt: Date; email: string; language: Language },
    token?: string,
    failures?: number,
  ) {
    // By id and creation time: ids repeat across databases that share one Redis (staging, tests).
    const { count } = await this.counters.hit(
      `account-mail:${kind}:${user.id}.${user.createdAt.getTime()}`,
      3_600_000,
    );
    if (count > MAILS_PER_HOUR) return false;
    await this.mailer.send(accountMail(kind, user.email, user.language, this.publicUrl, token, failures), {
      userId: user.id,
    });
    return true;
  }

  private async issue(userId: number, email: string, purpose: Purpose, lifetimeMs: number) {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert({
      userId,
      purpose,
      email,
      tokenHash: hash(token),
      expiresAt: new Date(Date.now() + lifetimeMs),
    });
    return token;
  }

  /** Uses a live token of this purpose once; the account it belongs to and the address it was sent to. */
  private async redeem(token: string, purpose: Purpose) {
    const row = await this.tokens.useLive(hash(token), purpose);
    if (!row)
      throw new AppError('VALIDATION_FAILED', LINK_INVALID_MESSAGE, [
        { path: 'token', message: LINK_INVALID_MESSAGE },
      ]);
    return row;
  }

  /** "Forgot password": a link for a live account with that address; nothing, said the same way, otherwise. */
  async requestReset(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.deletedAt) return;
    const token = await this.issue(user.id, user.email, 'password_reset', RESET_LIFETIME_MS);
    await this.mail('reset', user, token);
  }

  async resetPassword(token: string, newPassword: string): Promise<void> {
    // Before the link is spent: a refused password leaves it usable for a better one.
    assertNotCommonPassword(newPassword, 'newPassword');
    const { user_id: userId, email } = await this.redeem(token, 'password_reset');
    const user = await this.users.findById(userId);
    if (!user || user.deletedAt || user.email.toLowerCase() !== email.toLowerCase())
      throw new AppError('VALIDATION_FAILED', LINK_INVALID_MESSAGE, [
        { path: 'token', message: LINK_INVALID_MESSAGE },
      ]);
    await this.users.update(userId, {
      passwordHash: await hashPassword(newPassword),
      // Following the link proved the mailbox is theirs.
      ...(!user.emailVerifiedAt && { emailVerifiedAt: new Date() }),
    });
    // Other reset links of this account die with this one; every device signs in again.
    await this.tokens.useAllOf(userId, 'password_reset');
    await this.sessions.revokeAllForUser(userId);
    await this.mail('changed', user);
  }

  /**
   * Many failed sign-ins on the account (auth-throttle: twice the limit, once a day): the owner
   * hears of it, with what to do. Not for an address made up for a LINE or Facebook account.
   */
  async warnOfSignInFailures(
    user: { id: number; createdAt: Date; email: string; language: Language },
    failures: number,
  ): Promise<void> {
    if (isMadeUpEmail(user.email)) return;
    await this.mail('failures', user, undefined, failures);
  }

  /** A verification link to the account's current address (at registration, after a change, or on request). */
  async sendVerification(userId: number): Promise<{ verified: boolean; sent: boolean }> {
    const user = await this.users.findById(userId);
    if (!user || user.deletedAt) return { verified: false, sent: false };
    if (user.emailVerifiedAt) return { verified: true, sent: false };
    const token = await this.issue(user.id, user.email, 'email_verification', VERIFY_LIFETIME_MS);
    return { verified: false, sent: await this.mail('verify', user, token) };
  }

  async verifyEmail(token: string): Promise<void> {
    const { user_id: userId, email } = await this.redeem(token, 'email_verification');
    const user = await this.users.findById(userId);
    // A link proves the address it was sent to: not one the account has since moved to.
    if (!user || user.deletedAt || user.email.toLowerCase() !== email.toLowerCase())
      throw new AppError('VALIDATION_FAILED', LINK_INVALID_MESSAGE, [
        { path: 'token', message: LINK_INVALID_MESSAGE },
      ]);
    if (!user.emailVerifiedAt) await this.users.update(userId, { emailVerifiedAt: new Date() });
  }

  /** The links mailed to the account (PDPA export): what for, to which address, when, and whether used. */
  async exportFor(userId: number) {
    return this.tokens.forUser(userId);
  }

  /** Erasure: the mailed links name the address; they go with the account. */
  async erase(userId: number): Promise<void> {
    await this.tokens.eraseUser(userId);
  }

  /** Someone registered with an address that has an account: the owner hears of it (the answer stays the same). */
  async warnOwnerOfTakenAddress(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (user && !user.deletedAt) await this.mail('taken', user);
  }
}
