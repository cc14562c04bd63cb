import { useId, useState } from 'react';
import { licenceAcceptance } from '@siam/contract/licence-countries';
import { browserLanguages, countryName, countryOptions, ownCountries } from '../../lib/country-names';
import { useLicenceRuleChanges } from '../../lib/licence-rules';
import { useHydrated } from '../../lib/use-hydrated';
import { useTranslation } from '../../lib/use-translation';

/**
 * Which licence a driver needs, by the country that issued theirs, in the visitor's language (issue
 * 18, part 5; issue 36 part 1): by the country's rule with staff's changes, as the booking form and
 * the server apply it (licence-countries.ts, decision 3601): alone, with an IDP, or with an IDP or an
 * official translation. The customer's own countries head the list once the page runs in the browser.
 */
export function LicenceGuide() {
  const { t, i18n } = useTranslation('pages');
  const lang = i18n.resolvedLanguage ?? 'en';
  const id = useId();
  const [country, setCountry] = useState('');
  const changes = useLicenceRuleChanges();
  const hydrated = useHydrated();
  const first = hydrated ? ownCountries(lang, browserLanguages()) : ownCountries(lang);
  const accepts = country ? licenceAcceptance(country, changes) : null;
  const name = country ? countryName(country, lang) : '';
  return (
    <section aria-labelledby={`${id}-title`} className="mt-12 max-w-3xl" data-testid="licence-guide">
      <h2 id={`${id}-title`} className="text-2xl">
        {t('licenceGuide.title')}
      </h2>
      <label htmlFor={`${id}-country`} className="field-label mt-4">
        {t('licenceGuide.country')}
      </label>
      <select
        id={`${id}-country`}
        className="field-input"
        value={country}
        onChange={(e) => setCountry(e.target.value)}
      >
        <option value="">{t('licenceGuide.choose')}</option>
        {countryOptions(lang, first).map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      <p className="mt-3 rounded-lg bg-sand-100 p-4" aria-live="polite" data-testid="licence-advice">
        {!country
          ? t('licenceGuide.intro')
          : country === 'TH'
            ? t('licenceGuide.thai')
            : accepts === 'idp'
              ? t('licenceGuide.permit', { country: name })
              : accepts === 'idp_or_translation'
                ? t('licenceGuide.translation', { country: name })
                : t('licenceGuide.asean', { country: name })}
      </p>
    </section>
  );
}
