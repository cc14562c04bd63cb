import type { LoginBody, RegisterBody, User } from '@siam/contract/auth';
import type { Language } from '@siam/contract/languages';
import { AppError } from '../../lib/app-error';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../users/passwords';
import { toUser, type UsersService } from '../users/users.service';
import type { SessionsService } from './sessions.service';

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
  ) {}

  /**
   * Creates the account. An email that is already registered gets the very
   * same answer (and the same hashing work), so the form cannot be used to
   * find out who is a customer.
   */
  async register(
    body: RegisterBody & { email: string; phone: string },
    language: Language,
  ): Promise<{ created: boolean }> {
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

  async login(body: LoginBody, context: RequestContext): Promise<{ token: string; user: User }> {
    const row = await this.users.findByEmail(body.email);
    const ok = row?.passwordHash
      ? await verifyPassword(row.passwordHash, body.password)
      : await verifyPassword(await dummyPasswordHash(), body.password).then(() => false);
    if (!row || !ok) throw new AppError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE);
    const { token } = await this.sessions.start(row.id, context);
    return { token, user: toUser(row) };
  }

  logout(sessionId: string) {
    return this.sessions.revoke(sessionId);
  }
}
