import { signToken, verifyToken } from './signed-token';

/** How long a receipt's link in a walk-in's mail or LINE message opens the receipt. */
const RECEIPT_LINK_DAYS = 90;
const PURPOSE = 'receipt';

/**
 * The link a walk-in's receipt is sent with (issue 36 part 6, decision 3660): a customer who booked at
 * the counter may have no account to sign in with, so the link itself, signed with the session secret,
 * names the booking; it opens that booking's receipt and nothing else (documents.routes.ts).
 */
export function receiptLink(publicUrl: string, bookingId: number, secret: string, now = Date.now()): string {
  const token = signToken(PURPOSE, { b: bookingId, exp: now + RECEIPT_LINK_DAYS * 86_400_000 }, secret);
  return `${publicUrl}/api/v1/guest/receipts/${token}`;
}

/** The booking a receipt link names, or null for a link not ours, altered or expired. */
export function receiptLinkBooking(token: string, secret: string, now = Date.now()): number | null {
  const payload = verifyToken<{ b: number; exp: number }>(PURPOSE, token, secret, now);
  return payload && Number.isInteger(payload.b) && payload.b > 0 ? payload.b : null;
}
