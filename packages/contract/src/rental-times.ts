import { bangkokInstant } from './bangkok-time';
import { businessRules } from './business-rules';

/**
 * Chosen times (issue 17, part 2; docs/decisions/1706). A customer picks the car up and brings it
 * back at times they choose, on the hour or the half hour, while the branch is open (its hours, not
 * on a day it is closed); a rental lasts at least the pickup branch's minimum hours, so a same-day
 * rental is possible. Its length is counted in 24-hour blocks from the pickup time; what is left
 * over is free up to a grace (the spec's 09:00 pickup and 18:00 return: nine hours), then charged by
 * the hour when a late-return rule covers the car, or as one more day when none does.
 * Free of zod, so the car page's booking box carries none of it (the request schema is safe-input's
 * timeOfDaySchema).
 */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[03]0$/;

export const timeMessages = {
  format: 'Choose a time on the hour or half past',
  pickupClosed: 'The branch is closed at that time',
  returnClosed: 'The return branch is closed at that time',
  pickupHoliday: 'The branch is closed on that day',
  returnHoliday: 'The return branch is closed on that day',
  returnBeforePickup: 'Return must be after pickup',
  tooShort: 'The rental is shorter than the branch allows',
  pickupPassed: 'The pickup time has passed',
} as const;

const HOUR_MS = 3_600_000;

/** The hour of a "HH:MM" time, with its minutes as a fraction (08:30 → 8.5). */
const hoursOf = (time: string) => Number(time.slice(0, 2)) + Number(time.slice(3, 5)) / 60;

/** Whether a time falls within opening hours (both ends included: a car may leave at opening, come back at closing). */
export const withinHours = (time: string, opensAt: string, closesAt: string) =>
  time >= opensAt.slice(0, 5) && time <= closesAt.slice(0, 5);

/** The half hours a branch offers, opening to closing (08:00, 08:30 … 20:00). */
export function halfHoursBetween(opensAt: string, closesAt: string): string[] {
  const times: string[] = [];
  for (let h = Math.ceil(hoursOf(opensAt) * 2) / 2; h <= hoursOf(closesAt) && h < 24; h += 0.5)
    times.push(`${String(Math.floor(h)).padStart(2, '0')}:${h % 1 ? '30' : '00'}`);
  return times;
}

/** A late-return rule as the length needs it: hours free after the last full day, then a percentage of the day's price an hour. */
export interface LateRule {
  graceHours: number;
  percent: number;
}

export interface RentalLength {
  /** Hours from pickup to return. */
  hours: number;
  /** Days charged (24-hour blocks; at least one). */
  days: number;
  /** Hours charged at the late-return rule's rate after the days (0 when none). */
  lateHours: number;
}

/**
 * How long a rental is and what it is charged as. Days are whole 24-hour blocks from the pickup
 * (a rental shorter than a day is one day). Hours left over within the grace are free; past it a
 * late-return rule charges each started hour past the grace, unless that would reach a day's price
 * (then it is one more day); without a rule the rest is one more day.
 */
export function rentalLength(times: RentalTimes, late: LateRule | null): RentalLength {
  const pickupAt = bangkokInstant(times.pickupDate, times.pickupTime).getTime();
  const returnAt = bangkokInstant(times.returnDate, times.returnTime).getTime();
  const hours = (returnAt - pickupAt) / HOUR_MS;
  const whole = Math.max(1, Math.floor(hours / 24));
  const extra = hours > 24 ? hours - whole * 24 : 0;
  const grace = late?.graceHours ?? businessRules.returnGraceHours;
  if (extra <= grace) return { hours, days: whole, lateHours: 0 };
  const lateHours = Math.ceil(extra - grace);
  if (late && lateHours * late.percent < 100) return { hours, days: whole, lateHours };
  return { hours, days: whole + 1, lateHours: 0 };
}

/** A rental's days and times, Bangkok wall clock. */
export interface RentalTimes {
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
}

/** Held "for ever": a car returned to another branch does not come back to this one by itself. */
const UNTIL_MOVED = new Date('9999-12-31T00:00:00Z');

/**
 * The period a rental holds its unit: from its pickup to its return (the chosen Bangkok times), plus
 * the turnaround (docs/decisions/0005). A one-way rental holds its unit at the pickup branch from
 * pickup on: the car will be at the return branch, bookable there once staff record its return.
 */
export function rentalPeriod(times: RentalTimes, oneWay = false) {
  const startsAt = bangkokInstant(times.pickupDate, times.pickupTime);
  const endsAt = bangkokInstant(times.returnDate, times.returnTime);
  const blockedUntil = oneWay
    ? UNTIL_MOVED
    : new Date(endsAt.getTime() + businessRules.turnaroundHours * HOUR_MS);
  return { startsAt, endsAt, blockedUntil };
}
