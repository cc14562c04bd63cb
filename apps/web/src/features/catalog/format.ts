import { bangkokToday } from '@siam/contract/bangkok-time';
import { grouped } from '../../lib/money';
import { defaultCarPicture, fallbackCarPicture } from '@siam/contract/images';

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

/** 1,234 in the reader's language (written out like formatBaht; the same as Intl's, format.test.ts). */
export function formatNumber(n: number, _lang: string): string {
  // Like Intl's default: at most 3 decimals, no trailing zeros.
  return n % 1 === 0 ? grouped(n, 0) : grouped(n, 3).replace(/\.?0+$/, '');
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

export const defaultCarImage = defaultCarPicture;

/**
 * The pictures a car card tries, in the spec's order (§2): the cover, else the first image, else the
 * fallback drawing its model id picks (contract images.ts fallbackCarPicture), else the default.
 * A picture that fails to load moves on to the next one.
 */
export function carImageCandidates(car: {
  car_model_id: number;
  cover_image: string | null;
  image_path: string[];
}): string[] {
  const list = [car.cover_image, car.image_path[0], fallbackCarPicture(car.car_model_id)];
  return [...new Set(list.filter((u): u is string => Boolean(u))), defaultCarImage];
}
