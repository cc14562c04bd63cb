import { sql } from 'drizzle-orm';

/**
 * A gateway charge `c` that was paid, and that no payment of a booking stands for (paid after the
 * booking ended, or not its total): money at the gateway that paid nothing. Shared by payments'
 * refund of such money (payments/payments.repository.ts) and the back office's money trail
 * (payments/money-trail.repository.ts), so both mean the same money.
 */
export const paidNoBooking = sql`c.status = 'successful'
  AND NOT EXISTS (SELECT 1 FROM payments p
                  WHERE p.gateway_ref = c.reference AND p.kind = 'charge' AND p.status = 'succeeded')`;
