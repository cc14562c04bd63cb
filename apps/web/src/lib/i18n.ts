import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, languages } from '@siam/contract/languages';

// Each namespace of each language is its own small chunk, fetched when a
// screen first needs it: the home page never downloads the booking texts.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export const i18nReady = i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .use({
    type: 'backend',
    read(language: string, namespace: string, callback: (error: unknown, data?: unknown) => void) {
      const load = bundles[`../locales/${language}/${namespace}.json`];
      if (!load) return callback(new Error(`No texts for ${language}/${namespace}`));
      load().then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error),
      );
    },
  })
  .init({
    supportedLngs: [...languages],
    // th-TH → th, zh-CN → zh
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: fallbackLanguage,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    detection: {
      // The spec's order: ?lng=, cookie, localStorage, sessionStorage, browser, <html lang>.
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      // The cookie lets the server write the page's <html lang>, title and text preloads in the same language.
      caches: ['localStorage', 'cookie'],
      cookieOptions: { path: '/', sameSite: 'lax' },
      cookieMinutes: 60 * 24 * 365,
      // th-TH → th, zh-CN → zh: the app, <html lang> and the cache all use the short code.
      convertDetectedLanguage: (lng: string) => lng.split('-')[0]!.toLowerCase(),
    },
    react: { useSuspense: true },
  });

function reflectLanguage(lng: string) {
  document.documentElement.lang = lng;
}
i18n.on('languageChanged', reflectLanguage);
if (i18n.resolvedLanguage) reflectLanguage(i18n.resolvedLanguage);

export { i18n };
