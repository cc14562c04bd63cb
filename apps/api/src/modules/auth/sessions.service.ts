import { signSessionToken, verifySessionToken } from './session-token';
import type { Authenticated } from '../../plugins/authenticate';
import type { SessionsRepository } from './sessions.repository';

export const SESSION_LIFETIME_DAYS = 30;

/** Issues, checks and revokes sign-in sessions. Every other module reaches sessions through here. */
export class SessionsService {
  constructor(
    private readonly repository: SessionsRepository,
    private readonly secret: string,
  ) {}

  async start(userId: number, context: { userAgent?: string; ip?: string } = {}) {
    const now = Date.now();
    const expiresAt = new Date(now + SESSION_LIFETIME_DAYS * 86_400_000);
    const sessionId = await this.repository.create({ userId, expiresAt, ...context });
    const token = signSessionToken(
      {
        sid: sessionId,
        sub: userId,
        iat: Math.floor(now / 1000),
        exp: Math.floor(expiresAt.getTime() / 1000),
      },
      this.secret,
    );
    return { token, sessionId, expiresAt };
  }

  /** The signed-in user for a bearer token, or null for a bad, expired or revoked one. */
  async authenticate(token: string): Promise<Authenticated | null> {
    const claims = verifySessionToken(token, this.secret);
    if (!claims) return null;
    const user = await this.repository.findLiveUser(claims.sid, claims.sub);
    return user ? { user, sessionId: claims.sid } : null;
  }

  revoke(sessionId: string) {
    return this.repository.revoke(sessionId);
  }

  revokeAllForUser(userId: number, exceptSessionId?: string) {
    return this.repository.revokeAllForUser(userId, exceptSessionId);
  }

  /** When the session was started (for actions that need a fresh sign-in). */
  async startedAt(sessionId: string): Promise<Date | undefined> {
    return (await this.repository.find(sessionId))?.createdAt;
  }

  listForUser(userId: number) {
    return this.repository.listForUser(userId);
  }
}
