import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';

/**
 * A local stand-in that speaks the part of Omise's HTTP API the site uses,
 * form-encoded, Basic auth with the key as user name:
 *   GET /omise.js: a script with Omise.js's API (`Omise.setPublicKey`, `Omise.createToken('card', …,
 *     callback(statusCode, response))`) that posts the card to this vault, as Omise.js does through
 *     its vault frame;
 *   POST /tokens on the vault (public key), called by that script (CORS);
 *   POST /charges (secret key) with a card token (4000 0000 0000 3220 asks for 3-D Secure: the
 *     charge answers pending with an `authorize_uri`, the bank's page, which sends the customer back
 *     to the charge's `return_uri`), or with `source[type]=promptpay`: a pending
 *     charge whose source carries a scannable QR code (`scannable_code.image.download_uri`, an SVG),
 *     or `source[type]=wechat_pay` / `alipay` with a `return_uri`: a pending charge whose
 *     `authorize_uri` is the wallet's page;
 *   GET /charges/:id, GET the QR's download_uri, POST /charges/:id/refunds, and for a card held with
 *   capture=false: POST /charges/:id/capture (capture_amount) and POST /charges/:id/reverse; a hold
 *   lapses 7 days after it was made (`expires_at`, by `control.now`), and a hold whose card asks for
 *   3-D Secure waits at `authorize_uri`, approved there into `authorized: true`, still not paid;
 *   GET /charges?from=&to=&offset=&limit=&order= (a page of the charges made in that time, each with
 *     its metadata), GET /capability (the payment methods the account has enabled);
 *   webhook events it posts itself, signed (Omise-Signature, Omise-Signature-Timestamp) when the
 *     account has a webhook secret.
 * Two cards play a lost answer: 4000 0000 0000 0408 is charged but answered
 * only after the adapter's time-out has closed the request; 4000 0000 0000 0416 meets a 503 before any charge.
 * `pay` and `expire` play the customer's bank; `event` writes the webhook event Omise would post.
 */
/** How long Omise keeps an uncaptured authorization (https://docs.omise.co/does-omise-support-authorize-and-hold-only). */
export const HOLD_LIFETIME_MS = 7 * 86_400_000;

