/**
 * Prices shown in another currency (issue 18, part 5; docs/decisions/1803). Every booking is
 * priced and charged in Thai baht; a visitor may choose to see prices in yuan, dollars or euros
 * as a guide, at rates the company's admins set (typed in, or imported from a file) — never fetched
 * at run time. Free of zod: the listing and the car page carry it.
 */

export const foreignCurrencies = ['CNY', 'USD', 'EUR'] as const;
export type ForeignCurrency = (typeof foreignCurrencies)[number];
export const displayCurrencies = ['THB', ...foreignCurrencies] as const;
export type DisplayCurrency = (typeof displayCurrencies)[number];

export const isDisplayCurrency = (value: unknown): value is DisplayCurrency =>
  typeof value === 'string' && (displayCurrencies as readonly string[]).includes(value);

/** Baht for one unit of each currency, as Thai banks quote them ("4.85"), or null: not offered. */
export type ExchangeRates = Record<ForeignCurrency, string | null>;

export const currencySymbols: Record<DisplayCurrency, string> = { THB: '฿', CNY: '¥', USD: 'US$', EUR: '€' };

/** A rate as admins type it: baht per unit, up to 4 decimals, more than 0 and below 10,000. */
export const RATE_PATTERN = /^\d{1,4}(\.\d{1,4})?$/;
export const isRate = (text: string) => RATE_PATTERN.test(text) && Number(text) > 0;

/** Baht → the currency, at baht-per-unit `rate`: whole units from 100 up, else cents (a guide, not a charge). */
export function convertBaht(baht: number, rate: string): { amount: number; fractionDigits: 0 | 2 } {
  const amount = baht / Number(rate);
  return Math.abs(amount) >= 100
    ? { amount: Math.round(amount), fractionDigits: 0 }
    : { amount: Math.round(amount * 100) / 100, fractionDigits: 2 };
}

/**
 * A rates file as admins import it: one `CODE,rate` per line (baht per unit; a header line,
 * blank lines and `#` comments are skipped; `;` or a tab may separate). Returns the rates read
 * and the numbers of the lines that could not be read, so the page can say which.
 */
export function parseRatesFile(text: string): {
  rates: Partial<Record<ForeignCurrency, string>>;
  badLines: number[];
} {
  const rates: Partial<Record<ForeignCurrency, string>> = {};
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (!line || line.startsWith('#')) return;
    const [code = '', rate = '', ...rest] = line
      .split(/[,;\t]/)
      .map((cell) => cell.trim().replace(/^"|"$/g, ''));
    const upper = code.toUpperCase();
    if (index === 0 && !/^\d/.test(rate)) return; // a header such as "currency,baht_per_unit"
    if ((foreignCurrencies as readonly string[]).includes(upper) && isRate(rate) && rest.every((c) => !c)) {
      rates[upper as ForeignCurrency] = rate;
    } else badLines.push(index + 1);
  });
  return { rates, badLines };
}
