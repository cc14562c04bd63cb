import { bangkokToday } from '@siam/contract/catalog-rules';

const locales: Record<string, string> = { th: 'th-TH', en: 'en-GB', zh: 'zh-CN' };

/**
 * Building an Intl formatter costs far more than using one (it loads locale
 * data); a listing formats dozens of prices per render, so each formatter is
 * made once per language and kind.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

/** ฿1,290 in the reader's language (Intl.NumberFormat). */
export function formatBaht(amount: string | number, lang: string): string {
  const whole = Number(amount) % 1 === 0;
  return formatter(
    `baht:${lang}:${whole}`,
    () =>
      new Intl.NumberFormat(locales[lang] ?? 'en-GB', {
        style: 'currency',
        currency: 'THB',
        currencyDisplay: 'narrowSymbol',
        maximumFractionDigits: whole ? 0 : 2,
      }),
  ).format(Number(amount));
}

export function formatNumber(n: number, lang: string): string {
  return formatter(`number:${lang}`, () => new Intl.NumberFormat(locales[lang] ?? 'en-GB')).format(n);
}

/** A date with its weekday; Thai readers see the Buddhist year. */
export function formatDate(iso: string, lang: string): string {
  return formatter(
    `date:${lang}`,
    () =>
      new Intl.DateTimeFormat(lang === 'th' ? 'th-TH-u-ca-buddhist' : (locales[lang] ?? 'en-GB'), {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  ).format(new Date(`${iso}T00:00:00Z`));
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