function luhn(digits: string) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export function omiseStandIn() {
  const seen: {
    method: string;
    path: string;
    auth: string;
    form: URLSearchParams;
    /**
     * The body's type: our adapter sends a form, as the API reference's examples do (`curl -d`,
     * https://docs.omise.co/charges-api); omise-node's lib/api.js sends JSON, which Omise takes too.
     */
    contentType?: string;
    idempotencyKey?: string;
  }[] = [];
  // The stand-in keeps the number to play the test cards; Omise keeps it in its vault.
  const tokens = new Map<string, { number: string; brand: string }>();
  const charges: Record<string, unknown>[] = [];
  // webhookUrl: where the stand-in posts its events itself, as Omise does (an Alipay approval).
  const control = {
    /** The charge list answers 503 (Omise down for the lookup too). */
    listDown: false,
    /** The payment methods the account has (Omise enables each on request). */
    methods: ['card', 'promptpay', 'wechat_pay', 'alipay'] as string[],
    /** The webhook endpoint's signing secret as the dashboard shows it (base64); '' signs nothing. */
    webhookSecret: '',
    chargesDown: false,
    refundsDown: false,
    /** The longest the late card's answer waits for the adapter to give up on it. */
    lateMs: 120_000,
    webhookUrl: '',
    /**
     * Omise's clock: an authorization lapses `HOLD_LIFETIME_MS` after it was made, and a test moves
     * this to play the days going by (Date.now by default).
     */
    now: () => new Date(),
  };
  let events = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => resolve(body));
    });
  /**
   * A charge as Omise has it now: a hold (capture=false) not captured nor reversed by its
   * `expires_at` has lapsed, `status: "expired"`, `expired: true` (omise-node types/index.d.ts
   * Charges.ICharge `expired`, `expired_at`, `expires_at`; https://docs.omise.co/does-omise-support-authorize-and-hold-only:
   * "An authorized charge will expire after 7 days", and then "the capture will fail").
   */
  const byId = (id: string) => {
    const charge = charges.find((c) => c.id === id);
    if (
      charge &&
      charge.capture === false &&
      charge.status === 'pending' &&
      typeof charge.expires_at === 'string' &&
      Date.parse(charge.expires_at) <= control.now().getTime()
    )
      Object.assign(charge, {
        status: 'expired',
        expired: true,
        expired_at: charge.expires_at,
        authorized: false,
        capturable: false,
        reversible: false,
      });
    return charge;
  };
  /** The webhook event Omise posts about a charge, as it is at this moment. */
  const event = (id: string, key = 'charge.complete') => {
    events += 1;
    return {
      object: 'event',
      id: `evnt_test_${events}`,
      key,
      created_at: new Date().toISOString(),
      data: { ...byId(id) },
    };
  };
  /**
   * The headers Omise signs a webhook delivery with (https://docs.omise.co/api-webhooks, "Signature
   * verification"): `Omise-Signature-Timestamp` (Unix seconds) and `Omise-Signature`, the hex
   * HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the base64-decoded secret; during a secret's
   * rotation several signatures, comma-separated.
   */
  const signatureHeaders = (body: string, options: { secrets?: string[]; at?: Date } = {}) => {
    const secrets = options.secrets ?? (control.webhookSecret ? [control.webhookSecret] : []);
    if (!secrets.length) return {} as Record<string, string>;
    const timestamp = String(Math.floor((options.at ?? new Date()).getTime() / 1000));
    const signatures = secrets.map((secret) =>
      createHmac('sha256', Buffer.from(secret, 'base64')).update(`${timestamp}.${body}`).digest('hex'),
    );
    return { 'omise-signature': signatures.join(','), 'omise-signature-timestamp': timestamp };
  };
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await read(req));
    const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    const path = req.url ?? '';
    seen.push({
      method: req.method ?? 'GET',
      path,
      auth,
      form,
      contentType: req.headers['content-type'],
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    res.setHeader('content-type', 'application/json');
    const refuse = () =>
      res.writeHead(401).end(JSON.stringify({ object: 'error', code: 'authentication_failure' }));
    if (path === '/omise.js' && req.method === 'GET') {
      res.setHeader('content-type', 'text/javascript');
      return res.end(omiseJs(`http://${req.headers.host}`));
    }
    if (path === '/tokens') {
      // The browser calls the vault from the site's origin: Omise's vault answers cross-origin calls.
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.setHeader('access-control-allow-methods', 'POST');
        res.setHeader('access-control-allow-headers', 'authorization, content-type');
        return res.writeHead(204).end();
      }
      if (auth !== 'pkey_test_123:') return refuse();
      const number = form.get('card[number]') ?? '';
      const month = Number(form.get('card[expiration_month]'));
      if (
        !luhn(number) ||
        !/^\d{3,4}$/.test(form.get('card[security_code]') ?? '') ||
        !(month >= 1 && month <= 12)
      )
        return res
          .writeHead(400)
          .end(JSON.stringify({ object: 'error', code: 'invalid_card', message: 'number is invalid' }));
      const id = `tokn_test_${tokens.size + 1}`;
      const brand = number.startsWith('4') ? 'Visa' : number.startsWith('5') ? 'MasterCard' : 'JCB';
      tokens.set(id, { number, brand });
      return res.end(
        JSON.stringify({ object: 'token', id, used: false, card: { brand, last_digits: number.slice(-4) } }),
      );
    }
    if (path === '/capability' && req.method === 'GET') {
      if (auth !== 'skey_test_456:') return refuse();
      // https://docs.omise.co/capability-api (omise-node types/index.d.ts Capability.ICapability,
      // IPaymentMethod): the methods the account may charge, by `name`.
      return res.end(
        JSON.stringify({
          object: 'capability',
          location: '/capability',
          banks: ['bbl', 'kbank', 'scb'],
          country: 'TH',
          zero_interest_installments: false,
          payment_methods: control.methods.map((name) => ({
            object: 'payment_method',
            name,
            currencies: ['THB'],
            ...(name === 'card' && { card_brands: ['JCB', 'Visa', 'MasterCard'] }),
            installment_terms: null,
            banks: [],
            provider: null,
          })),
        }),
      );
    }
    const list = /^\/charges\?(.*)$/.exec(path);
    if (list && req.method === 'GET') {
      if (auth !== 'skey_test_456:') return refuse();
      if (control.listDown) return res.writeHead(503).end('{"object":"error","code":"service_unavailable"}');
      // A page of the charges created between `from` and `to` (https://docs.omise.co/charges-api
      // "List all charges", https://docs.omise.co/api-pagination: offset, limit ≤ 100, order;
      // omise-node types/index.d.ts Pagination.IRequest and Charges.IChargeList).
      const q = new URLSearchParams(list[1]);
      const from = q.get('from') ? Date.parse(q.get('from')!) : 0;
      const to = q.get('to') ? Date.parse(q.get('to')!) : Date.now();
      const offset = Number(q.get('offset') ?? 0);
      const limit = Math.min(100, Number(q.get('limit') ?? 20));
      const order = q.get('order') ?? 'chronological';
      const within = charges.filter((c) => {
        const at = Date.parse(String(c.created_at));
        return at >= from && at <= to;
      });
      if (order === 'reverse_chronological') within.reverse();
      return res.end(
        JSON.stringify({
          object: 'list',
          location: '/charges',
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          offset,
          limit,
          total: within.length,
          order,
          data: within.slice(offset, offset + limit),
        }),
      );
    }
    // Alipay's page or the card's bank's (3-D Secure), the charge's authorize_uri: the customer
    // approves (or not), Omise tells the merchant and sends them back.
    const pay = /^\/pay\/([^/]+)(\/approve|\/decline)?$/.exec(path);
    if (pay && req.method === 'GET') {
      const charge = byId(pay[1]!);
      if (!charge) return res.writeHead(404).end('{}');
      if (!pay[2]) {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        const who = charge.card
          ? 'Your bank: 3-D Secure'
          : (charge.source as { type: string }).type === 'wechat_pay'
            ? 'WeChat Pay'
            : 'Alipay';
        return res.end(
          `<!doctype html><html lang="en"><title>${who} (stand-in)</title><main><h1>${who}</h1>` +
            `<p>Pay ${Number(charge.amount) / 100} THB to Siam Drive</p><a href="/pay/${charge.id}/approve">Approve payment</a>` +
            ` <a href="/pay/${charge.id}/decline">Decline</a></main></html>`,
        );
      }
      // Approved: a charge to take at once is paid; a hold (capture=false) is authorized and waits,
      // pending, for its capture or reversal (https://docs.omise.co/how-to-implement-3-D-Secure, then
      // https://docs.omise.co/capture "Full Manual Capture": `authorized: true`, `paid: false`).
      Object.assign(
        charge,
        pay[2] !== '/approve'
          ? { status: 'failed', failure_code: 'failed_3ds', failure_message: 'authentication failed' }
          : charge.capture === false
            ? {
                status: 'pending',
                authorized: true,
                authorized_amount: charge.amount,
                capturable: true,
                reversible: true,
                paid: false,
              }
            : { status: 'successful', paid: true, authorized: true },
      );
      if (control.webhookUrl) {
        const body = JSON.stringify(event(charge.id as string));
        await fetch(control.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...signatureHeaders(body) },
          body,
        }).catch(() => undefined);
      }
      return res.writeHead(302, { location: String(charge.return_uri) }).end();
    }
    if (auth !== 'skey_test_456:') return refuse();
    if (control.chargesDown) return res.writeHead(503).end('{"object":"error","code":"service_unavailable"}');
    const qr = /^\/charges\/([^/]+)\/documents\/([^/]+)\/downloads\/qr$/.exec(path);
    if (qr && req.method === 'GET') {
      const charge = byId(qr[1]!);
      if (!charge) return res.writeHead(404).end('{"object":"error","code":"not_found"}');
      res.setHeader('content-type', 'image/svg+xml');
      return res.end(await QRCode.toString(`omise-qr:${charge.id}`, { type: 'svg', margin: 2 }));
    }
    const one = /^\/charges\/([^/]+)$/.exec(path);
    if (one && req.method === 'GET') {
      const charge = byId(one[1]!);
      return charge
        ? res.end(JSON.stringify(charge))
        : res.writeHead(404).end('{"object":"error","code":"not_found","message":"charge was not found"}');
    }
    if (path === '/charges') {
      const id = `chrg_test_${seen.length}`;
      const sourceType = form.get('source[type]');
      if (sourceType === 'alipay' || sourceType === 'promptpay' || sourceType === 'wechat_pay') {
        const host = `http://${req.headers.host}`;
        const amount = Number(form.get('amount'));
        const source = { object: 'source', id: `src_test_${seen.length}`, type: sourceType };
        // A wallet sends the customer to approve in its app and back to `return_uri`; Omise refuses the
        // charge without one (https://docs.omise.co/wechat-pay, https://docs.omise.co/alipay: "return_uri
        // is required"; the error object of https://docs.omise.co/api-errors).
        if (sourceType !== 'promptpay' && !form.get('return_uri'))
          return res.writeHead(400).end(
            JSON.stringify({
              object: 'error',
              location: 'https://docs.omise.co/api-errors#invalid-charge',
              code: 'invalid_charge',
              message: 'return uri is invalid',
            }),
          );
        // omise-node types/index.d.ts Charges.ICharge and Sources.ISource; a charge with a source and
        // a return_uri as omise-node examples/typescript/src/create_source_charge.ts makes it.
        const charge = {
          object: 'charge',
          id,
          created_at: new Date().toISOString(),
          amount,
          currency: (form.get('currency') ?? '').toUpperCase(),
          status: 'pending',
          paid: false,
          failure_code: null,
          metadata: { booking_number: form.get('metadata[booking_number]') },
          // WeChat Pay and Alipay are approved in the wallet (`flow: redirect`, an `authorize_uri`);
          // PromptPay is scanned (`flow: offline`, `scannable_code`, https://docs.omise.co/promptpay).
          ...(sourceType !== 'promptpay'
            ? {
                return_uri: form.get('return_uri'),
                authorize_uri: `${host}/pay/${id}`,
                source: { ...source, flow: 'redirect' },
              }
            : {
                source: {
                  ...source,
                  flow: 'offline',
                  amount,
                  scannable_code: {
                    object: 'barcode',
                    type: 'qr',
                    image: {
                      object: 'document',
                      filename: 'qrcode.svg',
                      download_uri: `${host}/charges/${id}/documents/docu_test_${seen.length}/downloads/qr`,
                    },
                  },
                },
              }),
        };
        charges.push(charge);
        return res.end(JSON.stringify(charge));
      }
      const token = tokens.get(form.get('card') ?? '');
      if (!token)
        return res
          .writeHead(404)
          .end(JSON.stringify({ object: 'error', code: 'not_found', message: 'token was not found' }));
      // A token is used once, as Omise's.
      tokens.delete(form.get('card')!);
      const { number, brand } = token;
      if (number === '4000000000000416')
        return res.writeHead(503).end('{"object":"error","code":"service_unavailable"}');
      const failed = number === '4000000000000002';
      const secure = number === '4000000000003220';
      // capture=false: the amount is held on the card (authorized), taken only when captured.
      const holdOnly = form.get('capture') === 'false' && !failed && !secure;
      const createdAt = control.now();
      const charge = {
        object: 'charge',
        id,
        created_at: createdAt.toISOString(),
        // When an uncaptured authorization lapses: 7 days (https://docs.omise.co/does-omise-support-authorize-and-hold-only;
        // omise-node types/index.d.ts Charges.ICharge `expires_at`).
        expires_at: new Date(createdAt.getTime() + HOLD_LIFETIME_MS).toISOString(),
        expired: false,
        capturable: holdOnly,
        reversible: holdOnly,
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        status: failed ? 'failed' : secure || holdOnly ? 'pending' : 'successful',
        // omise-node types/index.d.ts Charges.ICharge: `authorized`, `paid`, `captured_amount` (no `captured`).
        capture: form.get('capture') !== 'false',
        authorized: !failed && !secure,
        paid: !failed && !secure && !holdOnly,
        captured_amount: !failed && !secure && !holdOnly ? Number(form.get('amount')) : 0,
        reversed: false,
        // A hold is `final_auth` unless asked `pre_auth` (https://docs.omise.co/capture).
        authorization_type:
          form.get('capture') === 'false' ? (form.get('authorization_type') ?? 'final_auth') : null,
        authorized_amount: !failed && !secure ? Number(form.get('amount')) : 0,
        failure_code: failed ? 'payment_rejected' : null,
        card: { object: 'card', brand, last_digits: number.slice(-4) },
        return_uri: form.get('return_uri'),
        authorize_uri: secure ? `http://${req.headers.host}/pay/${id}` : null,
        metadata: { idempotency_key: form.get('metadata[idempotency_key]') },
      };
      charges.push(charge);
      // Charged, and answered only once the adapter has given up on it (its time-out closed the
      // request): a lost answer on a busy machine as on a quiet one, never a delay sized for either.
      if (number === '4000000000000408')
        await new Promise<void>((resolve) => {
          if (res.destroyed) return resolve();
          const cap = setTimeout(resolve, control.lateMs);
          res.once('close', () => {
            clearTimeout(cap);
            resolve();
          });
        });
      if (res.destroyed) return;
      return res.end(JSON.stringify(charge));
    }
    // Capturing a held amount (all of it, or `capture_amount` of it: the rest goes back to the card).
    const capture = /^\/charges\/([^/]+)\/capture$/.exec(path);
    if (capture) {
      const charge = byId(capture[1]!);
      const amount = Number(form.get('capture_amount') ?? charge?.amount);
      // A lapsed authorization cannot be captured (https://docs.omise.co/does-omise-support-authorize-and-hold-only).
      if (charge?.expired)
        return res
          .writeHead(400)
          .end('{"object":"error","code":"failed_capture","message":"charge is expired"}');
      if (!charge || !charge.authorized || charge.paid || charge.reversed || amount > Number(charge.amount))
        return res.writeHead(400).end('{"object":"error","code":"failed_capture"}');
      // Less than was held is Single Partial Capture, only for a `pre_auth` hold
      // (https://docs.omise.co/capture: "Merchants that have contracted with Omise Thailand only").
      if (amount < Number(charge.amount) && charge.authorization_type !== 'pre_auth')
        return res
          .writeHead(400)
          .end(
            '{"object":"error","code":"failed_capture","message":"partial capture requires authorization_type pre_auth"}',
          );
      // omise-node test/mocks/charges_capture.js and charges_partial_capture.js: the captured charge
      // says `paid: true` and `captured_amount`; it has no `captured` field.
      Object.assign(charge, {
        status: 'successful',
        paid: true,
        paid_at: control.now().toISOString(),
        captured_amount: amount,
        capturable: false,
        reversible: false,
      });
      return res.end(JSON.stringify(charge));
    }
    // Letting a held amount go without taking any of it.
    const reverse = /^\/charges\/([^/]+)\/reverse$/.exec(path);
    if (reverse) {
      const charge = byId(reverse[1]!);
      if (!charge || !charge.authorized || charge.paid || charge.reversed)
        return res.writeHead(400).end('{"object":"error","code":"failed_reverse"}');
      // omise-node test/mocks/charges_reverse.js: `reversed: true`, `paid: false`.
      Object.assign(charge, {
        reversed: true,
        reversed_at: control.now().toISOString(),
        status: 'reversed',
        capturable: false,
        reversible: false,
      });
      return res.end(JSON.stringify(charge));
    }
    const refund = /^\/charges\/([^/]+)\/refunds$/.exec(path);
    if (refund) {
      if (control.refundsDown)
        return res.writeHead(503).end('{"object":"error","code":"service_unavailable"}');
      // Omise refunds no more than the charge took.
      const charge = byId(refund[1]!);
      if (charge && Number(form.get('amount')) > Number(charge.amount))
        return res.writeHead(400).end('{"object":"error","code":"invalid_amount"}');
      return res.end(
        JSON.stringify({
          object: 'refund',
          id: `rfnd_test_${seen.length}`,
          amount: Number(form.get('amount')),
        }),
      );
    }
    res.writeHead(404).end('{}');
  });
  return {
    server,
    seen,
    control,
    charges,
    /** The customer's bank paid the charge. */
    pay(id: string) {
      Object.assign(byId(id)!, { status: 'successful', paid: true });
    },
    /** Nobody paid in time. */
    expire(id: string) {
      Object.assign(byId(id)!, { status: 'expired', failure_code: 'payment_expired' });
    },
    event,
    signatureHeaders,
  };
}

