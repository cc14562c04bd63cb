import { describe, expect, it } from 'vitest';
import { bookingStatuses } from '@siam/contract/bookings';
import { bookingTransitions, canTransition } from './booking-status';

describe('the booking status table', () => {
  it('never moves a finished booking again', () => {
    for (const done of ['completed', 'cancelled', 'expired', 'payment_failed'])
      for (const name of Object.keys(bookingTransitions) as (keyof typeof bookingTransitions)[])
        expect(canTransition(done, name), `${done} → ${name}`).toBe(false);
  });

  it('reaches every status from a new booking', () => {
    const reached = new Set<string>(['awaiting_payment']);
    for (let round = 0; round < 5; round++)
      for (const { from, to } of Object.values(bookingTransitions))
        if (from.some((s) => reached.has(s))) reached.add(to);
    expect([...reached].sort()).toEqual([...bookingStatuses].sort());
  });

  it('lets a customer cancel only before pickup', () => {
    expect(canTransition('awaiting_payment', 'cancel')).toBe(true);
    expect(canTransition('confirmed', 'cancel')).toBe(true);
    expect(canTransition('active', 'cancel')).toBe(false);
  });
});
