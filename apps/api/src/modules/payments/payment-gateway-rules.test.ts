import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOmiseStandIn, omiseStandIn } from '../../../test/omise-stand-in';
import { OmiseGateway, SandboxGateway, omiseWebhookSignatureMatches } from './payment-gateway';

/**
 * The Omise adapter on its own, against the Omise stand-in over HTTP, with no database (issue 32: a
 * test per rule with literal values, fast enough for mutation runs). What it sends is read back from
 * the stand-in's log of requests; what it answers is compared whole. omise-gateway.test.ts and
 * gateway-promptpay.test.ts pin the same through the API on both databases.
 */
describe('the Omise adapter', () => {
  const standIn = omiseStandIn();
  let omise: Awaited<ReturnType<typeof listenOmiseStandIn>>;
  const gateway = (options: { timeoutMs?: number; partialCapture?: boolean; secretKey?: string } = {}) =>
    new OmiseGateway({
      publicKey: 'pkey_test_123',
      secretKey: options.secretKey ?? 'skey_test_456',
      apiUrl: omise.url,
      scriptUrl: `${omise.url}/omise.js`,
      timeoutMs: options.timeoutMs ?? 5_000,
      partialCapture: options.partialCapture,
    });
  const card = async (number: string, key: string, amountSatang = 250_000) => ({
    amountSatang,
    cardToken: await omise.tokenise(number),
    description: 'Booking SD-TEST',
    idempotencyKey: key,
    returnUri: 'https://siamdrive.test/bookings/7?return=1',
  });
  /** The last request the stand-in got to `path`, as Omise would read it. */
  const lastTo = (path: string) => standIn.seen.filter((s) => s.path === path).at(-1)!;

  beforeAll(async () => {
    omise = await listenOmiseStandIn(standIn);
  });
  afterAll(async () => {
    await omise.close();
  });

  it('says whether its keys are test keys, and where the browser makes a card token', () => {
    expect(gateway()).toMatchObject({
      name: 'omise',
      sandbox: true,
      partialCapture: false,
      vault: { vault: 'omise', publicKey: 'pkey_test_123', scriptUrl: `${omise.url}/omise.js` },
    });
    expect(gateway({ secretKey: 'skey_live_456', partialCapture: true })).toMatchObject({
      sandbox: false,
      partialCapture: true,
    });
  });

  it('charges a token for the amount in satang, keyed, with where 3-D Secure comes back to', async () => {
    const result = await gateway().charge(await card('4242424242424242', 'key-charge-1', 250_050));
    expect(result).toEqual({
      status: 'succeeded',
      reference: expect.stringMatching(/^chrg_test_\d+$/),
      brand: 'Visa',
      last4: '4242',
    });
    const sent = lastTo('/charges');
    expect(sent.auth).toBe('skey_test_456:');
    expect(sent.contentType).toBe('application/x-www-form-urlencoded');
    expect(sent.idempotencyKey).toBe('key-charge-1');
    expect(Object.fromEntries(sent.form)).toEqual({
      amount: '250050',
      currency: 'thb',
      card: expect.stringMatching(/^tokn_test_\d+$/),
      description: 'Booking SD-TEST',
      capture: 'true',
      return_uri: 'https://siamdrive.test/bookings/7?return=1',
      'metadata[idempotency_key]': 'key-charge-1',
    });
  });

  it('names a refused card, a used token, a bank asking for 3-D Secure and a lost answer apart', async () => {
    expect(await gateway().charge(await card('4000000000000002', 'key-declined'))).toEqual({
      status: 'failed',
      code: 'declined',
      reference: expect.stringMatching(/^chrg_test_\d+$/),
      brand: 'Visa',
      last4: '0002',
    });
    // The stand-in deletes a token once used, as Omise refuses a used one: 404 with an error object.
    const used = await card('4242424242424242', 'key-used');
    await gateway().charge(used);
    expect(await gateway().charge(used)).toEqual({
      status: 'failed',
      code: 'processing_error',
      reference: null,
      brand: null,
      last4: null,
    });
    const secure = await gateway().charge(await card('4000000000003220', 'key-3ds'));
    expect(secure).toEqual({
      status: 'authorize',
      reference: expect.stringMatching(/^chrg_test_\d+$/),
      authorizeUri: `${omise.url}/pay/${secure.status === 'authorize' ? secure.reference : ''}`,
      brand: 'Visa',
      last4: '3220',
    });
    // 503 before any charge, and an answer later than the time-out: the card may have been charged.
    expect(await gateway().charge(await card('4000000000000416', 'key-503'))).toEqual({
      status: 'unknown',
      brand: null,
      last4: null,
    });
    expect(await gateway({ timeoutMs: 300 }).charge(await card('4000000000000408', 'key-late'))).toEqual({
      status: 'unknown',
      brand: null,
      last4: null,
    });
  });

  it('finds a charge whose answer was lost by the key in its metadata, and says when it cannot', async () => {
    const sentAt = new Date();
    const paid = await gateway().charge(await card('4242424242424242', 'key-find-paid'));
    await gateway().charge(await card('4000000000000002', 'key-find-declined'));
    await gateway().charge(await card('4000000000003220', 'key-find-pending'));
    expect(await gateway().findCharge('key-find-paid', sentAt)).toEqual({
      status: 'succeeded',
      reference: paid.status === 'succeeded' ? paid.reference : '',
    });
    expect(await gateway().findCharge('key-find-declined', sentAt)).toEqual({
      status: 'failed',
      reference: expect.stringMatching(/^chrg_test_\d+$/),
      code: 'declined',
    });
    // 3-D Secure not finished is no outcome yet.
    expect(await gateway().findCharge('key-find-pending', sentAt)).toEqual({ status: 'unknown' });
    expect(await gateway().findCharge('key-never-sent', sentAt)).toEqual({ status: 'not_found' });
    // Looked for from a time-out plus a minute before the sending to a minute after it, 100 a page.
    const query = new URLSearchParams(standIn.seen.at(-1)!.path.split('?')[1]);
    expect(Date.parse(query.get('from')!)).toBe(sentAt.getTime() - 5_000 - 60_000);
    expect(Date.parse(query.get('to')!)).toBe(sentAt.getTime() + 60_000);
    expect(query.get('limit')).toBe('100');
    expect(query.get('order')).toBe('chronological');
    // A charge made three minutes before the sending is outside the window.
    expect(await gateway().findCharge('key-find-paid', new Date(sentAt.getTime() + 180_000))).toEqual({
      status: 'not_found',
    });
    standIn.control.listDown = true;
    try {
      expect(await gateway().findCharge('key-find-paid', sentAt)).toEqual({ status: 'unknown' });
    } finally {
      standIn.control.listDown = false;
    }
  });

  it('holds a deposit without taking it, then takes it whole or lets it go', async () => {
    const held = await gateway().authorize(await card('4242424242424242', 'key-hold', 300_000));
    expect(held).toEqual({
      status: 'succeeded',
      reference: expect.stringMatching(/^chrg_test_\d+$/),
      brand: 'Visa',
      last4: '4242',
    });
    const sent = Object.fromEntries(lastTo('/charges').form);
    expect(sent.capture).toBe('false');
    // final_auth (Omise's default) unless partial capture was agreed with Omise.
    expect(sent.authorization_type).toBeUndefined();
    const reference = held.status === 'succeeded' ? held.reference : '';
    expect(await gateway().retrieveCharge(reference)).toEqual({
      reference,
      status: 'pending',
      amountSatang: 300_000,
      currency: 'thb',
      card: { brand: 'Visa', last4: '4242' },
      failureCode: null,
      authorized: true,
    });
    // Part of a final_auth hold cannot be taken: Omise refuses, and so does the adapter.
    await expect(gateway().capture({ reference, amountSatang: 100_000 })).rejects.toThrow(
      'Omise did not capture the held amount (HTTP 400)',
    );
    await gateway().capture({ reference, amountSatang: 300_000 });
    expect(Object.fromEntries(lastTo(`/charges/${reference}/capture`).form)).toEqual({
      capture_amount: '300000',
    });
    expect(await gateway().retrieveCharge(reference)).toMatchObject({
      status: 'successful',
      authorized: false,
    });
    // Taken already: nothing to let go.
    await expect(gateway().reverse({ reference })).rejects.toThrow(
      'Omise did not reverse the held amount (HTTP 400)',
    );

    const other = await gateway().authorize(await card('4242424242424242', 'key-hold-2', 300_000));
    const let_go = other.status === 'succeeded' ? other.reference : '';
    await gateway().reverse({ reference: let_go });
    expect(await gateway().retrieveCharge(let_go)).toMatchObject({ status: 'reversed', authorized: false });
    await expect(gateway().capture({ reference: let_go, amountSatang: 300_000 })).rejects.toThrow(
      'Omise did not capture the held amount (HTTP 400)',
    );
  });

  it('holds pre_auth when partial capture is agreed, and then takes part of it', async () => {
    const held = await gateway({ partialCapture: true }).authorize(
      await card('5555555555554444', 'key-pre-auth', 1_000_000),
    );
    expect(held).toMatchObject({ status: 'succeeded', brand: 'MasterCard', last4: '4444' });
    expect(lastTo('/charges').form.get('authorization_type')).toBe('pre_auth');
    const reference = held.status === 'succeeded' ? held.reference : '';
    await gateway({ partialCapture: true }).capture({ reference, amountSatang: 150_000 });
    expect(standIn.charges.find((c) => c.id === reference)).toMatchObject({
      paid: true,
      captured_amount: 150_000,
    });
    // A charge taken at once is never pre_auth, whatever was agreed.
    await gateway({ partialCapture: true }).charge(await card('4242424242424242', 'key-pre-auth-charge'));
    expect(lastTo('/charges').form.get('authorization_type')).toBeNull();
  });

  it('a hold whose card asks for 3-D Secure waits at the bank; approved, it is held and not paid', async () => {
    const hold = await gateway().authorize(await card('4000000000003220', 'key-hold-3ds', 500_000));
    expect(hold).toMatchObject({
      status: 'authorize',
      authorizeUri: expect.stringMatching(/\/pay\/chrg_test_/),
    });
    const reference = hold.status === 'authorize' ? hold.reference : '';
    expect(await gateway().retrieveCharge(reference)).toMatchObject({ status: 'pending', authorized: false });
    await fetch(`${omise.url}/pay/${reference}/approve`, { redirect: 'manual' });
    expect(await gateway().retrieveCharge(reference)).toEqual({
      reference,
      status: 'pending',
      amountSatang: 500_000,
      currency: 'thb',
      card: { brand: 'Visa', last4: '3220' },
      failureCode: null,
      authorized: true,
    });
  });

  it('refunds up to what was taken, and says when Omise refuses', async () => {
    const paid = await gateway().charge(await card('4242424242424242', 'key-refund', 250_000));
    const reference = paid.status === 'succeeded' ? paid.reference : '';
    expect(await gateway().refund({ reference, amountSatang: 50_000 })).toEqual({
      reference: expect.stringMatching(/^rfnd_test_\d+$/),
    });
    expect(Object.fromEntries(lastTo(`/charges/${reference}/refunds`).form)).toEqual({ amount: '50000' });
    await expect(gateway().refund({ reference, amountSatang: 250_001 })).rejects.toThrow(
      'Omise refused the refund',
    );
    standIn.control.refundsDown = true;
    try {
      await expect(gateway().refund({ reference, amountSatang: 1 })).rejects.toThrow(
        'Omise refused the refund',
      );
    } finally {
      standIn.control.refundsDown = false;
    }
  });

  it('makes a PromptPay charge with its QR code, and a wallet charge with the page to approve it on', async () => {
    const promptpay = await gateway().createSourceCharge({
      source: 'promptpay',
      amountSatang: 320_000,
      description: 'Booking SD-PP',
      bookingNumber: 'SD-PP',
      idempotencyKey: 'key-pp',
      returnUri: 'https://siamdrive.test/back',
    });
    expect(promptpay).toEqual({
      reference: expect.stringMatching(/^chrg_test_\d+$/),
      qrSvg: expect.stringContaining('<svg'),
      authorizeUri: null,
    });
    const sent = lastTo('/charges');
    expect(sent.idempotencyKey).toBe('key-pp');
    // PromptPay is scanned: no return_uri (https://docs.omise.co/promptpay).
    expect(Object.fromEntries(sent.form)).toEqual({
      amount: '320000',
      currency: 'thb',
      'source[type]': 'promptpay',
      description: 'Booking SD-PP',
      'metadata[booking_number]': 'SD-PP',
    });
    expect(await gateway().retrieveCharge(promptpay.reference)).toEqual({
      reference: promptpay.reference,
      status: 'pending',
      amountSatang: 320_000,
      currency: 'thb',
      card: null,
      failureCode: null,
      authorized: false,
    });
    for (const source of ['wechat_pay', 'alipay'] as const) {
      const wallet = await gateway().createSourceCharge({
        source,
        amountSatang: 320_000,
        description: 'Booking SD-W',
        bookingNumber: 'SD-W',
        idempotencyKey: `key-${source}`,
        returnUri: 'https://siamdrive.test/back',
      });
      expect(wallet).toEqual({
        reference: expect.stringMatching(/^chrg_test_\d+$/),
        qrSvg: null,
        authorizeUri: `${omise.url}/pay/${wallet.reference}`,
      });
      expect(lastTo('/charges').form.get('return_uri')).toBe('https://siamdrive.test/back');
    }
    standIn.control.chargesDown = true;
    try {
      await expect(
        gateway().createSourceCharge({
          source: 'promptpay',
          amountSatang: 1,
          description: 'x',
          bookingNumber: 'SD-X',
          idempotencyKey: 'key-down',
          returnUri: 'https://siamdrive.test/back',
        }),
      ).rejects.toThrow('Omise made no promptpay charge (HTTP 503)');
    } finally {
      standIn.control.chargesDown = false;
    }
  });

  it('reads a charge back as Omise has it now: paid, expired, failed, or none', async () => {
    const make = () =>
      gateway().createSourceCharge({
        source: 'promptpay',
        amountSatang: 100_000,
        description: 'd',
        bookingNumber: 'SD-R',
        idempotencyKey: `key-read-${Math.random()}`,
        returnUri: 'https://siamdrive.test/back',
      });
    const paid = await make();
    standIn.pay(paid.reference);
    expect(await gateway().retrieveCharge(paid.reference)).toMatchObject({
      status: 'successful',
      authorized: false,
    });
    const expired = await make();
    standIn.expire(expired.reference);
    expect(await gateway().retrieveCharge(expired.reference)).toMatchObject({
      status: 'expired',
      failureCode: null,
    });
    const declined = await gateway().charge(await card('4000000000000002', 'key-read-declined'));
    expect(
      await gateway().retrieveCharge(declined.status === 'failed' ? declined.reference! : ''),
    ).toMatchObject({
      status: 'failed',
      failureCode: 'declined',
      card: { brand: 'Visa', last4: '0002' },
    });
    expect(await gateway().retrieveCharge('chrg_test_none')).toBeNull();
    standIn.control.chargesDown = true;
    try {
      await expect(gateway().retrieveCharge(paid.reference)).rejects.toThrow(
        'Omise did not answer for the charge (HTTP 503)',
      );
    } finally {
      standIn.control.chargesDown = false;
    }
  });

  it("names Omise's failure codes in our words: no funds, a processing error, else declined", async () => {
    const declined = await gateway().charge(await card('4000000000000002', 'key-codes'));
    const reference = declined.status === 'failed' ? declined.reference! : '';
    const charge = standIn.charges.find((c) => c.id === reference)!;
    // https://docs.omise.co/charges-api failure codes, as Omise has spelt them over time.
    for (const [code, ours] of [
      ['insufficient_fund', 'insufficient_funds'],
      ['insufficient_funds', 'insufficient_funds'],
      ['processing_error', 'processing_error'],
      ['failed_processing', 'processing_error'],
      ['stolen_or_lost_card', 'declined'],
      ['', 'declined'],
      [null, 'declined'],
    ] as const) {
      charge.failure_code = code;
      expect(await gateway().retrieveCharge(reference)).toMatchObject({
        status: 'failed',
        failureCode: ours,
      });
    }
  });

  it('finds a lost charge on a later page of the list', async () => {
    const sentAt = new Date();
    // 150 charges made around the same time by others: the list comes back 100 at a time.
    for (let i = 0; i < 150; i++)
      standIn.charges.push({
        object: 'charge',
        id: `chrg_test_other_${i}`,
        created_at: sentAt.toISOString(),
        status: 'successful',
        metadata: { idempotency_key: `someone-else-${i}` },
      });
    const paid = await gateway().charge(await card('4242424242424242', 'key-page-two'));
    const asked = standIn.seen.length;
    expect(await gateway().findCharge('key-page-two', sentAt)).toEqual({
      status: 'succeeded',
      reference: paid.status === 'succeeded' ? paid.reference : '',
    });
    const offsets = standIn.seen
      .slice(asked)
      .map((s) => new URLSearchParams(s.path.split('?')[1]).get('offset'));
    expect(offsets).toEqual(['0', '100']);
    // A key nobody used: every page read once, then not found.
    const before = standIn.seen.length;
    expect(await gateway().findCharge('key-nobody', sentAt)).toEqual({ status: 'not_found' });
    expect(standIn.seen.length - before).toBe(2);
  });

  it('charges with the sources the account has enabled, believed five minutes; Omise silent, what it said last', async () => {
    standIn.control.methods = ['card', 'alipay', 'promptpay'];
    const omiseGateway = gateway();
    // In the contract's order (promptpay, wechat_pay, alipay), whatever Omise's.
    expect(await omiseGateway.sources()).toEqual(['promptpay', 'alipay']);
    const asked = standIn.seen.filter((s) => s.path === '/capability').length;
    standIn.control.methods = ['card'];
    expect(await omiseGateway.sources()).toEqual(['promptpay', 'alipay']);
    expect(standIn.seen.filter((s) => s.path === '/capability').length).toBe(asked);
    // A new adapter asks again: an account with cards only charges with no source; a refused key, none.
    expect(await gateway().sources()).toEqual([]);
    standIn.control.methods = ['card', 'promptpay', 'wechat_pay', 'alipay'];
    // Refused, asked again only after 30 seconds, not at every booking form.
    const refused = gateway({ secretKey: 'skey_test_wrong' });
    const capabilityAsks = () => standIn.seen.filter((s) => s.path === '/capability').length;
    expect(await refused.sources()).toEqual([]);
    const afterRefusal = capabilityAsks();
    expect(await refused.sources()).toEqual([]);
    expect(capabilityAsks()).toBe(afterRefusal);
  });
});

