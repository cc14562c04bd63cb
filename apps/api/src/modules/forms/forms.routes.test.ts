import { expect, it } from 'vitest';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import { withFormToken } from '../../../test/form-token';
import { issueFormToken } from '../../lib/public-forms';

let ipCounter = 0;
/** Each test posts from its own address, so the rate limit is tested only where meant. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const contact = {
  fullName: 'Anna Müller',
  email: 'Anna@Example.com',
  subject: 'Child seat for a Fortuner',
  message: 'Can I add two child seats to a Fortuner from Phuket next week?',
  language: 'en',
  website: '',
  formAgeMs: 12_000,
};

const quote = {
  companyName: 'Chao Phraya Logistics Co., Ltd.',
  contactName: 'Suda Wongsa',
  position: 'Office manager',
  email: 'suda@cplogistics.co.th',
  phone: '081-234-5678',
  vehicles: '4-10',
  message: 'Eight pickups for 12 months, Bangkok and Chonburi.',
  language: 'th',
  website: '',
  formAgeMs: 40_000,
};

describeEachDatabase('public forms: contact and corporate quotes', (ctx) => {
  const post = async (url: string, payload: unknown, ip = freshIp()) => {
    const settings = testSettings();
    const app = await buildTestApp(ctx.database, { settings });
    // The database is the suite's: mails other tests' apps left in its outbox are not this post's.
    const before = (await sentMails(app)).length;
    const res = await app.inject({
      method: 'POST',
      url,
      payload: withFormToken(app, payload as { formAgeMs?: number }),
      remoteAddress: ip,
    });
    const outbox = (await sentMails(app)).slice(before);
    await app.close();
    return { res, outbox };
  };
  const count = async (table: string) =>
    (await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  it('stores a contact message and emails the staff address from the site settings', async () => {
    const before = await count('contact_messages');
    const { res, outbox } = await post('/api/v1/guest/contact', contact);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, response: { data: { received: true } } });
    const [row] = await ctx.database.query<Record<string, string>>(
      'SELECT * FROM contact_messages ORDER BY id DESC LIMIT 1',
    );
    expect(await count('contact_messages')).toBe(before + 1);
    expect(row).toMatchObject({ full_name: 'Anna Müller', email: 'anna@example.com', language: 'en' });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.to).toContain('hello@siamdrive.co.th');
    expect(outbox[0]!.text).toContain('Reply-To: anna@example.com');
    expect(outbox[0]!.text).toContain('two child seats');
  });

  it('rejects a contact message with missing, malformed or oversize fields with field errors', async () => {
    const missing = await post('/api/v1/guest/contact', { ...contact, fullName: '', subject: undefined });
    expect(missing.res.statusCode).toBe(400);
    const body = missing.res.json();
    expect(body).toMatchObject({ status: false, code: 'VALIDATION_FAILED' });
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['fullName', 'subject']);

    const badEmail = await post('/api/v1/guest/contact', { ...contact, email: 'not-an-email' });
    expect(badEmail.res.statusCode).toBe(400);
    expect(badEmail.res.json().errors[0].path).toBe('email');

    const long = await post('/api/v1/guest/contact', { ...contact, message: 'x'.repeat(5001) });
    expect(long.res.statusCode).toBe(400);
    expect(long.res.json().errors[0]).toMatchObject({ path: 'message', message: 'At most 5000 characters' });
    expect(long.outbox).toHaveLength(0);
  });

  it('answers malformed JSON with 400 and a huge body with 413', async () => {
    const app = await buildTestApp(ctx.database);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName": "Anna",',
      remoteAddress: freshIp(),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: false, code: 'VALIDATION_FAILED' });
    const huge = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/contact',
      payload: withFormToken(app, { ...contact, message: 'y'.repeat(40_000) }),
      remoteAddress: freshIp(),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: false, code: 'PAYLOAD_TOO_LARGE' });
    await app.close();
  });

  it('answers a filled spam trap or an instant post like a real one, but keeps and sends nothing', async () => {
    const before = await count('contact_messages');
    const trap = await post('/api/v1/guest/contact', { ...contact, website: 'http://spam.example' });
    const fast = await post('/api/v1/guest/contact', { ...contact, formAgeMs: 400 });
    const noTime = await post('/api/v1/guest/contact', { ...contact, formAgeMs: undefined });
    for (const { res, outbox } of [trap, fast, noTime]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, response: { data: { received: true } } });
      expect(outbox).toHaveLength(0);
    }
    expect(await count('contact_messages')).toBe(before);
  });

  it('limits each address to 5 posts in 10 minutes, with Retry-After', async () => {
    const app = await buildTestApp(ctx.database);
    const ip = freshIp();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await app.inject({
        method: 'POST',
        url: '/api/v1/guest/contact',
        payload: withFormToken(app, contact),
        remoteAddress: ip,
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(last!.json()).toMatchObject({ status: false, code: 'RATE_LIMITED' });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/contact',
      payload: withFormToken(app, contact),
      remoteAddress: freshIp(),
    });
    expect(other.statusCode).toBe(200);
    await app.close();
  });

  it('stores a corporate quote, emails sales and thanks the requester in their language', async () => {
    const { res, outbox } = await post('/api/v1/guest/corporate-quotes', quote);
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.query<Record<string, string>>(
      'SELECT * FROM corporate_quotes ORDER BY id DESC LIMIT 1',
    );
    expect(row).toMatchObject({
      company_name: 'Chao Phraya Logistics Co., Ltd.',
      phone: '0812345678',
      vehicles: '4-10',
      language: 'th',
    });
    expect(outbox.map((m) => m.to).sort()).toEqual(['hello@siamdrive.co.th', 'suda@cplogistics.co.th']);
    const thanks = outbox.find((m) => m.to.includes('suda'))!;
    expect(thanks.subject).toContain('ใบเสนอราคา');
    expect(thanks.text).toContain('4-10');
    // The sales mail has the requester's words; the thank-you to an unverified address has none.
    expect(thanks.text).not.toContain('Suda');
    expect(thanks.text).not.toContain('Chao Phraya');
  });

  it('never sends the requester’s own text back, and mails one address at most 3 times a day (issue 13)', async () => {
    const victim = `victim.${ctx.kind}.${Date.now()}@example.com`;
    const phishing = {
      ...quote,
      email: victim,
      contactName: 'Your account is locked, log in at http://phish.example',
      companyName: 'Call 02-000-0000 now',
      position: 'http://phish.example',
    };
    const settings = testSettings();
    const app = await buildTestApp(ctx.database, { settings });
    const before = (await sentMails(app)).length; // other tests' mails left in the suite's outbox
    for (let i = 0; i < 5; i++) {
      // From different addresses, so the per-address form limit is not what stops it.
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/guest/corporate-quotes',
        payload: withFormToken(app, phishing),
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
    }
    const outbox = (await sentMails(app)).slice(before);
    await app.close();
    // Sales still get every request.
    expect(outbox.filter((m) => m.to.includes('hello@siamdrive.co.th'))).toHaveLength(5);
    const thanks = outbox.filter((m) => m.to.includes(victim)).map((m) => m.text);
    expect(thanks).toHaveLength(3);
    for (const text of thanks) {
      expect(text).not.toContain('phish.example');
      expect(text).not.toContain('02-000-0000');
      expect(text).not.toContain('locked');
    }
  });

  it('counts plus-address and dotted Gmail variants of one mailbox toward its 3 mails a day (issue 31)', async () => {
    const name = `victim${ctx.kind}${Date.now()}`;
    const settings = testSettings();
    const app = await buildTestApp(ctx.database, { settings });
    const before = (await sentMails(app)).length; // other tests' mails left in the suite's outbox
    const send = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/guest/corporate-quotes',
        payload: withFormToken(app, { ...quote, email }),
        remoteAddress: freshIp(),
      });
    // One mailbox at example.com, five spellings: the mail server drops everything after the +.
    for (const email of [1, 2, 3, 4, 5].map((n) => `${name}+${n}@example.com`))
      expect((await send(email)).statusCode).toBe(200);
    // One Gmail mailbox: Gmail ignores dots and what follows a +, and googlemail.com is gmail.com.
    const [first, ...rest] = name;
    for (const email of [
      `${name}@gmail.com`,
      `${first}.${rest.join('')}@gmail.com`,
      `${name.toUpperCase()}+ads@googlemail.com`,
      `${first}.${rest.join('.')}+x@gmail.com`,
    ])
      expect((await send(email)).statusCode).toBe(200);
    const outbox = (await sentMails(app)).slice(before);
    await app.close();
    // Sales hear of all nine; each mailbox gets three thank-yous.
    expect(outbox.filter((m) => m.to.includes('hello@siamdrive.co.th'))).toHaveLength(9);
    expect(
      outbox.filter((m) => m.to.toLowerCase().includes('@example.com') && m.to.includes(name)),
    ).toHaveLength(3);
    expect(outbox.filter((m) => /@g(oogle)?mail\.com/i.test(m.to))).toHaveLength(3);
  });

  it('takes one post per form token: the same token from twelve addresses keeps one message (issue 31)', async () => {
    const before = await count('contact_messages');
    const app = await buildTestApp(ctx.database);
    const formToken = issueFormToken(app.services.secret, Date.now() - 20_000);
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/guest/contact',
        payload: { ...contact, formAgeMs: undefined, email: `sender${i}@example.com`, formToken },
        remoteAddress: freshIp(),
      });
      // Answered like a real post every time, so a bot learns nothing.
      expect(res.json()).toEqual({ status: true, response: { data: { received: true } } });
    }
    await app.close();
    expect(await count('contact_messages')).toBe(before + 1);
  });

  it('times the form with a server-signed token: a made-up or missing token is a bot, silently', async () => {
    const before = await count('contact_messages');
    const noToken = await post('/api/v1/guest/contact', { ...contact, formAgeMs: undefined });
    const forged = await post('/api/v1/guest/contact', {
      ...contact,
      formAgeMs: undefined,
      formToken: 'eyJleHAiOjk5OTk5OTk5OTk5OTksImlhdCI6MH0.AAAA',
    });
    // The old client-side claim counts for nothing.
    const claimed = await post('/api/v1/guest/contact', {
      ...contact,
      formAgeMs: undefined,
      elapsedMs: 60_000,
    });
    for (const { res, outbox } of [noToken, forged, claimed]) {
      expect(res.json()).toEqual({ status: true, response: { data: { received: true } } });
      expect(outbox).toHaveLength(0);
    }
    expect(await count('contact_messages')).toBe(before);
    // A real token, fetched when the form was shown: kept once enough time has passed.
    const app = await buildTestApp(ctx.database);
    const token = (await app.inject({ method: 'GET', url: '/api/v1/guest/form-token' })).json().response.data
      .token;
    const tooSoon = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/contact',
      payload: { ...withFormToken(app, contact), formToken: token },
      remoteAddress: freshIp(),
    });
    expect(tooSoon.statusCode).toBe(200);
    expect(await count('contact_messages')).toBe(before);
    await app.close();
  });

  it('keeps limiting posts per address when Redis is configured but unreachable', async () => {
    const app = await buildTestApp(ctx.database, {
      settings: testSettings({ REDIS_URL: 'redis://127.0.0.1:1' }),
    });
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/guest/contact',
            payload: withFormToken(app, contact),
            remoteAddress: ip,
          })
        ).statusCode,
      );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    await app.close();
  });

  it('rejects a corporate quote with an unknown vehicle count or a bad phone', async () => {
    const vehicles = await post('/api/v1/guest/corporate-quotes', { ...quote, vehicles: '500' });
    expect(vehicles.res.statusCode).toBe(400);
    expect(vehicles.res.json().errors[0].path).toBe('vehicles');
    const phone = await post('/api/v1/guest/corporate-quotes', { ...quote, phone: '12' });
    expect(phone.res.statusCode).toBe(400);
    expect(phone.res.json().errors[0].path).toBe('phone');
    const missing = await post('/api/v1/guest/corporate-quotes', { email: 'a@b.co' });
    expect(missing.res.statusCode).toBe(400);
    expect(missing.res.json().errors.length).toBeGreaterThanOrEqual(5);
  });

  it('forgets messages and quote requests after 2 years, as the privacy notice says', async () => {
    await ctx.database.query(
      `INSERT INTO contact_messages (full_name, email, subject, message, language, created_at)
       VALUES ('Old', 'old@example.com', 'Old', 'An old message here', 'en', now() - interval '731 days')`,
    );
    await post('/api/v1/guest/contact', contact);
    const old = await ctx.database.query("SELECT 1 FROM contact_messages WHERE email = 'old@example.com'");
    expect(old).toHaveLength(0);
    expect(await count('contact_messages')).toBeGreaterThan(0);
  });

  it('rate-limits the corporate form too', async () => {
    const app = await buildTestApp(ctx.database);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/guest/corporate-quotes',
            payload: withFormToken(app, { ...quote, website: 'trap' }), // trapped posts count against the limit as well
            remoteAddress: ip,
          })
        ).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await app.close();
  });
});
