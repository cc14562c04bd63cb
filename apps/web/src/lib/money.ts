/**
 * Money as the site writes it, in every language: ฿1,290, or ฿1,290.50 when there
 * are satang (never rounded away: a price that says ฿757 must not cost ฿756.50).
 * One symbol everywhere, so a price never reads "฿" on one screen and "THB" on the next.
 */

/** 1234567.5 → "1,234,567.5": Thai, English and Chinese all group by thousands with a comma. */
export function grouped(n: number, fractionDigits: number): string {
  const [whole = '0', fraction] = Math.abs(n).toFixed(fractionDigits).split('.');
  return `${n < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Baht (a number or the API's "1290.50") → "฿1,290.50". Written out rather than
 * asked of Intl: building an Intl number formatter costs a phone 30-50 ms of one
 * frozen frame on first use, right while the page comes to life; format.test.ts
 * holds the output to Intl's narrow-symbol form.
 */
export function formatBaht(amount: string | number): string {
  const n = Number(amount);
  const text = grouped(n, n % 1 === 0 ? 0 : 2);
  return n < 0 ? `-฿${text.slice(1)}` : `฿${text}`;
}

/** Satang (the API's integer amounts) → "฿1,290.50". */
export const formatSatang = (satang: number): string => formatBaht(satang / 100);
