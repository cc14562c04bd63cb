import { gatewaySources, type GatewaySource } from '@siam/contract/bookings';
import { readSandboxCardToken, type CardRefusal, type CardVault } from '@siam/contract/card-tokens';

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
  /** Takes `amountSatang` of a held amount; the rest goes back to the card. Throws when it cannot. */
  capture(input: { reference: string; amountSatang: number }): Promise<void>;
  /** Lets a held amount go, taking nothing. Throws when it cannot. */
  reverse(input: { reference: string }): Promise<void>;
  refund(input: { reference: string; amountSatang: number }): Promise<{ reference: string }>;
  /** Looks up the charge made with this idempotency key (reconciling an unknown outcome). */
  findCharge(idempotencyKey: string): Promise<ChargeLookup>;
  /** The sources this gateway charges (PromptPay, wallets); none: the sandbox, which shows the static PromptPay QR. */
  readonly sources: readonly GatewaySource[];
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
  readonly sources = [] as const;
  readonly vault = { vault: 'sandbox' } as const;
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
function omiseFailure(code: unknown): CardRefusal {
  const failure = String(code ?? '');
  if (failure === 'insufficient_fund' || failure === 'insufficient_funds') return 'insufficient_funds';
  if (failure === 'processing_error' || failure === 'failed_processing') return 'processing_error';
  return 'declined';
}

/** The card of an Omise charge as it names it (`card.brand`, `card.last_digits`). */
function omiseCard(body: Record<string, unknown>): CardLabel {
  const card = (body.card ?? {}) as Record<string, unknown>;
  return {
    brand: typeof card.brand === 'string' ? card.brand : null,
    last4: typeof card.last_digits === 'string' ? card.last_digits : null,
  };
}

/**
 * Omise (a Thai gateway) behind the same interface. The customer's browser turns the card into a
 * token at Omise's vault with the public key (the site's card form does what Omise.js does); the
 * token is charged here with the secret key, with a `return_uri` for 3-D Secure.
 */
export class OmiseGateway implements PaymentGateway {
  readonly name = 'omise';
  readonly sandbox: boolean;
  // PromptPay and WeChat Pay are scanned (`flow: offline`), Alipay is approved on its page (`redirect`).
  readonly sources = gatewaySources;
  constructor(
    private readonly options: {
      publicKey: string;
      secretKey: string;
      apiUrl: string;
      vaultUrl: string;
      /** How long a call may take before its outcome counts as unknown. */
      timeoutMs?: number;
    },
  ) {
    this.sandbox = options.secretKey.startsWith('skey_test_');
    this.vault = { vault: 'omise', publicKey: options.publicKey, vaultUrl: options.vaultUrl };
  }

  readonly vault: CardVault;

  private auth(key: string) {
    return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  }

