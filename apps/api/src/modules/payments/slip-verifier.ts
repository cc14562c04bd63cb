import { z } from 'zod';

/**
 * Asks the bank, through a slip-verification provider, what a slip's QR
 * payload names: the transfer's amount, receiving account and time. Thai
 * providers take the payload over HTTP and ask the sending bank's own API.
 */
export type SlipVerification =
  | {
      status: 'verified';
      transRef: string;
      amountSatang: number;
      paidAt: Date;
      /** As the bank shows them: masked, e.g. "xxx-x-x5678-x". */
      receiverAccount: string | null;
      /** The PromptPay proxy the money went to (masked), when it went to one. */
      receiverProxy: string | null;
    }
  /** The bank knows no such transfer: a made-up or edited slip. */
  | { status: 'not_found' }
  /** The provider could not answer (down, slow, out of quota, refused our key): staff look instead. */
  | { status: 'unavailable'; detail: string };

export interface SlipVerifier {
  verify(payload: string): Promise<SlipVerification>;
}

const masked = z.string().nullish();
const answerSchema = z.object({
  status: z.number(),
  data: z.object({
    transRef: z.string(),
    date: z.string(),
    amount: z.object({ amount: z.number().nonnegative() }),
    receiver: z.object({
      account: z.object({
        bank: z.object({ account: masked }).nullish(),
        proxy: z.object({ account: masked }).nullish(),
      }),
    }),
  }),
});

/**
 * EasySlip's verify API (https://developer.easyslip.com): `GET /api/v1/verify?payload=…`
 * with the key as a bearer token. 200 carries the transfer; 404 `slip_not_found`
 * and 400 `invalid_payload` mean the bank has no such transfer; 401, 403
 * (quota, a suspended key) and 5xx mean the provider cannot tell us now.
 * Another provider with an HTTP API plugs in as another SlipVerifier.
 */
export class EasySlipVerifier implements SlipVerifier {
  constructor(private readonly options: { url: string; token: string; timeoutMs: number }) {}

  async verify(payload: string): Promise<SlipVerification> {
    const url = new URL('/api/v1/verify', this.options.url);
    url.searchParams.set('payload', payload);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Bearer ${this.options.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      return { status: 'unavailable', detail: (error as Error).name };
    }
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    if (res.status === 404 || (res.status === 400 && body?.message === 'invalid_payload'))
      return { status: 'not_found' };
    if (res.status !== 200)
      return { status: 'unavailable', detail: `HTTP ${res.status} ${String(body?.message ?? '')}` };
    const parsed = answerSchema.safeParse(body);
    const paidAt = parsed.success ? new Date(parsed.data.data.date) : null;
    if (!parsed.success || !paidAt || Number.isNaN(paidAt.getTime()))
      return { status: 'unavailable', detail: 'unexpected answer' };
    const { data } = parsed.data;
    return {
      status: 'verified',
      transRef: data.transRef,
      amountSatang: Math.round(data.amount.amount * 100),
      paidAt,
      receiverAccount: data.receiver.account.bank?.account ?? null,
      receiverProxy: data.receiver.account.proxy?.account ?? null,
    };
  }
}

/**
 * Whether a masked account as a bank shows it ("xxx-x-x5678-x") is this
 * account ("123-4-56789-0"): the same number of digits, every shown digit in
 * its place, and at least four shown.
 */
export function sameAccount(shown: string | null, ours: string): boolean {
  if (!shown) return false;
  const a = shown.replace(/[^0-9xX*]/g, '');
  const b = ours.replace(/\D/g, '');
  if (a.length !== b.length || b.length === 0) return false;
  let visible = 0;
  for (let i = 0; i < a.length; i++) {
    if (!/\d/.test(a[i]!)) continue;
    if (a[i] !== b[i]) return false;
    visible++;
  }
  return visible >= 4;
}
