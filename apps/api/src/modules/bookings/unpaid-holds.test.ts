import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp, testSettings } from '../../../test/app';
import { describeEachDatabase } from '../../../test/databases';
import { listenOmiseStandIn, omiseStandIn } from '../../../test/omise-stand-in';
import {
  createBooking,
  daysFromNow,
  goodCardToken,
  makeCar,
  makeCustomer,
  slipPicture,
  uploadSlip,
  verifyEmail,
} from './booking-fixtures.test-helper';

/**
 * Nobody holds the fleet without paying (issue 13): what one account, one
 * network address, one browser and a crowd of new accounts can hold unpaid.
 */
describeEachDatabase('unpaid holds', (ctx) => {
  let app: App;
  beforeAll(async () => {
    // The real per-address limit (the shared test settings raise it for other suites).
    app = await buildTestApp(ctx.database, { settings: testSettings({ UNPAID_MAX_PER_ADDRESS: '4' }) });
  });
  afterAll(() => app.close());

  const staffHeaders = async () => {
    const { demoStaffAccounts } = await import('../../db/seed/demo-staff');
    const staff = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: demoStaffAccounts[1]!.email, password: demoStaffAccounts[1]!.password },
    });
    return { authorization: `Bearer ${staff.json().token}` };
  };
  let n = 0;
  const address = () => `10.77.${Math.floor(++n / 200)}.${(n % 200) + 1}`;
  const transfer = (car: Awaited<ReturnType<typeof makeCar>>, from: number, to = from + 1) => ({
    carModelId: car.carModelId,
    branchCode: car.branchCode,
    pickupDate: daysFromNow(from),
    returnDate: daysFromNow(to),
    paymentMethod: 'bank_transfer',
  });

  it('never lets more than half of a model’s cars at a branch be held unpaid on a day; cards still book', async () => {
    const car = await makeCar(ctx.database, 4);
    const made = [];
    for (let i = 0; i < 3; i++) {
      const c = await makeCustomer(app);
      made.push(await createBooking(app, c.headers, transfer(car, 30, 33), { remoteAddress: address() }));
    }
    expect(made.map((r) => r.statusCode)).toEqual([200, 200, 409]);
    expect(made[2]!.json()).toMatchObject({ code: 'UNPAID_HOLDS_FULL' });
    // Another day that overlaps one of the held days is full too; a day after is not.
    const later = await makeCustomer(app);
    expect(
      (await createBooking(app, later.headers, transfer(car, 33, 35), { remoteAddress: address() })).json(),
    ).toMatchObject({
      code: 'UNPAID_HOLDS_FULL',
    });
    expect(
      (await createBooking(app, later.headers, transfer(car, 34, 35), { remoteAddress: address() }))
        .statusCode,
    ).toBe(200);
    // Paying by card books one of the two cars still free on day 30.
    const payer = await makeCustomer(app);
    const card = await createBooking(
      app,
      payer.headers,
      { ...transfer(car, 30, 31), paymentMethod: 'card', cardToken: goodCardToken },
      { remoteAddress: address() },
    );
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().response.data.booking.status).toBe('confirmed');
  });

  it('lets one network address hold at most 4 unpaid bookings, whatever the accounts', async () => {
    const car = await makeCar(ctx.database, 20);
    const office = address();
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const c = await makeCustomer(app);
      codes.push(await createBooking(app, c.headers, transfer(car, 40 + i * 2), { remoteAddress: office }));
    }
    expect(codes.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 409, 409]);
    expect(codes[4]!.json()).toMatchObject({ code: 'UNPAID_HOLDS_FROM_NETWORK' });
    // From elsewhere it goes on.
    const c = await makeCustomer(app);
    expect(
      (await createBooking(app, c.headers, transfer(car, 60), { remoteAddress: address() })).statusCode,
    ).toBe(200);
  });

  it('lets one browser hold at most 2 unpaid bookings, whatever the accounts', async () => {
    const car = await makeCar(ctx.database, 20);
    // The device cookie a browser gets at sign-in, sent with every later call.
    const first = await makeCustomer(app);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: first.email, password: 'secret-123' },
    });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const c = await makeCustomer(app);
      codes.push(
        await createBooking(app, { ...c.headers, cookie }, transfer(car, 70 + i * 2), {
          remoteAddress: address(),
        }),
      );
    }
    expect(codes.map((r) => r.statusCode)).toEqual([200, 200, 409]);
    expect(codes[2]!.json()).toMatchObject({ code: 'UNPAID_HOLDS_FROM_NETWORK' });
  });

  it('the reported attack: 32 new accounts from 2 addresses cannot empty a model for a Saturday', async () => {
    const car = await makeCar(ctx.database, 10);
    const addresses = [address(), address()];
    const results = [];
    for (let i = 0; i < 32; i++) {
      const c = await makeCustomer(app);
      for (let j = 0; j < 3; j++)
        results.push(
          await createBooking(
            app,
            c.headers,
            { ...transfer(car, 90), paymentMethod: j % 2 ? 'promptpay' : 'bank_transfer' },
            {
              remoteAddress: addresses[i % 2]!,
            },
          ),
        );
    }
    const held = results.filter((r) => r.statusCode === 200).length;
    // Four per address, and never more than half the model on the day.
    expect(held).toBeLessThanOrEqual(5);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    // Honest customers can still book what is left, by card at once.
    const honest = await makeCustomer(app);
    const paid = await createBooking(
      app,
      honest.headers,
      { ...transfer(car, 90), paymentMethod: 'card', cardToken: goodCardToken },
      { remoteAddress: address() },
    );
    expect(paid.statusCode).toBe(200);
  });

  it('counts an IPv6 household by its /64: 95 new accounts from 95 addresses of one /64 hold 4 cars', async () => {
    const car = await makeCar(ctx.database, 20);
    const codes: number[] = [];
    for (let i = 1; i <= 95; i++) {
      const c = await makeCustomer(app);
      // 2001:db8:31:64::1 … ::5f, and with other interface ids: one connection's addresses.
      const at = `2001:db8:31:64:${((i * 7919) & 0xffff).toString(16)}:0:${i.toString(16)}:1`;
      const res = await createBooking(app, c.headers, transfer(car, 150), { remoteAddress: at });
      codes.push(res.statusCode);
      if (res.statusCode !== 200) expect(res.json()).toMatchObject({ code: 'UNPAID_HOLDS_FROM_NETWORK' });
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(4);
    expect(codes.slice(0, 4)).toEqual([200, 200, 200, 200]);
    // The next /64 is another household.
    const neighbour = await makeCustomer(app);
    expect(
      (
        await createBooking(app, neighbour.headers, transfer(car, 150), {
          remoteAddress: '2001:db8:31:65::1',
        })
      ).statusCode,
    ).toBe(200);
    // An IPv4 client seen through a dual-stack socket (::ffff:a.b.c.d) is that IPv4 address.
    const v4 = address();
    for (let i = 0; i < 4; i++) {
      const c = await makeCustomer(app);
      const from = i % 2 ? `::ffff:${v4}` : v4;
      expect(
        (await createBooking(app, c.headers, transfer(car, 160), { remoteAddress: from })).statusCode,
      ).toBe(200);
    }
    const fifth = await makeCustomer(app);
    expect(
      (await createBooking(app, fifth.headers, transfer(car, 160), { remoteAddress: `::ffff:${v4}` })).json(),
    ).toMatchObject({ code: 'UNPAID_HOLDS_FROM_NETWORK' });
    // Staff see the household as one address holding four.
    const staff = await staffHeaders();
    const view = (await app.inject({ url: '/api/v1/admin/unpaid-holds', headers: staff })).json().response
      .data;
    expect(
      view.addresses.find((a: { address: string }) => a.address === '2001:db8:31:64::/64'),
    ).toMatchObject({
      unpaidHolds: 4,
    });
  }, 180_000);

  it('leaves a one-car group for someone who pays at once: a slip payer is told to pay by PromptPay QR, card or wallet', async () => {
    const car = await makeCar(ctx.database, 1);
    const c = await makeCustomer(app, 'th');
    const refused = await createBooking(app, c.headers, transfer(car, 170), { remoteAddress: address() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'UNPAID_HOLDS_FULL',
      msg: 'The cars of this model left on these dates are kept for customers who pay now. Pay by PromptPay QR, card or wallet to book it',
    });
    // No gateway here (the sandbox): PromptPay is the shop's own QR code, paid with a slip, like a transfer.
    const promptpay = await createBooking(
      app,
      c.headers,
      { ...transfer(car, 170), paymentMethod: 'promptpay' },
      { remoteAddress: address() },
    );
    expect(promptpay.json()).toMatchObject({ code: 'UNPAID_HOLDS_FULL' });
    const card = await createBooking(
      app,
      c.headers,
      { ...transfer(car, 170), paymentMethod: 'card', cardToken: goodCardToken },
      { remoteAddress: address() },
    );
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().response.data.booking.status).toBe('confirmed');
    // Once the car is taken, a transfer is told the car is gone, not to pay another way.
    const late = await makeCustomer(app);
    expect(
      (await createBooking(app, late.headers, transfer(car, 170), { remoteAddress: address() })).json(),
    ).toMatchObject({ code: 'CAR_UNAVAILABLE' });
  });

  it('lets a two-car group have one unpaid hold; its last car waits for someone who pays at once', async () => {
    const car = await makeCar(ctx.database, 2);
    const first = await makeCustomer(app);
    expect(
      (await createBooking(app, first.headers, transfer(car, 180), { remoteAddress: address() })).statusCode,
    ).toBe(200);
    const second = await makeCustomer(app);
    expect(
      (await createBooking(app, second.headers, transfer(car, 180), { remoteAddress: address() })).json(),
    ).toMatchObject({ code: 'UNPAID_HOLDS_FULL' });
    const card = await createBooking(
      app,
      second.headers,
      { ...transfer(car, 180), paymentMethod: 'card', cardToken: goodCardToken },
      { remoteAddress: address() },
    );
    expect(card.statusCode, card.body).toBe(200);
  });

  it('a junk PDF slip does not keep the car past the deadline, and staff see it unverified', async () => {
    const car = await makeCar(ctx.database, 4);
    const c = await makeCustomer(app);
    const booking = (
      await createBooking(app, c.headers, transfer(car, 190), { remoteAddress: address() })
    ).json().response.data.booking;
    const upload = await uploadSlip(app, c.headers, booking.id, junkPdf(), 'slip.pdf', 'application/pdf');
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().response.data).toMatchObject({ status: 'awaiting_payment', slipUploaded: true });
    const due = new Date(booking.payBy).getTime();
    expect(await app.services.bookings.expireUnpaid(new Date(due - 60_000))).not.toContain(booking.id);
    expect(await app.services.bookings.expireUnpaid(new Date(due + 60_000))).toContain(booking.id);
    const staff = await staffHeaders();
    const view = await app.inject({ url: `/api/v1/admin/bookings/${booking.id}`, headers: staff });
    expect(view.json().response.data.slips).toEqual([
      expect.objectContaining({ check: 'pdf_not_read', standing: 'unverified' }),
    ]);
  });

  it('an established customer (verified email, or a completed rental) may hold three', async () => {
    const car = await makeCar(ctx.database, 20);
    const c = await makeCustomer(app);
    const at = address();
    expect((await createBooking(app, c.headers, transfer(car, 100), { remoteAddress: at })).statusCode).toBe(
      200,
    );
    expect(
      (await createBooking(app, c.headers, transfer(car, 102), { remoteAddress: at })).json(),
    ).toMatchObject({
      code: 'TOO_MANY_UNPAID_BOOKINGS',
    });
    await ctx.database.query(
      `UPDATE bookings SET status = 'completed' WHERE id = (SELECT id FROM bookings WHERE user_id = $1 LIMIT 1)`,
      [c.userId],
    );
    expect((await createBooking(app, c.headers, transfer(car, 104), { remoteAddress: at })).statusCode).toBe(
      200,
    );
    const v = await makeCustomer(app);
    await verifyEmail(ctx.database, v.userId);
    for (const day of [110, 112, 114])
      expect(
        (await createBooking(app, v.headers, transfer(car, day), { remoteAddress: address() })).statusCode,
      ).toBe(200);
  });

  it('staff see who holds cars unpaid and from where, and release a hoarder’s holds in bulk (audited); paid ones stay', async () => {
    const car = await makeCar(ctx.database, 20);
    const hoarder = address();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `hoard${i}.${ctx.kind}.${Date.now()}@example.com`;
      const c = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: hoarder,
        payload: {
          email,
          password: 'secret-123',
          firstName: 'H',
          lastName: 'O',
          phone: '0812345678',
        },
      });
      expect(c.statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: 'secret-123' },
      });
      const headers = { authorization: `Bearer ${login.json().token}` };
      ids.push(
        (await createBooking(app, headers, transfer(car, 130 + i), { remoteAddress: hoarder })).json()
          .response.data.booking.id,
      );
    }
    const honest = await makeCustomer(app);
    const honestBooking = (
      await createBooking(app, honest.headers, transfer(car, 140), { remoteAddress: address() })
    ).json().response.data.booking;
    const { demoStaffAccounts } = await import('../../db/seed/demo-staff');
    const staff = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: demoStaffAccounts[1]!.email, password: demoStaffAccounts[1]!.password },
    });
    const staffHeaders = { authorization: `Bearer ${staff.json().token}` };
    const view = await app.inject({ url: '/api/v1/admin/unpaid-holds', headers: staffHeaders });
    expect(view.statusCode).toBe(200);
    const { holds, addresses } = view.json().response.data;
    expect(addresses.find((a: { address: string }) => a.address === hoarder)).toMatchObject({
      unpaidHolds: 3,
      newAccounts: 3,
    });
    expect(holds.find((h: { id: number }) => h.id === ids[0])).toMatchObject({
      address: hoarder,
      emailVerified: false,
      completedRentals: 0,
    });
    const onlyHoarder = await app.inject({
      url: `/api/v1/admin/unpaid-holds?address=${hoarder}`,
      headers: staffHeaders,
    });
    expect(
      onlyHoarder
        .json()
        .response.data.holds.map((h: { id: number }) => h.id)
        .sort(),
    ).toEqual([...ids].sort());
    // One of them pays meanwhile: it is skipped, not cancelled.
    await app.services.payments.confirmPayment(ids[2]!);
    const release = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/unpaid-holds/release',
      headers: staffHeaders,
      payload: { bookingIds: ids, reason: 'Many new accounts from one address' },
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().response.data).toEqual({ released: [ids[0], ids[1]], skipped: [ids[2]] });
    const statuses = await ctx.database.query<{ id: number; status: string }>(
      'SELECT id, status FROM bookings WHERE id = ANY($1::int[]) ORDER BY id',
      [[...ids, honestBooking.id]],
    );
    expect(statuses.map((r) => r.status)).toEqual([
      'cancelled',
      'cancelled',
      'confirmed',
      'awaiting_payment',
    ]);
    const audit = await ctx.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'booking' AND entity_id = ANY($1::text[])",
      [[String(ids[0]), String(ids[1])]],
    );
    expect(audit.map((a) => a.action)).toEqual(['booking.cancelled', 'booking.cancelled']);
    // Customers may not.
    expect(
      (await app.inject({ url: '/api/v1/admin/unpaid-holds', headers: honest.headers })).statusCode,
    ).toBe(403);
  });

  it('refuses slips that are not a readable picture or PDF: magic bytes alone, a decompression bomb, a tiny image', async () => {
    const car = await makeCar(ctx.database, 4);
    const c = await makeCustomer(app);
    const booking = (
      await createBooking(app, c.headers, transfer(car, 120), { remoteAddress: address() })
    ).json().response.data.booking;
    const { default: sharp } = await import('sharp');
    const bomb = hugePng(20_000, 20_000);
    const cases: [Buffer, string, string][] = [
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array(18).fill(0)]), 'slip.jpg', 'image/jpeg'], // 22 bytes, the report's
      [bomb, 'slip.png', 'image/png'],
      [
        await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        'a.png',
        'image/png',
      ],
      [Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4000, 32)]), 'slip.pdf', 'application/pdf'],
      [(await slipPicture('jpeg')).subarray(0, 3000), 'cut.jpg', 'image/jpeg'],
    ];
    for (const [content, name, type] of cases) {
      const res = await uploadSlip(app, c.headers, booking.id, content, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ code: 'SLIP_INVALID', errors: [{ path: 'file' }] });
    }
    const [none] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_slips WHERE booking_id = $1',
      [booking.id],
    );
    expect(none!.n).toBe(0);
    // A real screenshot-sized JPEG goes through.
    expect(
      (await uploadSlip(app, c.headers, booking.id, await slipPicture('jpeg'), 'slip.jpg', 'image/jpeg'))
        .statusCode,
    ).toBe(200);
  });
});

