import { gatewaySources, type GatewaySource } from '@siam/contract/bookings';
import { readSandboxCardToken, type CardRefusal, type CardVault } from '@siam/contract/card-tokens';
// Omise's own published types (the `omise` package's types/index.d.ts): every request we send and
// every answer we read is typed by them, so a field Omise does not send cannot be read (issue 34).
import type { Capability, Charges, Pagination, Sources } from 'omise';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A card charge. The card was turned into a token in the customer's browser, at the gateway's vault
 * (issue 16): no card number or CVV ever reaches our server, only the token.
 */
export interface CardChargeInput {
  amountSatang: number;
  cardToken: string;
  description: string;
  idempotencyKey: string;
  /** Where the card's bank sends the customer back after asking them to approve (3-D Secure). */
  returnUri: string;
}

/** The card as the gateway names it (never the number). */
interface CardLabel {
  brand: string | null;
  last4: string | null;
}

export type ChargeResult =
  | ({ status: 'succeeded'; reference: string } & CardLabel)
  | ({
      status: 'failed';
      code: CardRefusal;
      reference: string | null;
    } & CardLabel)
  /**
   * The card's bank asks the customer to approve the payment (3-D Secure): the charge waits at the
   * gateway until they have, on the bank's page (`authorizeUri`), and its final state decides.
   */
  | ({ status: 'authorize'; reference: string; authorizeUri: string } & CardLabel)
  /**
   * The gateway did not answer (time-out, connection lost, a 5xx): the card may
   * or may not have been charged. Never a decline: the booking keeps its car
   * and the charge is looked up later by its idempotency key (findCharge).
   */
  | ({ status: 'unknown' } & CardLabel);

/** What the gateway knows of a charge made with an idempotency key. */
export type ChargeLookup =
  | { status: 'succeeded'; reference: string }
  | {
      status: 'failed';
      reference: string | null;
      code: CardRefusal;
    }
  /** No charge with this key: the request never reached the gateway. */
  | { status: 'not_found' }
  /** The gateway did not answer this time either. */
  | { status: 'unknown' };

/**
 * A charge the gateway made with a source (PromptPay, WeChat Pay, Alipay): what the customer pays it
 * with is this charge's own, a QR code to scan or a page of the wallet's to approve the payment on.
 */
export interface SourceChargeInput {
  source: GatewaySource;
  amountSatang: number;
  description: string;
  bookingNumber: string;
  idempotencyKey: string;
  /** Where a wallet's approval page sends the customer back. */
  returnUri: string;
}

export interface SourceCharge {
  reference: string;
  qrSvg: string | null;
  authorizeUri: string | null;
}

/** A charge as the gateway has it now (fetched back: how a webhook event is believed). */
export interface GatewayCharge {
  reference: string;
  status: 'pending' | 'successful' | 'failed' | 'expired' | 'reversed';
  amountSatang: number;
  currency: string;
  /** A card charge's card as the gateway names it; null for a charge with a source. */
  card: { brand: string | null; last4: string | null } | null;
  /** Why a card charge failed, in our words. */
  failureCode: CardRefusal | null;
  /**
   * A card hold (capture=false) the bank has authorized: still `pending`, nothing taken, waiting to be
   * captured or reversed (Omise's `authorized`, https://docs.omise.co/capture).
   */
  authorized: boolean;
}

