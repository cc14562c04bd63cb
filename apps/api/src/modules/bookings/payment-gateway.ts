import { gatewaySources, type GatewaySource } from '@siam/contract/bookings';
/**
 * Card payments go through this interface. The card travels from the request
 * straight to the gateway: it is never stored, logged or echoed back.
 */
export interface CardDetails {
  number: string;
  name: string;
  expiryMonth: number;
  expiryYear: number; // four digits
  cvv: string;
}

export type ChargeResult =
  | { status: 'succeeded'; reference: string; brand: string; last4: string }
  | {
      status: 'failed';
      code: 'declined' | 'insufficient_funds' | 'processing_error';
      reference: string | null;
      brand: string;
      last4: string;
    }
  /**
   * The gateway did not answer (time-out, connection lost, a 5xx): the card may
   * or may not have been charged. Never a decline: the booking keeps its car
   * and the charge is looked up later by its idempotency key (findCharge).
   */
  | { status: 'unknown'; brand: string; last4: string };

/** What the gateway knows of a charge made with an idempotency key. */
export type ChargeLookup =
  | { status: 'succeeded'; reference: string }
  | {
      status: 'failed';
      reference: string | null;
      code: 'declined' | 'insufficient_funds' | 'processing_error';
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
}

export interface PaymentGateway {
  readonly name: string;
  /** Whether the site must say this is a sandbox (no real money moves). */
  readonly sandbox: boolean;
  charge(input: {
    amountSatang: number;
    card: CardDetails;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
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

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^35/.test(number)) return 'JCB';
  if (/^62/.test(number)) return 'UnionPay';
  return 'Card';
}

/**
 * The default gateway: behaves like a real one for the test-card numbers of
 * Omise and Stripe, and moves no money. The page says so.
 *   4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined;
 *   4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0119 fails in processing.
 *   4000 0000 0000 0408 is charged but the answer is lost (a time-out): the outcome is
 *   unknown until findCharge finds the charge.
 *   Any other valid number succeeds.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly sandbox = true;
  readonly sources = [] as const;
  private counter = 0;
  /** The charges made, by idempotency key, as a gateway keeps them. */
  private readonly charges = new Map<string, ChargeLookup>();

  async charge(input: {
    amountSatang: number;
    card: CardDetails;
    idempotencyKey: string;
  }): Promise<ChargeResult> {
    const { number } = input.card;
    const brand = cardBrand(number);
    const last4 = number.slice(-4);
    const reference = `sandbox_chrg_${Date.now().toString(36)}_${(++this.counter).toString(36)}`;
    const failures: Record<string, 'declined' | 'insufficient_funds' | 'processing_error'> = {
      '4000000000000002': 'declined',
      '4000000000009995': 'insufficient_funds',
      '4000000000000119': 'processing_error',
    };
    const code = failures[number];
    const outcome: ChargeLookup = code
      ? { status: 'failed', code, reference }
      : { status: 'succeeded', reference };
    this.charges.set(input.idempotencyKey, outcome);
    if (number === '4000000000000408') return { status: 'unknown', brand, last4 };
    return outcome.status === 'failed'
      ? { status: 'failed', code: outcome.code, reference, brand, last4 }
      : { status: 'succeeded', reference, brand, last4 };
  }

  async findCharge(idempotencyKey: string): Promise<ChargeLookup> {
    return this.charges.get(idempotencyKey) ?? { status: 'not_found' };
  }

  async refund(input: { reference: string }): Promise<{ reference: string }> {
    return { reference: `sandbox_rfnd_${input.reference}` };
  }
}

/**
 * Omise (a Thai gateway) behind the same interface: the card becomes a token
 * at the vault (public key), the token is charged at the API (secret key).
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
  }

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

  async charge(input: {
    amountSatang: number;
    card: CardDetails;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeResult> {
    const brand = cardBrand(input.card.number);
    const last4 = input.card.number.slice(-4);
    let token: { ok: boolean; status: number; body: Record<string, unknown> };
    try {
      token = await this.post(`${this.options.vaultUrl}/tokens`, this.options.publicKey, {
        'card[name]': input.card.name,
        'card[number]': input.card.number,
        'card[expiration_month]': String(input.card.expiryMonth),
        'card[expiration_year]': String(input.card.expiryYear),
        'card[security_code]': input.card.cvv,
      });
    } catch {
      return { status: 'failed', code: 'processing_error', reference: null, brand, last4 };
    }
    if (!token.ok || typeof token.body.id !== 'string')
      return { status: 'failed', code: 'declined', reference: null, brand, last4 };
    let charge: { ok: boolean; status: number; body: Record<string, unknown> };
    try {
      charge = await this.post(
        `${this.options.apiUrl}/charges`,
        this.options.secretKey,
        {
          amount: String(input.amountSatang),
          currency: 'thb',
          card: token.body.id,
          description: input.description,
          capture: 'true',
          // The key on the charge itself, so a lost answer can be found (findCharge).
          'metadata[idempotency_key]': input.idempotencyKey,
        },
        input.idempotencyKey,
      );
    } catch {
      // Sent, and no answer: Omise may have charged the card.
      return { status: 'unknown', brand, last4 };
    }
    if (charge.status >= 500 || (charge.ok && charge.body.object !== 'charge'))
      return { status: 'unknown', brand, last4 };
    const reference = typeof charge.body.id === 'string' ? charge.body.id : null;
    if (charge.ok && charge.body.status === 'successful' && reference)
      return { status: 'succeeded', reference, brand, last4 };
    const failure = String(charge.body.failure_code ?? charge.body.code ?? '');
    const code =
      failure === 'insufficient_fund' || failure === 'insufficient_funds'
        ? 'insufficient_funds'
        : failure === 'processing_error' || !charge.ok
          ? 'processing_error'
          : 'declined';
    return { status: 'failed', code, reference, brand, last4 };
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
    const failure = String(found.failure_code ?? '');
    return {
      status: 'failed',
      reference,
      code: failure === 'insufficient_fund' ? 'insufficient_funds' : 'declined',
    };
  }
}
