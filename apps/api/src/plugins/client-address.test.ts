import { expect, it } from 'vitest';
import { buildTestApp, testSettings } from '../../test/app';
import { describeEachDatabase } from '../../test/databases';

/**
 * The client's address, which every per-address limit counts, comes from the
 * connection unless the connection is a proxy we were told to trust
 * (TRUST_PROXY); nobody else can choose it with X-Forwarded-For (issue 13).
 */
describeEachDatabase('client address behind proxies', (ctx) => {
  let n = 0;
  const register = (
    app: Awaited<ReturnType<typeof buildTestApp>>,
    remoteAddress: string,
    forwardedFor: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        email: `proxy-${Date.now()}-${++n}@example.com`,
        password: 'secret-123',
        firstName: 'Somchai',
        lastName: 'Jaidee',
        phone: '0812345678',
      },
    });

  it('by default ignores X-Forwarded-For: a header cannot walk around a per-address limit', async () => {
    const app = await buildTestApp(ctx.database, { settings: testSettings({ AUTH_MAX_REGISTRATIONS: '2' }) });
    const codes = [];
    for (const spoof of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      codes.push((await register(app, '10.20.0.1', spoof)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    // The loopback is no exception: a local attacker is still one address.
    const local = [];
    for (const spoof of ['4.4.4.4', '5.5.5.5', '6.6.6.6'])
      local.push((await register(app, '127.0.0.1', spoof)).statusCode);
    expect(local).toEqual([200, 200, 429]);
    await app.close();
  });

  it('trusts X-Forwarded-For from a configured proxy only (addresses and CIDRs)', async () => {
    const app = await buildTestApp(ctx.database, {
      settings: testSettings({ AUTH_MAX_REGISTRATIONS: '2', TRUST_PROXY: '10.30.0.1, 10.40.0.0/16' }),
    });
    const behindProxy = [];
    for (const client of ['7.7.7.1', '7.7.7.2', '7.7.7.3'])
      behindProxy.push((await register(app, '10.30.0.1', client)).statusCode);
    expect(behindProxy).toEqual([200, 200, 200]);
    const behindCidr = [];
    for (const client of ['8.8.8.1', '8.8.8.2', '8.8.8.3'])
      behindCidr.push((await register(app, '10.40.9.9', client)).statusCode);
    expect(behindCidr).toEqual([200, 200, 200]);
    // The proxy's own clients are counted: one client's third registration is refused.
    const oneClient = [];
    for (let i = 0; i < 3; i++) oneClient.push((await register(app, '10.30.0.1', '9.9.9.9')).statusCode);
    expect(oneClient).toEqual([200, 200, 429]);
    // Anyone else's header is ignored.
    const untrusted = [];
    for (const spoof of ['1.2.3.4', '1.2.3.5', '1.2.3.6'])
      untrusted.push((await register(app, '10.50.0.1', spoof)).statusCode);
    expect(untrusted).toEqual([200, 200, 429]);
    await app.close();
  });

  it('counts an IPv6 client by its /64: registrations, sign-in failures and a form’s rate limit', async () => {
    const app = await buildTestApp(ctx.database, {
      settings: testSettings({ AUTH_MAX_REGISTRATIONS: '2', AUTH_MAX_FAILURES: '2' }),
    });
    const household = ['2001:db8:aa:1::10', '2001:db8:aa:1:ffff:1:2:3', '2001:db8:aa:1:8000::9'];
    const codes = [];
    for (const at of household) codes.push((await register(app, at, '')).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    expect((await register(app, '2001:db8:aa:2::10', '')).statusCode).toBe(200);
    // Two wrong passwords for one account, each from another address of the /64: the pair is one.
    const email = `v6-${Date.now()}@example.com`;
    const wrong = (at: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: at,
        payload: { email, password: 'wrong-password-1' },
      });
    const logins = [];
    for (const at of ['2001:db8:bb:7::1', '2001:db8:bb:7::2', '2001:db8:bb:7::3'])
      logins.push((await wrong(at)).statusCode);
    expect(logins).toEqual([401, 401, 429]);
    // A public form’s limit (the contact form takes 5 in 10 minutes from one address; invalid posts count too).
    const contact = (at: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/guest/contact',
        remoteAddress: at,
        payload: { fullName: 'A', email: 'a@example.com', subject: 'Hi', message: 'Hello there' },
      });
    const forms = [];
    for (let i = 1; i <= 7; i++) forms.push((await contact(`2001:db8:cc:3::${i}`)).statusCode);
    expect(forms.filter((code) => code === 429)).toHaveLength(2);
    await app.close();
  });

  it('refuses a malformed TRUST_PROXY at start, naming it', async () => {
    expect(() => testSettings({ TRUST_PROXY: 'not-an-address' })).toThrow(/TRUST_PROXY/);
  });

  it('warns, in the log once and on /health/ready, when X-Forwarded-For comes from a peer TRUST_PROXY does not list', async () => {
    const logged: { level: number; msg: string }[] = [];
    const app = await buildTestApp(ctx.database, {
      settings: testSettings({ TRUST_PROXY: '10.30.0.1' }),
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
    });
    const ready = () => app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    const warnings = () => logged.filter((l) => /TRUST_PROXY/.test(l.msg));
    expect((await ready()).json()).toEqual({ status: true });
    // The configured proxy's header is what it should be: no warning.
    await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      remoteAddress: '10.30.0.1',
      headers: { 'x-forwarded-for': '7.7.7.7' },
    });
    expect((await ready()).json()).toEqual({ status: true });
    expect(warnings()).toHaveLength(0);
    // A proxy nobody listed (a new load balancer, a CDN): every client behind it counts as one address.
    for (let i = 0; i < 3; i++)
      await app.inject({
        method: 'GET',
        url: '/api/v1/health',
        remoteAddress: '10.60.0.9',
        headers: { 'x-forwarded-for': `8.8.8.${i}` },
      });
    const answer = await ready();
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toBe(true);
    expect(answer.json().warnings).toEqual([
      expect.stringMatching(/X-Forwarded-For.*10\.60\.0\.9.*TRUST_PROXY/),
    ]);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.level).toBe(40);
    await app.close();
  });
});