export interface PaymentGateway {
  readonly name: string;
  /** Whether the site must say this is a sandbox (no real money moves). */
  readonly sandbox: boolean;
  /** Where the customer's browser makes a card token (the gateway's info page tells the site). */
  readonly vault: CardVault;
  charge(input: CardChargeInput): Promise<ChargeResult>;
  /**
   * Holds an amount on a card without taking it (a security deposit; Omise `capture=false`):
   * `succeeded` means held. Taken later, all or part, by `capture`; let go by `reverse`.
   */
  authorize(input: CardChargeInput): Promise<ChargeResult>;
  /**
   * Whether a hold can be taken in part (`capture` of less than was held). Omise does it only for a
   * `pre_auth` hold, which needs a contract with Omise Thailand (OMISE_PARTIAL_CAPTURE); without it a
   * held deposit is taken whole or let go whole (docs/decisions/3401).
   */
  readonly partialCapture: boolean;
  /** Takes `amountSatang` of a held amount; the rest goes back to the card. Throws when it cannot. */
  capture(input: { reference: string; amountSatang: number }): Promise<void>;
  /** Lets a held amount go, taking nothing. Throws when it cannot. */
  reverse(input: { reference: string }): Promise<void>;
  refund(input: { reference: string; amountSatang: number }): Promise<{ reference: string }>;
  /**
   * Looks up the charge made with this idempotency key (reconciling an unknown outcome); `sentAt`:
   * when its answer was given up on (the charge was sent a time-out before).
   */
  findCharge(idempotencyKey: string, sentAt: Date): Promise<ChargeLookup>;
  /**
   * The sources this gateway charges now (PromptPay, wallets): those the account has enabled. None:
   * the sandbox, which shows the static PromptPay QR.
   */
  sources(): Promise<readonly GatewaySource[]>;
  /**
   * A charge per booking with a source (issue 16), paid when the gateway says so (its webhook).
   * `returnUri`: where a wallet's approval page sends the customer back. Throws when it cannot now.
   */
  createSourceCharge?(input: SourceChargeInput): Promise<SourceCharge>;
  /** The charge as the gateway has it now; null when it has no such charge. Throws when it does not answer. */
  retrieveCharge?(reference: string): Promise<GatewayCharge | null>;
}

/**
 * The default gateway: plays the test cards of Omise and Stripe (card-tokens.ts) from the token the
 * sandbox's browser script made, and moves no money. The page says so.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly sandbox = true;
  readonly vault = { vault: 'sandbox' } as const;
  // The sandbox moves no money: it plays a hold kept in part, as a pre_auth hold at Omise.
  readonly partialCapture = true;
  private counter = 0;
  /** The charges made, by idempotency key, as a gateway keeps them. */
  private readonly charges = new Map<string, ChargeLookup>();

  async charge(input: CardChargeInput): Promise<ChargeResult> {
    const card = readSandboxCardToken(input.cardToken);
    if (!card)
      return { status: 'failed', code: 'processing_error', reference: null, brand: null, last4: null };
    const { brand, last4, outcome } = card;
    const reference = `sandbox_chrg_${Date.now().toString(36)}_${(++this.counter).toString(36)}`;
    const lookup: ChargeLookup =
      outcome === 'succeeds' || outcome === 'lost'
        ? { status: 'succeeded', reference }
        : { status: 'failed', code: outcome, reference };
    this.charges.set(input.idempotencyKey, lookup);
    if (outcome === 'lost') return { status: 'unknown', brand, last4 };
    return lookup.status === 'failed'
      ? { status: 'failed', code: lookup.code, reference, brand, last4 }
      : { status: 'succeeded', reference, brand, last4 };
  }

  async findCharge(idempotencyKey: string): Promise<ChargeLookup> {
    return this.charges.get(idempotencyKey) ?? { status: 'not_found' };
  }

  async sources(): Promise<readonly GatewaySource[]> {
    return [];
  }

  /** The test cards hold as they charge (a lost answer is an unknown hold). */
  async authorize(input: CardChargeInput): Promise<ChargeResult> {
    return this.charge(input);
  }

  async capture(): Promise<void> {}

  async reverse(): Promise<void> {}

  async refund(input: { reference: string }): Promise<{ reference: string }> {
    return { reference: `sandbox_rfnd_${input.reference}` };
  }
}

/** Omise's failure codes of a card charge, in our words. */
function omiseFailure(code: string | null | undefined): CardRefusal {
  const failure = code ?? '';
  if (failure === 'insufficient_fund' || failure === 'insufficient_funds') return 'insufficient_funds';
  if (failure === 'processing_error' || failure === 'failed_processing') return 'processing_error';
  return 'declined';
}

/**
 * An answer of Omise's API as it may arrive: a charge (`Charges.ICharge`), a refund, a list, or an
 * error object (https://docs.omise.co/api-errors: `object: "error"`, `code`, `message`). Every field is
 * optional because the JSON is not ours; each is read by the SDK's name and type or not at all.
 */
