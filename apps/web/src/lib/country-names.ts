import { licenceCountries } from '@siam/contract/licence-countries';

const locales = { th: 'th', en: 'en', zh: 'zh-Hans' } as const;

/** The locale the browser names countries in for a page language. */
export const displayLocale = (lang: string) => locales[lang as keyof typeof locales] ?? 'en';

/** The country a page language is most likely read in (English says nothing about where). */
const countryOfLanguage: Record<string, string> = { th: 'TH', zh: 'CN' };

/**
 * The customer's own countries, most likely first (issue 36 part 1): the region of the phone's
 * languages (navigator.languages: "zh-CN", "en-MY", "ms-MY"), then the page language's country.
 * A Chinese family on a zh page finds 中国 at the top, not last of 240.
 */
export function ownCountries(lang: string, browserLanguages: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const tag of browserLanguages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).maximize().region;
    } catch {
      continue; // a tag the browser made up: nothing to learn from it
    }
    if (region && licenceCountries.includes(region) && !found.includes(region)) found.push(region);
  }
  const own = countryOfLanguage[lang];
  if (own && !found.includes(own)) found.push(own);
  return found;
}

/**
 * The licence countries as `<option>`s in the visitor's language: the customer's own first
 * (`first`, from ownCountries), then every country sorted as that language sorts (the browser's own
 * country names: nothing to download or translate ourselves).
 */
export function countryOptions(
  lang: string,
  first: readonly string[] = [],
): { code: string; name: string }[] {
  const locale = displayLocale(lang);
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const options = licenceCountries.map((code) => ({ code, name: names.of(code) ?? code }));
  const collator = new Intl.Collator(locale);
  options.sort((a, b) => collator.compare(a.name, b.name));
  const top = first.flatMap((code) => options.filter((o) => o.code === code));
  return [...top, ...options.filter((o) => !first.includes(o.code))];
}

/** The phone's languages, when there is a browser to ask. */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** One country's name in the visitor's language. */
export function countryName(code: string, lang: string): string {
  return new Intl.DisplayNames([displayLocale(lang)], { type: 'region', fallback: 'code' }).of(code) ?? code;
}
