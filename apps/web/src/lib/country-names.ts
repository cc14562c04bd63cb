import { licenceCountries } from '@siam/contract/licence-countries';

const locales = { th: 'th', en: 'en', zh: 'zh-Hans' } as const;

/**
 * The licence countries as `<option>`s in the visitor's language, sorted as that language sorts
 * (the browser's own country names: nothing to download or translate ourselves).
 */
export function countryOptions(lang: string): { code: string; name: string }[] {
  const locale = locales[lang as keyof typeof locales] ?? 'en';
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const options = licenceCountries.map((code) => ({ code, name: names.of(code) ?? code }));
  const collator = new Intl.Collator(locale);
  return options.sort((a, b) => collator.compare(a.name, b.name));
}

/** One country's name in the visitor's language. */
export function countryName(code: string, lang: string): string {
  const locale = locales[lang as keyof typeof locales] ?? 'en';
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
}