describe('the sandbox gateway (the default: no money moves)', () => {
  const input = (cardToken: string, idempotencyKey: string) => ({
    amountSatang: 250_000,
    cardToken,
    description: 'Booking SD-SANDBOX',
    idempotencyKey,
    returnUri: 'https://siamdrive.test/back',
  });

  it('plays the test cards from the token the sandbox page made, and remembers each by its key', async () => {
    const sandbox = new SandboxGateway();
    expect(sandbox).toMatchObject({
      name: 'sandbox',
      sandbox: true,
      partialCapture: true,
      vault: { vault: 'sandbox' },
    });
    const paid = await sandbox.charge(input('tokn_sandbox_succeeds_Visa_4242', 'k1'));
    expect(paid).toEqual({
      status: 'succeeded',
      reference: expect.stringMatching(/^sandbox_chrg_[0-9a-z]+_1$/),
      brand: 'Visa',
      last4: '4242',
    });
    expect(await sandbox.charge(input('tokn_sandbox_insufficient_funds_Mastercard_5100', 'k2'))).toEqual({
      status: 'failed',
      code: 'insufficient_funds',
      reference: expect.stringMatching(/^sandbox_chrg_[0-9a-z]+_2$/),
      brand: 'Mastercard',
      last4: '5100',
    });
    // A lost answer: charged, the answer never came; found afterwards by its key.
    expect(await sandbox.charge(input('tokn_sandbox_lost_JCB_0000', 'k3'))).toEqual({
      status: 'unknown',
      brand: 'JCB',
      last4: '0000',
    });
    expect(await sandbox.findCharge('k3')).toEqual({
      status: 'succeeded',
      reference: expect.stringMatching(/^sandbox_chrg_[0-9a-z]+_3$/),
    });
    expect(await sandbox.findCharge('k2')).toMatchObject({ status: 'failed', code: 'insufficient_funds' });
    expect(await sandbox.findCharge('k9')).toEqual({ status: 'not_found' });
    expect(await sandbox.charge(input('tok_live_123', 'k4'))).toEqual({
      status: 'failed',
      code: 'processing_error',
      reference: null,
      brand: null,
      last4: null,
    });
    expect(await sandbox.findCharge('k4')).toEqual({ status: 'not_found' });
    expect(await sandbox.authorize(input('tokn_sandbox_declined_Visa_0002', 'k5'))).toMatchObject({
      status: 'failed',
      code: 'declined',
    });
    expect(await sandbox.sources()).toEqual([]);
    expect(await sandbox.refund({ reference: 'sandbox_chrg_x_1' })).toEqual({
      reference: 'sandbox_rfnd_sandbox_chrg_x_1',
    });
  });
});

