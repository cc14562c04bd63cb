import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ruleTextVariables } from '@siam/contract/rental-rules';
import { fallbackLanguage, languages } from '@siam/contract/languages';
import { languageDetector } from './language-detector';
import { serverRenderedPage } from './server-rendered';

// Each namespace of each language is its own small chunk, fetched when a
// screen first needs it: the home page never downloads the booking texts.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const inBrowser = typeof document !== 'undefined';

// On the server this module is only imported alongside the API client; pages render with their own instance.
// A page the server rendered is in the language the server chose (?lng=, the cookie, then
// Accept-Language) and written in <html lang>; the browser takes that one, so hydration finds the same words.
if (inBrowser) i18n.use(languageDetector(serverRenderedPage));
export const i18nReady = i18n
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
    // React escapes; the rules' figures (transferHours …) are there for every text to name.
    interpolation: { escapeValue: false, defaultVariables: ruleTextVariables },
    react: { useSuspense: true },
  });

function reflectLanguage(lng: string) {
  // Only a real change: writing <html lang> makes the browser restyle the whole page.
  if (inBrowser && document.documentElement.lang !== lng) document.documentElement.lang = lng;
}
i18n.on('languageChanged', reflectLanguage);
if (i18n.resolvedLanguage) reflectLanguage(i18n.resolvedLanguage);

export { i18n };