type OmiseAnswer<T> = Partial<T> & { object?: string };

/** A charge made with a source by its type alone (`source[type]`, https://docs.omise.co/charges-api). */
type SourceChargeRequest = Omit<Charges.IRequest, 'source'> & { source: Pick<Sources.IRequest, 'type'> };

/**
 * Omise's requests as a form, a nested field as `parent[child]`, as the API reference's examples send
 * them (`curl … -d "amount=…"`, https://docs.omise.co/charges-api): `metadata[idempotency_key]`,
 * `source[type]`. (omise-node's lib/api.js sends the same fields as JSON; Omise takes either.)
 */
function omiseForm(
  request:
    | Charges.IRequest
    | SourceChargeRequest
    | Charges.ICaptureRequest
    | Charges.IRefundRequest
    | Pagination.IRequest,
): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined) continue;
    if (value !== null && typeof value === 'object')
      for (const [inner, v] of Object.entries(value as Record<string, unknown>))
        form[`${key}[${inner}]`] = String(v);
    else form[key] = String(value);
  }
  return form;
}

/** The card of an Omise charge as it names it (`card.brand`, `card.last_digits`). */
function omiseCard(charge: OmiseAnswer<Charges.ICharge>): CardLabel {
  return {
    brand: typeof charge.card?.brand === 'string' ? charge.card.brand : null,
    last4: typeof charge.card?.last_digits === 'string' ? charge.card.last_digits : null,
  };
}

/**
 * Omise (a Thai gateway) behind the same interface. The customer's browser turns the card into a
 * token with Omise.js and the public key (card-vault.ts); the token is charged here with the secret
 * key, with a `return_uri` for 3-D Secure.
 */
export class OmiseGateway implements PaymentGateway {
  readonly name = 'omise';
  readonly sandbox: boolean;
  readonly partialCapture: boolean;
  /** What the Capability API said last, and until when it is believed. */
  private capability: { sources: readonly GatewaySource[]; until: number } | null = null;
  constructor(
    private readonly options: {
      publicKey: string;
      secretKey: string;
      apiUrl: string;
      /** Omise.js's address: the page loads it to make a card token (it talks to the vault itself). */
      scriptUrl: string;
      /** How long a call may take before its outcome counts as unknown. */
      timeoutMs?: number;
      /** Holds made `pre_auth`, so one can be taken in part (a contract with Omise Thailand). */
      partialCapture?: boolean;
    },
  ) {
    this.sandbox = options.secretKey.startsWith('skey_test_');
    this.vault = { vault: 'omise', publicKey: options.publicKey, scriptUrl: options.scriptUrl };
    this.partialCapture = options.partialCapture ?? false;
  }

  readonly vault: CardVault;

  private auth(key: string) {
    return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  }

