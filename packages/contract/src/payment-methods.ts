/** How a booking is paid. Without zod: the site's booking form loads it before any schema. */

/**
 * `company_account`: a member of a company account books on it (companies.ts): nothing is paid at
 * booking; the company pays its monthly tax invoice.
 */
export const paymentMethods = [
  'card',
  'bank_transfer',
  'promptpay',
  'wechat_pay',
  'alipay',
  'company_account',
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/**
 * Wallets for Chinese visitors (issue 16), offered only when the payment gateway takes them (the
 * gateway's `sources`): each by its wallet's page to approve on (Omise's redirect flow, `authorize_uri`).
 */
export const walletMethods = ['wechat_pay', 'alipay'] as const;
export type WalletMethod = (typeof walletMethods)[number];
/**
 * Kept to a model's unpaid share (issue 31, docs/decisions/3102, 3630): a booking that waits for a slip
 * (a bank transfer, 24 hours; PromptPay by the shop's own QR code). Those paid at the gateway while the
 * customer is on the page — a card, a wallet, and PromptPay when the gateway makes its QR code
 * (`sources`: it tells us when it is paid) — may hold the cars the share keeps back, for the method's
 * hour; their holds count in the share.
 */
export function keptToUnpaidShare(method: string, sources: readonly string[]): boolean {
  if (method === 'bank_transfer') return true;
  return method === 'promptpay' && !sources.includes('promptpay');
}
/** What the gateway can take besides cards: a charge with a source of this type. */
export const gatewaySources = ['promptpay', ...walletMethods] as const;
export type GatewaySource = (typeof gatewaySources)[number];
/**
 * How the counter takes money for a walk-in or phone booking (issue 36 part 6): the card terminal on the
 * desk, the branch's PromptPay QR, cash, a bank transfer. Staff record it; no gateway is asked.
 */
export const counterPaymentMethods = ['card_terminal', 'promptpay', 'cash', 'bank_transfer'] as const;
export type CounterPaymentMethod = (typeof counterPaymentMethods)[number];
/** Cash and the card terminal are taken only at the counter: staff record them (back office). */
export const recordedPaymentMethods = [...paymentMethods, 'cash', 'card_terminal'] as const;