/**
 * Omise.js as the page uses it, by its README (github.com/omise/omise.js README.md: `setPublicKey`,
 * `createToken('card', card, function (statusCode, response))`, `response.id` the token, an error's
 * `response.code` "invalid_card") and src/Omise.js (it posts the card's fields to the vault's /tokens
 * with the public key). The real one does so from its own frame on the vault's origin; this one calls
 * the stand-in's vault directly. The card goes to the vault and nowhere else.
 */
function omiseJs(vaultUrl: string): string {
  return `(function () {
  var publicKey = null;
  window.Omise = {
    setPublicKey: function (key) { publicKey = key; },
    createToken: function (as, card, handler) {
      var body = new URLSearchParams();
      Object.keys(card).forEach(function (k) { body.set(as + '[' + k + ']', String(card[k])); });
      fetch(${JSON.stringify(vaultUrl)} + '/tokens', {
        method: 'POST',
        headers: { authorization: 'Basic ' + btoa(publicKey + ':'), 'content-type': 'application/x-www-form-urlencoded' },
        body: body,
        credentials: 'omit',
        referrerPolicy: 'no-referrer'
      }).then(function (r) {
        return r.json().then(function (json) { handler(r.status, json); });
      }, function () {
        handler(0, { object: 'error', code: 'network_error', message: 'the vault could not be reached' });
      });
    }
  };
})();`;
}

