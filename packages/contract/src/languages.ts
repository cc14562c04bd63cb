export const languages = ['th', 'en', 'zh'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Picks the answer language the way the API promises: `?lng=` first, then the
 * first supported tag of Accept-Language (`th-TH` → th, `zh-CN` → zh), else English.
 */
export function pickLanguage(lng: unknown, acceptLanguage: string | undefined): Language {
  if (typeof lng === 'string') {
    const base = lng.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return fallbackLanguage;
}
