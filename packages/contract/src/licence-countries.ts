/**
 * Which driving licences Thailand takes (issue 17, part 5; the licence guide of issue 18, part 5).
 * Free of zod: the How it works page's licence guide carries none of the request schemas.
 */

/** Countries and territories that issue driving licences (ISO 3166-1 alpha-2). */
export const licenceCountries = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW ' +
  'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET ' +
  'FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN ' +
  'IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE ' +
  'PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ' +
  'ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS ' +
  'XK YE YT ZA ZM ZW'
).split(' ');

/**
 * Licences Thailand accepts as they are: its own, and those of the other ASEAN countries (the 1985
 * ASEAN agreement on domestic driving permits): the default `licence` rule below.
 */
export const permitExemptCountries = ['TH', 'BN', 'KH', 'ID', 'LA', 'MY', 'MM', 'PH', 'SG', 'VN'];

/**
 * What a licence from a country needs beside it in Thailand (issue 36, part 1; docs/decisions/3601):
 * - `licence`: the national licence alone (Thailand's own, and ASEAN's under the 1985 agreement on
 *   domestic driving permits);
 * - `idp`: with an international driving permit;
 * - `idp_or_translation`: with an IDP or an official translation of the licence, for countries that
 *   issue no IDP (mainland China is not party to the 1949/1968 conventions).
 * Each company sets its own policy with its insurer: staff change a country's rule in the back office
 * (the table licence_rules keeps only their changes); these are the defaults.
 */
export const licenceAcceptances = ['licence', 'idp', 'idp_or_translation'] as const;
export type LicenceAcceptance = (typeof licenceAcceptances)[number];
/** The document a driver brings beside a licence that needs one. */
export const licenceDocuments = ['idp', 'translation'] as const;
export type LicenceDocument = (typeof licenceDocuments)[number];

/** Countries whose drivers cannot get an IDP at home: an official translation is taken instead. */
export const noPermitCountries = ['CN'];

/** Staff's changes to the defaults, by country (what GET /licence-rules answers). */
export type LicenceRuleChanges = Readonly<Record<string, LicenceAcceptance>>;

export function defaultLicenceAcceptance(country: string): LicenceAcceptance {
  if (permitExemptCountries.includes(country)) return 'licence';
  if (noPermitCountries.includes(country)) return 'idp_or_translation';
  return 'idp';
}

/** What a licence from this country needs, with staff's changes. */
export const licenceAcceptance = (country: string, changes: LicenceRuleChanges = {}): LicenceAcceptance =>
  changes[country] ?? defaultLicenceAcceptance(country);

/** Whether the document a driver brings is what the rule asks (nothing is needed for `licence`). */
export function documentAccepted(acceptance: LicenceAcceptance, document: LicenceDocument | null): boolean {
  if (acceptance === 'licence') return true;
  if (acceptance === 'idp') return document === 'idp';
  return document === 'idp' || document === 'translation';
}
