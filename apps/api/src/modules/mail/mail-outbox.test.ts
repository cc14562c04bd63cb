import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { createMailTransport } from '../../lib/mailer';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { SmtpStandIn } from '../../../test/smtp-stand-in';
import { MailOutbox } from './mail-outbox';

/**
 * Mail leaves through a queue (issue 31, part 5; docs/decisions/3105): an answer never waits for
 * the mail server, so neither its time nor its status tells who has an account, and what could not
 * be sent is sent when the server is back, once.
 */
describeEachDatabase('mail through the outbox', (ctx) => {
  const smtp = new SmtpStandIn();
  let app: App;
  /** Another instance's job on the same database and mail server, its clock `aheadMs` ahead (time has passed). */
  const otherInstance = (aheadMs = 0) =>
    new MailOutbox(
      ctx.database,
      createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: testSettings().MAIL_FROM }),
      {
        from: testSettings().MAIL_FROM,
        clock: { now: () => new Date(Date.now() + aheadMs) },
      },
    );
  beforeAll(async () => {
    await smtp.up();
    app = await buildTestApp(ctx.database, { settings: testSettings({ SMTP_URL: smtp.url }) });
  });
  afterAll(async () => {
    await smtp.down();
    await app.services.mailer.stop();
    await app.close();
  });
  beforeEach(() => {
    smtp.mode = 'accepting';
  });

  let n = 0;
  const address = () => `10.31.${Math.floor(++n / 200)}.${(n % 200) + 1}`;
  const unique = (name: string) => `${name}.${ctx.kind}.${Date.now()}.${++n}@example.com`;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: address() });
  const register = (email: string) =>
    post('/auth/register', {
      email,
      password: 'secret-123',
      firstName: 'Nok',
      lastName: 'Dee',
      phone: '0812345678',
      language: 'th',
    });
  const receivedBy = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const rowsTo = (email: string) =>
    ctx.database.query<{ message_id: string; body: unknown; sent_at: Date | null; attempts: number }>(
      'SELECT message_id, body, sent_at, attempts FROM mail_outbox WHERE to_address = $1 ORDER BY id',
      [email],
    );

  it('answers register and forgot before a mail server that never greets has taken any mail, known or not', async () => {
    smtp.mode = 'silent';
    await app.services.mailer.start(); // the job runs, and hangs on the server, as in production
    try {
      const known = unique('known');
      const created = await register(known);
      const taken = await register(known);
      const forgotKnown = await post('/auth/password/forgot', { email: known });
      const forgotUnknown = await post('/auth/password/forgot', { email: unique('nobody') });
      expect([
        created.statusCode,
        taken.statusCode,
        forgotKnown.statusCode,
        forgotUnknown.statusCode,
      ]).toEqual([200, 409, 200, 200]); // a taken address is refused (spec §7, decision 3501)
      expect(forgotKnown.body).toBe(forgotUnknown.body);
      // Every answer came back while the mail server had not even said hello.
      expect(smtp.received).toHaveLength(0);
      expect(await rowsTo(known)).toHaveLength(3); // verification, "someone used your address", reset
    } finally {
      await smtp.down(); // the hung conversation ends (a retry later)
      await app.services.mailer.stop();
      await smtp.up();
    }
  });

  it('never answers 500 while the mail server is down, and delivers once when it is back', async () => {
    await smtp.down();
    const email = unique('down');
    try {
      const created = await register(email);
      const forgot = await post('/auth/password/forgot', { email });
      expect(created.statusCode, created.body).toBe(200);
      expect(forgot.statusCode, forgot.body).toBe(200);
      const tried = await app.services.mailer.deliverDue();
      expect(tried.sent).toBe(0);
      expect(tried.retrying).toBeGreaterThanOrEqual(2);
    } finally {
      await smtp.up();
    }
    // Not before its time: the first retry is a minute after the failure.
    await app.services.mailer.deliverDue();
    expect(receivedBy(email)).toHaveLength(0);
    const aMinuteLater = otherInstance(61_000);
    await aMinuteLater.deliverDue();
    await aMinuteLater.deliverDue();
    const mails = receivedBy(email);
    expect(mails).toHaveLength(2);
    const rows = await rowsTo(email);
    // Each went with the Message-ID written with it; sent, on the second try, and the link is gone.
    expect(mails.map((m) => m.messageId).sort()).toEqual(rows.map((r) => r.message_id).sort());
    expect(rows.map((r) => [r.body, r.sent_at !== null, r.attempts])).toEqual([
      [null, true, 2],
      [null, true, 2],
    ]);
  });

  it("names each mail's Message-ID after the sender's own domain (MAIL_FROM), as a company's mail provider expects", async () => {
    const company = await buildTestApp(ctx.database, {
      settings: testSettings({ SMTP_URL: smtp.url, MAIL_FROM: '"Acme Rent" <booking@acme-rent.co.th>' }),
    });
    try {
      const email = unique('own-domain');
      await company.services.mailer.send({ to: email, subject: 'Hello', text: 'From Acme' });
      await company.services.mailer.deliverDue();
      const [mail] = receivedBy(email);
      expect(mail?.messageId).toMatch(/^<[0-9a-f-]{36}@acme-rent\.co\.th>$/);
      expect((await rowsTo(email))[0]?.message_id).toBe(mail?.messageId);
    } finally {
      await company.services.mailer.stop();
      await company.close();
    }
  });

  it('sends each mail once when two instances run the job at the same time', async () => {
    const email = unique('twice');
    for (let i = 1; i <= 6; i++)
      await app.services.mailer.send({ to: email, subject: `Mail ${i}`, text: `Number ${i}` });
    const other = otherInstance();
    await Promise.all([
      app.services.mailer.deliverDue(),
      other.deliverDue(),
      app.services.mailer.deliverDue(),
    ]);
    const mails = receivedBy(email);
    expect(mails).toHaveLength(6);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(6);
  });

  it('sends a mail as soon as it is written, without waiting for the poll', async () => {
    await app.services.mailer.start();
    try {
      const email = unique('prompt');
      expect((await register(email)).statusCode).toBe(200);
      await vi.waitFor(() => expect(receivedBy(email)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    } finally {
      await app.services.mailer.stop();
    }
  });

  it('an erased account loses its mails, the unsent ones too', async () => {
    await smtp.down();
    try {
      const email = unique('erased');
      await register(email);
      const token = (await post('/auth/login', { email, password: 'secret-123' })).json().token as string;
      await post('/auth/password/forgot', { email });
      expect(await rowsTo(email)).toHaveLength(2);
      const erase = await app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/account',
        headers: { authorization: `Bearer ${token}` },
        payload: { password: 'secret-123', confirm: true },
      });
      expect(erase.statusCode, erase.body).toBe(200);
      expect(await rowsTo(email)).toHaveLength(0);
    } finally {
      await smtp.up();
    }
  });
});
