import { useTranslation } from '../../lib/use-translation';
import { formatSatang } from '../../lib/money';

const locales: Record<string, string> = { th: 'th-TH', en: 'en-GB', zh: 'zh-CN' };

/** ฿ amounts from satang, and dates with the weekday (Buddhist year in Thai), in the active language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const locale = locales[lang] ?? 'en-GB';
  const dateFmt = new Intl.DateTimeFormat(lang === 'th' ? 'th-TH-u-ca-buddhist' : locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateTimeFmt = new Intl.DateTimeFormat(lang === 'th' ? 'th-TH-u-ca-buddhist' : locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  });
  return {
    lang,
    baht: formatSatang,
    date: (iso: string) => dateFmt.format(new Date(`${iso}T00:00:00Z`)),
    dateTime: (iso: string) => dateTimeFmt.format(new Date(iso)),
  };
}
