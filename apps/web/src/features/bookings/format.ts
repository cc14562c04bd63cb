import { useTranslation } from 'react-i18next';

const locales: Record<string, string> = { th: 'th-TH', en: 'en-GB', zh: 'zh-CN' };

/** ฿ amounts from satang, and dates with the weekday (Buddhist year in Thai), in the active language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const locale = locales[lang] ?? 'en-GB';
  const whole = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'THB',
    maximumFractionDigits: 0,
  });
  const exact = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'THB',
    minimumFractionDigits: 2,
  });
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
    baht: (satang: number) => (satang % 100 === 0 ? whole : exact).format(satang / 100),
    date: (iso: string) => dateFmt.format(new Date(`${iso}T00:00:00Z`)),
    dateTime: (iso: string) => dateTimeFmt.format(new Date(iso)),
  };
}
