import { describe, expect, it } from 'vitest';
import { formatBaht } from '../../lib/money';
import { carImageCandidates, defaultCarImage, formatNumber } from './format';

const locales = { th: 'th-TH', en: 'en-GB', zh: 'zh-CN' } as const;
const values = [0, 1, 12, 999, 1000, 1290, 1234567.891, -1500, 1000000, 99.999, 0.5, -0.25, 12.3456];

// format.ts writes numbers out by hand (an Intl formatter is slow to build on a
// phone); they must read exactly as Intl would write them, in every language.
describe.each(Object.entries(locales))('in %s', (lang, locale) => {
  it('formatBaht matches Intl', () => {
    for (const value of [...values, '1290.00', '1290.50', '2450.10']) {
      const whole = Number(value) % 1 === 0;
      const intl = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'THB',
        currencyDisplay: 'narrowSymbol',
        maximumFractionDigits: whole ? 0 : 2,
      }).format(Number(value));
      expect(formatBaht(value)).toBe(intl);
    }
  });

  it('formatNumber matches Intl', () => {
    for (const value of values) {
      expect(formatNumber(value, lang)).toBe(new Intl.NumberFormat(locale).format(value));
    }
  });
});

describe('formatBaht', () => {
  it('keeps the satang a price has: ฿756.50 is never "฿757"', () => {
    expect(formatBaht('756.50')).toBe('฿756.50');
    expect(formatBaht(1290)).toBe('฿1,290');
  });
});

describe('carImageCandidates', () => {
  it('tries the cover, then the first picture, then the drawing its model id picks, then the default', () => {
    expect(carImageCandidates({ car_model_id: 7, cover_image: '/a.webp', image_path: ['/b.webp'] })).toEqual([
      '/a.webp',
      '/b.webp',
      '/images/cars/fallback-1.svg',
      defaultCarImage,
    ]);
  });

  it('gives a car without pictures the fallback drawing its model id picks (spec §2), one per id, then the default', () => {
    const noPictures = (id: number) =>
      carImageCandidates({ car_model_id: id, cover_image: null, image_path: [] });
    expect(noPictures(1)).toEqual(['/images/cars/fallback-1.svg', defaultCarImage]);
    expect(noPictures(2)).toEqual(['/images/cars/fallback-2.svg', defaultCarImage]);
    expect(noPictures(6)).toEqual(['/images/cars/fallback-6.svg', defaultCarImage]);
    expect(noPictures(7)).toEqual(['/images/cars/fallback-1.svg', defaultCarImage]);
    expect(noPictures(14)).toEqual(['/images/cars/fallback-2.svg', defaultCarImage]);
    expect(defaultCarImage).toBe('/images/cars/default.svg');
  });
});
