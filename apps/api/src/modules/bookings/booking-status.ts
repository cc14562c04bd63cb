import type { BookingStatus } from '@siam/contract/bookings';

/**
 * Every way a booking's status may change, and from where: the one table the
 * service and the repository consult (BookingsRepository.transition), so no
 * use case can move a booking along a path this table does not have.
 *
 *   awaiting_payment ─confirm→ confirmed ─pickUp→ active ─return→ completed
 *          │ └─failPayment→ payment_failed      │
 *          ├─expire→ expired                     │
 *          └─────────cancel→ cancelled ←─────────┘ (from confirmed)
 */
export const bookingTransitions = {
  /** Paid: a card charge went through, staff verified a slip, or there was nothing to pay. */
  confirm: { from: ['awaiting_payment'], to: 'confirmed' },
  /**
   * The time to pay ran out after the booking's last card try was refused (the expiry job): a
   * refusal itself leaves the booking waiting, with its car, to be paid again (docs/decisions/3530).
   */
  failPayment: { from: ['awaiting_payment'], to: 'payment_failed' },
  /** By the customer (fee rule) or by staff. */
  cancel: { from: ['awaiting_payment', 'confirmed'], to: 'cancelled' },
  /** The time to pay ran out (the expiry job). */
  expire: { from: ['awaiting_payment'], to: 'expired' },
  /** Staff hand the car over. */
  pickUp: { from: ['confirmed'], to: 'active' },
  /** Staff take the car back. */
  return: { from: ['active'], to: 'completed' },
} as const satisfies Record<string, { from: readonly BookingStatus[]; to: BookingStatus }>;

export type BookingTransition = keyof typeof bookingTransitions;

/** Whether a booking in `status` may take `transition` now. */
export function canTransition(status: string, transition: BookingTransition): boolean {
  return (bookingTransitions[transition].from as readonly string[]).includes(status);
}
