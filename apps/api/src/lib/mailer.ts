import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/sql-rows';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * How the modules send mail: `send` puts the message in the outbox (modules/mail/mail-outbox.ts)
 * and returns; the outbox's job delivers it. Pass `db` (a transaction) to write it with what caused
 * it, and `userId` when the mail is about an account (its erasure drops what is still unsent).
 */
export interface Mailer {
  send(message: MailMessage, options?: { db?: Executor; userId?: number }): Promise<void>;
}

/** Delivers one message now, with the Message-ID the outbox gave it. Only the outbox's job calls it. */
export interface MailTransport {
  deliver(message: MailMessage, messageId: string): Promise<void>;
}

/**
 * The domain a Message-ID names: the sender's own (MAIL_FROM, `"Name" <a@b>` or `a@b`). A provider with
 * verified identities (SES, Google Workspace) and spam filters expect the sender's domain there, so a
 * company on its own domain does not send mail that claims to come from siamdrive.co.th.
 */
export function messageIdDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/**
 * Real delivery through SMTP_URL when it is set; otherwise every message is
 * written to DATA_DIR/outbox as an .eml file (the same MIME an SMTP server
 * would receive), so a developer or a test can open what a customer would get.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  dataDir: string;
  /** The sender (settings' MAIL_FROM). */
  from: string;
}): MailTransport {
  const from = options.from;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      // A server that hangs fails the try within a minute (nodemailer waits up to 10 minutes by
      // default), well inside the row's lease (lib/outbox.ts), so no other instance sends it meanwhile.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      async deliver(message, messageId) {
        await transport.sendMail({ from, ...message, messageId });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(message, messageId) {
      const info = await transport.sendMail({ from, ...message, messageId });
      mkdirSync(outbox, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const id = messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 8);
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}_${safeTo}_${id}.eml`;
      writeFileSync(path.join(outbox, file), info.message as Buffer);
    },
  };
}
