import type { LoginBody, RegisterBody, User } from '@siam/contract/auth';
import type { Language } from '@siam/contract/languages';
import { AppError } from '../../lib/app-error';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../users/passwords';
import { toUser, type UsersService } from '../users/users.service';
import type { AuthThrottle } from './auth-throttle';
import type { SessionsService } from './sessions.service';
import {
  madeUpEmail,
  type FacebookVerifier,
  type GoogleVerifier,
  type ProviderIdentity,
} from './social-identity';

export const REGISTER_OK_MESSAGE = 'Registration successful. You can now sign in.';
export const LOGIN_FAILED_MESSAGE = 'Incorrect email or password';

export interface RequestContext {
  userAgent?: string;
  ip?: string;
}

/** Email-and-password accounts and their sessions. */
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly throttle: AuthThrottle,
    private readonly google: GoogleVerifier,
    private readonly facebook: FacebookVerifier,
  ) {}

  /**
   * Creates the account. An email that is already registered gets the very
   * same answer (and the same hashing work), so the form cannot be used to
   * find out who is a customer.
   */
  async register(
    body: RegisterBody & { email: string; phone: string },
    language: Language,
    context: RequestContext = {},
  ): Promise<{ created: boolean }> {
    await this.throttle.registration(body.email, context.ip ?? 'unknown');
    const passwordHash = await hashPassword(body.password);
    const created = await this.users.create({
      email: body.email,
      passwordHash,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      phone: body.phone,
      language: body.language ?? language,
    });
    return { created: Boolean(created) };
  }

  /**
   * Failed logins are counted per email (known or not) and per address; past
   * the limit the answer is 429 before any password is checked.
   */
  async login(body: LoginBody, context: RequestContext): Promise<{ token: string; user: User }> {
    const email = body.email.toLowerCase();
    const keys = [`acct:${email}`, `ip:${context.ip ?? 'unknown'}`];
    await this.throttle.assertAllowed('login', keys);
    const row = await this.users.findByEmail(email);
    const ok = row?.passwordHash
      ? await verifyPassword(row.passwordHash, body.password)
      : await verifyPassword(await dummyPasswordHash(), body.password).then(() => false);
    if (!row || !ok) {
      await this.throttle.recordFailure('login', keys);
      throw new AppError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE);
    }
    await this.throttle.recordSuccess('login', keys[0]!);
    const { token } = await this.sessions.start(row.id, context);
    return { token, user: toUser(row) };
  }

  /** Google Identity Services' ID token → our session. */
  async signInWithGoogle(credential: string, language: Language, context: RequestContext) {
    return this.signInWith(await this.google.verify(credential), language, context);
  }

  /** A Facebook access token → our session. */
  async signInWithFacebook(accessToken: string, language: Language, context: RequestContext) {
    return this.signInWith(await this.facebook.verify(accessToken), language, context);
  }

  /**
   * The account for a provider identity: the one already linked to it; else
   * the one with the same email, when the provider vouches for that email
   * (the identity is linked to it); else a new account without a password.
   */
  private async signInWith(identity: ProviderIdentity, language: Language, context: RequestContext) {
    let row = await this.users.findByProvider(identity.provider, identity.subject);
    const link = identity.provider === 'google' ? 'googleSub' : 'facebookId';
    if (!row && identity.verifiedEmail) {
      const existing = await this.users.findByEmail(identity.verifiedEmail);
      if (existing) {
        row = await this.users.update(existing.id, {
          [link]: identity.subject,
          ...(!existing.avatarUrl && identity.picture && { avatarUrl: identity.picture }),
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
      });
      // The email belongs to an account the provider does not vouch for: never link to it silently.
      if (!row)
        throw new AppError(
          'CONFLICT',
          'An account with this email already exists. Sign in with your password first.',
        );
    }
    const { token } = await this.sessions.start(row.id, context);
    return { token, user: toUser(row) };
  }

  logout(sessionId: string) {
    return this.sessions.revoke(sessionId);
  }
}
