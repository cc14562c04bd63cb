import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = '"Siam Drive" <no-reply@siamdrive.co.th>';

/**
 * Real delivery through SMTP_URL when it is set; otherwise every message is
 * written to DATA_DIR/outbox as an .eml file (the same MIME an SMTP server
 * would receive), so a developer or a test can open what a customer would get.
 */
export function createMailer(options: { smtpUrl?: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: FROM, ...message });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: FROM, ...message });
      mkdirSync(outbox, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}_${safeTo}_${randomUUID().slice(0, 8)}.eml`;
      writeFileSync(path.join(outbox, file), info.message as Buffer);
    },
  };
}
