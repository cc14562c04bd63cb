import { sql } from 'drizzle-orm';
import { addDays, bangkokToday } from '@siam/contract/bangkok-time';
import type { Booking } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import type { Db } from '../../db/client';
import { OUTBOX_LEASE_MS, outboxBackoffMinutes } from '../../lib/outbox';
import { rows } from '../../db/sql-rows';
import type { BookingMessageEvent } from '../bookings/bookings.service';
import { lineMessageText, type LineMessageKind } from './line-texts';

/** A push that failed for a reason that may pass (LINE busy, network) is tried again this often, then given up. */
export const LINE_MAX_ATTEMPTS = 8;
/** Minutes before the next try after the n-th failure (lib/outbox.ts): all within LINE's 24 h retry key. */
export const lineBackoffMinutes = outboxBackoffMinutes;
/** Reminders are written between these Bangkok hours only: nobody is woken by a car rental at 3 am. */
const REMINDER_HOURS = { from: 8, to: 21 };

interface DueMessage {
  id: number;
  body: string;
  retry_key: string;
  attempts: number;
  line_user_id: string | null;
  line_friend: boolean;
}

export interface LineSendResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Booking messages through LINE's Messaging API (issue 18, part 4; docs/decisions/1806), for
 * customers who signed in with LINE and have our official account as a friend, in the language they
 * booked in. Events write a row (created, paid, slip rejected, from the booking mails; pickup
 * tomorrow and return today, from the minute job) whose event key is unique: an event is written
 * once, so it is sent at most once. The minute job sends what is due: each row is leased (lib/outbox.ts)
 * before it is pushed (another instance's job skips it), and pushed with the row's own
 * `X-Line-Retry-Key`, so a retry after a lost answer is accepted by LINE once (409 = it was).
 */
export class LineMessages {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      accessToken: string | undefined;
      apiUrl: string;
      publicUrl: string;
      /** The booking as the customer sees it, in their language. */
      booking: (bookingId: number, lang: Language) => Promise<Booking>;
      clock?: { now(): Date };
      fetchImpl?: typeof fetch;
      log?: { error: (obj: unknown, msg: string) => void; warn: (obj: unknown, msg: string) => void };
    },
  ) {}

  get configured() {
    return Boolean(this.deps.accessToken);
  }

  private now() {
    return this.deps.clock?.now() ?? new Date();
  }

  /**
   * A booking mail was sent: the same event goes to LINE when it is one LINE carries (made, paid,
   * slip refused). A slip refusal's key counts the booking's refused slips: a second refusal is a
   * second message, the same refusal never is.
   */
  async bookingEvent(event: BookingMessageEvent): Promise<void> {
    const kind: LineMessageKind | null =
      event.kind === 'created'
        ? 'created'
        : event.kind === 'confirmed'
          ? 'paid'
          : event.kind === 'slip_rejected'
            ? 'slip_rejected'
            : null;
    if (!kind || !this.configured) return;
    let key = `${kind}:${event.bookingId}`;
    if (kind === 'slip_rejected') {
      const [refused] = await rows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM payment_slips WHERE booking_id = ${event.bookingId} AND status = 'rejected'`,
      );
      key += `:${refused?.n ?? 0}`;
    }
    const text = lineMessageText(kind, event.booking, event.lang, this.deps.publicUrl, {
      reason: event.note,
    });
    await this.write(event.bookingId, event.userId, kind, key, text);
  }

  /** Writes the message for a LINE friend; nothing for a customer LINE cannot reach. */
  private async write(bookingId: number, userId: number, kind: LineMessageKind, key: string, text: string) {
    await this.db.execute(sql`
      INSERT INTO line_messages (booking_id, user_id, kind, event_key, body, next_attempt_at)
      SELECT ${bookingId}, u.id, ${kind}, ${key}, ${text}, ${this.now()}
      FROM users u WHERE u.id = ${userId} AND u.line_user_id IS NOT NULL AND u.line_friend
      ON CONFLICT (event_key) DO NOTHING`);
  }

  /**
   * The day-before and day-of reminders: paid bookings picked up tomorrow (Bangkok), and rentals
   * under way that end today and are not back yet. Written once per booking (the event key).
   */
  async queueReminders(): Promise<number> {
    if (!this.configured) return 0;
    const now = this.now();
    const hour = (now.getUTCHours() + 7) % 24;
    if (hour < REMINDER_HOURS.from || hour >= REMINDER_HOURS.to) return 0;
    const today = bangkokToday(now);
    const due = await rows<{ id: number; user_id: number; language: Language; kind: LineMessageKind }>(
      this.db,
      sql`SELECT b.id, b.user_id, b.language,
                 CASE WHEN b.status = 'confirmed' THEN 'pickup_tomorrow' ELSE 'return_today' END AS kind
          FROM bookings b JOIN users u ON u.id = b.user_id
          WHERE u.line_user_id IS NOT NULL AND u.line_friend
            AND ((b.status = 'confirmed' AND b.pickup_date = ${addDays(today, 1)})
              OR (b.status = 'active' AND b.return_date = ${today} AND b.return_at > ${now}))
            AND NOT EXISTS (
              SELECT 1 FROM line_messages m
              WHERE m.event_key = (CASE WHEN b.status = 'confirmed' THEN 'pickup_tomorrow:' ELSE 'return_today:' END) || b.id
            )
          LIMIT 200`,
    );
    for (const b of due) {
      const booking = await this.deps.booking(b.id, b.language);
      const code = b.kind === 'pickup_tomorrow' ? booking.branchCode : booking.returnBranchCode;
      const [branch] = await rows<{ name: string; address: string }>(
        this.db,
        sql`SELECT name->>${b.language} AS name, address->>${b.language} AS address FROM branches WHERE code = ${code}`,
      );
      const place = branch ?? { name: booking.branchName, address: '' };
      const text = lineMessageText(b.kind, booking, b.language, this.deps.publicUrl, { place });
      await this.write(b.id, b.user_id, b.kind, `${b.kind}:${b.id}`, text);
    }
    return due.length;
  }

  /** Pushes what is due (new, or waiting for its next try); safe on several instances at once. */
  async sendDue(limit = 50): Promise<LineSendResult> {
    const result: LineSendResult = { sent: 0, retrying: 0, failed: 0 };
    if (!this.configured) return result;
    const now = this.now();
    const lease = new Date(now.getTime() + OUTBOX_LEASE_MS);
    const due = await rows<DueMessage>(
      this.db,
      sql`UPDATE line_messages m SET next_attempt_at = ${lease}
          FROM users u
          WHERE u.id = m.user_id AND m.id IN (
            SELECT id FROM line_messages
            WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now}
            ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING m.id, m.body, m.retry_key, m.attempts, u.line_user_id, u.line_friend`,
    );
    for (const message of due) {
      const outcome = await this.push(message);
      result[outcome] += 1;
    }
    return result;
  }

  private async push(message: DueMessage): Promise<keyof LineSendResult> {
    const settle = (fields: ReturnType<typeof sql>) =>
      this.db.execute(sql`UPDATE line_messages SET ${fields} WHERE id = ${message.id}`);
    // Unfollowed (or erased the account) since the event: LINE would refuse; nothing is sent.
    if (!message.line_user_id || !message.line_friend) {
      await settle(sql`failed_at = ${this.now()}, last_error = 'not a LINE friend any more'`);
      return 'failed';
    }
    let status = 0;
    let detail = '';
    try {
      const res = await (this.deps.fetchImpl ?? fetch)(
        `${this.deps.apiUrl.replace(/\/$/, '')}/v2/bot/message/push`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${this.deps.accessToken}`,
            'content-type': 'application/json',
            'x-line-retry-key': message.retry_key,
          },
          body: JSON.stringify({
            to: message.line_user_id,
            messages: [{ type: 'text', text: message.body }],
          }),
          signal: AbortSignal.timeout(10_000),
        },
      );
      status = res.status;
      if (!res.ok) detail = (await res.text()).slice(0, 300);
    } catch (error) {
      detail = error instanceof Error ? error.message : String(error);
    }
    // 409: LINE accepted this retry key before (our earlier try's answer was lost): it is sent.
    if ((status >= 200 && status < 300) || status === 409) {
      await settle(sql`sent_at = ${this.now()}, attempts = attempts + 1, last_error = NULL`);
      return 'sent';
    }
    const attempts = message.attempts + 1;
    const passing = status === 0 || status === 429 || status >= 500;
    if (passing && attempts < LINE_MAX_ATTEMPTS) {
      const next = new Date(this.now().getTime() + lineBackoffMinutes(attempts) * 60_000);
      await settle(
        sql`attempts = ${attempts}, next_attempt_at = ${next}, last_error = ${`${status} ${detail}`}`,
      );
      return 'retrying';
    }
    this.deps.log?.warn({ messageId: message.id, status }, 'LINE message given up');
    await settle(
      sql`attempts = ${attempts}, failed_at = ${this.now()}, last_error = ${`${status} ${detail}`}`,
    );
    return 'failed';
  }

  /** PDPA: the messages written for a customer (their texts name them), for the export and the erasure. */
  async exportFor(userId: number) {
    return rows<{ kind: string; body: string; created_at: string; sent_at: string | null }>(
      this.db,
      sql`SELECT kind, body, created_at, sent_at FROM line_messages WHERE user_id = ${userId} ORDER BY id`,
    );
  }

  async erase(userId: number) {
    await this.db.execute(sql`DELETE FROM line_messages WHERE user_id = ${userId}`);
  }
}
