import type { LanguageDetectorModule } from 'i18next';
import { fallbackLanguage, isLanguage, type Language } from '@siam/contract/languages';

/**
 * Which language a visitor reads, in the order the spec asks for: `?lng=`, the
 * `i18next` cookie, localStorage (`i18nextLng`), sessionStorage, the browser's
 * languages, then `<html lang>`. A page the server rendered puts `<html lang>`
 * first: the server already chose by the same rules (and Accept-Language),
 * and hydration must find the words it wrote. th-TH → th, zh-CN → zh.
 *
 * Our own, not i18next-browser-languagedetector: that library reads eight
 * sources generically and was 3 KB of every visitor's first download, which
 * the home page's 130 KB budget could not carry (docs/decisions/0009).
 */
const cookieName = 'i18next';
const storageKey = 'i18nextLng';
const oneYear = 365 * 24 * 3600;

/** One of our languages from a tag such as "th-TH", or undefined. */
function ours(tag: string | null | undefined): Language | undefined {
  const short = tag?.split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(short) ? short : undefined;
}

function stored(storage: () => Storage): string | null {
  try {
    return storage().getItem(storageKey);
  } catch {
    return null; // storage switched off (private mode, a blocked cookie policy)
  }
}

/** A cookie value as written; a malformed one (`%E0`) is no choice rather than a blank page. */
function cookieValue(name: string): string {
  const raw = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie)?.[1] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/** The language the visitor chose themselves (the address, the cookie, the site's storage), if any. */
export function visitorChoice(): Language | undefined {
  return (
    ours(new URLSearchParams(window.location.search).get('lng')) ??
    ours(cookieValue(cookieName)) ??
    ours(stored(() => window.localStorage)) ??
    ours(stored(() => window.sessionStorage))
  );
}

export function detectLanguage(serverRendered: boolean): Language {
  const htmlTag = () => ours(document.documentElement.lang);
  const sources = [
    ...(serverRendered ? [htmlTag] : []),
    visitorChoice,
    () => [...(navigator.languages ?? []), navigator.language].map(ours).find(Boolean),
    htmlTag,
  ];
  for (const source of sources) {
    const language = source();
    if (language) return language;
  }
  return fallbackLanguage;
}

/** Keeps the choice for the next visit: localStorage for the site, the cookie for the server's pages. */
export function rememberLanguage(language: string): void {
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // storage switched off: the cookie still carries it
  }
  document.cookie = `${cookieName}=${encodeURIComponent(language)}; path=/; max-age=${oneYear}; samesite=lax`;
}

export function languageDetector(serverRendered: boolean): LanguageDetectorModule {
  // A server-rendered page starts in the server's language (hydration must find its words);
  // that is not the visitor's choice, so i18next's first "cache this" is not written over it,
  // unless the address chose it (`?lng=`): then the next page, even one reached through a plain
  // link before the page was live (a footer not yet hydrated), is in that language too.
  let adopting = serverRendered && !ours(new URLSearchParams(window.location.search).get('lng'));
  return {
    type: 'languageDetector',
    detect: () => detectLanguage(serverRendered),
    cacheUserLanguage: (language) => {
      if (adopting) adopting = false;
      else rememberLanguage(language);
    },
  };
}
