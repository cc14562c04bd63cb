import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { licenceAcceptances, licenceCountries } from './licence-countries';

/**
 * The licence rules staff change (issue 36 part 1, decision 3601): the public answer carries only the
 * countries changed from the defaults in licence-countries.ts; the booking form, the licence guide and
 * the terms apply `licenceAcceptance(country, changes)` as the server does.
 */
export const licenceRuleChangesSchema = z.record(z.string(), z.enum(licenceAcceptances));
export const licenceRulesResponseSchema = dataEnvelope(z.object({ changes: licenceRuleChangesSchema }));
export type LicenceRulesResponse = z.infer<typeof licenceRulesResponseSchema>;

export const licenceCountryParamsSchema = z.object({
  country: z.string().refine((c) => licenceCountries.includes(c), 'Unknown country'),
});
/** A country's rule as staff set it; the default's own value puts the country back on the default. */
export const licenceRuleBodySchema = z.object({ accepts: z.enum(licenceAcceptances) });
