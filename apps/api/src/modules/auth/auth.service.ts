import type { LoginBody, RegisterBody, User } from '@siam/contract/auth';
import type { Language } from '@siam/contract/languages';
import { isMadeUpEmail } from '@siam/contract/made-up-email';
import { addressKey } from '../../lib/address-key';
import { AppError } from '../../lib/app-error';
import { signToken, verifyToken } from '../../lib/signed-token';
import { assertNotCommonPassword, dummyPasswordHash, hashPassword, verifyPassword } from '../users/passwords';
import { providerFields, type UserRow } from '../users/users.service';
import { toUser, type UsersService } from '../users/users.service';
import type { AccountRecoveryService } from './account-recovery.service';
import type { AuthThrottle, SignInAttempt } from './auth-throttle';
import { WRONG_CODE_MESSAGE, type SecondFactorService } from './second-factor';
import type { SessionsService } from './sessions.service';
import { trustedDeviceCookie, trustedDeviceOf } from './trusted-device';
import {
  madeUpEmail,
  type FacebookVerifier,
  type GoogleVerifier,
  type LineLogin,
  type ProviderIdentity,
} from './social-identity';

export const LINE_NOT_CONNECTED_MESSAGE = 'This account is not connected to LINE';
export const LINE_ONLY_WAY_IN_MESSAGE =
  'LINE is how you sign in to this account, so it cannot be disconnected';
export const REGISTER_OK_MESSAGE = 'Registration successful. You can now sign in.';
/** Spec §7-8: registering an address that has an account is refused with this message, which the page shows. */
export const EMAIL_REGISTERED_MESSAGES: Record<Language, string> = {
  en: 'This email is already registered. Log in, or reset your password if you have forgotten it.',
  th: 'อีเมลนี้สมัครสมาชิกไว้แล้ว กรุณาเข้าสู่ระบบ หรือตั้งรหัสผ่านใหม่หากลืมรหัสผ่าน',
  zh: '该邮箱已注册。请直接登录；如忘记密码，可重置密码。',
};
export const LOGIN_FAILED_MESSAGE = 'Incorrect email or password';

export const SOCIAL_WITH_SECOND_FACTOR_MESSAGE =
  'This account uses two-step sign-in: sign in with your email, password and code.';
export const SECOND_FACTOR_EXPIRED_MESSAGE = 'This sign-in took too long. Please start again.';
/** How long LINE's checked identity waits in its cookie for the sign-in page to post it. */
export const LINE_IDENTITY_LIFETIME_MS = 2 * 60_000;
/** Minutes a person has to type the code from their app after the password was right. */
const SECOND_FACTOR_TICKET_MS = 5 * 60_000;

export interface RequestContext {
  userAgent?: string;
  ip?: string;
  /** The request's Cookie header: a trusted-device cookie lets a known device skip challenges. */
  cookies?: string;
  /** Whether cookies may be marked Secure (the site is served over https). */
  secure?: boolean;
}

/** A sign-in that went through: the session, and the cookie that marks this browser as a known device. */
export interface SignedIn {
  token: string;
  user: User;
  deviceCookie: string;
}