/**
 * A stand-in listening for one test file: its address, the settings that point the app at it (test
 * keys; add OMISE_TIMEOUT_MS, OMISE_PARTIAL_CAPTURE… beside them), a card made into a token at its
 * vault with the public key (POST /tokens, as Omise.js does in the browser: our API never sees the
 * number), and `close`. Set `standIn.control` before or after; it is the same object.
 */
export async function listenOmiseStandIn(standIn: ReturnType<typeof omiseStandIn>) {
  // The tests' fetches reuse connections: the stand-in keeps them open longer than the client does,
  // so a busy machine's late timers never close one under a request (ECONNRESET).
  standIn.server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
  return {
    url,
    settings: {
      OMISE_PUBLIC_KEY: 'pkey_test_123',
      OMISE_SECRET_KEY: 'skey_test_456',
      OMISE_API_URL: url,
      OMISE_VAULT_URL: url,
      OMISE_JS_URL: `${url}/omise.js`,
    },
    tokenise: async (number: string) => {
      const res = await fetch(`${url}/tokens`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('pkey_test_123:').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          'card[name]': 'SOMCHAI JAIDEE',
          'card[number]': number,
          'card[expiration_month]': '12',
          'card[expiration_year]': '2030',
          'card[security_code]': '123',
        }),
      });
      return ((await res.json()) as { id: string }).id;
    },
    close: async () => {
      standIn.server.closeAllConnections();
      await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
    },
  };
}
