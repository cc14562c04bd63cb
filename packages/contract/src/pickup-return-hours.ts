import { halfHoursBetween, withinHours } from './rental-times';

// Out of rental-times.ts so that the site's first load (whose shared chunk carries rental-times)
// does not carry what only the car page, the booking form and the change panel use.

/**
 * A branch's pickup/return hours (issue 36 part 2, decision 3602): its opening hours, and the band
 * around them in which it also takes pickups and returns, for a fee (null: not out of hours).
 */
export interface PickupReturnHours {
  opensAt: string;
  closesAt: string;
  outOfHours: { opensAt: string; closesAt: string; feeSatang: number } | null;
}
export type PickupReturnTime = 'open' | 'out_of_hours' | 'closed';

/** Whether a car can change hands at this time: while open, out of hours (for the fee), or not at all. */
export function pickupReturnTimeAt(time: string, h: PickupReturnHours): PickupReturnTime {
  if (withinHours(time, h.opensAt, h.closesAt)) return 'open';
  if (h.outOfHours && withinHours(time, h.outOfHours.opensAt, h.outOfHours.closesAt)) return 'out_of_hours';
  return 'closed';
}

/** The half hours a customer may choose at a branch: its opening hours and its out-of-hours band. */
export const pickupReturnHalfHours = (h: PickupReturnHours) =>
  h.outOfHours
    ? halfHoursBetween(h.outOfHours.opensAt, h.outOfHours.closesAt)
    : halfHoursBetween(h.opensAt, h.closesAt);
