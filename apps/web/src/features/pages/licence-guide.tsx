import { useId, useState } from 'react';
import { needsInternationalPermit } from '@siam/contract/licence-countries';
import { countryName, countryOptions } from '../../lib/country-names';
import { useTranslation } from '../../lib/use-translation';

/**
 * Which licence a driver needs, by the country that issued theirs, in the visitor's language (issue
 * 18, part 5): Thailand's own and ASEAN licences as they are; every other with an international
 * driving permit. The same rule the booking form and the server apply (licence-countries.ts).
 */
export function LicenceGuide() {
  const { t, i18n } = useTranslation('pages');
  const lang = i18n.resolvedLanguage ?? 'en';
  const id = useId();
  const [country, setCountry] = useState('');
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
        {countryOptions(lang).map((c) => (
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
            : needsInternationalPermit(country)
              ? t('licenceGuide.permit', { country: name })
              : t('licenceGuide.asean', { country: name })}
      </p>
    </section>
  );
}
