import { useId, useRef, useSyncExternalStore } from 'react';
import {
  convertBaht,
  currencySymbols,
  displayCurrencies,
  isDisplayCurrency,
  type DisplayCurrency,
} from '@siam/contract/currencies';
import { useSiteSettings } from '../site-settings/use-site-settings';
import { formatBaht, grouped } from '../../lib/money';
import { useTranslation } from '../../lib/use-translation';
import { formatDate } from './format';
import { useChangedBeforeLive } from '../../lib/server-rendered';

/**
 * The currency a visitor chose to see prices in (decision 1803), kept in this browser. The
 * server renders baht (its pages are shared by every visitor); React hydrates with the server's
 * value and then shows the choice. useSyncExternalStore rather than useHydrated: parts of a page
 * hydrate later than its frame (lazy routes, deferred islands), and each must first match its own
 * server HTML; the switch re-renders only the few prices that use it.
 */
const STORAGE_KEY = 'siam.currency';
const listeners = new Set<() => void>();

function storedCurrency(): DisplayCurrency {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isDisplayCurrency(value) ? value : 'THB';
  } catch {
    return 'THB'; // storage refused (private mode): baht, as for everyone
  }
}

let picked: DisplayCurrency | null = null;
const currentCurrency = () => (picked ??= storedCurrency());
const serverCurrency = (): DisplayCurrency => 'THB';
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function chooseCurrency(currency: DisplayCurrency): void {
  picked = currency;
  try {
    window.localStorage.setItem(STORAGE_KEY, currency);
  } catch {
    // Not kept for the next visit; this page still follows the choice.
  }
  for (const listener of listeners) listener();
}

/**
 * The chosen currency with its rate, and `price(baht)`: "฿1,290", or "≈ ¥266 (฿1,290)" — always
 * the baht beside, because baht is what is charged. A currency whose rate admins removed falls
 * back to baht.
 */
export function useDisplayCurrency() {
  const chosen = useSyncExternalStore(subscribe, currentCurrency, serverCurrency);
  const settings = useSiteSettings().data;
  const rate = chosen === 'THB' ? null : (settings?.exchangeRates[chosen] ?? null);
  const currency: DisplayCurrency = rate ? chosen : 'THB';
  const price = (baht: string | number): string => {
    if (!rate) return formatBaht(baht);
    const { amount, fractionDigits } = convertBaht(Number(baht), rate);
    return `≈ ${currencySymbols[currency]}${grouped(amount, fractionDigits)} (${formatBaht(baht)})`;
  };
  return {
    currency,
    rate,
    setOn: settings?.exchangeRatesSetOn ?? null,
    rates: settings?.exchangeRates,
    price,
  };
}

/** "Show prices in": baht and each currency admins gave a rate for (none offered: nothing shown). */
export function CurrencyPicker({ className = '' }: { className?: string }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const { currency, rates } = useDisplayCurrency();
  const offered = displayCurrencies.filter((code) => code === 'THB' || rates?.[code]);
  // Picked in the server's HTML before the page was live (it rendered baht): the visitor's choice.
  const select = useRef<HTMLSelectElement>(null);
  useChangedBeforeLive([select], ([value]) => {
    if (isDisplayCurrency(value)) chooseCurrency(value);
  });
  if (offered.length < 2) return null;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-700">
        {t('currency.label')}
      </label>
      <select
        ref={select}
        id={id}
        className="field-input w-auto"
        value={currency}
        onChange={(e) => chooseCurrency(e.target.value as DisplayCurrency)}
        data-testid="currency-picker"
      >
        {offered.map((code) => (
          <option key={code} value={code}>
            {t(`currency.option.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Said wherever converted prices show: the rate, its day, and that baht is what is paid. */
export function CurrencyNote({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('catalog');
  const { currency, rate, setOn } = useDisplayCurrency();
  if (currency === 'THB' || !rate) return null;
  return (
    <p className={`text-sm text-slate-700 ${className}`} data-testid="currency-note">
      {t('currency.note', {
        name: t(`currency.name.${currency}`),
        unit: `${currencySymbols[currency]}1`,
        rate: `฿${rate}`,
        date: setOn ? formatDate(setOn, i18n.resolvedLanguage ?? 'en') : '',
      })}
    </p>
  );
}