  private async post(url: string, key: string, form: Record<string, string>, idempotencyKey?: string) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: this.auth(key),
        'content-type': 'application/x-www-form-urlencoded',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { ok: response.ok, status: response.status, body };
  }

  async charge(input: CardChargeInput): Promise<ChargeResult> {
    return this.createCharge(input, true);
  }

  async authorize(input: CardChargeInput): Promise<ChargeResult> {
    return this.createCharge(input, false);
  }

  async capture(input: { reference: string; amountSatang: number }): Promise<void> {
    const res = await this.post(
      `${this.options.apiUrl}/charges/${encodeURIComponent(input.reference)}/capture`,
      this.options.secretKey,
      { capture_amount: String(input.amountSatang) },
    );
    if (!res.ok || res.body.captured !== true) throw new Error('Omise did not capture the held amount');
  }

  async reverse(input: { reference: string }): Promise<void> {
    const res = await this.post(
      `${this.options.apiUrl}/charges/${encodeURIComponent(input.reference)}/reverse`,
      this.options.secretKey,
      {},
    );
    if (!res.ok || res.body.reversed !== true) throw new Error('Omise did not reverse the held amount');
  }

  /** A card charge taken at once (`capture`), or only held on the card until captured. */
  private async createCharge(input: CardChargeInput, capture: boolean): Promise<ChargeResult> {
    let charge: { ok: boolean; status: number; body: Record<string, unknown> };
    try {
      charge = await this.post(
        `${this.options.apiUrl}/charges`,
        this.options.secretKey,
        {
          amount: String(input.amountSatang),
          currency: 'thb',
          card: input.cardToken,
          description: input.description,
          capture: String(capture),
          // A card whose bank asks for 3-D Secure: the customer approves there and comes back here.
          return_uri: input.returnUri,
          // The key on the charge itself, so a lost answer can be found (findCharge).
          'metadata[idempotency_key]': input.idempotencyKey,
        },
        input.idempotencyKey,
      );
    } catch {
      // Sent, and no answer: Omise may have charged the card.
      return { status: 'unknown', brand: null, last4: null };
    }
    if (charge.status >= 500 || (charge.ok && charge.body.object !== 'charge'))
      return { status: 'unknown', brand: null, last4: null };
    const card = omiseCard(charge.body);
    const reference = typeof charge.body.id === 'string' ? charge.body.id : null;
    if (charge.ok && charge.body.status === 'successful' && reference)
      return { status: 'succeeded', reference, ...card };
    // Held, not taken: what capture=false asks for.
    if (
      !capture &&
      charge.ok &&
      charge.body.authorized === true &&
      charge.body.status === 'pending' &&
      reference
    )
      return { status: 'succeeded', reference, ...card };
    const authorizeUri = charge.body.authorize_uri;
    if (
      charge.ok &&
      charge.body.status === 'pending' &&
      reference &&
      typeof authorizeUri === 'string' &&
      /^https?:\/\//.test(authorizeUri)
    )
      return { status: 'authorize', reference, authorizeUri, ...card };
    // A token that was used already, or made with another key: Omise answers 4xx with an error object.
    const code = charge.ok ? omiseFailure(charge.body.failure_code) : 'processing_error';
    return { status: 'failed', code, reference, ...card };
  }

  async refund(input: { reference: string; amountSatang: number }): Promise<{ reference: string }> {
    const res = await this.post(
      `${this.options.apiUrl}/charges/${encodeURIComponent(input.reference)}/refunds`,
      this.options.secretKey,
      { amount: String(input.amountSatang) },
    );
    if (!res.ok || typeof res.body.id !== 'string') throw new Error('Omise refused the refund');
    return { reference: res.body.id };
  }

  /**
   * A charge with a source. Omise answers it pending: a scanned source (PromptPay, WeChat Pay) with
   * its QR code as an SVG document (`source.scannable_code.image.download_uri`), fetched once and
   * kept with the charge; Alipay with the `authorize_uri` to send the customer to, who comes back to
   * `return_uri`.
   */
  async createSourceCharge(input: SourceChargeInput): Promise<SourceCharge> {
    const charge = await this.post(
      `${this.options.apiUrl}/charges`,
      this.options.secretKey,
      {
        amount: String(input.amountSatang),
        currency: 'thb',
        'source[type]': input.source,
        description: input.description,
        'metadata[booking_number]': input.bookingNumber,
        ...(input.source === 'alipay' && { return_uri: input.returnUri }),
      },
      input.idempotencyKey,
    );
    const body = charge.body as {
      object?: string;
      id?: unknown;
      status?: string;
      authorize_uri?: unknown;
      source?: { scannable_code?: { image?: { download_uri?: unknown } } };
    };
    if (!charge.ok || body.object !== 'charge' || typeof body.id !== 'string')
      throw new Error(`Omise made no ${input.source} charge (HTTP ${charge.status})`);
    if (input.source === 'alipay') {
      if (typeof body.authorize_uri !== 'string' || !/^https?:\/\//.test(body.authorize_uri))
        throw new Error('Omise gave no Alipay page to send the customer to');
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
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || body.object !== 'charge' || body.id !== reference)
      throw new Error(`Omise did not answer for the charge (HTTP ${response.status})`);
    const status = String(body.status);
    return {
      reference,
      status:
        (['successful', 'failed', 'expired', 'reversed'] as const).find((s) => s === status) ?? 'pending',
      amountSatang: Number(body.amount),
      currency: String(body.currency ?? '').toLowerCase(),
      card: body.card ? omiseCard(body) : null,
      failureCode: status === 'failed' ? omiseFailure(body.failure_code) : null,
    };
  }

  /** Omise's Search API over charges, by the key written into the charge's metadata. */
  async findCharge(idempotencyKey: string): Promise<ChargeLookup> {
    const query = new URLSearchParams({
      scope: 'charge',
      query: idempotencyKey,
      order: 'reverse_chronological',
    });
    let body: Record<string, unknown>;
    try {
      const response = await fetch(`${this.options.apiUrl}/search?${query}`, {
        headers: { authorization: this.auth(this.options.secretKey) },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
      if (!response.ok) return { status: 'unknown' };
      body = (await response.json()) as Record<string, unknown>;
    } catch {
      return { status: 'unknown' };
    }
    const found = (Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : []).find(
      (c) => (c.metadata as Record<string, unknown> | undefined)?.idempotency_key === idempotencyKey,
    );
    if (!found) return { status: 'not_found' };
    const reference = typeof found.id === 'string' ? found.id : null;
    if (found.status === 'successful' && reference) return { status: 'succeeded', reference };
    // Pending (3-D Secure not finished) is not an outcome yet.
    if (found.status === 'pending') return { status: 'unknown' };
    return { status: 'failed', reference, code: omiseFailure(found.failure_code) };
  }
}
