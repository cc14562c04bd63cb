import { sandboxCardToken } from '@siam/contract/card-tokens';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testSettings } from '../../../test/app';
import { insertBooking } from '../../../test/booking-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import { listenOmiseStandIn, omiseStandIn } from '../../../test/omise-stand-in';
import { payments as paymentMetrics } from '../../lib/metrics';
import { buildServices } from '../../services';
import { makeCar } from '../bookings/booking-fixtures.test-helper';
import { ChangeChargeUnknown, type CardPayments } from './card-payments';
import type { PaymentGateway } from './payment-gateway';
import { gatewayFromSettings } from './payments.wiring';

const MINUTE_MS = 60_000;

// Card payments of bookings on the service the app wires (services.ts → payments.cards), against the
// Omise stand-in over HTTP, and the sandbox gateway for the refusals the stand-in never gives
// (insufficient funds, a processing error). omise-gateway.test.ts and charged-check.test.ts pin the
// same through the API, a minute a run; these reach each rule directly, fast enough for mutation
// testing (decisions 3204, 3205). Each booking's total is ฿2,345.67 = 234,567 satang; a change's
// difference ฿800.50 = 80,050 satang. What was sent is read back from the stand-in's log, what was
// kept from the payments table, what an operator graphs from the payments counter.
describeEachDatabase('card payments: the service rules', (ctx) => {
  const standIn = omiseStandIn();
  let omise: Awaited<ReturnType<typeof listenOmiseStandIn>>;
  /** Card payments as the app wires them with Omise's keys set, and with none (the sandbox). */
  let cards: CardPayments;
  let sandbox: CardPayments;
  /** The Omise adapter the same settings make: a lost request that reached Omise after all. */
  let gateway: PaymentGateway;
  let now = new Date();
  let unitId: number;

  beforeAll(async () => {
    omise = await listenOmiseStandIn(standIn);
    // Long enough for a busy machine's ordinary answers; no card here waits for it to pass.
    const settings = testSettings({ ...omise.settings, OMISE_TIMEOUT_MS: '5000' });
    cards = buildServices(ctx.database, settings, { clock: { now: () => now } }).payments.cards;
    sandbox = buildServices(ctx.database, testSettings(), { clock: { now: () => now } }).payments.cards;
    gateway = gatewayFromSettings(settings);
    unitId = (await makeCar(ctx.database, 1)).unitIds[0]!;
  });
  afterAll(async () => {
    await omise.close();
  });

  /** A booking waiting for its payment of ฿2,345.67. */
  const booking = async () => {
    const b = await insertBooking(ctx.database, { userId: null, status: 'awaiting_payment', unitId });
    await ctx.database.query(`UPDATE bookings SET total_amount = 2345.67 WHERE id = $1`, [b.id]);
    return b;
  };
  const returnUri = (number: string) => `https://siamdrive.test/booking-success?booking=${number}`;
  const status = async (bookingId: number) =>
    (
      await ctx.database.query<{ status: string; paid: boolean }>(
        `SELECT status, paid_at IS NOT NULL AS paid FROM bookings WHERE id = $1`,
        [bookingId],
      )
    )[0];
  const paymentsOf = (bookingId: number) =>
    ctx.database.query<Record<string, unknown>>(
      `SELECT status, kind, method, amount::text AS amount, gateway, gateway_ref, card_brand, card_last4,
              failure_code, gateway_key, check_count
         FROM payments WHERE booking_id = $1 ORDER BY id`,
      [bookingId],
    );
  /** The booking's card payment sent at a whole second (created_ms), for exact boundaries in ms. */
  const sentAtWholeSecond = async (bookingId: number) => {
    const [row] = await ctx.database.query<{ created_ms: number }>(
      `UPDATE payments SET created_at = date_trunc('second', created_at) WHERE booking_id = $1
       RETURNING (extract(epoch FROM created_at) * 1000)::float8 AS created_ms`,
      [bookingId],
    );
    return Number(row!.created_ms);
  };
  /** The card charges counted since `before`, by outcome (the operator's siam_payments_total). */
  const counted = async () =>
    Object.fromEntries(
      (await paymentMetrics.get()).values
        .filter((v) => v.labels.method === 'card')
        .map((v) => [String(v.labels.outcome), v.value]),
    );
  const countedSince = async (before: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(await counted())
        .filter(([outcome, n]) => n !== (before[outcome] ?? 0))
        .map(([outcome, n]) => [outcome, n - (before[outcome] ?? 0)]),
    );
  const lastCharge = () => standIn.seen.filter((s) => s.path === '/charges').at(-1)!;
  const chargeLookups = () => standIn.seen.filter((s) => s.path.startsWith('/charges?')).length;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => 'passed',
      (error: { code?: string; statusCode?: number; message: string; errors?: unknown }) => ({
        code: error.code,
        statusCode: error.statusCode,
        message: error.message,
        errors: error.errors,
      }),
    );
  /** A new booking whose card charge had no answer (4000 0000 0000 0416: a 503 before any charge). */
  const lost = async () => {
    const b = await booking();
    const token = await omise.tokenise('4000000000000416');
    expect(await cards.charge(b.id, token, 'lost-1', returnUri(b.bookingNumber))).toEqual({
      kind: 'checking',
    });
    return { ...b, key: `booking-${b.id}-lost-1`, sentMs: await sentAtWholeSecond(b.id) };
  };
  /** The lost request reached Omise after all, made when the payment was kept: charged or declined. */
  const reachedOmise = async (lostCharge: { key: string; sentMs: number }, number: string) => {
    standIn.control.now = () => new Date(lostCharge.sentMs);
    try {
      return await gateway.charge({
        amountSatang: 234_567,
        cardToken: await omise.tokenise(number),
        description: 'Siam Drive booking (reached Omise late)',
        idempotencyKey: lostCharge.key,
        returnUri: 'https://siamdrive.test/',
      });
    } finally {
      standIn.control.now = () => new Date();
    }
  };

  it('charges the booking’s total in satang with a key of the booking’s own, and confirms it once paid', async () => {
    const before = await counted();
    const b = await booking();
    const uri = returnUri(b.bookingNumber);
    const outcome = await cards.charge(b.id, await omise.tokenise('4242424242424242'), 'checkout-key-1', uri);
    expect(outcome).toEqual({ kind: 'paid' });
    const sent = lastCharge();
    expect(sent.idempotencyKey).toBe(`booking-${b.id}-checkout-key-1`);
    expect(Object.fromEntries(sent.form)).toMatchObject({
      amount: '234567',
      description: `Siam Drive booking ${b.bookingNumber}`,
      return_uri: uri,
      'metadata[idempotency_key]': `booking-${b.id}-checkout-key-1`,
    });
    expect(await paymentsOf(b.id)).toEqual([
      {
        status: 'succeeded',
        kind: 'charge',
        method: 'card',
        amount: '2345.67',
        gateway: 'omise',
        gateway_ref: standIn.charges.at(-1)!.id,
        card_brand: 'Visa',
        card_last4: '4242',
        failure_code: null,
        gateway_key: `booking-${b.id}-checkout-key-1`,
        check_count: 0,
      },
    ]);
    expect(await status(b.id)).toEqual({ status: 'confirmed', paid: true });
    expect(await countedSince(before)).toEqual({ paid: 1 });

    // Omise takes keys of 64 characters at most: a client's 100-letter Idempotency-Key is cut there.
    const long = await booking();
    const key = 'k'.repeat(100);
    await cards.charge(long.id, await omise.tokenise('4242424242424242'), key, uri);
    const prefix = `booking-${long.id}-`;
    const kept = `${prefix}${'k'.repeat(64 - prefix.length)}`;
    expect(kept).toHaveLength(64);
    expect(lastCharge().idempotencyKey).toBe(kept);
    expect((await paymentsOf(long.id))[0]).toMatchObject({ status: 'succeeded', gateway_key: kept });
  });

  it('refused: the payment is kept failed with why, and the booking waits to be paid again (3530)', async () => {
    const before = await counted();
    const b = await booking();
    const uri = returnUri(b.bookingNumber);
    expect(await cards.charge(b.id, await omise.tokenise('4000000000000002'), 'pay-1', uri)).toEqual({
      kind: 'refused',
      code: 'declined',
    });
    const declinedRef = standIn.charges.at(-1)!.id;
    expect(await status(b.id)).toEqual({ status: 'awaiting_payment', paid: false });
    expect(await countedSince(before)).toEqual({ refused: 1 });
    // Paid again on the same booking with another card.
    expect(await cards.charge(b.id, await omise.tokenise('5555555555554444'), 'pay-2', uri)).toEqual({
      kind: 'paid',
    });
    expect(await paymentsOf(b.id)).toEqual([
      {
        status: 'failed',
        kind: 'charge',
        method: 'card',
        amount: '2345.67',
        gateway: 'omise',
        gateway_ref: declinedRef,
        card_brand: 'Visa',
        card_last4: '0002',
        failure_code: 'declined',
        gateway_key: `booking-${b.id}-pay-1`,
        check_count: 0,
      },
      {
        status: 'succeeded',
        kind: 'charge',
        method: 'card',
        amount: '2345.67',
        gateway: 'omise',
        gateway_ref: standIn.charges.at(-1)!.id,
        card_brand: 'MasterCard',
        card_last4: '4444',
        failure_code: null,
        gateway_key: `booking-${b.id}-pay-2`,
        check_count: 0,
      },
    ]);
    expect(await status(b.id)).toEqual({ status: 'confirmed', paid: true });

    // The sandbox's test cards: insufficient funds, and a card the gateway could not process.
    const poor = await booking();
    expect(await sandbox.charge(poor.id, sandboxCardToken('4000 0000 0000 9995'), 'pay-1', uri)).toEqual({
      kind: 'refused',
      code: 'insufficient_funds',
    });
    const broken = await booking();
    expect(await sandbox.charge(broken.id, sandboxCardToken('4000 0000 0000 0119'), 'pay-1', uri)).toEqual({
      kind: 'refused',
      code: 'processing_error',
    });
    for (const [id, code, last4] of [
      [poor.id, 'insufficient_funds', '9995'],
      [broken.id, 'processing_error', '0119'],
    ] as const)
      expect(await paymentsOf(id)).toEqual([
        {
          status: 'failed',
          kind: 'charge',
          method: 'card',
          amount: '2345.67',
          gateway: 'sandbox',
          gateway_ref: expect.stringMatching(/^sandbox_chrg_/),
          card_brand: 'Visa',
          card_last4: last4,
          failure_code: code,
          gateway_key: `booking-${id}-pay-1`,
          check_count: 0,
        },
      ]);
    expect(await status(poor.id)).toEqual({ status: 'awaiting_payment', paid: false });
  });

  it('3-D Secure: the charge waits at the gateway with the bank’s page, and no payment is kept yet', async () => {
    const before = await counted();
    const b = await booking();
    const outcome = await cards.charge(
      b.id,
      await omise.tokenise('4000000000003220'),
      'secure-1',
      returnUri(b.bookingNumber),
    );
    const reference = String(standIn.charges.at(-1)!.id);
    expect(outcome).toEqual({ kind: 'authorize', authorizeUri: `${omise.url}/pay/${reference}` });
    expect(
      await ctx.database.query(
        `SELECT gateway, method, reference, amount::text AS amount, status, qr_svg, authorize_uri, change_ref
           FROM gateway_charges WHERE booking_id = $1`,
        [b.id],
      ),
    ).toEqual([
      {
        gateway: 'omise',
        method: 'card',
        reference,
        amount: '2345.67',
        status: 'pending',
        qr_svg: null,
        authorize_uri: `${omise.url}/pay/${reference}`,
        change_ref: null,
      },
    ]);
    expect(await paymentsOf(b.id)).toEqual([]);
    expect(await status(b.id)).toEqual({ status: 'awaiting_payment', paid: false });
    expect(await countedSince(before)).toEqual({ authorize: 1 });
  });

  it('no answer: the payment is kept pending with its key, the car stays held, and it is listed for staff', async () => {
    const before = await counted();
    const b = await lost();
    expect(await paymentsOf(b.id)).toEqual([
      {
        status: 'pending',
        kind: 'charge',
        method: 'card',
        amount: '2345.67',
        gateway: 'omise',
        gateway_ref: null,
        card_brand: null,
        card_last4: null,
        failure_code: null,
        gateway_key: `booking-${b.id}-lost-1`,
        check_count: 0,
      },
    ]);
    expect(await status(b.id)).toEqual({ status: 'awaiting_payment', paid: false });
    expect(await countedSince(before)).toEqual({ unknown: 1 });
    now = new Date(b.sentMs + 5 * MINUTE_MS);
    expect((await cards.pending()).filter((p) => p.bookingId === b.id)).toEqual([
      {
        staffCheck: false,
        bookingId: b.id,
        bookingNumber: b.bookingNumber,
        customerName: 'Test Driver',
        amount: 234_567,
        since: new Date(b.sentMs).toISOString(),
        lastCheckedAt: null,
        checks: 0,
      },
    ]);
    // Not sent before the back office's "now": not listed yet.
    now = new Date(b.sentMs);
    expect((await cards.pending()).filter((p) => p.bookingId === b.id)).toEqual([]);
  });

  it('looks a lost answer up by its key: charged → paid once, declined → refused once, even asked twice at once', async () => {
    const before = await counted();
    const charged = await lost();
    const paid = await reachedOmise(charged, '4242424242424242');
    const declined = await lost();
    const refused = await reachedOmise(declined, '4000000000000002');
    const at = new Date(charged.sentMs + 2 * MINUTE_MS);
    // Two instances' jobs at once: each charge is settled by one of them.
    const [a, b] = await Promise.all([
      cards.reconcile(at, { bookingId: charged.id }),
      cards.reconcile(at, { bookingId: charged.id }),
    ]);
    expect([...a.settled, ...b.settled]).toEqual([{ bookingId: charged.id, outcome: 'paid' }]);
    expect(a.counts.confirmed + b.counts.confirmed).toBe(1);
    expect([a.counts.failed, b.counts.failed, a.counts.waiting, b.counts.waiting]).toEqual([0, 0, 0, 0]);
    const [c, d] = await Promise.all([
      cards.reconcile(at, { bookingId: declined.id }),
      cards.reconcile(at, { bookingId: declined.id }),
    ]);
    expect([...c.settled, ...d.settled]).toEqual([{ bookingId: declined.id, outcome: 'refused' }]);
    expect(c.counts.failed + d.counts.failed).toBe(1);
    expect([c.counts.confirmed, d.counts.confirmed, c.counts.waiting, d.counts.waiting]).toEqual([
      0, 0, 0, 0,
    ]);

    expect(await paymentsOf(charged.id)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        gateway_ref: paid.status === 'succeeded' ? paid.reference : 'not charged',
        failure_code: null,
        check_count: 1,
      }),
    ]);
    expect(await status(charged.id)).toEqual({ status: 'confirmed', paid: true });
    expect(await paymentsOf(declined.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        gateway_ref: refused.status === 'failed' ? refused.reference : 'not refused',
        failure_code: 'declined',
        check_count: 1,
      }),
    ]);
    expect(await status(declined.id)).toEqual({ status: 'awaiting_payment', paid: false });
    expect(await countedSince(before)).toEqual({ unknown: 2, paid_after_check: 1, refused_after_check: 1 });
  });

  it('not at Omise yet: the car stays held and the check is counted, by the job’s clock', async () => {
    const b = await lost();
    const at = new Date(b.sentMs + 2 * MINUTE_MS);
    const lookups = chargeLookups();
    expect(await cards.reconcile(at, { bookingId: b.id })).toEqual({
      counts: { confirmed: 0, failed: 0, waiting: 1 },
      settled: [],
    });
    expect(chargeLookups()).toBe(lookups + 1);
    standIn.control.listDown = true;
    try {
      expect(await cards.reconcile(new Date(b.sentMs + 3 * MINUTE_MS), { bookingId: b.id })).toEqual({
        counts: { confirmed: 0, failed: 0, waiting: 1 },
        settled: [],
      });
    } finally {
      standIn.control.listDown = false;
    }
    expect((await paymentsOf(b.id))[0]).toMatchObject({ status: 'pending', check_count: 2 });
    now = new Date(b.sentMs + 4 * MINUTE_MS);
    expect((await cards.pending()).find((p) => p.bookingId === b.id)).toMatchObject({
      staffCheck: false,
      lastCheckedAt: new Date(b.sentMs + 3 * MINUTE_MS).toISOString(),
      checks: 2,
    });
    expect(await status(b.id)).toEqual({ status: 'awaiting_payment', paid: false });
  });

  it('leaves a charge answered a moment ago alone: 30 s by default, or the time it is given', async () => {
    const b = await lost();
    const none = { counts: { confirmed: 0, failed: 0, waiting: 0 }, settled: [] };
    const one = { counts: { confirmed: 0, failed: 0, waiting: 1 }, settled: [] };
    expect(await cards.reconcile(new Date(b.sentMs + 30_000), { bookingId: b.id })).toEqual(none);
    expect(await cards.reconcile(new Date(b.sentMs + 30_001), { bookingId: b.id })).toEqual(one);
    expect(await cards.reconcile(new Date(b.sentMs + 1_000), { bookingId: b.id, settleMs: 1_000 })).toEqual(
      none,
    );
    expect(await cards.reconcile(new Date(b.sentMs + 1_001), { bookingId: b.id, settleMs: 1_000 })).toEqual(
      one,
    );
  });

  it('each gateway looks up its own charges; a charge kept without its key is never looked up', async () => {
    // The sandbox's lost card (4000 0000 0000 0408): charged, its answer lost.
    const b = await booking();
    expect(
      await sandbox.charge(b.id, sandboxCardToken('4000000000000408'), 'lost-1', returnUri(b.bookingNumber)),
    ).toEqual({ kind: 'checking' });
    // Made by the sandbox under the same key as a charge Omise has: Omise's is not this one.
    const sentMs = await sentAtWholeSecond(b.id);
    await reachedOmise({ key: `booking-${b.id}-lost-1`, sentMs }, '4242424242424242');
    const at = new Date(sentMs + 2 * MINUTE_MS);
    const lookups = chargeLookups();
    expect(await cards.reconcile(at, { bookingId: b.id })).toEqual({
      counts: { confirmed: 0, failed: 0, waiting: 1 },
      settled: [],
    });
    expect(chargeLookups()).toBe(lookups);
    expect(await status(b.id)).toEqual({ status: 'awaiting_payment', paid: false });
    expect(await sandbox.reconcile(at, { bookingId: b.id })).toEqual({
      counts: { confirmed: 1, failed: 0, waiting: 0 },
      settled: [{ bookingId: b.id, outcome: 'paid' }],
    });
    expect(await paymentsOf(b.id)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        gateway: 'sandbox',
        gateway_ref: expect.stringMatching(/^sandbox_chrg_/),
        card_brand: 'Visa',
        card_last4: '0408',
      }),
    ]);
    expect(await status(b.id)).toEqual({ status: 'confirmed', paid: true });

    // A payment kept before keys were kept (migration 1946): charged at Omise, but never looked up.
    const old = await lost();
    await reachedOmise(old, '4242424242424242');
    await ctx.database.query(`UPDATE payments SET gateway_key = NULL WHERE booking_id = $1`, [old.id]);
    const before = chargeLookups();
    expect(await cards.reconcile(new Date(old.sentMs + 2 * MINUTE_MS), { bookingId: old.id })).toEqual({
      counts: { confirmed: 0, failed: 0, waiting: 1 },
      settled: [],
    });
    expect(chargeLookups()).toBe(before);
  });

  it('goes to staff as "charged? check" only when asked about more than 15 minutes after it was sent', async () => {
    const notAStaffCheck = {
      code: 'CONFLICT',
      statusCode: 409,
      message:
        'This booking has no card payment marked "charged? check": it is still being looked up, or was settled',
      errors: undefined,
    };
    const b = await lost();
    const later = new Date(b.sentMs + 60 * MINUTE_MS);
    // Never asked about yet.
    expect(await failure(cards.settleStaffCheck(b.id, later))).toEqual(notAStaffCheck);
    // Asked about exactly 15 minutes after: not yet.
    await cards.reconcile(new Date(b.sentMs + 15 * MINUTE_MS), { bookingId: b.id });
    now = later;
    const listed = async () => (await cards.pending()).find((p) => p.bookingId === b.id);
    expect(await listed()).toEqual({
      staffCheck: false,
      bookingId: b.id,
      bookingNumber: b.bookingNumber,
      customerName: 'Test Driver',
      amount: 234_567,
      since: new Date(b.sentMs).toISOString(),
      lastCheckedAt: new Date(b.sentMs + 15 * MINUTE_MS).toISOString(),
      checks: 1,
    });
    expect(await failure(cards.settleStaffCheck(b.id, later))).toEqual(notAStaffCheck);
    // A millisecond more: staff check it.
    await cards.reconcile(new Date(b.sentMs + 15 * MINUTE_MS + 1), { bookingId: b.id });
    expect(await listed()).toMatchObject({
      staffCheck: true,
      lastCheckedAt: new Date(b.sentMs + 15 * MINUTE_MS + 1).toISOString(),
      checks: 2,
    });
    // A booking with no card payment pending at all.
    expect(await failure(cards.settleStaffCheck((await booking()).id, later))).toEqual(notAStaffCheck);
  });

  /** A lost charge Omise's list did not show 20 minutes after it was sent: "charged? check". */
  const staffCheck = async () => {
    const b = await lost();
    await cards.reconcile(new Date(b.sentMs + 20 * MINUTE_MS), { bookingId: b.id });
    return b;
  };

  it('staff settle a "charged? check": charged after all → paid, once when two ask at once', async () => {
    const before = await counted();
    const b = await staffCheck();
    // The list missed it then; it is there now.
    const paid = await reachedOmise(b, '4242424242424242');
    const at = new Date(b.sentMs + 25 * MINUTE_MS);
    const outcomes = await Promise.all([
      failure(cards.settleStaffCheck(b.id, at)),
      failure(cards.settleStaffCheck(b.id, at)),
    ]);
    expect(outcomes).toContain('passed');
    expect(outcomes).toContainEqual(expect.objectContaining({ code: 'CONFLICT', statusCode: 409 }));
    expect(await paymentsOf(b.id)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        gateway_ref: paid.status === 'succeeded' ? paid.reference : 'not charged',
        failure_code: null,
      }),
    ]);
    expect(await status(b.id)).toEqual({ status: 'confirmed', paid: true });
    expect(await countedSince(before)).toEqual({ unknown: 1, paid_after_staff_check: 1 });
    // What the caller is told.
    const again = await staffCheck();
    await reachedOmise(again, '4242424242424242');
    expect(await cards.settleStaffCheck(again.id, at)).toBe('paid');
  });

  it('staff settle a "charged? check": Omise silent changes nothing; not there → not charged, once', async () => {
    const b = await staffCheck();
    const at = new Date(b.sentMs + 25 * MINUTE_MS);
    standIn.control.listDown = true;
    try {
      expect(await failure(cards.settleStaffCheck(b.id, at))).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        statusCode: 503,
        message: 'The payment gateway did not answer: nothing changed, ask again in a moment',
        errors: undefined,
      });
    } finally {
      standIn.control.listDown = false;
    }
    expect((await paymentsOf(b.id))[0]).toMatchObject({ status: 'pending', check_count: 2 });
    now = new Date(b.sentMs + 30 * MINUTE_MS);
    expect((await cards.pending()).find((p) => p.bookingId === b.id)).toMatchObject({
      staffCheck: true,
      lastCheckedAt: at.toISOString(),
    });

    const before = await counted();
    const outcomes = await Promise.all([
      failure(cards.settleStaffCheck(b.id, at)),
      failure(cards.settleStaffCheck(b.id, at)),
    ]);
    expect(outcomes).toContainEqual(expect.objectContaining({ code: 'CONFLICT', statusCode: 409 }));
    expect(outcomes.filter((o) => o === 'passed')).toHaveLength(1);
    expect(await paymentsOf(b.id)).toEqual([
      expect.objectContaining({ status: 'failed', gateway_ref: null, failure_code: 'processing_error' }),
    ]);
    // The booking is let go (or paid again) by the caller, not here.
    expect(await status(b.id)).toEqual({ status: 'awaiting_payment', paid: false });
    expect(await countedSince(before)).toEqual({ not_charged_after_staff_check: 1 });
    expect(await failure(cards.settleStaffCheck(b.id, at))).toMatchObject({ code: 'CONFLICT' });

    // Declined at Omise after all: not charged, with Omise's reference and why.
    const declined = await staffCheck();
    const refused = await reachedOmise(declined, '4000000000000002');
    expect(await cards.settleStaffCheck(declined.id, at)).toBe('not_charged');
    expect(await paymentsOf(declined.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        gateway_ref: refused.status === 'failed' ? refused.reference : 'not refused',
        failure_code: 'declined',
      }),
    ]);
  });

  it('staff settle a "charged? check" of another gateway, or kept without its key: never looked up here (503)', async () => {
    const silent = { code: 'SERVICE_UNAVAILABLE', statusCode: 503 };
    const b = await booking();
    await sandbox.charge(b.id, sandboxCardToken('4000000000000408'), 'lost-1', returnUri(b.bookingNumber));
    const sentMs = await sentAtWholeSecond(b.id);
    // Asked about by the sandbox's own job 20 minutes after (with no answer then): a staff check.
    await ctx.database.query(
      `UPDATE payments SET checked_at = created_at + interval '20 minutes', check_count = 1 WHERE booking_id = $1`,
      [b.id],
    );
    const at = new Date(sentMs + 25 * MINUTE_MS);
    const lookups = chargeLookups();
    expect(await failure(cards.settleStaffCheck(b.id, at))).toMatchObject(silent);
    expect(chargeLookups()).toBe(lookups);

    const old = await staffCheck();
    await ctx.database.query(`UPDATE payments SET gateway_key = NULL WHERE booking_id = $1`, [old.id]);
    const before = chargeLookups();
    expect(await failure(cards.settleStaffCheck(old.id, at))).toMatchObject(silent);
    expect(chargeLookups()).toBe(before);
    expect((await paymentsOf(old.id))[0]).toMatchObject({ status: 'pending' });
  });

  it('charges a change’s difference in the change’s transaction, keyed by the change', async () => {
    const b = await booking();
    const uri = returnUri(b.bookingNumber);
    const change = async (cards_: CardPayments, token: string, key: string) =>
      cards_.chargeDifference(ctx.database.db, {
        bookingId: b.id,
        bookingNumber: b.bookingNumber,
        amountSatang: 80_050,
        cardToken: token,
        key,
        returnUri: uri,
      });
    await change(cards, await omise.tokenise('4242424242424242'), 'change-key-1');
    const sent = lastCharge();
    expect(sent.idempotencyKey).toBe(`change-${b.id}-change-key-1`);
    expect(Object.fromEntries(sent.form)).toMatchObject({
      amount: '80050',
      description: `Siam Drive booking ${b.bookingNumber}: change`,
      return_uri: uri,
    });
    expect(await paymentsOf(b.id)).toEqual([
      {
        status: 'succeeded',
        kind: 'charge',
        method: 'card',
        amount: '800.50',
        gateway: 'omise',
        gateway_ref: standIn.charges.at(-1)!.id,
        card_brand: 'Visa',
        card_last4: '4242',
        failure_code: null,
        gateway_key: `change-${b.id}-change-key-1`,
        check_count: 0,
      },
    ]);
    const key = 'c'.repeat(100);
    await change(cards, await omise.tokenise('4242424242424242'), key);
    const prefix = `change-${b.id}-`;
    expect(lastCharge().idempotencyKey).toBe(`${prefix}${'c'.repeat(64 - prefix.length)}`);
    expect((await paymentsOf(b.id))[1]).toMatchObject({
      gateway_key: `${prefix}${'c'.repeat(64 - prefix.length)}`,
    });

    // Refused, or a bank asking for 3-D Secure (not waited for in a change): the change is undone.
    const refused = (code: string, message: string) => ({
      code: 'PAYMENT_FAILED',
      statusCode: 402,
      message,
      errors: [{ path: 'card', message: code }],
    });
    expect(await failure(change(cards, await omise.tokenise('4000000000000002'), 'change-key-2'))).toEqual(
      refused('declined', 'Your card was declined. Please use another card or another payment method'),
    );
    expect(await failure(change(cards, await omise.tokenise('4000000000003220'), 'change-key-3'))).toEqual(
      refused('processing_error', 'The card payment could not be processed. Please try again'),
    );
    expect(await failure(change(sandbox, sandboxCardToken('4000000000009995'), 'change-key-4'))).toEqual(
      refused(
        'insufficient_funds',
        'Your card has insufficient funds. Please use another card or another payment method',
      ),
    );
    expect(await failure(change(sandbox, sandboxCardToken('4000000000000119'), 'change-key-5'))).toEqual(
      refused('processing_error', 'The card payment could not be processed. Please try again'),
    );

    // No answer: the caller looks it up by its key and gives it back.
    const unknown = await change(cards, await omise.tokenise('4000000000000416'), 'change-key-6').then(
      () => null,
      (error: unknown) => error,
    );
    expect(unknown).toBeInstanceOf(ChangeChargeUnknown);
    expect(unknown).toMatchObject({
      key: `change-${b.id}-change-key-6`,
      amountSatang: 80_050,
      message: 'The card charge of a change had no answer',
    });
    // Only the two paid differences were kept; nothing waits at the gateway.
    expect((await paymentsOf(b.id)).map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
    expect(await ctx.database.query(`SELECT id FROM gateway_charges WHERE booking_id = $1`, [b.id])).toEqual(
      [],
    );
  });
});
