import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import type { MailMessage } from '../../lib/mailer';

/** The channel a written mail is announced on: every instance's job wakes up and sends it. */
export const MAIL_OUTBOX_CHANNEL = 'siam_mail_outbox';

/** What a row keeps of the message until it is sent: everything but the address and subject. */
export type MailBody = Omit<MailMessage, 'to' | 'subject'>;

export interface LeasedMail {
  id: number;
  message_id: string;
  to_address: string;
  subject: string;
  body: MailBody | null;
  attempts: number;
}

export class MailOutboxRepository {
  constructor(private readonly db: Db) {}

  /** Writes the mail (in the caller's transaction when `ex` is one) and announces it at commit. */
  async insert(
    ex: Executor,
    mail: { messageId: string; userId: number | null; message: MailMessage; dueAt: Date },
  ): Promise<void> {
    const { to, subject, ...body } = mail.message;
    await ex.execute(sql`
      INSERT INTO mail_outbox (message_id, user_id, to_address, subject, body, next_attempt_at)
      VALUES (${mail.messageId}, ${mail.userId}, ${to}, ${subject}, ${JSON.stringify(body)}::jsonb, ${mail.dueAt})`);
    // NOTIFY inside a transaction is delivered when it commits, and not at all if it rolls back.
    await ex.execute(sql`SELECT pg_notify(${MAIL_OUTBOX_CHANNEL}, '')`);
  }

  /**
   * Takes the oldest mail that is due for `leaseMs`: no other job (this instance's or another's)
   * takes it meanwhile. Null when nothing is due.
   */
  async leaseNext(now: Date, leaseUntil: Date): Promise<LeasedMail | null> {
    const [row] = await rows<LeasedMail>(
      this.db,
      sql`UPDATE mail_outbox SET next_attempt_at = ${leaseUntil}
          WHERE id = (
            SELECT id FROM mail_outbox
            WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
            ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, message_id, to_address, subject, body, attempts`,
    );
    return row ?? null;
  }

  /** Sent: the message (which may hold a link) goes, the record stays. */
  async markSent(id: number, at: Date): Promise<void> {
    await this.db.execute(
      sql`UPDATE mail_outbox SET sent_at = ${at}, attempts = attempts + 1, body = NULL, last_error = NULL WHERE id = ${id}`,
    );
  }

  async retryAt(id: number, attempts: number, next: Date, error: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE mail_outbox SET attempts = ${attempts}, next_attempt_at = ${next}, last_error = ${error} WHERE id = ${id}`,
    );
  }

  /** Given up: like a sent mail, the message goes and the record stays. */
  async markFailed(id: number, attempts: number, at: Date, error: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE mail_outbox SET attempts = ${attempts}, failed_at = ${at}, body = NULL, last_error = ${error} WHERE id = ${id}`,
    );
  }

  /** Records of mails sent or given up before `before` go. */
  async forgetSettledBefore(before: Date): Promise<void> {
    await this.db.execute(sql`DELETE FROM mail_outbox WHERE coalesce(sent_at, failed_at) < ${before}`);
  }

  /**
   * PDPA: the mails about an account, to its address, or written for staff on its behalf (a contact
   * form's notice answers to the sender: Reply-To), for the export and the erasure.
   */
  async listFor(userId: number, email: string) {
    return rows<{ to_address: string; subject: string; created_at: Date; sent_at: Date | null }>(
      this.db,
      sql`SELECT to_address, subject, created_at, sent_at FROM mail_outbox WHERE ${this.about(userId, email)} ORDER BY id`,
    );
  }

  async deleteFor(userId: number, email: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM mail_outbox WHERE ${this.about(userId, email)}`);
  }

  private about(userId: number, email: string) {
    return sql`(user_id = ${userId} OR lower(to_address) = lower(${email}) OR lower(body->>'replyTo') = lower(${email}))`;
  }
}
