import { z } from 'zod';
import { bookingStatuses } from './bookings';
import { dataEnvelope } from './envelope';

/**
 * The back office's view of cars held without payment (issue 13): every
 * booking awaiting a transfer or PromptPay with what tells an honest customer
 * from a hoarder (a new account, no verified email, many holds or new accounts
 * from one address), and a way to release many at once.
 */
export const unpaidHoldsQuerySchema = z.object({
  /** Only the holds made from this address, or from its IPv6 /64 (`2001:db8:1:2::/64`, as the address list shows it). */
  address: z.string().trim().max(60).optional(),
});

export const unpaidHoldSchema = z.object({
  id: z.number().int(),
  bookingNumber: z.string(),
  status: z.enum(bookingStatuses),
  carName: z.string(),
  branchCode: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  paymentMethod: z.string(),
  payBy: z.string().nullable(),
  slipPending: z.boolean(),
  customerEmail: z.string().nullable(),
  accountCreatedAt: z.string().nullable(),
  emailVerified: z.boolean(),
  completedRentals: z.number().int(),
  address: z.string().nullable(),
  /** The first characters of the browser's device id: enough to see two holds from one browser. */
  device: z.string().nullable(),
  createdAt: z.string(),
});
export type UnpaidHold = z.infer<typeof unpaidHoldSchema>;

export const addressSignalSchema = z.object({
  address: z.string(),
  unpaidHolds: z.number().int(),
  /** Accounts registered from this address in the last 24 hours. */
  newAccounts: z.number().int(),
});
export type AddressSignal = z.infer<typeof addressSignalSchema>;

export const unpaidHoldsResponseSchema = dataEnvelope(
  z.object({ holds: z.array(unpaidHoldSchema), addresses: z.array(addressSignalSchema) }),
);
export type UnpaidHoldsResponse = z.infer<typeof unpaidHoldsResponseSchema>;

export const releaseHoldsBodySchema = z.object({
  bookingIds: z.array(z.number().int().positive()).min(1, 'Choose at least one booking').max(500),
  reason: z.string().trim().min(1, 'Give a reason').max(500),
});
export type ReleaseHoldsBody = z.infer<typeof releaseHoldsBodySchema>;

export const releaseHoldsResponseSchema = dataEnvelope(
  z.object({
    released: z.array(z.number().int()),
    /** Bookings that were no longer awaiting payment (paid or cancelled meanwhile): left as they are. */
    skipped: z.array(z.number().int()),
  }),
);
