import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { signInEveryone } from '../../../test/admin-helpers';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import { withFormToken } from '../../../test/form-token';

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let seq = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${++seq}@example.com`;

describeEachDatabase('back office inbox', (ctx) => {
  let app: App;
  let auth: Awaited<ReturnType<typeof signInEveryone>>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    auth = await signInEveryone(app);
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string>) =>
    app.inject({ url: `/api/v1/admin${url}`, headers });
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers, payload });
  const auditFor = (entity: string, id: number) =>
    ctx.database.query<{ action: string; actor_email: string; before: unknown; after: unknown }>(
      `SELECT action, actor_email, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id`,
      [entity, String(id)],
    );

  /** A contact message through the public form; returns its id. */
  async function sendMessage(subject = 'Child seat', language = 'en') {
    const email = unique('contact');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/contact',
      remoteAddress: freshIp(),
      payload: withFormToken(app, {
        fullName: 'Anna Müller',
        email,
        subject,
        message: 'Can I add two child seats to a Fortuner?',
        language,
        website: '',
        formAgeMs: 12_000,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.query<{ id: number }>(
      'SELECT id FROM contact_messages WHERE email = $1',
      [email],
    );
    return { id: row!.id, email };
  }

  async function sendQuote(language = 'th') {
    const email = unique('quote');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/corporate-quotes',
      remoteAddress: freshIp(),
      payload: withFormToken(app, {
        companyName: 'Chao Phraya Logistics Co., Ltd.',
        contactName: 'Suda Wongsa',
        position: 'Office manager',
        email,
        phone: '081-234-5678',
        vehicles: '4-10',
        message: 'Eight pickups for 12 months.',
        language,
        website: '',
        formAgeMs: 40_000,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.query<{ id: number }>(
      'SELECT id FROM corporate_quotes WHERE email = $1',
      [email],
    );
    return { id: row!.id, email };
  }

  it('lists messages and quote requests together, newest first, by kind and handled state', async () => {
    const message = await sendMessage('Older message');
    await ctx.database.query(
      `UPDATE contact_messages SET created_at = now() - interval '1 hour' WHERE id = $1`,
      [message.id],
    );
    const quote = await sendQuote();
    const list = await get('/inbox?state=open&limit=100', auth.staff);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json().response;
    const ids = body.data.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`);
    expect(ids.indexOf(`quotes:${quote.id}`)).toBeLessThan(ids.indexOf(`messages:${message.id}`));
    expect(
      body.data.find((i: { id: number; kind: string }) => i.kind === 'quotes' && i.id === quote.id),
    ).toMatchObject({
      name: 'Suda Wongsa',
      email: quote.email,
      subject: 'Chao Phraya Logistics Co., Ltd.',
      language: 'th',
      handledAt: null,
      notes: 0,
    });
    expect(body.pagination).toMatchObject({ page: 1, limit: 100 });

    const onlyQuotes = (await get('/inbox?kind=quotes&state=all&limit=100', auth.staff)).json().response;
    expect(onlyQuotes.data.every((i: { kind: string }) => i.kind === 'quotes')).toBe(true);
    const onlyMessages = (await get('/inbox?kind=messages&state=all&limit=100', auth.staff)).json().response;
    expect(onlyMessages.data.every((i: { kind: string }) => i.kind === 'messages')).toBe(true);
    expect(onlyMessages.data.map((i: { id: number }) => i.id)).toContain(message.id);

    // Paging: one per page, the total stays.
    const page2 = (await get('/inbox?state=open&limit=1&page=2', auth.staff)).json().response;
    expect(page2.data).toHaveLength(1);
    expect(page2.pagination.total).toBe(body.pagination.total);

    expect((await get('/inbox?kind=letters', auth.staff)).statusCode).toBe(400);
    expect((await get('/inbox?state=maybe', auth.staff)).statusCode).toBe(400);
  });

  it('opens an item in full; an unknown one is 404', async () => {
    const quote = await sendQuote('en');
    const item = await get(`/inbox/quotes/${quote.id}`, auth.staff);
    expect(item.statusCode, item.body).toBe(200);
    expect(item.json().response.data).toMatchObject({
      kind: 'quotes',
      id: quote.id,
      companyName: 'Chao Phraya Logistics Co., Ltd.',
      contactName: 'Suda Wongsa',
      position: 'Office manager',
      phone: '0812345678',
      vehicles: '4-10',
      message: 'Eight pickups for 12 months.',
      handledAt: null,
      handledBy: null,
      noteList: [],
    });
    const message = await sendMessage('Full text');
    expect((await get(`/inbox/messages/${message.id}`, auth.staff)).json().response.data).toMatchObject({
      kind: 'messages',
      subject: 'Full text',
      message: 'Can I add two child seats to a Fortuner?',
      companyName: null,
    });
    expect((await get('/inbox/quotes/99999999', auth.staff)).statusCode).toBe(404);
    expect((await get('/inbox/letters/1', auth.staff)).statusCode).toBe(400);
  });

  it('marks handled and not handled, with who, counted on the Today screen and audited', async () => {
    const before = (await get('/inbox/counts', auth.staff)).json().response.data;
    const message = await sendMessage('Handle me');
    const after = (await get('/inbox/counts', auth.staff)).json().response.data;
    expect(after).toEqual({ messages: before.messages + 1, quotes: before.quotes });

    const handled = await post(`/inbox/messages/${message.id}/handled`, auth.staff, { handled: true });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().response.data).toMatchObject({ handledBy: 'staff@siamdrive.test' });
    expect(handled.json().response.data.handledAt).toEqual(expect.any(String));
    expect((await get('/inbox/counts', auth.staff)).json().response.data.messages).toBe(before.messages);
    const open = (await get('/inbox?kind=messages&state=open&limit=100', auth.staff)).json().response.data;
    expect(open.map((i: { id: number }) => i.id)).not.toContain(message.id);
    const done = (await get('/inbox?kind=messages&state=handled&limit=100', auth.staff)).json().response.data;
    expect(done.map((i: { id: number }) => i.id)).toContain(message.id);

    // The same state again changes and records nothing.
    expect(
      (await post(`/inbox/messages/${message.id}/handled`, auth.admin, { handled: true })).statusCode,
    ).toBe(200);
    const reopened = await post(`/inbox/messages/${message.id}/handled`, auth.admin, { handled: false });
    expect(reopened.json().response.data).toMatchObject({ handledAt: null, handledBy: null });

    expect(await auditFor('contact_message', message.id)).toEqual([
      {
        action: 'inbox.handled',
        actor_email: 'staff@siamdrive.test',
        before: { handled: false, handledBy: null },
        after: { handled: true, handledBy: 'staff@siamdrive.test' },
      },
      {
        action: 'inbox.reopened',
        actor_email: 'admin@siamdrive.test',
        before: { handled: true, handledBy: 'staff@siamdrive.test' },
        after: { handled: false, handledBy: null },
      },
    ]);
    expect((await post(`/inbox/messages/${message.id}/handled`, auth.staff, {})).statusCode).toBe(400);
    expect((await post('/inbox/messages/99999999/handled', auth.staff, { handled: true })).statusCode).toBe(
      404,
    );
  });

  it('keeps several internal notes with who and when, audited; empty or oversize notes are refused', async () => {
    const quote = await sendQuote();
    const mailsBefore = (await sentMails(app)).length;
    const first = await post(`/inbox/quotes/${quote.id}/notes`, auth.staff, {
      text: 'Called them, wants a visit.',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(`/inbox/quotes/${quote.id}/notes`, auth.admin, { text: '  Visit on Monday  ' });
    const notes = second.json().response.data.noteList;
    expect(notes).toEqual([
      expect.objectContaining({
        kind: 'note',
        text: 'Called them, wants a visit.',
        authorEmail: 'staff@siamdrive.test',
      }),
      expect.objectContaining({ kind: 'note', text: 'Visit on Monday', authorEmail: 'admin@siamdrive.test' }),
    ]);
    expect(new Date(notes[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // A note is internal: the item stays not handled and nobody is emailed.
    expect(second.json().response.data).toMatchObject({ handledAt: null, notes: 2 });
    expect(await sentMails(app)).toHaveLength(mailsBefore);
    const audit = await auditFor('corporate_quote', quote.id);
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([
      ['inbox.note_added', 'staff@siamdrive.test'],
      ['inbox.note_added', 'admin@siamdrive.test'],
    ]);
    expect(audit[1]!.after).toMatchObject({ text: 'Visit on Monday' });

    const empty = await post(`/inbox/quotes/${quote.id}/notes`, auth.staff, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ path: 'text' });
    expect(
      (await post(`/inbox/quotes/${quote.id}/notes`, auth.staff, { text: 'x'.repeat(5001) })).statusCode,
    ).toBe(400);
    expect((await post('/inbox/quotes/99999999/notes', auth.staff, { text: 'Hi' })).statusCode).toBe(404);
  });

  it('answers a quote by email in the requester language: kept as a note, handled, audited', async () => {
    const quote = await sendQuote('th');
    const answer = 'ราคาพิเศษสำหรับรถกระบะ 8 คัน 12 เดือน: 16,500 บาท/คัน/เดือน';
    const res = await post(`/inbox/quotes/${quote.id}/reply`, auth.staff, { text: answer });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().response.data;
    expect(item.handledAt).toEqual(expect.any(String));
    expect(item.handledBy).toBe('staff@siamdrive.test');
    expect(item.noteList).toEqual([
      expect.objectContaining({ kind: 'reply', text: answer, authorEmail: 'staff@siamdrive.test' }),
    ]);
    const mails = (await sentMails(app)).filter(
      (m) => m.to.includes(quote.email) && m.subject.includes('ตอบกลับ'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('ตอบกลับคำขอใบเสนอราคาของคุณ | สยามไดรฟ์');
    expect(mails[0]!.text).toContain('เรียน คุณSuda Wongsa');
    expect(mails[0]!.text).toContain(answer);
    // Replies go to the company, not to the no-reply sender.
    expect(mails[0]!.text).toMatch(/Reply-To: hello@siamdrive\.co\.th/i);

    const audit = await auditFor('corporate_quote', quote.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'inbox.replied',
        actor_email: 'staff@siamdrive.test',
        before: { handled: false },
        after: expect.objectContaining({ handled: true, to: quote.email, text: answer }),
      }),
    ]);
    expect((await post(`/inbox/quotes/${quote.id}/reply`, auth.staff, { text: '' })).statusCode).toBe(400);
  });

  it('answers a contact message in English with its subject', async () => {
    const message = await sendMessage('Child seat at DMK', 'en');
    const res = await post(`/inbox/messages/${message.id}/reply`, auth.admin, {
      text: 'Yes, two seats are free.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await sentMails(app)).find((m) => m.to.includes(message.email));
    expect(mail?.subject).toBe('Re: Child seat at DMK | Siam Drive');
    expect(mail?.text).toContain('Dear Anna Müller');
  });

  it('refuses visitors and customers', async () => {
    const message = await sendMessage();
    for (const [method, url] of [
      ['GET', '/inbox'],
      ['GET', '/inbox/counts'],
      ['GET', `/inbox/messages/${message.id}`],
      ['POST', `/inbox/messages/${message.id}/handled`],
      ['POST', `/inbox/messages/${message.id}/notes`],
      ['POST', `/inbox/messages/${message.id}/reply`],
    ] as const) {
      const payload = method === 'POST' ? { handled: true, text: 'x' } : undefined;
      const visitor = await app.inject({ method, url: `/api/v1/admin${url}`, payload });
      expect(visitor.statusCode, `visitor ${url}`).toBe(401);
      const customer = await app.inject({
        method,
        url: `/api/v1/admin${url}`,
        payload,
        headers: auth.customer,
      });
      expect(customer.statusCode, `customer ${url}`).toBe(403);
    }
    expect(
      (await get(`/inbox/messages/${message.id}`, auth.staff)).json().response.data.handledAt,
    ).toBeNull();
  });
});
