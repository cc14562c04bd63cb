import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failure } from '../../../test/failure';
import { OmiseGateway } from './payment-gateway';

/**
 * The Omise adapter's checks of what comes back (issue 32: mutation runs of payment-gateway.ts left
 * them unpinned, as the Omise stand-in answers only as Omise documents). Here each case sets what a
 * path answers, including what Omise should never send: an HTTP 200 that is not the object asked for
 * (https://docs.omise.co/api-errors: an error is `object: "error"` with a 4xx or 5xx), a charge
 * without its id, a page to send the customer to that is not a web address, an answer slower than the
 * adapter waits. None of these may be taken for money taken, given back or a page to open. Not a
 * stand-in of Omise (test/omise-stand-in.ts is): a server that answers what each case says.
 */
describe('the Omise adapter, answered off the documents', () => {
  type Answer = { status?: number; body?: unknown; raw?: string; delayMs?: number };
  /** What each `METHOD /path` answers (the query left out); anything else is Omise's 404. */
  let answers: Record<string, Answer> = {};
  let asked: string[] = [];
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const key = `${req.method} ${(req.url ?? '').split('?')[0]}`;
        asked.push(key);
        const answer = answers[key] ?? { status: 404, body: { object: 'error', code: 'not_found' } };
        const send = () => {
          res.statusCode = answer.status ?? 200;
          res.setHeader('content-type', answer.raw ? 'text/plain' : 'application/json');
          res.end(answer.raw ?? JSON.stringify(answer.body));
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    answers = {};
    asked = [];
    vi.useRealTimers();
  });
  afterAll(async () => {
    // Answers held back for the time-out cases would keep close() waiting.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const gateway = (timeoutMs = 5_000) =>
    new OmiseGateway({
      publicKey: 'pkey_test_1',
      secretKey: 'skey_test_1',
      apiUrl: url,
      scriptUrl: `${url}/omise.js`,
      timeoutMs,
    });
  /** The words a call fails with ("passed" when it does not: test/failure.ts). */
  const refusal = async (promise: Promise<unknown>) => {
    const outcome = await failure(promise);
    return typeof outcome === 'string' ? outcome : outcome.message;
  };
  const cardInput = {
    amountSatang: 120_000,
    cardToken: 'tokn_test_1',
    description: 'Booking SD-1',
    idempotencyKey: 'key-1',
    returnUri: 'https://siamdrive.test/bookings/1',
  };

  it('takes a capture, a reversal or a refund as done only when Omise answers with that object', async () => {
    const held = { reference: 'chrg_1', amountSatang: 120_000 };
    const capture = 'POST /charges/chrg_1/capture';
    for (const [answer, http] of [
      [{ body: { object: 'charge', id: 'chrg_1', paid: false } }, 200],
      [{ body: { object: 'error', paid: true } }, 200],
      [{ status: 500, body: { object: 'charge', id: 'chrg_1', paid: true } }, 500],
    ] as const) {
      answers[capture] = answer;
      expect(await refusal(gateway().capture(held))).toBe(
        `Omise did not capture the held amount (HTTP ${http})`,
      );
    }
    answers[capture] = { body: { object: 'charge', id: 'chrg_1', paid: true } };
    expect(await refusal(gateway().capture(held))).toBe('passed');

    const reverse = 'POST /charges/chrg_1/reverse';
    for (const [answer, http] of [
      [{ body: { object: 'charge', id: 'chrg_1', reversed: false } }, 200],
      [{ body: { object: 'refund', reversed: true } }, 200],
      [{ status: 500, body: { object: 'charge', id: 'chrg_1', reversed: true } }, 500],
    ] as const) {
      answers[reverse] = answer;
      expect(await refusal(gateway().reverse({ reference: 'chrg_1' }))).toBe(
        `Omise did not reverse the held amount (HTTP ${http})`,
      );
    }
    answers[reverse] = { body: { object: 'charge', id: 'chrg_1', reversed: true } };
    expect(await refusal(gateway().reverse({ reference: 'chrg_1' }))).toBe('passed');

    const refund = 'POST /charges/chrg_1/refunds';
    for (const answer of [
      { body: { object: 'charge', id: 'rfnd_1' } },
      { body: { object: 'refund' } },
      { status: 400, body: { object: 'refund', id: 'rfnd_1' } },
    ]) {
      answers[refund] = answer;
      expect(await refusal(gateway().refund(held))).toBe('Omise refused the refund');
    }
    answers[refund] = { body: { object: 'refund', id: 'rfnd_9' } };
    expect(await gateway().refund(held)).toEqual({ reference: 'rfnd_9' });
  });

  it('never takes a card charge answered off the documents for paid, held or a bank page', async () => {
    const charge = (answer: Answer, capture = true) => {
      answers['POST /charges'] = answer;
      return capture ? gateway().charge(cardInput) : gateway().authorize(cardInput);
    };
    const unknown = { status: 'unknown', brand: null, last4: null };
    // Omise's own failure (a 500) or an answer that is no charge: the card may have been charged.
    expect(await charge({ status: 500, body: { object: 'error', code: 'internal_error' } })).toEqual(unknown);
    expect(await charge({ body: { object: 'error', code: 'internal_error' } })).toEqual(unknown);
    const failed = (code: string, reference: string | null) => ({
      status: 'failed',
      code,
      reference,
      brand: null,
      last4: null,
    });
    // Held (authorized, pending) counts as done only for a hold asked for, and only in a 2xx answer.
    const heldCharge = { object: 'charge', id: 'chrg_2', status: 'pending', authorized: true };
    expect(await charge({ body: heldCharge }, false)).toEqual({
      status: 'succeeded',
      reference: 'chrg_2',
      brand: null,
      last4: null,
    });
    expect(await charge({ body: heldCharge })).toEqual(failed('declined', 'chrg_2'));
    expect(await charge({ status: 400, body: heldCharge }, false)).toEqual(
      failed('processing_error', 'chrg_2'),
    );
    // The bank's page: a pending charge of ours with a web address, in a 2xx answer.
    const bank = 'https://bank.example/3ds';
    const pending = { object: 'charge', id: 'chrg_3', status: 'pending', authorize_uri: bank };
    expect(await charge({ body: pending })).toEqual({
      status: 'authorize',
      reference: 'chrg_3',
      authorizeUri: bank,
      brand: null,
      last4: null,
    });
    expect(await charge({ status: 400, body: pending })).toEqual(failed('processing_error', 'chrg_3'));
    expect(await charge({ body: { ...pending, status: 'failed' } })).toEqual(failed('declined', 'chrg_3'));
    expect(await charge({ body: { ...pending, id: undefined } })).toEqual(failed('declined', null));
    // Not a web address: a list that reads like one, a script, an address inside another scheme.
    for (const authorizeUri of [[bank], 'javascript:alert(1)//https://bank.example', 42])
      expect(await charge({ body: { ...pending, authorize_uri: authorizeUri } })).toEqual(
        failed('declined', 'chrg_3'),
      );
  });

  it('refuses a source charge answered off the documents, saying why', async () => {
    const promptpay = {
      amountSatang: 120_000,
      source: 'promptpay' as const,
      description: 'Booking SD-1',
      bookingNumber: 'SD-1',
      idempotencyKey: 'key-2',
      returnUri: 'https://siamdrive.test/bookings/1',
    };
    const wechat = { ...promptpay, source: 'wechat_pay' as const };
    const made = (answer: Answer, input: typeof promptpay | typeof wechat = promptpay) => {
      answers['POST /charges'] = answer;
      return refusal(gateway().createSourceCharge(input));
    };
    expect(await made({ body: { object: 'error', id: 'chrg_4' } })).toBe(
      'Omise made no promptpay charge (HTTP 200)',
    );
    expect(await made({ body: { object: 'charge' } })).toBe('Omise made no promptpay charge (HTTP 200)');
    expect(await made({ status: 400, body: { object: 'charge', id: 'chrg_4' } })).toBe(
      'Omise made no promptpay charge (HTTP 400)',
    );
    // A wallet's page must be a web address.
    for (const authorizeUri of [
      'javascript:alert(1)//https://pay.example',
      ['https://pay.example'],
      undefined,
    ])
      expect(
        await made({ body: { object: 'charge', id: 'chrg_5', authorize_uri: authorizeUri } }, wechat),
      ).toBe('Omise gave no wechat_pay page to send the customer to');
    answers['POST /charges'] = {
      body: { object: 'charge', id: 'chrg_5', authorize_uri: 'https://pay.example/wx' },
    };
    expect(await gateway().createSourceCharge(wechat)).toEqual({
      reference: 'chrg_5',
      qrSvg: null,
      authorizeUri: 'https://pay.example/wx',
    });
    // PromptPay's QR code: named at source.scannable_code.image.download_uri, and an SVG document there.
    for (const source of [undefined, {}, { scannable_code: {} }, { scannable_code: { image: {} } }])
      expect(await made({ body: { object: 'charge', id: 'chrg_6', source } })).toBe(
        'Omise gave no QR code for the promptpay charge',
      );
    const qrAt = (path: string) => ({
      body: {
        object: 'charge',
        id: 'chrg_6',
        source: { scannable_code: { image: { download_uri: `${url}${path}` } } },
      },
    });
    expect(await made(qrAt('/qr/gone'))).toBe("Omise's QR code could not be fetched (HTTP 404)");
    answers['GET /qr/png'] = { raw: '\x89PNG' };
    expect(await made(qrAt('/qr/png'))).toBe("Omise's QR code could not be fetched (HTTP 200)");
    answers['GET /qr/svg'] = { raw: '<svg xmlns="http://www.w3.org/2000/svg"/>' };
    answers['POST /charges'] = qrAt('/qr/svg');
    expect(await gateway().createSourceCharge(promptpay)).toEqual({
      reference: 'chrg_6',
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      authorizeUri: null,
    });
  });

  it('believes a charge read back only when it is the charge asked about', async () => {
    const read = (answer: Answer) => {
      answers['GET /charges/chrg_7'] = answer;
      return gateway().retrieveCharge('chrg_7');
    };
    for (const [answer, http] of [
      [{ body: { object: 'error', id: 'chrg_7' } }, 200],
      [{ body: { object: 'charge', id: 'chrg_other' } }, 200],
      [{ status: 500, body: { object: 'charge', id: 'chrg_7' } }, 500],
    ] as const)
      expect(await refusal(read(answer))).toBe(`Omise did not answer for the charge (HTTP ${http})`);
    expect(await read({ status: 404, body: { object: 'error', code: 'not_found' } })).toBeNull();
    const charge = { object: 'charge', id: 'chrg_7', status: 'pending', amount: 120_000 };
    expect(await read({ body: { ...charge, currency: 'THB', authorized: true } })).toEqual({
      reference: 'chrg_7',
      status: 'pending',
      amountSatang: 120_000,
      currency: 'thb',
      card: null,
      failureCode: null,
      authorized: true,
    });
    // No currency said: none guessed. Held and then paid is no longer a hold; a pending charge never
    // authorized is none.
    expect(await read({ body: { ...charge, authorized: true, paid: true } })).toMatchObject({
      currency: '',
      authorized: false,
    });
    expect(await read({ body: { ...charge, authorized: false } })).toMatchObject({ authorized: false });
  });

  it('looks a lost charge up only in a list Omise answered, and finds it among charges without a key', async () => {
    const sentAt = new Date('2031-05-01T03:00:00Z');
    const lost = {
      object: 'charge',
      id: 'chrg_8',
      status: 'successful',
      metadata: { idempotency_key: 'key-8' },
    };
    const list = (data: unknown, extra: object = {}) => ({
      body: { object: 'list', data, total: 2, ...extra },
    });
    const lookUp = (answer: Answer) => {
      answers['GET /charges'] = answer;
      return gateway().findCharge('key-8', sentAt);
    };
    // Omise failing, or answering what is no list, is "don't know", never "not there".
    expect(await lookUp({ ...list([lost]), status: 500 })).toEqual({ status: 'unknown' });
    expect(await lookUp({ raw: 'not JSON' })).toEqual({ status: 'unknown' });
    expect(await lookUp({ body: { object: 'error', data: [lost], total: 1 } })).toEqual({
      status: 'unknown',
    });
    expect(await lookUp({ body: { object: 'list', data: 'chrg_8', total: 1 } })).toEqual({
      status: 'unknown',
    });
    const unreachable = new OmiseGateway({
      publicKey: 'pkey_test_1',
      secretKey: 'skey_test_1',
      apiUrl: 'http://127.0.0.1:1',
      scriptUrl: 'http://127.0.0.1:1/omise.js',
      timeoutMs: 5_000,
    });
    expect(await unreachable.findCharge('key-8', sentAt)).toEqual({ status: 'unknown' });
    // Another charge made without a key (from Omise's dashboard) is on the same page.
    const dashboard = { object: 'charge', id: 'chrg_dash', status: 'successful' };
    expect(await lookUp(list([dashboard, lost]))).toEqual({ status: 'succeeded', reference: 'chrg_8' });
    // Found failed without its id: refused, with no reference to name.
    expect(await lookUp(list([dashboard, { ...lost, id: undefined, status: 'failed' }]))).toEqual({
      status: 'failed',
      reference: null,
      code: 'declined',
    });
  });

  it('gives up on an answer slower than its time-out, whatever it would have said', async () => {
    const late = { delayMs: 3_000 };
    answers['POST /charges/chrg_9/capture'] = {
      ...late,
      body: { object: 'charge', id: 'chrg_9', paid: true },
    };
    expect(await refusal(gateway(300).capture({ reference: 'chrg_9', amountSatang: 1 }))).toMatch(
      /aborted|timeout/i,
    );
    answers['GET /charges/chrg_9'] = {
      ...late,
      body: { object: 'charge', id: 'chrg_9', status: 'successful' },
    };
    expect(await refusal(gateway(300).retrieveCharge('chrg_9'))).toMatch(/aborted|timeout/i);
    answers['GET /qr/late'] = { ...late, raw: '<svg xmlns="http://www.w3.org/2000/svg"/>' };
    answers['POST /charges'] = {
      body: {
        object: 'charge',
        id: 'chrg_9',
        source: { scannable_code: { image: { download_uri: `${url}/qr/late` } } },
      },
    };
    expect(
      await refusal(
        gateway(300).createSourceCharge({
          amountSatang: 1,
          source: 'promptpay',
          description: 'Booking SD-9',
          bookingNumber: 'SD-9',
          idempotencyKey: 'key-9',
          returnUri: 'https://siamdrive.test/bookings/9',
        }),
      ),
    ).toMatch(/aborted|timeout/i);
  });

  it('believes the enabled sources for five minutes exactly, and only a capability object', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2031-05-01T03:00:00Z').getTime();
    vi.setSystemTime(start);
    answers['GET /capability'] = { body: { object: 'capability', payment_methods: [{ name: 'promptpay' }] } };
    const omise = gateway();
    const asks = () => asked.filter((a) => a === 'GET /capability').length;
    expect(await omise.sources()).toEqual(['promptpay']);
    vi.setSystemTime(start + 5 * 60_000 - 1);
    expect(await omise.sources()).toEqual(['promptpay']);
    expect(asks()).toBe(1);
    answers['GET /capability'] = { body: { object: 'capability', payment_methods: [{ name: 'alipay' }] } };
    vi.setSystemTime(start + 5 * 60_000);
    expect(await omise.sources()).toEqual(['alipay']);
    expect(asks()).toBe(2);
    // What is not a capability object says nothing: a new adapter then offers no source.
    for (const answer of [
      { body: { object: 'error', payment_methods: [{ name: 'promptpay' }] } },
      { status: 500, body: { object: 'capability', payment_methods: [{ name: 'promptpay' }] } },
      { body: { object: 'capability', payment_methods: 'promptpay' } },
    ]) {
      answers['GET /capability'] = answer;
      expect(await gateway().sources()).toEqual([]);
    }
  });
});
