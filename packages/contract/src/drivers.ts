import { z } from 'zod';
import { isoDateSchema } from './safe-input';

/**
 * Drivers (issue 17, part 5): the main driver and up to two more, each with a birth date and a
 * driving licence (number, issuing country, issue and expiry dates, and whether an international
 * driving permit comes with it), checked against their car's category rules: a minimum age, an
 * optional maximum age and how long the licence must have been held, all on the pickup day.
 * The same checks run in the booking form (from the quote's rules) and on the server, which decides.
 */

import {
  documentAccepted,
  licenceAcceptance,
  licenceCountries,
  licenceDocuments,
  type LicenceDocument,
  type LicenceRuleChanges,
} from './licence-countries';

/** A category's rules for who may drive its cars (admins set them per category). */
export const driverRulesSchema = z.object({
  minAge: z.number().int().min(18).max(99),
  /** No upper limit when null. */
  maxAge: z.number().int().min(18).max(120).nullable(),
  minLicenceYears: z.number().int().min(0).max(30),
});
export type DriverRules = z.infer<typeof driverRulesSchema>;

const requiredText = (message: string, max = 100) => z.string().trim().min(1, message).max(max, 'Too long');
const requiredDate = (message: string) => z.string().trim().min(1, message).pipe(isoDateSchema);

/** What every driver gives about themselves and their licence. */
export const driverLicenceFields = {
  birthDate: requiredDate('Please enter date of birth'),
  licenceNumber: z
    .string()
    .trim()
    .min(1, 'Please enter licence number')
    .max(20, 'Too long')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,19}$/, 'Invalid licence number'),
  licenceCountry: z
    .string()
    .min(1, 'Please choose the country that issued the licence')
    .refine((c) => licenceCountries.includes(c), 'Please choose the country that issued the licence'),
  licenceIssued: requiredDate('Please enter the date the licence was issued'),
  licenceExpiry: requiredDate('Please enter the licence expiry date'),
  /**
   * What the driver brings beside the licence, when its country's rule asks for something
   * (licence-countries.ts): an international driving permit or an official translation.
   */
  licenceDocument: z.enum(licenceDocuments).nullable().default(null),
  /** Older clients' box "I will bring an international driving permit": the same as `licenceDocument: 'idp'`. */
  internationalPermit: z.boolean().default(false),
};
export const driverLicenceSchema = z.object(driverLicenceFields);
export type DriverLicence = z.output<typeof driverLicenceSchema>;

export const additionalDriverSchema = z.object({
  firstName: requiredText('Please enter first name'),
  lastName: requiredText('Please enter last name'),
  ...driverLicenceFields,
});
export type AdditionalDriver = z.input<typeof additionalDriverSchema>;

/** The eligibility messages: the site says each in the visitor's language, with the rule's figure. */
export const driverMessages = {
  tooYoung: 'The driver is younger than this car allows',
  tooOld: 'The driver is older than this car allows',
  birthDate: 'Please check the date of birth',
  licenceTooNew: 'The licence has not been held long enough for this car',
  issuedInFuture: 'The licence issue date is in the future',
  issuedBeforeBirth: 'The licence was issued before the date of birth',
  licenceExpires: 'The licence expires before the return date',
  permitNeeded: 'This licence needs an international driving permit',
  permitOrTranslationNeeded: 'This licence needs an international driving permit or an official translation',
} as const;

/** The document a driver says they bring (an older client's permit box counts as an IDP). */
export const licenceDocumentOf = (d: {
  licenceDocument?: LicenceDocument | null;
  internationalPermit?: boolean;
}): LicenceDocument | null => d.licenceDocument ?? (d.internationalPermit ? 'idp' : null);

/** Whole years from one date to another (a birthday on 29 February comes on 1 March in other years). */
export function fullYears(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) < from.slice(5) ? years - 1 : years;
}

/**
 * What stops this driver from driving this car on these dates, field by field (empty: nothing).
 * Ages and the licence's years are counted on the pickup day; the licence must last to the return day.
 */
export function driverProblems(
  d: Omit<DriverLicence, 'licenceDocument' | 'internationalPermit'> & {
    licenceDocument?: LicenceDocument | null;
    internationalPermit?: boolean;
  },
  rules: DriverRules,
  rental: { pickupDate: string; returnDate: string; today: string },
  /** Staff's changes to the licence rules (the server passes its table; the site, what it was told). */
  licenceRules: LicenceRuleChanges = {},
): { field: keyof DriverLicence; message: string }[] {
  const problems: { field: keyof DriverLicence; message: string }[] = [];
  const age = fullYears(d.birthDate, rental.pickupDate);
  if (d.birthDate >= rental.today || age > 120)
    problems.push({ field: 'birthDate', message: driverMessages.birthDate });
  else if (age < rules.minAge) problems.push({ field: 'birthDate', message: driverMessages.tooYoung });
  else if (rules.maxAge !== null && age > rules.maxAge)
    problems.push({ field: 'birthDate', message: driverMessages.tooOld });
  if (d.licenceIssued > rental.today)
    problems.push({ field: 'licenceIssued', message: driverMessages.issuedInFuture });
  else if (d.licenceIssued <= d.birthDate)
    problems.push({ field: 'licenceIssued', message: driverMessages.issuedBeforeBirth });
  else if (fullYears(d.licenceIssued, rental.pickupDate) < rules.minLicenceYears)
    problems.push({ field: 'licenceIssued', message: driverMessages.licenceTooNew });
  if (d.licenceExpiry < rental.returnDate)
    problems.push({ field: 'licenceExpiry', message: driverMessages.licenceExpires });
  const accepts = licenceAcceptance(d.licenceCountry, licenceRules);
  if (!documentAccepted(accepts, licenceDocumentOf(d)))
    problems.push({
      field: 'licenceDocument',
      message: accepts === 'idp' ? driverMessages.permitNeeded : driverMessages.permitOrTranslationNeeded,
    });
  return problems;
}

/** A driver as a booking shows them (the main driver's contact details are the booking's own). */
export const bookingDriverSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  licenceNumber: z.string(),
  licenceCountry: z.string(),
  licenceIssued: z.string(),
  licenceExpiry: z.string(),
  internationalPermit: z.boolean(),
  licenceDocument: z.enum(licenceDocuments).nullable(),
});
export type BookingDriver = z.infer<typeof bookingDriverSchema>;
