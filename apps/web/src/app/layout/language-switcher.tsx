import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation, useNavigate } from '../../lib/router';
import { languages, type Language } from '@siam/contract/languages';

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();

  const change = (lng: Language) => {
    void i18n.changeLanguage(lng);
    // A ?lng= in the address would win again on reload; the choice is cached now.
    const params = new URLSearchParams(location.search);
    if (params.has('lng')) {
      params.delete('lng');
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    }
  };

  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage}
        onChange={(e) => change(e.target.value as Language)}
        className="min-h-11 rounded-lg border border-white/40 bg-brand-800 px-2 text-sm text-white"
        data-testid="language-switcher"
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
