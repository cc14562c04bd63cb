import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { isThaiTaxId } from './tax-invoices';

/**
 * Refunds staff pay by hand (issue 36 part 3, docs/decisions/3650): money the gateway cannot give back
 * (PromptPay through Omise has no refund, a transfer, the shop's own QR) waits for staff, who send it
 * to a PromptPay ID the customer gives: a Thai mobile number or a 13-digit citizen/tax ID.
 */
export const refundMessages = {
  promptpayId: 'A PromptPay ID is a mobile number of 10 digits starting with 0, or a 13-digit ID',
  checkDigit: 'This 13-digit ID is not valid: check the digits',
  accountName: 'Please enter the name on the account',
  reference: "Please enter the bank's transfer reference",
} as const;

/** A PromptPay ID as typed, without spaces or dashes. */
export const promptPayIdDigits = (raw: string) => raw.replace(/[\s-]/g, '');

/** A Thai mobile number (10 digits, 0 first) or a 13-digit ID whose check digit matches. */
export function isPromptPayId(id: string): boolean {
  return /^0\d{9}$/.test(id) || isThaiTaxId(id);
}

export const promptPayIdSchema = z
  .string()
  .transform(promptPayIdDigits)
  .refine((id) => /^0\d{9}$/.test(id) || /^\d{13}$/.test(id), refundMessages.promptpayId)
  .refine((id) => !/^\d{13}$/.test(id) || isThaiTaxId(id), refundMessages.checkDigit);

/** The customer gives the PromptPay ID a refund is sent to, with the name on the account. */
export const refundPayoutBodySchema = z.object({
  promptpayId: promptPayIdSchema,
  accountName: z.string().trim().min(1, refundMessages.accountName).max(120, refundMessages.accountName),
});

/** How staff paid a refund by hand. */
export const refundPaidWays = ['promptpay', 'bank_transfer', 'cash'] as const;
export const refundPaidBodySchema = z.object({
  way: z.enum(refundPaidWays),
  reference: z.string().trim().min(1, refundMessages.reference).max(100, refundMessages.reference),
});

/**
 * A refund as its customer sees it: waiting for their PromptPay ID, waiting for staff to send it, or
 * paid (by the gateway or by staff). Amounts in satang.
 */
export const customerRefundSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  amount: z.number().int(),
  state: z.enum(['needs_promptpay_id', 'being_sent', 'paid']),
  /** Paid back through the gateway (the card, the wallet): no ID is needed. */
  viaGateway: z.boolean(),
  promptpayId: z.string().nullable(),
  accountName: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type CustomerRefund = z.infer<typeof customerRefundSchema>;
export const customerRefundsResponseSchema = dataEnvelope(z.array(customerRefundSchema));

/** A refund staff are to pay by hand, with the QR their bank app scans for the ID and amount. */
export const staffRefundSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  bookingNumber: z.string(),
  customerName: z.string(),
  amount: z.number().int(),
  promptpayId: z.string().nullable(),
  accountName: z.string().nullable(),
  /** A PromptPay QR for the ID and the exact amount; null while no ID is given. */
  qrSvg: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffRefund = z.infer<typeof staffRefundSchema>;
export const staffRefundsResponseSchema = dataEnvelope(z.array(staffRefundSchema));
