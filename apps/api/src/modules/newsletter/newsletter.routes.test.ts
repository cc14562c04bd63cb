import { expect, it } from 'vitest';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { sentMails } from '../../../test/outbox';
import { withFormToken } from '../../../test/form-token';

let n = 0;
const freshIp = () => `10.2.0.${++n}`;
const tokenIn = (text: string, kind: 'confirm' | 'unsubscribe') =>
  new RegExp(`/newsletter/${kind}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

describeEachDatabase('newsletter with double opt-in', (ctx) => {
  it('asks for confirmation, counts the address only once confirmed, and lets it unsubscribe', async () => {
    const settings = testSettings({ PUBLIC_URL: 'https://siamdrive.example' });
    const app = await buildTestApp(ctx.database, { settings });
    const subscribe = (email: string, extra: object = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/guest/newsletter',
        payload: withFormToken(app, { email, language: 'th', website: '', formAgeMs: 5000, ...extra }),
        remoteAddress: freshIp(),
      });

    const first = await subscribe('Nok@Example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, response: { data: { received: true } } });
    let mails = await sentMails(app);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('nok@example.com');
    expect(mails[0]!.subject).toBe('ยืนยันการรับข่าวสารจากสยามไดรฟ์');
    expect(mails[0]!.text).toContain(
      'List-Unsubscribe: <https://siamdrive.example/newsletter/unsubscribe?token=',
    );
    const confirmToken = tokenIn(mails[0]!.text, 'confirm');
    expect(confirmToken).toBeTruthy();
    expect(mails[0]!.text).toContain(
      `https://siamdrive.example/newsletter/confirm?token=${confirmToken}&lng=th`,
    );

    const [pending] = await ctx.database.query<Record<string, unknown>>(
      "SELECT * FROM newsletter_subscribers WHERE email = 'nok@example.com'",
    );
    expect(pending).toMatchObject({
      status: 'pending',
      language: 'th',
      consent_ip: expect.stringMatching(/^10\.2\./),
    });
    expect(pending!.consent_requested_at).toBeTruthy();
    // The token itself is never stored, only its hash.
    expect(pending!.confirm_token_hash).not.toBe(confirmToken);
    expect(await app.services.newsletter.confirmedCount()).toBe(0);

    // Subscribing again at once: same answer, no second mail.
    const again = await subscribe('nok@example.com');
    expect(again.json()).toEqual(first.json());
    expect(await sentMails(app)).toHaveLength(1);

    const confirm = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/newsletter/confirm',
      payload: { token: confirmToken },
      remoteAddress: freshIp(),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().response.data.status).toBe('confirmed');
    expect(await app.services.newsletter.confirmedCount()).toBe(1);
    mails = await sentMails(app);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('ยินดีต้อนรับสู่ข่าวสารสยามไดรฟ์');
    const unsubscribeToken = tokenIn(mails[1]!.text, 'unsubscribe')!;

    const twice = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/newsletter/confirm',
      payload: { token: confirmToken },
      remoteAddress: freshIp(),
    });
    expect(twice.json().response.data.status).toBe('already_confirmed');

    // A confirmed address subscribing again: same answer, nothing sent, nothing changed.
    const known = await subscribe('NOK@example.com');
    expect(known.json()).toEqual(first.json());
    expect(await sentMails(app)).toHaveLength(2);

    const unsubscribe = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/newsletter/unsubscribe',
      payload: { token: unsubscribeToken },
      remoteAddress: freshIp(),
    });
    expect(unsubscribe.json().response.data.status).toBe('unsubscribed');
    expect(await app.services.newsletter.confirmedCount()).toBe(0);
    await app.close();
  });

  it('refuses unknown and malformed tokens', async () => {
    const app = await buildTestApp(ctx.database);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/newsletter/confirm',
      payload: { token: 'a'.repeat(32) },
      remoteAddress: freshIp(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/newsletter/unsubscribe',
      payload: { token: '<script>' },
      remoteAddress: freshIp(),
    });
    expect(malformed.statusCode).toBe(400);
    await app.close();
  });

  it('rejects a bad email with 400 and traps bots silently', async () => {
    const settings = testSettings();
    const app = await buildTestApp(ctx.database, { settings });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/newsletter',
      payload: withFormToken(app, { email: 'nope', website: '', formAgeMs: 5000 }),
      remoteAddress: freshIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('email');
    for (const trap of [{ website: 'x' }, { formAgeMs: 100 }]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/guest/newsletter',
        payload: withFormToken(app, { email: 'bot@example.com', website: '', formAgeMs: 5000, ...trap }),
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await sentMails(app)).toHaveLength(0);
    const rows = await ctx.database.query(
      "SELECT 1 FROM newsletter_subscribers WHERE email = 'bot@example.com'",
    );
    expect(rows).toHaveLength(0);
    await app.close();
  });

  it('limits sign-ups per address', async () => {
    const app = await buildTestApp(ctx.database);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/guest/newsletter',
            payload: withFormToken(app, { email: `many${i}@example.com`, website: '', formAgeMs: 5000 }),
            remoteAddress: ip,
          })
        ).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await app.close();
  });
});

describeEachDatabase('newsletter retention', (ctx) => {
  it('deletes sign-ups left unconfirmed for 30 days, and keeps confirmed ones', async () => {
    await ctx.database.query(
      `INSERT INTO newsletter_subscribers (email, language, status, unsubscribe_token, consent_requested_at)
       VALUES ('old-pending@example.com', 'en', 'pending', 'tok-old-pending-000000000000', now() - interval '31 days'),
              ('old-confirmed@example.com', 'en', 'confirmed', 'tok-old-confirmed-0000000000', now() - interval '400 days'),
              ('new-pending@example.com', 'en', 'pending', 'tok-new-pending-000000000000', now() - interval '2 days')`,
    );
    const app = await buildTestApp(ctx.database);
    await app.services.newsletter.subscribe('someone@example.com', 'en', undefined);
    const rows = await ctx.database.query<{ email: string }>(
      'SELECT email FROM newsletter_subscribers ORDER BY email',
    );
    expect(rows.map((r) => r.email)).toEqual([
      'new-pending@example.com',
      'old-confirmed@example.com',
      'someone@example.com',
    ]);
    await app.close();
  });
});
