import { daysBetween } from './bangkok-time';
/**
 * The catalog's plain rules and constants, free of zod so the site can use
 * them without shipping a schema library to every visitor's phone.
 */

/** Listing sort orders, applied by the server. */
export const carSorts = ['recommended', 'price_asc', 'price_desc', 'name_asc'] as const;
export type CarSort = (typeof carSorts)[number];

/** The specification labels of spec §3, in the order the details screen shows them. */
export const specKeys = [
  'engine',
  'maxPower',
  'maxTorque',
  'drivetrain',
  'fuelConsumption',
  'fuelTankCapacity',
  'weight',
  'dimensions',
  'batteryCapacity',
  'range',
  'chargingTime',
] as const;
export type SpecKey = (typeof specKeys)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Calendar days from pickup to return, at least 1 (ARCHITECTURE §3). */
export function rentalDays(pickup: string, ret: string): number {
  return Math.max(1, daysBetween(pickup, ret));
}
