import { z } from 'zod';
import { bangkokYearMonth } from './bangkok-time';

/**
 * Cards are tokenised in the customer's browser (issue 16): the number and CVV go from the
 * browser to the gateway's vault only, and our API is sent the token. What the API takes:
 */
export const cardTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{6,120}$/, 'Card token required');

/**
 * How the browser turns a card into a token: Omise.js (its script's address and the public key; the
 * script talks to Omise's vault itself), or the sandbox's own token.
 */
export const cardVaultSchema = z.discriminatedUnion('vault', [
  z.object({ vault: z.literal('sandbox') }),
  z.object({ vault: z.literal('omise'), publicKey: z.string(), scriptUrl: z.string() }),
]);
export type CardVault = z.infer<typeof cardVaultSchema>;

/** Why a card charge was refused: the API's PAYMENT_FAILED reason, a failed booking's cancel reason. */
export const cardRefusals = ['declined', 'insufficient_funds', 'processing_error'] as const;
export type CardRefusal = (typeof cardRefusals)[number];

/** The refusal a reason names; anything else reads as declined. */
export function cardRefusal(reason: string | null | undefined): CardRefusal {
  return cardRefusals.find((r) => r === reason) ?? 'declined';
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^35/.test(number)) return 'JCB';
  if (/^62/.test(number)) return 'UnionPay';
  return 'Card';
}

/** The card form's own refusal (the gateway refuses such a card too, by its code). */
export const cardMessages = { expired: 'Card has expired' } as const;

/** Whether an MM/YY expiry is past: a card expires at the end of its month, in Bangkok. */
export function cardExpired(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map(Number) as [number, number];
  const today = bangkokYearMonth(now);
  return 2000 + yy < today.year || (2000 + yy === today.year && mm < today.month);
}

/**
 * The sandbox gateway's test cards (Omise's and Stripe's numbers) and what charging them does.
 * 4000 0000 0000 0408 is charged but the answer is lost (a time-out): the outcome is unknown until
 * the charge is looked up. Any other valid number succeeds.
 */
const sandboxOutcomes = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000119': 'processing_error',
  '4000000000000408': 'lost',
} as const;
export type SandboxCardOutcome = (typeof sandboxOutcomes)[keyof typeof sandboxOutcomes] | 'succeeds';

/**
 * The sandbox's token for a card, made in the browser like a vault's: it carries what the sandbox
 * needs to play the charge (the outcome, the brand, the last four digits) and nothing more, so the
 * card number stays in the browser in the sandbox too.
 */
export function sandboxCardToken(number: string): string {
  const digits = number.replace(/\D/g, '');
  const outcome: SandboxCardOutcome = sandboxOutcomes[digits as keyof typeof sandboxOutcomes] ?? 'succeeds';
  const brand = cardBrand(digits).replace(/\W/g, '');
  return `tokn_sandbox_${outcome}_${brand}_${digits.slice(-4)}`;
}

/** What a sandbox token says; null when it is not one. */
export function readSandboxCardToken(
  token: string,
): { outcome: SandboxCardOutcome; brand: string; last4: string } | null {
  const m =
    /^tokn_sandbox_(succeeds|declined|insufficient_funds|processing_error|lost)_([A-Za-z]+)_(\d{4})$/.exec(
      token,
    );
  if (!m) return null;
  const brand = ['Visa', 'Mastercard', 'American Express', 'JCB', 'UnionPay'].find(
    (b) => b.replace(/\W/g, '') === m[2],
  );
  return { outcome: m[1] as SandboxCardOutcome, brand: brand ?? 'Card', last4: m[3]! };
}
