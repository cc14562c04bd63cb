import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { withFormToken } from '../../../test/form-token';

let ip = 0;
const freshIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

/**
 * PDPA: what a customer sent through the public forms and the newsletter sign-up
 * (no sign-in needed there) belongs to their account's email. It is in their data
 * export and goes when they erase the account; nobody else's is touched.
 */
describeEachDatabase('contact and newsletter data in the account export and erasure', (ctx) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  const customer = async () => {
    const email = `pdpa.${ctx.kind}.${randomBytes(3).toString('hex')}@example.com`;
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: 'secret-123', firstName: 'Nok', lastName: 'Dee', phone: '0812345678' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'secret-123' },
    });
    return { email, auth: { authorization: `Bearer ${login.json().token as string}` } };
  };
  const send = async (email: string) => {
    const shouted = email.toUpperCase();
    const sent = [
      await app.inject({
        method: 'POST',
        url: '/api/v1/guest/contact',
        remoteAddress: freshIp(),
        payload: withFormToken(app, {
          fullName: 'Nok Dee',
          email: shouted,
          subject: 'Baby seat',
          message: 'Do you have baby seats in Krabi?',
          language: 'th',
          website: '',
          formAgeMs: 9_000,
        }),
      }),
      await app.inject({
        method: 'POST',
        url: '/api/v1/guest/corporate-quotes',
        remoteAddress: freshIp(),
        payload: withFormToken(app, {
          companyName: 'Dee Co.',
          contactName: 'Nok Dee',
          position: 'Owner',
          email: shouted,
          phone: '081-234-5678',
          vehicles: '1-3',
          message: 'Two vans',
          language: 'th',
          website: '',
          formAgeMs: 9_000,
        }),
      }),
      await app.inject({
        method: 'POST',
        url: '/api/v1/guest/newsletter',
        remoteAddress: freshIp(),
        payload: withFormToken(app, { email: shouted, language: 'th', website: '', formAgeMs: 9_000 }),
      }),
    ];
    for (const res of sent) expect(res.statusCode, res.body).toBe(200);
  };
  const held = async (email: string) =>
    (
      await ctx.database.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM contact_messages WHERE lower(email) = lower($1))
              + (SELECT count(*) FROM corporate_quotes WHERE lower(email) = lower($1))
              + (SELECT count(*) FROM newsletter_subscribers WHERE lower(email) = lower($1)) AS n`,
        [email],
      )
    )[0]!.n;

  it('exports them with the account, whatever the case of the address, and nobody else’s', async () => {
    const a = await customer();
    const b = await customer();
    await send(a.email);
    await send(b.email);
    const data = (await app.inject({ method: 'GET', url: '/api/v1/auth/export', headers: a.auth })).json();
    expect(data.contact.contactMessages).toEqual([
      expect.objectContaining({ subject: 'Baby seat', email: a.email }),
    ]);
    expect(data.contact.corporateQuotes).toEqual([
      expect.objectContaining({ companyName: 'Dee Co.', vehicles: '1-3' }),
    ]);
    expect(data.contact.newsletter).toMatchObject({ email: a.email, status: 'pending', language: 'th' });
    expect(JSON.stringify(data)).not.toContain(b.email);
  });

  it('erases them with the account and leaves others’ alone', async () => {
    const a = await customer();
    const b = await customer();
    await send(a.email);
    await send(b.email);
    expect(Number(await held(a.email))).toBe(3);
    const erase = await app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: a.auth,
      payload: { password: 'secret-123', confirm: true },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    expect(Number(await held(a.email))).toBe(0);
    expect(Number(await held(b.email))).toBe(3);
  });
});
