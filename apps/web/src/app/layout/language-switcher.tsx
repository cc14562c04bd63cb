import { useId, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from '../../lib/router';
import { isLanguage, languages, type Language } from '@siam/contract/languages';
import { useChangedBeforeLive, whenPageLive } from '../../lib/server-rendered';

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const navigate = useNavigate();

  const change = (lng: Language) => {
    void i18n.changeLanguage(lng);
    // A ?lng= in the address would win again on reload; the choice is cached now. The address as
    // it is now (as lib/use-address-params.ts), not as last rendered: a change of the page's own
    // made a moment before (a filter) stays.
    const params = new URLSearchParams(window.location.search);
    if (params.has('lng')) {
      params.delete('lng');
      const search = params.toString();
      navigate({ pathname: window.location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    }
  };

  // Switched in the server's HTML before the page was live: the page follows, as on a live switch,
  // once the page inside the frame is live too. The header comes to life first; a switch then would
  // reach the page's part still to be hydrated, and React would draw that part afresh, in the new
  // language but without what the visitor chose in it (a filter, an order).
  const select = useRef<HTMLSelectElement>(null);
  useChangedBeforeLive([select], ([lng]) => {
    if (isLanguage(lng)) whenPageLive(() => change(lng));
  });

  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        ref={select}
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
