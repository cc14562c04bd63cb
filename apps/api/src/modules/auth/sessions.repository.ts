import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/users';
import type { UserViewRow } from '../users/users.service';

export type SessionUser = UserViewRow;

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async create(input: { userId: number; expiresAt: Date; userAgent?: string; ip?: string }): Promise<string> {
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId: input.userId,
        expiresAt: input.expiresAt,
        userAgent: input.userAgent?.slice(0, 300),
        ip: input.ip,
      })
      .returning({ id: sessions.id });
    return row!.id;
  }

  /** The user of a live session (not revoked, not expired), in one indexed query. */
  async findLiveUser(sessionId: string, userId: number): Promise<SessionUser | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        role: users.role,
        language: users.language,
        avatarUrl: users.avatarUrl,
        emailVerifiedAt: users.emailVerifiedAt,
        lineUserId: users.lineUserId,
        lineFriend: users.lineFriend,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    return row;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** Signs the user out everywhere, except (optionally) the session in use. */
  async revokeAllForUser(userId: number, exceptSessionId?: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      );
  }

  async find(sessionId: string) {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.id, sessionId));
    return row;
  }

  listForUser(userId: number) {
    return this.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt));
  }
}