/** Email-and-password accounts and their sessions. */
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly throttle: AuthThrottle,
    private readonly google: GoogleVerifier,
    private readonly facebook: FacebookVerifier,
    private readonly line: LineLogin,
    private readonly secondFactor: SecondFactorService,
    private readonly secret: string,
    private readonly recovery: AccountRecoveryService,
  ) {}

  /** A session, and this browser remembered as the account's device. */
  private async finishSignIn(row: UserRow, context: RequestContext, deviceId?: string): Promise<SignedIn> {
    const { token } = await this.sessions.start(row.id, context);
    return {
      token,
      user: toUser(row),
      deviceCookie: trustedDeviceCookie(row, this.secret, { secure: Boolean(context.secure), deviceId }),
    };
  }

  /**
   * Creates the account. An email that is already registered is not created
   * (`created: false`, which the route answers with the spec's 409) and its
   * owner is mailed; the registration limits per address and per network
   * (auth-throttle.ts) bound how many addresses anyone can try (decision 3501).
   */
  async register(
    body: RegisterBody & { email: string; phone: string },
    language: Language,
    context: RequestContext = {},
  ): Promise<{ created: boolean }> {
    await this.throttle.registration(body.email, context.ip ?? 'unknown');
    assertNotCommonPassword(body.password, 'password');
    const passwordHash = await hashPassword(body.password);
    const created = await this.users.create({
      email: body.email,
      passwordHash,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      phone: body.phone,
      language: body.language ?? language,
      registeredIp: context.ip ?? null,
      registeredAddressKey: context.ip ? addressKey(context.ip) : null,
    });
    // The owner learns that someone tried, whoever it was.
    if (created) await this.recovery.sendVerification(created.id);
    else await this.recovery.warnOwnerOfTakenAddress(body.email);
    return { created: Boolean(created) };
  }

  /**
   * Email and password. The limits (auth-throttle.ts) are checked before the
   * password, for known and unknown emails alike; a staff account with a
   * second factor gets a short-lived ticket to exchange for a session with its code.
   */
  async login(body: LoginBody, context: RequestContext): Promise<SignedIn | { secondFactorTicket: string }> {
    const email = body.email.toLowerCase();
    const row = await this.users.findByEmail(email);
    const live = row && !row.deletedAt ? row : undefined;
    const attempt: SignInAttempt = {
      email,
      ip: context.ip ?? 'unknown',
      trustedDeviceId: trustedDeviceOf(context.cookies, live, this.secret),
      challenge: body.challenge,
    };
    await this.throttle.beforeSignIn(attempt);
    const ok = live?.passwordHash
      ? await verifyPassword(live.passwordHash, body.password)
      : await verifyPassword(await dummyPasswordHash(), body.password).then(() => false);
    if (!live || !ok) {
      const { alertOwner, accountFailures } = await this.throttle.recordSignInFailure(attempt);
      // Not awaited: a known account's answer must not take longer than an unknown one's.
      if (alertOwner && live)
        void this.recovery
          .warnOfSignInFailures(live, accountFailures)
          .catch((error: unknown) => console.warn('sign-in failures: the mail to the owner failed', error));
      throw new AppError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE);
    }
    await this.throttle.recordSignInSuccess(attempt);
    if (await this.secondFactor.isEnabled(live.id)) {
      const ticket = signToken(
        'second-factor',
        { exp: Date.now() + SECOND_FACTOR_TICKET_MS, user: live.id, device: attempt.trustedDeviceId ?? null },
        this.secret,
      );
      return { secondFactorTicket: ticket };
    }
    return this.finishSignIn(live, context, attempt.trustedDeviceId);
  }

  /** The second step of a staff sign-in: the ticket from the first step and the app's (or a recovery) code. */
  async completeSecondFactor(ticket: string, code: string, context: RequestContext): Promise<SignedIn> {
    const claims = verifyToken<{ exp: number; user: number; device: string | null }>(
      'second-factor',
      ticket,
      this.secret,
    );
    if (!claims) throw new AppError('SIGN_IN_EXPIRED', SECOND_FACTOR_EXPIRED_MESSAGE);
    const row = await this.users.findById(claims.user);
    if (!row || row.deletedAt) throw new AppError('SIGN_IN_EXPIRED', SECOND_FACTOR_EXPIRED_MESSAGE);
    const passed = await this.throttle.secondFactorAttempt(`${row.id}.${row.createdAt.getTime()}`, () =>
      this.secondFactor.verify(row.id, code),
    );
    if (!passed) throw new AppError('UNAUTHORIZED', WRONG_CODE_MESSAGE);
    return this.finishSignIn(row, context, claims.device ?? undefined);
  }

  /** A challenge for a sign-in that needs one (the browser solves it and sends it with the password). */
  challenge(email: string, context: RequestContext) {
    return this.throttle.issueChallenge(email.toLowerCase(), context.ip ?? 'unknown');
  }

  /** LINE's identity cookie signs in once: true the first time its id is spent, false ever after. */
  spendLineIdentity(id: string | undefined): Promise<boolean> {
    return id
      ? this.throttle.spendOnce('line-identity', id, LINE_IDENTITY_LIFETIME_MS)
      : Promise.resolve(false);
  }

  /** Google Identity Services' ID token → our session. */
  async signInWithGoogle(credential: string, language: Language, context: RequestContext) {
    return this.signInWith(await this.google.verify(credential), language, context);
  }

  /** A Facebook access token → our session. */
  async signInWithFacebook(accessToken: string, language: Language, context: RequestContext) {
    return this.signInWith(await this.facebook.verify(accessToken), language, context);
  }

  /** LINE Login: configured (channel id and secret), and where to send the browser for an attempt. */
  get lineLogin() {
    return this.line;
  }

  /**
   * The person LINE vouched for (a checked identity, from LINE Login's callback) → our session,
   * through the same verified-identity path as Google and Facebook. Whether they are our official
   * account's friend now (they may just have added it) is kept for booking messages.
   */
  async signInWithLine(
    identity: ProviderIdentity,
    friend: boolean,
    language: Language,
    context: RequestContext,
  ) {
    const result = await this.signInWith(identity, language, context);
    // Kept unless the webhook already told us something newer.
    if (await this.users.setLineFriend(identity.subject, friend, new Date()))
      return { ...result, user: { ...result.user, line: { friend } } };
    return result;
  }

  /**
   * A signed-in customer connects the LINE account LINE just vouched for: `taken` when it is already
   * another account's (it stays there), else it is theirs from now on (replacing one connected
   * before), with LINE's word on friendship.
   */
  async connectLine(
    userId: number,
    identity: ProviderIdentity,
    friend: boolean,
  ): Promise<'linked' | 'taken'> {
    const owner = await this.users.findByProvider('line', identity.subject);
    if (owner && owner.id !== userId) return 'taken';
    if (!owner) {
      try {
        await this.users.update(userId, { lineUserId: identity.subject, lineFriendChangedAt: null });
      } catch {
        return 'taken'; // connected to another account a moment ago (the unique index)
      }
    }
    await this.users.setLineFriend(identity.subject, friend, new Date());
    return 'linked';
  }

  /**
   * The customer disconnects LINE: it no longer signs in to the account, and no LINE message waiting
   * is sent. Refused for an account LINE made (no password, no real email): LINE is its only way in.
   */
  async disconnectLine(userId: number) {
    const row = await this.users.findById(userId);
    if (!row?.lineUserId) throw new AppError('CONFLICT', LINE_NOT_CONNECTED_MESSAGE);
    if (!row.passwordHash && isMadeUpEmail(row.email))
      throw new AppError('CONFLICT', LINE_ONLY_WAY_IN_MESSAGE);
    return toUser((await this.users.disconnectLine(userId))!);
  }

  /**
   * The account for a provider identity: the one already linked to it; else
   * the one with the same email, when the provider vouches for that email
   * (the identity is linked to it); else a new account without a password.
   */
  private async signInWith(identity: ProviderIdentity, language: Language, context: RequestContext) {
    let row = await this.users.findByProvider(identity.provider, identity.subject);
    const link = providerFields[identity.provider];
    if (!row && identity.verifiedEmail) {
      const existing = await this.users.findByEmail(identity.verifiedEmail);
      if (existing) {
        row = await this.users.update(existing.id, {
          [link]: identity.subject,
          ...(!existing.avatarUrl && identity.picture && { avatarUrl: identity.picture }),
          // The provider vouches for the address: it is verified.
          ...(!existing.emailVerifiedAt && { emailVerifiedAt: new Date() }),
        });
      }
    }
    if (!row) {
      const email = identity.verifiedEmail ?? madeUpEmail(identity);
      row = await this.users.create({
        email,
        passwordHash: null,
        firstName: identity.firstName.slice(0, 100),
        lastName: identity.lastName.slice(0, 100),
        phone: '',
        language,
        avatarUrl: identity.picture ?? null,
        [link]: identity.subject,
        emailVerifiedAt: identity.verifiedEmail ? new Date() : null,
        registeredIp: context.ip ?? null,
        registeredAddressKey: context.ip ? addressKey(context.ip) : null,
      });
      // The email belongs to an account the provider does not vouch for: never link to it silently.
      if (!row)
        throw new AppError(
          'CONFLICT',
          'An account with this email already exists. Sign in with your password first.',
        );
    }
    // A provider's word does not replace an account's second factor.
    if (await this.secondFactor.isEnabled(row.id))
      throw new AppError('FORBIDDEN', SOCIAL_WITH_SECOND_FACTOR_MESSAGE);
    return this.finishSignIn(row, context, trustedDeviceOf(context.cookies, row, this.secret));
  }

  logout(sessionId: string) {
    return this.sessions.revoke(sessionId);
  }
}