  private async post<T>(url: string, form: Record<string, string>, idempotencyKey?: string) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: this.auth(this.options.secretKey),
        'content-type': 'application/x-www-form-urlencoded',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
    });
    const body = (await response.json().catch(() => ({}))) as OmiseAnswer<T>;
    return { ok: response.ok, status: response.status, body };
  }

  async charge(input: CardChargeInput): Promise<ChargeResult> {
    return this.createCharge(input, true);
  }

  async authorize(input: CardChargeInput): Promise<ChargeResult> {
    return this.createCharge(input, false);
  }

  /**
   * Takes a held amount. Omise's captured charge says `paid: true` and `captured_amount` (omise-node
   * types/index.d.ts `Charges.ICharge`, test/mocks/charges_capture.js); it has no `captured` field.
   */
  async capture(input: { reference: string; amountSatang: number }): Promise<void> {
    const request: Charges.ICaptureRequest = { capture_amount: input.amountSatang };
    const res = await this.post<Charges.ICharge>(
      `${this.options.apiUrl}/charges/${encodeURIComponent(input.reference)}/capture`,
      omiseForm(request),
    );
    if (!res.ok || res.body.object !== 'charge' || res.body.paid !== true)
      throw new Error(`Omise did not capture the held amount (HTTP ${res.status})`);
  }

  async reverse(input: { reference: string }): Promise<void> {
    const res = await this.post<Charges.ICharge>(
      `${this.options.apiUrl}/charges/${encodeURIComponent(input.reference)}/reverse`,
      {},
    );
    if (!res.ok || res.body.object !== 'charge' || res.body.reversed !== true)
      throw new Error(`Omise did not reverse the held amount (HTTP ${res.status})`);
  }

  /** A card charge taken at once (`capture`), or only held on the card until captured. */
  private async createCharge(input: CardChargeInput, capture: boolean): Promise<ChargeResult> {
    const request: Charges.IRequest = {
      amount: input.amountSatang,
      currency: 'thb',
      card: input.cardToken,
      description: input.description,
      capture,
      // A hold that may be taken in part (Omise's Single Partial Capture needs `pre_auth`); left out,
      // Omise makes it `final_auth`, taken whole or let go (https://docs.omise.co/capture).
      ...(!capture &&
        this.partialCapture && { authorization_type: 'pre_auth' as Charges.IRequest['authorization_type'] }),
      // A card whose bank asks for 3-D Secure: the customer approves there and comes back here.
      return_uri: input.returnUri,
      // The key on the charge itself, so a lost answer can be found (findCharge).
      metadata: { idempotency_key: input.idempotencyKey },
    };
    let charge: { ok: boolean; status: number; body: OmiseAnswer<Charges.ICharge> };
    try {
      charge = await this.post<Charges.ICharge>(
        `${this.options.apiUrl}/charges`,
        omiseForm(request),
        input.idempotencyKey,
      );
    } catch {
      // Sent, and no answer: Omise may have charged the card.
      return { status: 'unknown', brand: null, last4: null };
    }
    if (charge.status >= 500 || (charge.ok && charge.body.object !== 'charge'))
      return { status: 'unknown', brand: null, last4: null };
    const body = charge.body;
    const card = omiseCard(body);
    const reference = typeof body.id === 'string' ? body.id : null;
    if (charge.ok && body.status === 'successful' && reference)
      return { status: 'succeeded', reference, ...card };
    // Held, not taken: what capture=false asks for.
    if (!capture && charge.ok && body.authorized === true && body.status === 'pending' && reference)
      return { status: 'succeeded', reference, ...card };
    const authorizeUri = body.authorize_uri;
    if (
      charge.ok &&
      body.status === 'pending' &&
      reference &&
      typeof authorizeUri === 'string' &&
      /^https?:\/\//.test(authorizeUri)
    )
      return { status: 'authorize', reference, authorizeUri, ...card };
    // A token that was used already, or made with another key: Omise answers 4xx with an error object.
    const code = charge.ok ? omiseFailure(body.failure_code) : 'processing_error';
    return { status: 'failed', code, reference, ...card };
  }

  async refund(input: { reference: string; amountSatang: number }): Promise<{ reference: string }> {
    const request: Charges.IRefundRequest = { amount: input.amountSatang };
    const res = await this.post<Charges.IRefundResponse>(
      `${this.options.apiUrl}/charges/${encodeURIComponent(input.reference)}/refunds`,
      omiseForm(request),
    );
    if (!res.ok || res.body.object !== 'refund' || typeof res.body.id !== 'string')
      throw new Error('Omise refused the refund');
    return { reference: res.body.id };
  }

  /**
   * A charge with a source. Omise answers it pending: PromptPay (`flow: offline`) with its QR code as
   * an SVG document (`source.scannable_code.image.download_uri`), fetched once and kept with the
   * charge; WeChat Pay and Alipay (`flow: redirect`) with the `authorize_uri` to send the customer to,
   * who comes back to `return_uri` (https://docs.omise.co/wechat-pay, https://docs.omise.co/alipay).
   */
  async createSourceCharge(input: SourceChargeInput): Promise<SourceCharge> {
    const scanned = input.source === 'promptpay';
    const request: SourceChargeRequest = {
      amount: input.amountSatang,
      currency: 'thb',
      source: { type: input.source },
      description: input.description,
      metadata: { booking_number: input.bookingNumber },
      ...(!scanned && { return_uri: input.returnUri }),
    };
    const charge = await this.post<Charges.ICharge>(
      `${this.options.apiUrl}/charges`,
      omiseForm(request),
      input.idempotencyKey,
    );
    const body = charge.body;
    if (!charge.ok || body.object !== 'charge' || typeof body.id !== 'string')
      throw new Error(`Omise made no ${input.source} charge (HTTP ${charge.status})`);
    if (!scanned) {
      if (typeof body.authorize_uri !== 'string' || !/^https?:\/\//.test(body.authorize_uri))
        throw new Error(`Omise gave no ${input.source} page to send the customer to`);
      return { reference: body.id, qrSvg: null, authorizeUri: body.authorize_uri };
    }
    const uri = body.source?.scannable_code?.image?.download_uri;
    if (typeof uri !== 'string') throw new Error(`Omise gave no QR code for the ${input.source} charge`);
    const image = await fetch(uri, {
      headers: { authorization: this.auth(this.options.secretKey) },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
    });
    const qrSvg = image.ok ? await image.text() : '';
    if (!qrSvg.includes('<svg'))
      throw new Error(`Omise's QR code could not be fetched (HTTP ${image.status})`);
    return { reference: body.id, qrSvg, authorizeUri: null };
  }

  async retrieveCharge(reference: string): Promise<GatewayCharge | null> {
    const response = await fetch(`${this.options.apiUrl}/charges/${encodeURIComponent(reference)}`, {
      headers: { authorization: this.auth(this.options.secretKey) },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
    });
    if (response.status === 404) return null;
    const body = (await response.json().catch(() => ({}))) as OmiseAnswer<Charges.ICharge>;
    if (!response.ok || body.object !== 'charge' || body.id !== reference)
      throw new Error(`Omise did not answer for the charge (HTTP ${response.status})`);
    const status = body.status;
    return {
      reference,
      status:
        (['successful', 'failed', 'expired', 'reversed'] as const).find((s) => s === status) ?? 'pending',
      amountSatang: Number(body.amount),
      currency: String(body.currency ?? '').toLowerCase(),
      card: body.card ? omiseCard(body) : null,
      failureCode: status === 'failed' ? omiseFailure(body.failure_code) : null,
      authorized: body.authorized === true && body.paid !== true && status === 'pending',
    };
  }

  /**
   * The sources the account has enabled (Omise enables PromptPay, WeChat Pay and Alipay each on
   * request), from the Capability API (https://docs.omise.co/capability-api: `payment_methods[].name`),
   * believed for CAPABILITY_FRESH_MS. PromptPay is scanned (`flow: offline`); WeChat Pay and Alipay
   * are approved in the wallet (`redirect`). When Omise does not answer, what it said last; with
   * nothing said yet, none (PromptPay then falls back to the static QR and a slip), asked again soon.
   */
  async sources(): Promise<readonly GatewaySource[]> {
    if (this.capability && this.capability.until > Date.now()) return this.capability.sources;
    try {
      // Its own time-out, not a charge's: no money hangs on it, and a booking form waits for it.
      const response = await fetch(`${this.options.apiUrl}/capability`, {
        headers: { authorization: this.auth(this.options.secretKey) },
        signal: AbortSignal.timeout(CAPABILITY_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => ({}))) as OmiseAnswer<Capability.ICapability>;
      if (!response.ok || body.object !== 'capability' || !Array.isArray(body.payment_methods))
        throw new Error(`Omise's capability unanswered (HTTP ${response.status})`);
      const names = new Set(body.payment_methods.map((m) => m.name));
      const sources = gatewaySources.filter((source) => names.has(source));
      this.capability = { sources, until: Date.now() + CAPABILITY_FRESH_MS };
      return sources;
    } catch {
      const known = this.capability?.sources ?? [];
      this.capability = { sources: known, until: Date.now() + CAPABILITY_RETRY_MS };
      return known;
    }
  }

  /**
   * The charge made with this key, found by listing the charges Omise created around the time it was
   * sent (https://docs.omise.co/charges-api "List all charges" with `from`/`to`, pages of 100 by
   * `offset`; omise-node Pagination.IRequest, Charges.IChargeList) and matching the key written into
   * its metadata. Omise's Search API is not used: its documented attributes do not include metadata.
   */
  async findCharge(idempotencyKey: string, sentAt: Date): Promise<ChargeLookup> {
    const timeout = this.options.timeoutMs ?? 20_000;
    const request: Pagination.IRequest = {
      from: new Date(sentAt.getTime() - timeout - CHARGE_LOOKUP_SLACK_MS).toISOString(),
      to: new Date(sentAt.getTime() + CHARGE_LOOKUP_SLACK_MS).toISOString(),
      limit: 100,
      order: 'chronological',
    };
    let found: Partial<Charges.ICharge> | undefined;
    for (let offset = 0; !found;) {
      let body: OmiseAnswer<Charges.IChargeList>;
      try {
        const query = new URLSearchParams(omiseForm({ ...request, offset }));
        const response = await fetch(`${this.options.apiUrl}/charges?${query}`, {
          headers: { authorization: this.auth(this.options.secretKey) },
          signal: AbortSignal.timeout(timeout),
        });
        if (!response.ok) return { status: 'unknown' };
        body = (await response.json()) as OmiseAnswer<Charges.IChargeList>;
      } catch {
        return { status: 'unknown' };
      }
      if (body.object !== 'list' || !Array.isArray(body.data)) return { status: 'unknown' };
      const page: Partial<Charges.ICharge>[] = body.data;
      found = page.find((c) => c.metadata?.idempotency_key === idempotencyKey);
      offset += page.length;
      if (!page.length || offset >= Number(body.total ?? 0)) break;
    }
    if (!found) return { status: 'not_found' };
    const reference = typeof found.id === 'string' ? found.id : null;
    if (found.status === 'successful' && reference) return { status: 'succeeded', reference };
    // Pending (3-D Secure not finished) is not an outcome yet.
    if (found.status === 'pending') return { status: 'unknown' };
    return { status: 'failed', reference, code: omiseFailure(found.failure_code) };
  }
}

/** How long the Capability API's answer is believed (an account's methods change rarely, by Omise's hand). */
export const CAPABILITY_FRESH_MS = 5 * 60_000;
/** How long the Capability API may take before what it said last is used. */
const CAPABILITY_TIMEOUT_MS = 10_000;
/** After Omise did not say, asked again this soon. */
const CAPABILITY_RETRY_MS = 30_000;
/** Around a lost charge's sending, how far either side its creation time is looked for (clocks differ). */
const CHARGE_LOOKUP_SLACK_MS = 60_000;

/** How old a signed webhook delivery may be (a replayed old delivery is refused). */
export const OMISE_WEBHOOK_MAX_AGE_S = 300;

/**
 * Whether a webhook delivery is Omise's, as Omise documents its signatures
 * (https://docs.omise.co/api-webhooks, "Signature verification"): `Omise-Signature` is the hex
 * HMAC-SHA256 of `<Omise-Signature-Timestamp>.<raw body>` keyed with the webhook secret (shown base64
 * in the dashboard, decoded for the key); while a secret is being rolled it holds two signatures,
 * comma-separated, and one matching is enough. A timestamp more than OMISE_WEBHOOK_MAX_AGE_S away is
 * refused.
 */
export function omiseWebhookSignatureMatches(
  body: Buffer,
  headers: { signature: unknown; timestamp: unknown },
  secretBase64: string,
  now: Date,
): boolean {
  const { signature, timestamp } = headers;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp))
    return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > OMISE_WEBHOOK_MAX_AGE_S) return false;
  const expected = createHmac('sha256', Buffer.from(secretBase64, 'base64'))
    .update(Buffer.concat([Buffer.from(`${timestamp}.`), body]))
    .digest();
  return signature
    .split(',')
    .slice(0, 5)
    .some((given) => {
      const bytes = Buffer.from(given.trim(), 'hex');
      return bytes.length === expected.length && timingSafeEqual(bytes, expected);
    });
}
