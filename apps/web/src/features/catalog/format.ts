import { bangkokToday } from '@siam/contract/catalog-rules';

const locales: Record<string, string> = { th: 'th-TH', en: 'en-GB', zh: 'zh-CN' };

/** ฿1,290 in the reader's language (Intl.NumberFormat). */
export function formatBaht(amount: string | number, lang: string): string {
  return new Intl.NumberFormat(locales[lang] ?? 'en-GB', {
    style: 'currency',
    currency: 'THB',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: Number(amount) % 1 === 0 ? 0 : 2,
  }).format(Number(amount));
}

export function formatNumber(n: number, lang: string): string {
  return new Intl.NumberFormat(locales[lang] ?? 'en-GB').format(n);
}

/** A date with its weekday; Thai readers see the Buddhist year. */
export function formatDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'th' ? 'th-TH-u-ca-buddhist' : (locales[lang] ?? 'en-GB'), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** Today in Bangkok, for the date inputs' minimum. */
export const todayInBangkok = () => bangkokToday();

export const defaultCarImage = '/images/cars/default.svg';

/**
 * The pictures a car card tries, in the spec's order (§2): the cover, else
 * the first image, else a picture named by the model id, else the default.
 * A picture that fails to load moves on to the next one.
 */
export function carImageCandidates(car: {
  car_model_id: number;
  cover_image: string | null;
  image_path: string[];
}): string[] {
  const list = [car.cover_image, car.image_path[0], `/images/cars/model-${car.car_model_id}.svg`];
  return [...new Set(list.filter((u): u is string => Boolean(u))), defaultCarImage];
}
