import { businessRules } from './business-rules';
import { seatTextVariables } from './child-seats';

/**
 * The rental rules every page, note, mail and paper states, with the figures the server applies
 * (issue 35 part 1, docs/decisions/3505). Free of zod: the site's i18n carries this file into every
 * page, so it holds plain figures only; the schemas that use them (bookings.ts, drivers.ts,
 * deposits.ts) import them from here.
 */

/** Spec §9 and the terms: the rule the server applies, shown to the customer before they cancel. */
export const cancellationRule = {
  freeHours: businessRules.freeCancellationHours,
  feePercent: 10,
  minFeeSatang: 50_000,
} as const;

/** A category's rules for who may drive its cars (admins set them per category). */
interface DriverRules {
  minAge: number;
  /** No upper limit when null. */
  maxAge: number | null;
  minLicenceYears: number;
}
/** A new category's rules: 21 or older, licence held a year (the market's usual, MARKET.md). */
export const defaultDriverRules: DriverRules = { minAge: 21, maxAge: null, minLicenceYears: 1 };
const vanDriverRules: DriverRules = { minAge: 23, maxAge: null, minLicenceYears: 2 };
const luxuryDriverRules: DriverRules = { minAge: 25, maxAge: null, minLicenceYears: 2 };
/** The demo's categories that ask more (migration 1702 sets the same on existing databases). */
export const driverRulesByCategory: Record<string, DriverRules> = {
  van: vanDriverRules,
  luxury: luxuryDriverRules,
};

/**
 * The refundable security deposit per category, baht (issue 17, part 4): a new model starts from
 * its category's, and admins may set each model's own.
 */
export const depositByCategory: Record<string, number> = {
  sedan: 3000,
  hatchback: 3000,
  crossover: 5000,
  electric: 5000,
  suv: 10000,
  '7seat': 10000,
  minivan: 10000,
  cap: 10000,
  van: 15000,
  luxury: 15000,
};
/** A category without its own figure. */
export const defaultDeposit = 5000;

/**
 * Returning a car late (decision 1804): after `courtesyMinutes` every started hour costs
 * `percentPerHour` of the daily price, never more than a day's price for each started day. The
 * percentage is the demo's late-return pricing rule (admins may set another per car group; the
 * price breakdown then names theirs).
 */
export const lateReturnRule = {
  courtesyMinutes: 30,
  percentPerHour: 10,
} as const;

/**
 * The demo's airport branches hand cars over after closing until midnight (the last half hour a
 * customer can choose is 23:30) for a fee per pickup or return (issue 36 part 2, decision 3602). Staff set
 * each branch's own band and fee in the back office; the seed and migration 2059 write these.
 */
export const airportOutOfHours = { closesAt: '23:30', feeSatang: 30_000 } as const;

/**
 * The rules' figures every text may name (`{{transferHours}}` in any locale string): the site's
 * i18n instances take them as default values, so a page, a note or the terms say the number the
 * server applies and cannot keep an old one when a rule changes. Amounts are baht numbers, written
 * with `{{…, number}}` so each language groups the digits its way.
 */
export const ruleTextVariables = {
  transferHours: businessRules.transferHoldHours,
  promptPayMinutes: businessRules.promptPayHoldMinutes,
  cancelFreeHours: cancellationRule.freeHours,
  cancelFeePercent: cancellationRule.feePercent,
  cancelMinFee: cancellationRule.minFeeSatang / 100,
  dateChangeHours: businessRules.dateChangeNoticeHours,
  newAccountUnpaid: businessRules.maxUnpaidBookingsNewAccount,
  minAge: defaultDriverRules.minAge,
  minLicenceYears: defaultDriverRules.minLicenceYears,
  vanMinAge: vanDriverRules.minAge,
  vanLicenceYears: vanDriverRules.minLicenceYears,
  luxuryMinAge: luxuryDriverRules.minAge,
  luxuryLicenceYears: luxuryDriverRules.minLicenceYears,
  depositMin: Math.min(...Object.values(depositByCategory)),
  depositMax: Math.max(...Object.values(depositByCategory)),
  lateCourtesyMinutes: lateReturnRule.courtesyMinutes,
  latePercent: lateReturnRule.percentPerHour,
  ...seatTextVariables,
} as const;
export type RuleTextVariable = keyof typeof ruleTextVariables;
