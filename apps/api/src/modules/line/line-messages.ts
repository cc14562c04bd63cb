import type { Executor } from '../../db/sql-rows';
import { addDays, bangkokToday } from '@siam/contract/bangkok-time';
import type { Booking } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import type { LicenceRuleChanges } from '@siam/contract/licence-countries';
import { OUTBOX_LEASE_MS, outboxBackoffMinutes } from '../../lib/outbox';
import type { BookingMessageEvent } from '../bookings/bookings.service';
import { lineMessageText, type LineMessageKind } from './line-texts';
import type { DueLineMessage, LineMessagesRepository } from './line-messages.repository';

/** A push that failed for a reason that may pass (LINE busy, network) is tried again this often, then given up. */
export const LINE_MAX_ATTEMPTS = 8;
/** Minutes before the next try after the n-th failure (lib/outbox.ts): all within LINE's 24 h retry key. */
export const lineBackoffMinutes = outboxBackoffMinutes;
/** Reminders are written between these Bangkok hours only: nobody is woken by a car rental at 3 am. */
const REMINDER_HOURS = { from: 8, to: 21 };

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
    private readonly repository: LineMessagesRepository,
    private readonly deps: {
      accessToken: string | undefined;
      apiUrl: string;
      publicUrl: string;
      /** The booking as the customer sees it, in their language. */
      booking: (bookingId: number, lang: Language) => Promise<Booking>;
      /** Staff's changes to the licence rules (decision 3601): the documents each driver brings. */
      licenceRules?: () => Promise<LicenceRuleChanges>;
      clock?: { now(): Date };
      fetchImpl?: typeof fetch;
      log?: { error: (obj: unknown, msg: string) => void; warn: (obj: unknown, msg: string) => void };
    },
  ) {}

  private async licenceRules(): Promise<LicenceRuleChanges> {
    return (await this.deps.licenceRules?.()) ?? {};
  }

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
            : event.kind === 'refund_paid'
              ? 'refund_paid'
              : event.kind === 'receipt' && event.receiptUrl
                ? 'receipt'
                : null;
    if (!kind || !this.configured) return;
    let key = `${kind}:${event.bookingId}`;
    if (kind === 'slip_rejected') {
      key += `:${await this.repository.refusedSlips(event.bookingId)}`;
    }
    // One message per refund sent: a booking may have more than one (its own, then its deposit's).
    if (kind === 'refund_paid') key += `:${event.amountSatang ?? 0}:${this.now().getTime()}`;
    const text = lineMessageText(kind, event.booking, event.lang, this.deps.publicUrl, {
      reason: event.note,
      amountSatang: event.amountSatang,
      receiptUrl: event.receiptUrl,
      licenceRules: await this.licenceRules(),
    });
    await this.write(event.bookingId, event.userId, kind, key, text);
  }

  /** Writes the message for a LINE friend; nothing for a customer LINE cannot reach. */
  private async write(bookingId: number, userId: number, kind: LineMessageKind, key: string, text: string) {
    await this.repository.insertForFriend({
      bookingId,
      userId,
      kind,
      eventKey: key,
      body: text,
      nextAttemptAt: this.now(),
    });
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
    const due = await this.repository.remindersDue(today, addDays(today, 1), now);
    for (const b of due) {
      const booking = await this.deps.booking(b.id, b.language);
      const code = b.kind === 'pickup_tomorrow' ? booking.branchCode : booking.returnBranchCode;
      const branch = await this.repository.branchPlace(code, b.language);
      const place = branch ?? { name: booking.branchName, address: '' };
      const text = lineMessageText(b.kind, booking, b.language, this.deps.publicUrl, {
        place,
        licenceRules: await this.licenceRules(),
      });
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
    const due = await this.repository.leaseDue(now, lease, limit);
    for (const message of due) {
      const outcome = await this.push(message);
      result[outcome] += 1;
    }
    return result;
  }

  private async push(message: DueLineMessage): Promise<keyof LineSendResult> {
    // Unfollowed (or erased the account) since the event: LINE would refuse; nothing is sent.
    if (!message.line_user_id || !message.line_friend) {
      await this.repository.settleNotFriend(message.id, this.now());
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
      await this.repository.settle(message.id, { sentAt: this.now() });
      return 'sent';
    }
    const attempts = message.attempts + 1;
    const passing = status === 0 || status === 429 || status >= 500;
    if (passing && attempts < LINE_MAX_ATTEMPTS) {
      const next = new Date(this.now().getTime() + lineBackoffMinutes(attempts) * 60_000);
      await this.repository.settle(message.id, {
        attempts,
        nextAttemptAt: next,
        lastError: `${status} ${detail}`,
      });
      return 'retrying';
    }
    this.deps.log?.warn({ messageId: message.id, status }, 'LINE message given up');
    await this.repository.settle(message.id, {
      attempts,
      failedAt: this.now(),
      lastError: `${status} ${detail}`,
    });
    return 'failed';
  }

  /** PDPA: the messages written for a customer (their texts name them), for the export and the erasure. */
  async exportFor(userId: number) {
    return this.repository.forUser(userId);
  }

  async erase(userId: number) {
    await this.repository.eraseUser(userId);
  }

  /** LINE taken off the account (users.disconnectLine, same transaction): what waits for it is dropped. */
  dropUnsent(ex: Executor, userId: number) {
    return this.repository.dropUnsent(ex, userId);
  }
}
