import { sql } from 'drizzle-orm';
import type { Language } from '@siam/contract/languages';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import type { LineMessageKind } from './line-texts';

/** A message whose time has come, leased to the job that pushes it. */
export interface DueLineMessage {
  id: number;
  body: string;
  retry_key: string;
  attempts: number;
  line_user_id: string | null;
  line_friend: boolean;
}

/** How a push ended, written on its row. */
export type LineMessageOutcome =
  | { sentAt: Date }
  | { attempts: number; nextAttemptAt: Date; lastError: string }
  | { attempts: number; failedAt: Date; lastError: string };

/** The line_messages table (the LINE outbox), and what it reads of bookings, slips and branches. */
export class LineMessagesRepository {
  constructor(private readonly db: Db) {}

  async refusedSlips(bookingId: number): Promise<number> {
    const [refused] = await rows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM payment_slips WHERE booking_id = ${bookingId} AND status = 'rejected'`,
    );
    return refused?.n ?? 0;
  }

  /** Writes the message for a LINE friend; nothing for a customer LINE cannot reach, nothing twice for one key. */
  async insertForFriend(message: {
    bookingId: number;
    userId: number;
    kind: LineMessageKind;
    eventKey: string;
    body: string;
    nextAttemptAt: Date;
  }): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO line_messages (booking_id, user_id, kind, event_key, body, next_attempt_at)
      SELECT ${message.bookingId}, u.id, ${message.kind}, ${message.eventKey}, ${message.body}, ${message.nextAttemptAt}
      FROM users u WHERE u.id = ${message.userId} AND u.line_user_id IS NOT NULL AND u.line_friend
      ON CONFLICT (event_key) DO NOTHING`);
  }

  /**
   * LINE friends' bookings picked up on `tomorrow` (paid) or under way and due back `today` after
   * `now`, without their reminder yet.
   */
  remindersDue(today: string, tomorrow: string, now: Date) {
    return rows<{ id: number; user_id: number; language: Language; kind: LineMessageKind }>(
      this.db,
      sql`SELECT b.id, b.user_id, b.language,
                 CASE WHEN b.status = 'confirmed' THEN 'pickup_tomorrow' ELSE 'return_today' END AS kind
          FROM bookings b JOIN users u ON u.id = b.user_id
          WHERE u.line_user_id IS NOT NULL AND u.line_friend
            AND ((b.status = 'confirmed' AND b.pickup_date = ${tomorrow})
              OR (b.status = 'active' AND b.return_date = ${today} AND b.return_at > ${now}))
            AND NOT EXISTS (
              SELECT 1 FROM line_messages m
              WHERE m.event_key = (CASE WHEN b.status = 'confirmed' THEN 'pickup_tomorrow:' ELSE 'return_today:' END) || b.id
            )
          LIMIT 200`,
    );
  }

  async branchPlace(code: string, lang: Language): Promise<{ name: string; address: string } | undefined> {
    const [branch] = await rows<{ name: string; address: string }>(
      this.db,
      sql`SELECT name->>${lang} AS name, address->>${lang} AS address FROM branches WHERE code = ${code}`,
    );
    return branch;
  }

  /** Leases up to `limit` due messages until `lease` (another instance's job skips them). */
  leaseDue(now: Date, lease: Date, limit: number) {
    return rows<DueLineMessage>(
      this.db,
      sql`UPDATE line_messages m SET next_attempt_at = ${lease}
          FROM users u
          WHERE u.id = m.user_id AND m.id IN (
            SELECT id FROM line_messages
            WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
            ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING m.id, m.body, m.retry_key, m.attempts, u.line_user_id, u.line_friend`,
    );
  }

  async settle(id: number, outcome: LineMessageOutcome): Promise<void> {
    const fields =
      'sentAt' in outcome
        ? sql`sent_at = ${outcome.sentAt}, attempts = attempts + 1, last_error = NULL`
        : 'nextAttemptAt' in outcome
          ? sql`attempts = ${outcome.attempts}, next_attempt_at = ${outcome.nextAttemptAt}, last_error = ${outcome.lastError}`
          : sql`attempts = ${outcome.attempts}, failed_at = ${outcome.failedAt}, last_error = ${outcome.lastError}`;
    await this.db.execute(sql`UPDATE line_messages SET ${fields} WHERE id = ${id}`);
  }

  /** Given up before any push: the customer is no LINE friend any more (attempts unchanged). */
  async settleNotFriend(id: number, failedAt: Date): Promise<void> {
    await this.db.execute(
      sql`UPDATE line_messages SET failed_at = ${failedAt}, last_error = 'not a LINE friend any more' WHERE id = ${id}`,
    );
  }

  forUser(userId: number) {
    return rows<{ kind: string; body: string; created_at: string; sent_at: string | null }>(
      this.db,
      sql`SELECT kind, body, created_at, sent_at FROM line_messages WHERE user_id = ${userId} ORDER BY id`,
    );
  }

  async eraseUser(userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM line_messages WHERE user_id = ${userId}`);
  }

  /** The messages still waiting for an account whose LINE was taken off, in its transaction (users/). */
  async dropUnsent(ex: Executor, userId: number): Promise<void> {
    await ex.execute(sql`DELETE FROM line_messages WHERE user_id = ${userId} AND sent_at IS NULL`);
  }
}
