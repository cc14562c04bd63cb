import { addDays, bangkokInstant } from '@siam/contract/bangkok-time';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { login } from '../../../test/admin-helpers';
import { sentMails } from '../../../test/outbox';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { startProviderStandIns, type ProviderStandIns } from '../../../test/provider-stand-ins';
import { demoStaffAccounts } from '../../db/seed/demo-staff';
import { signToken } from '../../lib/signed-token';
import {
  createBooking,
  daysFromNow,
  driver,
  makeCar,
  makeCustomer,
  slipPicture,
  uploadSlip,
  verifyEmail,
} from '../bookings/booking-fixtures.test-helper';
import { LINE_MAX_ATTEMPTS } from './line-messages';

/**
 * LINE (issue 18, part 4) against a local stand-in speaking LINE's HTTP APIs: LINE Login through the
 * same verified-identity path as Google, the booking messages (created, paid, slip refused, pickup
 * tomorrow, return today) sent by the job, retried and never twice, and the signed follow/unfollow
 * webhook.
 */
describeEachDatabase('LINE Login, booking messages and webhook', (ctx) => {
  let app: App;
  let line: ProviderStandIns;
  let staff: { authorization: string };
  let now: Date | null = null;
  const clock = { now: () => now ?? new Date() };
  beforeAll(async () => {
    line = await startProviderStandIns();
    app = await buildTestApp(ctx.database, { settings: testSettings(line.settings), clock });
    const admin = demoStaffAccounts.find((a) => a.role === 'admin')!;
    staff = await login(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
    await line.close();
  });

  const cookieOf = (setCookie: string | string[] | undefined, name = 'siam_line') => {
    const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    const found = all.find((c) => c.startsWith(`${name}=`));
    return found?.split(';')[0];
  };

  /** The browser's trip: our start → LINE's page (answers at once) → our callback → /login?line=… */
  async function throughLine(lng = 'th') {
    const start = await app.inject({ method: 'GET', url: `/api/v1/auth/line/start?lng=${lng}` });
    expect(start.statusCode).toBe(302);
    const attemptCookie = cookieOf(start.headers['set-cookie']);
    const toLine = new URL(start.headers.location as string);
    const atLine = await fetch(toLine, { redirect: 'manual' });
    expect(atLine.status).toBe(302);
    const back = new URL(atLine.headers.get('location')!);
    const callback = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: attemptCookie ? { cookie: attemptCookie } : {},
    });
    return {
      start,
      toLine,
      back,
      callback,
      attemptCookie,
      identityCookie: cookieOf(callback.headers['set-cookie']),
    };
  }
  const session = (cookie?: string) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/line/session', headers: cookie ? { cookie } : {} });
  const friendOf = async (userId: number) =>
    (
      await ctx.database.query<{ line_friend: boolean; line_user_id: string | null }>(
        'SELECT line_friend, line_user_id FROM users WHERE id = $1',
        [userId],
      )
    )[0]!;

  it('says LINE is configured, and sends the browser to LINE with state, nonce, PKCE and the add-friend option', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/v1/guest/auth-config' });
    expect(config.json().response.data.line).toEqual({ messages: true });
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/line/start?lng=zh' });
    expect(start.statusCode).toBe(302);
    const to = new URL(start.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${line.url}/line/authorize`);
    const q = to.searchParams;
    expect(q.get('client_id')).toBe(line.lineChannelId);
    expect(q.get('redirect_uri')).toBe(`${app.settings.publicUrl}/api/v1/auth/line/callback`);
    expect(q.get('scope')).toBe('openid profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('bot_prompt')).toBe('normal');
    expect(q.get('ui_locales')).toBe('zh-CN');
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(40);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(40);
    const cookie = ([] as string[]).concat(start.headers['set-cookie'] as string).join('\n');
    expect(cookie).toMatch(
      /siam_line=[^;]+; Path=\/api\/v1\/auth\/line; Max-Age=600; HttpOnly; SameSite=Lax/,
    );
    // The verifier stays with us: the cookie is signed, and LINE gets only its hash.
    expect(cookie).not.toContain(q.get('code_challenge')!);
  });

  let lineUser: { id: number; headers: Record<string, string> };

  it('signs in with LINE: the ID token is checked, an account is made once and reused, friendship kept', async () => {
    line.setLineBrowserUser(
      { sub: 'U1111111111111111111111111111111a', name: 'สมหญิง ใจดี' },
      { addFriend: true },
    );
    const trip = await throughLine('th');
    expect(trip.back.searchParams.get('friendship_status_changed')).toBe('true');
    expect(trip.callback.statusCode).toBe(302);
    expect(trip.callback.headers.location).toBe('/login?line=ok');
    // The session is not in the address: it is handed over by a POST the page makes.
    expect(trip.callback.headers.location).not.toMatch(/token/);
    const first = await session(trip.identityCookie);
    expect(first.statusCode, first.body).toBe(200);
    const { token, user } = first.json().response.data;
    expect(user).toMatchObject({
      firstName: 'สมหญิง ใจดี',
      language: 'th',
      emailVerified: false,
      line: { friend: true },
    });
    expect(user.email).toMatch(/^line-U1111111111111111111111111111111a@users\.siamdrive\.invalid$/);
    // The identity cookie is spent with the answer.
    expect(([] as string[]).concat(first.headers['set-cookie'] as string).join('\n')).toMatch(
      /siam_line=; [^\n]*Max-Age=0/,
    );
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().response.data.id).toBe(user.id);
    expect(await friendOf(user.id)).toEqual({
      line_friend: true,
      line_user_id: 'U1111111111111111111111111111111a',
    });

    const again = await throughLine('en');
    const second = await session(again.identityCookie);
    expect(second.json().response.data.user.id).toBe(user.id);
    lineUser = { id: user.id, headers: { authorization: `Bearer ${token}`, 'accept-language': 'th' } };
  });

  it('takes the ID token by its alg: HS256 with the channel secret (web login) and ES256 by LINE’s key; forged ones refused', async () => {
    // LINE signs web login's ID tokens HS256 with the channel secret and its SDKs'/LIFF's ES256 with a
    // published key (developers.line.biz/en/docs/line-login/verify-id-token/#header): both are LINE's.
    for (const [sub, idToken] of [
      ['U6666666666666666666666666666666a', 'HS256'],
      ['U6666666666666666666666666666666b', 'ES256'],
    ] as const) {
      line.setLineBrowserUser({ sub, name: `Token ${idToken}` }, { idToken });
      const trip = await throughLine('en');
      expect(trip.callback.headers.location, idToken).toBe('/login?line=ok');
      const signedIn = await session(trip.identityCookie);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().response.data.user.firstName).toBe(`Token ${idToken}`);
    }
    // Signed with another secret, or with a key LINE does not publish: not LINE's.
    for (const idToken of ['HS256-other-secret', 'ES256-unpublished-key'] as const) {
      line.setLineBrowserUser({ sub: 'U6666666666666666666666666666666c', name: 'Forger' }, { idToken });
      const trip = await throughLine('en');
      expect(trip.callback.headers.location, idToken).toBe('/login?line=failed');
    }
    const forgers = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE line_user_id = 'U6666666666666666666666666666666c'",
    );
    expect(forgers[0]!.n).toBe(0);
  });

  it('refuses a trip that is not this browser’s, a cancelled one, a replayed code and a forged identity', async () => {
    line.setLineBrowserUser({ sub: 'U2222222222222222222222222222222b', name: 'Mallory' });
    // No attempt cookie (someone else's link, or too slow): start again.
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/line/start' });
    const atLine = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
    const back = new URL(atLine.headers.get('location')!);
    const noCookie = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(noCookie.headers.location).toBe('/login?line=expired');
    // Another state than the attempt's.
    const attempt = cookieOf(start.headers['set-cookie'])!;
    back.searchParams.set('state', 'x'.repeat(43));
    const wrongState = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: attempt },
    });
    expect(wrongState.headers.location).toBe('/login?line=failed');

    // The customer said no at LINE.
    line.setLineBrowserUser({ sub: 'U2222222222222222222222222222222b', name: 'Mallory' }, { cancel: true });
    const cancelled = await throughLine();
    expect(cancelled.callback.headers.location).toBe('/login?line=cancelled');
    line.setLineBrowserUser({ sub: 'U2222222222222222222222222222222b', name: 'Mallory' });

    // The same code twice: LINE refuses the second exchange.
    const trip = await throughLine();
    const replay = await app.inject({
      method: 'GET',
      url: `${trip.back.pathname}${trip.back.search}`,
      headers: { cookie: trip.attemptCookie! },
    });
    expect(replay.headers.location).toBe('/login?line=failed');

    // An attempt whose nonce is not the one LINE put in the token (a token meant for another attempt).
    const s2 = await app.inject({ method: 'GET', url: '/api/v1/auth/line/start' });
    const to = new URL(s2.headers.location as string);
    const at2 = await fetch(to, { redirect: 'manual' });
    const back2 = new URL(at2.headers.get('location')!);
    const verifierCookie = cookieOf(s2.headers['set-cookie'])!.split('=')[1]!;
    const payload = JSON.parse(Buffer.from(verifierCookie.split('.')[0]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const otherNonce = signToken(
      'line-login',
      { ...(payload as { exp: number }), nonce: 'n'.repeat(43) },
      app.services.secret,
    );
    const forgedNonce = await app.inject({
      method: 'GET',
      url: `${back2.pathname}${back2.search}`,
      headers: { cookie: `siam_line=${otherNonce}` },
    });
    expect(forgedNonce.headers.location).toBe('/login?line=failed');

    // The session call needs the identity cookie we signed.
    expect((await session()).statusCode).toBe(401);
    const forged = signToken(
      'line-identity',
      {
        identity: { provider: 'line', subject: 'Uevil', firstName: 'x', lastName: '' },
        friend: true,
        lang: 'en',
        exp: Date.now() + 60_000,
      },
      'not-our-secret-not-our-secret-not-our-secret',
    );
    expect((await session(`siam_line=${forged}`)).statusCode).toBe(401);
    const count = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE line_user_id IN ('U2222222222222222222222222222222b', 'Uevil')",
    );
    expect(count[0]!.n).toBe(0);
  });

  it('takes the identity cookie once: a copy replayed within its two minutes gets no second session', async () => {
    line.setLineBrowserUser({ sub: 'U5555555555555555555555555555555e', name: 'Once Only' });
    const trip = await throughLine('en');
    const first = await session(trip.identityCookie);
    expect(first.statusCode, first.body).toBe(200);
    // The browser drops the cookie; a copy of it (a shared computer, a proxy's log) is sent again.
    const replay = await session(trip.identityCookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('connects LINE to a password account from the profile (bound to the browser), once per LINE account', async () => {
    const owner = await makeCustomer(app, 'zh');
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/line/link' })).statusCode).toBe(401);
    const link = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/line/link?lng=zh', headers });
      expect(res.statusCode, res.body).toBe(200);
      const atLine = await fetch(new URL(res.json().response.data.authorizeUrl), { redirect: 'manual' });
      const back = new URL(atLine.headers.get('location')!);
      return app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: cookieOf(res.headers['set-cookie'])! },
      });
    };
    line.setLineBrowserUser({ sub: 'U3333333333333333333333333333333c', name: 'Li Na' }, { addFriend: true });
    const linked = await link(owner.headers);
    expect(linked.headers.location).toBe('/profile?line=linked');
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: owner.headers });
    expect(me.json().response.data).toMatchObject({ id: owner.userId, line: { friend: true } });
    // From now on LINE signs in to that account, not to a new one.
    const trip = await throughLine('zh');
    expect((await session(trip.identityCookie)).json().response.data.user.id).toBe(owner.userId);
    // Another account cannot take it.
    const other = await makeCustomer(app);
    expect((await link(other.headers)).headers.location).toBe('/profile?line=taken');
    expect((await friendOf(other.userId)).line_user_id).toBeNull();
    // Cancelled at LINE: back on the profile, saying so.
    line.setLineBrowserUser({ sub: 'U4444444444444444444444444444444d', name: 'X' }, { cancel: true });
    expect((await link(other.headers)).headers.location).toBe('/profile?line=cancelled');

    // Disconnecting: refused where LINE is the only way in (an account LINE made), done for the owner.
    const disconnect = (headers: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: '/api/v1/auth/line/link', headers });
    expect((await disconnect(lineUser.headers)).statusCode).toBe(409);
    const off = await disconnect(owner.headers);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().response.data).toMatchObject({ id: owner.userId, line: null });
    expect(await friendOf(owner.userId)).toEqual({ line_friend: false, line_user_id: null });
    expect((await disconnect(owner.headers)).statusCode).toBe(409);
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/auth/line/link' })).statusCode).toBe(401);
  });

  const pushesTo = (sub: string) => line.linePushes.filter((p) => p.to === sub);
  const sub = 'U1111111111111111111111111111111a';

  it('messages a LINE friend about their booking in their language: made, slip refused, paid — each once', async () => {
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const created = await createBooking(app, lineUser.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(20),
      returnDate: daysFromNow(22),
      paymentMethod: 'bank_transfer',
    });
    expect(created.statusCode, created.body).toBe(200);
    const booking = created.json().response.data.booking as { id: number; bookingNumber: string };
    // The account's address is made up (LINE gives none): the mail goes to the driver's real one.
    const mails = (await sentMails(app)).filter((m) => m.subject.includes(booking.bookingNumber));
    expect(mails.map((m) => m.to)).toEqual([driver.email]);
    expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [made] = pushesTo(sub);
    expect(made!.messages[0]!.text).toContain(`ได้รับการจอง ${booking.bookingNumber} แล้ว`);
    expect(made!.messages[0]!.text).toContain('กรุณาชำระเงินภายใน');
    expect(made!.messages[0]!.text).toContain('/my-bookings?lng=th');
    expect(made!.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing more is due: the job never sends a message twice.
    expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    expect((await uploadSlip(app, lineUser.headers, booking.id, await slipPicture('png'))).statusCode).toBe(
      200,
    );
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${booking.id}/reject-slip`,
      headers: staff,
      payload: { reason: 'ยอดเงินไม่ตรง' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await uploadSlip(app, lineUser.headers, booking.id, await slipPicture('png'))).statusCode).toBe(
      200,
    );
    const verified = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${booking.id}/verify-payment`,
      headers: staff,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const texts = pushesTo(sub).map((p) => p.messages[0]!.text);
    expect(texts[1]).toContain(`เราไม่สามารถยืนยันสลิปการโอนเงินของการจอง ${booking.bookingNumber} ได้`);
    expect(texts[1]).toContain('เหตุผล: ยอดเงินไม่ตรง');
    expect(texts[2]).toContain(`การจอง ${booking.bookingNumber} ได้รับการยืนยัน`);
    expect(pushesTo(sub)).toHaveLength(3);

    // The day before pickup (10:00 in Bangkok): the reminder with the branch's map link, once.
    const pickup = daysFromNow(20);
    now = bangkokInstant(addDays(pickup, -1), '10:00');
    try {
      expect(await app.services.lineMessages.queueReminders()).toBe(1);
      expect(await app.services.lineMessages.queueReminders()).toBe(0);
      expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const reminder = pushesTo(sub).at(-1)!.messages[0]!.text;
      expect(reminder).toContain(`พรุ่งนี้รับรถแล้ว! การจอง ${booking.bookingNumber}`);
      expect(reminder).toContain('https://www.google.com/maps/search/?api=1&query=');
      expect(reminder).toContain(encodeURIComponent(`Branch`));
      // At night nothing is written.
      now = bangkokInstant(addDays(pickup, -1), '23:00');
      expect(await app.services.lineMessages.queueReminders()).toBe(0);
    } finally {
      now = null;
    }
  });

  it('tries again when LINE is busy, and a push whose answer was lost is not sent twice (retry key → 409)', async () => {
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    line.failLinePushes(2, 'busy');
    const created = await createBooking(app, lineUser.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(40),
      returnDate: daysFromNow(41),
      paymentMethod: 'bank_transfer',
    });
    expect(created.statusCode, created.body).toBe(200);
    const bookingNumber = created.json().response.data.booking.bookingNumber as string;
    const before = pushesTo(sub).length;
    const t0 = Date.now();
    expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    // Not due again until its back-off has passed (1 minute, then 2).
    expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    now = new Date(t0 + 61_000);
    expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    now = new Date(t0 + 61_000 + 121_000);
    line.failLinePushes(1, 'lost');
    expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(pushesTo(sub).length).toBe(before + 1); // LINE has it, we do not know
    now = new Date(t0 + 61_000 + 121_000 + 241_000);
    expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    now = null;
    expect(pushesTo(sub).length).toBe(before + 1);
    expect(pushesTo(sub).at(-1)!.messages[0]!.text).toContain(bookingNumber);
    const [row] = await ctx.database.query<{ attempts: number; sent_at: Date | null }>(
      "SELECT attempts, sent_at FROM line_messages WHERE event_key LIKE 'created:%' ORDER BY id DESC LIMIT 1",
    );
    expect(row).toMatchObject({ attempts: 4 });
    expect(row!.sent_at).not.toBeNull();
    expect(LINE_MAX_ATTEMPTS).toBeGreaterThan(4);
  });

  const webhook = (body: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/line',
      headers: { 'content-type': 'application/json', 'x-line-signature': signature },
      payload: body,
    });
  const event = (type: string, timestamp: number, userId = sub) =>
    JSON.stringify({
      destination: 'Ubot',
      events: [
        {
          type,
          mode: 'active',
          timestamp,
          source: { type: 'user', userId },
          webhookEventId: `01H${timestamp}`,
          deliveryContext: { isRedelivery: false },
        },
      ],
    });

  it('believes a webhook only with LINE’s signature: unfollow stops the messages, an older event changes nothing', async () => {
    const unfollow = event('unfollow', Date.now());
    expect((await webhook(unfollow, line.signLineWebhook(`${unfollow} `))).statusCode).toBe(401);
    expect((await webhook(unfollow, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(401);
    expect((await webhook(unfollow, '')).statusCode).toBe(401);
    expect((await friendOf(lineUser.id)).line_friend).toBe(true);

    const ok = await webhook(unfollow, line.signLineWebhook(unfollow));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().response.data.handled).toBe(1);
    expect((await friendOf(lineUser.id)).line_friend).toBe(false);
    // LINE redelivers an old follow: older than what we know, so ignored.
    const oldFollow = event('follow', Date.now() - 3_600_000);
    expect((await webhook(oldFollow, line.signLineWebhook(oldFollow))).json().response.data.handled).toBe(0);
    expect((await friendOf(lineUser.id)).line_friend).toBe(false);
    // A verification call from the LINE console: no events, 200.
    const empty = JSON.stringify({ destination: 'Ubot', events: [] });
    expect((await webhook(empty, line.signLineWebhook(empty))).statusCode).toBe(200);

    // Not a friend: a new booking writes no LINE message (an established customer may hold two unpaid).
    await verifyEmail(ctx.database, lineUser.id);
    // Two cars: a group's last car waits for someone who pays at once (decision 3102).
    const car = await makeCar(ctx.database, 2);
    const pushed = line.linePushes.length;
    const created = await createBooking(app, lineUser.headers, {
      carModelId: car.carModelId,
      branchCode: car.branchCode,
      pickupDate: daysFromNow(50),
      returnDate: daysFromNow(51),
      paymentMethod: 'bank_transfer',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await app.services.lineMessages.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(line.linePushes.length).toBe(pushed);

    const follow = event('follow', Date.now() + 1000);
    expect((await webhook(follow, line.signLineWebhook(follow))).json().response.data.handled).toBe(1);
    expect((await friendOf(lineUser.id)).line_friend).toBe(true);
  });

  it('forgets the LINE link and the messages when the customer erases the account', async () => {
    const erased = await app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: lineUser.headers,
      payload: { confirm: true },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await friendOf(lineUser.id)).toEqual({ line_friend: false, line_user_id: null });
    const left = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM line_messages WHERE user_id = $1',
      [lineUser.id],
    );
    expect(left[0]!.n).toBe(0);
  });
});
