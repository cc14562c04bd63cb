import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../config/settings';
import { createMailTransport } from './mailer';

const settings = (env: Record<string, string> = {}) =>
  loadSettings({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'siam-mail-')), ...env });

describe('the mail transport', () => {
  it('writes an .eml file to DATA_DIR/outbox when no SMTP server is set', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'siam-mail-'));
    const transport = createMailTransport({ dataDir, from: settings().MAIL_FROM });
    await transport.deliver(
      { to: 'somchai@example.com', subject: 'การจองของคุณ', text: 'สวัสดีค่ะ' },
      '<a1b2c3@siamdrive.co.th>',
    );
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: somchai@example.com');
    expect(eml).toMatch(/Subject: =\?UTF-8\?/); // encoded Thai subject
    expect(eml).toContain('Message-ID: <a1b2c3@siamdrive.co.th>');
    // MAIL_FROM unset: the sender as it always was.
    expect(eml).toContain('From: Siam Drive <no-reply@siamdrive.co.th>');
  });

  it('sends from MAIL_FROM (a company on its own domain, a verified sender), and refuses a non-address', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'siam-mail-'));
    const from = settings({ MAIL_FROM: '"Krabi Car Hire" <booking@krabicarhire.co.th>' }).MAIL_FROM;
    await createMailTransport({ dataDir, from }).deliver(
      { to: 'somchai@example.com', subject: 'x', text: 'y' },
      '<a1@siamdrive.co.th>',
    );
    const [file] = readdirSync(path.join(dataDir, 'outbox'));
    expect(readFileSync(path.join(dataDir, 'outbox', file!), 'utf8')).toContain(
      'From: Krabi Car Hire <booking@krabicarhire.co.th>',
    );
    expect(settings({ MAIL_FROM: 'booking@krabicarhire.co.th' }).MAIL_FROM).toBe(
      'booking@krabicarhire.co.th',
    );
    for (const wrong of ['Krabi Car Hire', 'booking@', '"A" <b@c.d> extra'])
      expect(() => settings({ MAIL_FROM: wrong }), wrong).toThrow(/MAIL_FROM/);
  });

  it('delivers through a real SMTP conversation when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    try {
      const transport = createMailTransport({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        dataDir: os.tmpdir(),
        from: settings().MAIL_FROM,
      });
      await transport.deliver(
        { to: 'li.wei@example.com', subject: 'Booking confirmed', text: 'Thank you' },
        '<d4e5f6@siamdrive.co.th>',
      );
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Booking confirmed');
      expect(received[0]).toContain('Message-ID: <d4e5f6@siamdrive.co.th>');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
