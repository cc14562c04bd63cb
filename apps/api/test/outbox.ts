import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** Headers and body with quoted-printable undone, so links and Thai text read plainly. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

function decodeHeader(value: string): string {
  // Adjacent encoded words are one text split in pieces: join their bytes, then decode once.
  return value.replace(/(=\?utf-8\?[BQ]\?[^?]*\?=\s*)+/gi, (run) => {
    const parts = [...run.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi)].map(([, kind, data]) =>
      kind!.toUpperCase() === 'B'
        ? Buffer.from(data!, 'base64')
        : Buffer.from(
            data!
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ),
    );
    return Buffer.concat(parts).toString('utf8') + (/\s$/.test(run) ? ' ' : '');
  });
}

/** A body (or a multipart's part) with its transfer encoding undone. */
function decodeBody(head: string, body: string): string {
  return /content-transfer-encoding: base64/i.test(head)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : decodeQuotedPrintable(body);
}

/** The mails the dev mailer wrote to DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), 'utf8');
      const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
      const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) =>
        decodeHeader(new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '');
      const body = rest.join('\n\n');
      const boundary = /boundary="?([^";\s]+)"?/i.exec(unfolded)?.[1];
      // A multipart mail (text and HTML): each part decoded by its own transfer encoding.
      const text = boundary
        ? body
            .split(`--${boundary}`)
            .filter((part) => /content-type:/i.test(part))
            .map((part) => {
              const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
              return decodeBody(partHead, partBody.join('\n\n'));
            })
            .join('\n\n')
        : decodeBody(head, body);
      return { file, to: header('To'), subject: header('Subject'), text: `${unfolded}\n\n${text}` };
    });
}

/**
 * The mails an app has sent: its outbox job (modules/mail/mail-outbox.ts) runs first, so every mail
 * written before this call has been delivered to DATA_DIR/outbox (no SMTP_URL in tests).
 */
export async function sentMails(app: {
  services: { mailer: { deliverDue(): Promise<unknown> } };
  settings: { dataDir: string };
}): Promise<OutboxMail[]> {
  await app.services.mailer.deliverDue();
  return readOutbox(app.settings.dataDir);
}
