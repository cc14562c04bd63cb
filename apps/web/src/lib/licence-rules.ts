import { useQuery } from '@tanstack/react-query';
import {
  licenceAcceptance,
  licenceCountries,
  type LicenceAcceptance,
  type LicenceRuleChanges,
} from '@siam/contract/licence-countries';
import type { LicenceRulesResponse } from '@siam/contract/licence-rules';
import { apiRequest } from './api-client';
import { countryName, displayLocale } from './country-names';

const none: LicenceRuleChanges = {};

/**
 * Staff's changes to the licence rules (decision 3601), as the server applies them; the contract's
 * defaults until they arrive (a server-rendered page says the defaults).
 */
export function useLicenceRuleChanges(): LicenceRuleChanges {
  const { data } = useQuery({
    queryKey: ['licence-rules'],
    queryFn: () =>
      apiRequest<LicenceRulesResponse>('/guest/licence-rules').then((r) => r.response.data.changes),
    staleTime: 60_000,
  });
  return data ?? none;
}

/** The countries whose licence is taken under a rule, named and listed as the language lists them. */
function countriesUnder(rule: LicenceAcceptance, changes: LicenceRuleChanges, lang: string) {
  const codes = licenceCountries.filter((c) => licenceAcceptance(c, changes) === rule);
  // Thailand first: the customer reads "Thailand, Brunei, …", not Thailand in the alphabet's middle.
  codes.sort((a, b) => Number(b === 'TH') - Number(a === 'TH'));
  const names = codes.map((c) => countryName(c, lang));
  return new Intl.ListFormat(displayLocale(lang), { type: 'conjunction' }).format(names);
}

/**
 * The words of the licence rules every page states (the terms, How it works, the car page): which
 * countries' licences are taken alone, and which with an IDP or an official translation; every
 * other licence needs an IDP. From the same rules the server checks a booking by.
 */
export function licenceRuleWords(changes: LicenceRuleChanges, lang: string) {
  return {
    aloneCountries: countriesUnder('licence', changes, lang),
    translationCountries: countriesUnder('idp_or_translation', changes, lang),
  };
}

/** The licence rules' words in the page's language, with staff's changes. */
export function useLicenceRuleWords(lang: string) {
  return licenceRuleWords(useLicenceRuleChanges(), lang);
}