/**
 * Card bookings whose bank asks for 3-D Secure wait at the gateway like PromptPay (decision 1604):
 * they hold a car unpaid, so they count toward the same limits (issue 31: 8 of 8 from one address
 * were held on main). The gateway is a stand-in speaking Omise's API (test/omise-stand-in.ts).
 */
describeEachDatabase('unpaid holds waiting on 3-D Secure', (ctx) => {
  let app: App;
  let standIn: ReturnType<typeof omiseStandIn>;
  let omise: Awaited<ReturnType<typeof listenOmiseStandIn>>;
  beforeAll(async () => {
    standIn = omiseStandIn();
    omise = await listenOmiseStandIn(standIn);
    app = await buildTestApp(ctx.database, {
      settings: testSettings({
        UNPAID_MAX_PER_ADDRESS: '4',
        ...omise.settings,
        OMISE_TIMEOUT_MS: '2000',
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await omise.close();
  });

  let n = 0;
  const address = () => `10.78.${Math.floor(++n / 200)}.${(n % 200) + 1}`;
  const byTransfer = (car: Awaited<ReturnType<typeof makeCar>>, from: number, to = from + 1) => ({
    carModelId: car.carModelId,
    branchCode: car.branchCode,
    pickupDate: daysFromNow(from),
    returnDate: daysFromNow(to),
    paymentMethod: 'bank_transfer',
  });

  it('a one-car group waits for no transfer, but a PromptPay payer at the gateway books it, held for PromptPay’s hour', async () => {
    const car = await makeCar(ctx.database, 1);
    const c = await makeCustomer(app, 'th');
    // A transfer would hold the car 24 hours: refused, and told to pay by PromptPay, a card or a wallet now.
    const refused = await createBooking(app, c.headers, byTransfer(car, 170), { remoteAddress: address() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'UNPAID_HOLDS_FULL',
      msg: 'The cars of this model left on these dates are kept for customers who pay now. Pay by PromptPay QR, card or wallet to book it',
    });
    // The QR payer is no dead end (issue 36 part 3, decision 3630): booked, the car held for 60 minutes.
    const promptpay = await createBooking(
      app,
      c.headers,
      { ...byTransfer(car, 170), paymentMethod: 'promptpay' },
      { remoteAddress: address() },
    );
    expect(promptpay.statusCode, promptpay.body).toBe(200);
    const held = promptpay.json().response.data.booking;
    expect(held.status).toBe('awaiting_payment');
    // PromptPay's hour (the server's clock and the database's differ by milliseconds).
    const window = new Date(held.payBy).getTime() - new Date(held.createdAt).getTime();
    expect(window).toBeGreaterThan(3_599_000);
    expect(window).toBeLessThan(3_601_000);
    // Its hold is counted like any other: the one car is taken, so a card is told it is gone.
    const late = await makeCustomer(app);
    expect(
      (
        await createBooking(
          app,
          late.headers,
          {
            ...byTransfer(car, 170),
            paymentMethod: 'card',
            cardToken: await omise.tokenise('4242424242424242'),
          },
          { remoteAddress: address() },
        )
      ).json(),
    ).toMatchObject({ code: 'CAR_UNAVAILABLE' });
    // Unpaid after its hour, the car goes back to everyone, and a card books it.
    expect(
      await app.services.bookings.expireUnpaid(new Date(new Date(held.payBy).getTime() + 60_000)),
    ).toContain(held.id);
    const card = await createBooking(
      app,
      late.headers,
      { ...byTransfer(car, 170), paymentMethod: 'card', cardToken: await omise.tokenise('4242424242424242') },
      { remoteAddress: address() },
    );
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().response.data.booking.status).toBe('confirmed');
  });

  it('counts a PromptPay hold in the share: two cars, a QR payer holds one, a transfer is refused the other', async () => {
    const car = await makeCar(ctx.database, 2);
    const qr = await makeCustomer(app);
    expect(
      (
        await createBooking(
          app,
          qr.headers,
          { ...byTransfer(car, 175), paymentMethod: 'promptpay' },
          { remoteAddress: address() },
        )
      ).statusCode,
    ).toBe(200);
    const other = await makeCustomer(app);
    expect(
      (await createBooking(app, other.headers, byTransfer(car, 175), { remoteAddress: address() })).json(),
    ).toMatchObject({ code: 'UNPAID_HOLDS_FULL' });
    // A second QR payer takes the last car: two held unpaid, none free.
    expect(
      (
        await createBooking(
          app,
          other.headers,
          { ...byTransfer(car, 175), paymentMethod: 'promptpay' },
          { remoteAddress: address() },
        )
      ).statusCode,
    ).toBe(200);
    const third = await makeCustomer(app);
    expect(
      (
        await createBooking(
          app,
          third.headers,
          { ...byTransfer(car, 175), paymentMethod: 'promptpay' },
          { remoteAddress: address() },
        )
      ).json(),
    ).toMatchObject({ code: 'CAR_UNAVAILABLE' });
  });

  it('eight accounts from one address, each card sent to 3-D Secure: four hold cars, then the address is full', async () => {
    const car = await makeCar(ctx.database, 20);
    const at = '10.31.4.1';
    const outcomes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const c = await makeCustomer(app);
      const res = await createBooking(
        app,
        c.headers,
        {
          carModelId: car.carModelId,
          branchCode: car.branchCode,
          pickupDate: daysFromNow(20),
          returnDate: daysFromNow(22),
          paymentMethod: 'card',
          cardToken: await omise.tokenise('4000000000003220'),
        },
        { remoteAddress: at },
      );
      outcomes.push(res.statusCode === 200 ? res.json().response.data.booking.status : res.json().code);
    }
    expect(outcomes).toEqual([
      'awaiting_payment',
      'awaiting_payment',
      'awaiting_payment',
      'awaiting_payment',
      'UNPAID_HOLDS_FROM_NETWORK',
      'UNPAID_HOLDS_FROM_NETWORK',
      'UNPAID_HOLDS_FROM_NETWORK',
      'UNPAID_HOLDS_FROM_NETWORK',
    ]);
    // They fill the model's unpaid share too: a transfer for those days finds it full (20 cars: 10).
    const held = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE car_model_id = $1 AND status = 'awaiting_payment'`,
      [car.carModelId],
    );
    expect(held[0]!.n).toBe(4);
  });

  it('a card waiting on its bank counts in the model’s unpaid share: three cars, the one hold taken, a transfer refused', async () => {
    const car = await makeCar(ctx.database, 3);
    const payer = await makeCustomer(app);
    const secure = await createBooking(
      app,
      payer.headers,
      {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(25),
        returnDate: daysFromNow(26),
        paymentMethod: 'card',
        cardToken: await omise.tokenise('4000000000003220'),
      },
      { remoteAddress: '10.31.5.1' },
    );
    expect(secure.json().response.data.booking.status).toBe('awaiting_payment');
    // Three cars: one may wait unpaid, and the card waiting on its bank is that one.
    const other = await makeCustomer(app);
    const transfer = await createBooking(
      app,
      other.headers,
      {
        carModelId: car.carModelId,
        branchCode: car.branchCode,
        pickupDate: daysFromNow(25),
        returnDate: daysFromNow(26),
        paymentMethod: 'bank_transfer',
      },
      { remoteAddress: '10.31.5.2' },
    );
    expect(transfer.json()).toMatchObject({ code: 'UNPAID_HOLDS_FULL' });
  });
});

/**
 * The report's junk slip: a 1.3 KB one-page PDF that passes the slip's format check (a page object,
 * an end-of-file marker, at least 1 KB) and says nothing about any transfer.
 */
function junkPdf(): Buffer {
  const text = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    `% ${'x'.repeat(1100)}`,
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  return Buffer.from(text, 'latin1');
}

/** A valid 1-bit PNG of the given size: about 50 KB on disk for 20,000 × 20,000, 400 million pixels decoded. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Math.ceil(width / 8) + 1;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(row * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
