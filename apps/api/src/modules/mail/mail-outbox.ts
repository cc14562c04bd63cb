import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/sql-rows';
import { type MailMessage, type Mailer, type MailTransport, messageIdDomain } from '../../lib/mailer';
import { OUTBOX_LEASE_MS, outboxBackoffMinutes } from '../../lib/outbox';
import { MAIL_OUTBOX_CHANNEL, type LeasedMail, MailOutboxRepository } from './mail-outbox.repository';

/** A mail that keeps failing for a reason that may pass is tried this often (about four hours), then given up. */
export const MAIL_MAX_ATTEMPTS = 10;
/** Besides the wake-up at every written mail, the job looks for due retries this often. */
export const MAIL_POLL_MS = 15_000;
/** Records of sent and given-up mails (address, subject, times; no body) are kept this long. */
const KEEP_RECORDS_DAYS = 30;
/** Mails sent in one run at most; the next run (a wake-up or the poll) takes the rest. */
const PER_RUN = 100;

export interface MailSendResult {
  sent: number;
  retrying: number;
  failed: number;
}

interface Log {
  error(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

/**
 * Mail leaves through a queue (issue 31, part 5; docs/decisions/3105-mail-outbox.md). `send` writes
 * the message to the mail_outbox table and returns at once: an answer never waits for the mail
 * server, so neither its time nor its error tells who has an account. The job (`start`) sends what
 * is due: woken by NOTIFY when a mail is written (on every instance; the one that leases the row
 * sends it), and every MAIL_POLL_MS for retries. A row is leased before it is sent, so it is sent
 * once, with the Message-ID fixed when it was written; a failure that may pass (no connection, a 4xx
 * answer) is tried again after 1, 2, 4 … 60 minutes, a refusal (5xx) is given up at once. Once sent
 * or given up, the message itself (which may hold a reset link) is cleared; the record stays 30 days.
 */
export class MailOutbox implements Mailer {
  private readonly repo: MailOutboxRepository;
  /** This instance's run in progress (runs never overlap here; across instances the lease keeps them apart). */
  private current: Promise<unknown> = Promise.resolve();
  /** A run asked for while one is in progress: it starts after it, and serves every caller meanwhile. */
  private next?: Promise<MailSendResult>;
  private poll?: NodeJS.Timeout;
  private stopListening?: () => Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly transport: MailTransport,
    /** `from`: the sender (settings' MAIL_FROM), whose domain each Message-ID names. */
    private readonly deps: { from: string; clock?: { now(): Date }; log?: Log },
  ) {
    this.repo = new MailOutboxRepository(database.db);
  }

  private now() {
    return this.deps.clock?.now() ?? new Date();
  }

  async send(message: MailMessage, options: { db?: Executor; userId?: number } = {}): Promise<void> {
    await this.repo.insert(options.db ?? this.database.db, {
      messageId: `<${randomUUID()}@${messageIdDomain(this.deps.from)}>`,
      userId: options.userId ?? null,
      message,
      dueAt: this.now(),
    });
  }

  /**
   * Sends every mail that is due now. Resolves when a run that started after this call has ended,
   * so what was written before the call has been tried.
   */
  deliverDue(): Promise<MailSendResult> {
    if (this.next) return this.next;
    const run = this.current.then(() => {
      this.next = undefined;
      return this.runOnce();
    });
    this.next = run;
    this.current = run.catch(() => undefined);
    return run;
  }

  /** Starts the job: a wake-up at every mail written on any instance, and the poll for retries. */
  async start(): Promise<void> {
    if (this.poll) return;
    const wake = () => {
      this.deliverDue().catch((error: unknown) =>
        this.deps.log?.error({ err: error }, 'mail delivery failed'),
      );
    };
    this.poll = setInterval(wake, MAIL_POLL_MS);
    this.poll.unref();
    // A lost listening connection may have missed a wake-up: look again when it is back.
    this.stopListening = await this.database.listen(MAIL_OUTBOX_CHANNEL, wake, wake);
    wake();
  }

  /** Stops the job and waits for a send in progress to end. */
  async stop(): Promise<void> {
    clearInterval(this.poll);
    this.poll = undefined;
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.().catch(() => {});
    await this.current;
  }

  private async runOnce(): Promise<MailSendResult> {
    const result: MailSendResult = { sent: 0, retrying: 0, failed: 0 };
    for (let i = 0; i < PER_RUN; i++) {
      const now = this.now();
      const mail = await this.repo.leaseNext(now, new Date(now.getTime() + OUTBOX_LEASE_MS));
      if (!mail) break;
      result[await this.deliver(mail)] += 1;
    }
    await this.repo.forgetSettledBefore(new Date(this.now().getTime() - KEEP_RECORDS_DAYS * 86_400_000));
    return result;
  }

  private async deliver(mail: LeasedMail): Promise<keyof MailSendResult> {
    const attempts = mail.attempts + 1;
    if (!mail.body) {
      await this.repo.markFailed(mail.id, attempts, this.now(), 'no message');
      return 'failed';
    }
    try {
      await this.transport.deliver(
        { to: mail.to_address, subject: mail.subject, ...mail.body },
        mail.message_id,
      );
      await this.repo.markSent(mail.id, this.now());
      return 'sent';
    } catch (error) {
      // SMTP's 5xx is a refusal that will not pass (RFC 5321 §4.2.1); anything else may (4xx, no connection).
      const code = (error as { responseCode?: number }).responseCode;
      const detail = `${code ?? ''} ${error instanceof Error ? error.message : String(error)}`
        .trim()
        .slice(0, 300);
      if ((code === undefined || code < 500) && attempts < MAIL_MAX_ATTEMPTS) {
        const next = new Date(this.now().getTime() + outboxBackoffMinutes(attempts) * 60_000);
        await this.repo.retryAt(mail.id, attempts, next, detail);
        return 'retrying';
      }
      this.deps.log?.warn({ mailId: mail.id, code }, 'mail given up');
      await this.repo.markFailed(mail.id, attempts, this.now(), detail);
      return 'failed';
    }
  }

  /** PDPA: the mails about an account or sent to its address (address, subject, when). */
  exportFor(userId: number, email: string) {
    return this.repo.listFor(userId, email);
  }

  /** PDPA erasure: its mails go, sent or not (an unsent one is never sent). */
  erase(userId: number, email: string) {
    return this.repo.deleteFor(userId, email);
  }
}