describe("Omise's webhook signatures", () => {
  // A secret as the dashboard shows it (base64), and a delivery signed at 2026-12-06 12:00:00 Bangkok.
  const secret = Buffer.from('siam-drive-webhook-secret').toString('base64');
  const body = Buffer.from('{"object":"event","key":"charge.complete"}');
  const timestamp = String(Date.parse('2026-12-06T12:00:00+07:00') / 1000);
  const sign = (key: string, at = timestamp) =>
    createHmac('sha256', Buffer.from(key, 'base64')).update(`${at}.${body.toString()}`).digest('hex');
  const now = new Date('2026-12-06T12:00:00+07:00');

  it('takes a delivery signed with the secret within five minutes, one signature of several enough', () => {
    expect(omiseWebhookSignatureMatches(body, { signature: sign(secret), timestamp }, secret, now)).toBe(
      true,
    );
    const old = Buffer.from('the-old-secret').toString('base64');
    expect(
      omiseWebhookSignatureMatches(
        body,
        { signature: `${sign(old)}, ${sign(secret)}`, timestamp },
        secret,
        now,
      ),
    ).toBe(true);
    expect(omiseWebhookSignatureMatches(body, { signature: sign(old), timestamp }, secret, now)).toBe(false);
    // 300 seconds either way is the limit.
    expect(
      omiseWebhookSignatureMatches(
        body,
        { signature: sign(secret), timestamp },
        secret,
        new Date(now.getTime() + 300_000),
      ),
    ).toBe(true);
    expect(
      omiseWebhookSignatureMatches(
        body,
        { signature: sign(secret), timestamp },
        secret,
        new Date(now.getTime() + 301_000),
      ),
    ).toBe(false);
    expect(
      omiseWebhookSignatureMatches(
        body,
        { signature: sign(secret), timestamp },
        secret,
        new Date(now.getTime() - 301_000),
      ),
    ).toBe(false);
  });

  it('refuses a changed body, a missing or malformed header, and a signature cut short', () => {
    const signature = sign(secret);
    expect(
      omiseWebhookSignatureMatches(Buffer.from(`${body.toString()} `), { signature, timestamp }, secret, now),
    ).toBe(false);
    expect(omiseWebhookSignatureMatches(body, { signature: undefined, timestamp }, secret, now)).toBe(false);
    expect(omiseWebhookSignatureMatches(body, { signature, timestamp: undefined }, secret, now)).toBe(false);
    expect(omiseWebhookSignatureMatches(body, { signature, timestamp: `${timestamp}.5` }, secret, now)).toBe(
      false,
    );
    expect(
      omiseWebhookSignatureMatches(body, { signature: signature.slice(0, 62), timestamp }, secret, now),
    ).toBe(false);
    // A signature for another timestamp, sent with this one.
    expect(
      omiseWebhookSignatureMatches(
        body,
        { signature: sign(secret, String(Number(timestamp) - 1)), timestamp },
        secret,
        now,
      ),
    ).toBe(false);
    // A timestamp that is not only digits, even when it is what was signed, and one sent as a number.
    for (const odd of [`x${timestamp}`, `${timestamp}x`])
      expect(
        omiseWebhookSignatureMatches(body, { signature: sign(secret, odd), timestamp: odd }, secret, now),
      ).toBe(false);
    expect(
      omiseWebhookSignatureMatches(
        body,
        { signature: sign(secret), timestamp: Number(timestamp) },
        secret,
        now,
      ),
    ).toBe(false);
    // At most five signatures are tried: the right one sixth is not looked at.
    const five = Array.from({ length: 5 }, (_, i) => sign(Buffer.from(`other-${i}`).toString('base64')));
    expect(
      omiseWebhookSignatureMatches(
        body,
        { signature: [...five, signature].join(','), timestamp },
        secret,
        now,
      ),
    ).toBe(false);
  });
});
