import { describe, expect, it } from 'vitest';
import { convertBaht, isDisplayCurrency, isRate, parseRatesFile } from './currencies';

describe('convertBaht', () => {
  it('gives whole units from 100 up and cents below', () => {
    expect(convertBaht(1290, '4.85')).toEqual({ amount: 266, fractionDigits: 0 });
    expect(convertBaht(1290, '34.50')).toEqual({ amount: 37.39, fractionDigits: 2 });
  });
});

describe('rates', () => {
  it('takes baht per unit with up to four decimals, above zero', () => {
    expect(isRate('4.85')).toBe(true);
    expect(isRate('34.1234')).toBe(true);
    expect(isRate('0')).toBe(false);
    expect(isRate('4.12345')).toBe(false);
    expect(isRate('-3')).toBe(false);
    expect(isRate('abc')).toBe(false);
  });
  it('knows the currencies a visitor may pick', () => {
    expect(isDisplayCurrency('CNY')).toBe(true);
    expect(isDisplayCurrency('JPY')).toBe(false);
    expect(isDisplayCurrency(null)).toBe(false);
  });
});

describe('parseRatesFile', () => {
  it('reads a header, comments, separators and lower-case codes, and names the lines it cannot read', () => {
    const file =
      '\uFEFFcurrency,baht_per_unit\r\n# set 20 Nov\nCNY,4.85\n\nusd;34.50\nEUR\t37.2\nJPY,0.23\nEUR,abc\n';
    expect(parseRatesFile(file)).toEqual({
      rates: { CNY: '4.85', USD: '34.50', EUR: '37.2' },
      badLines: [7, 8],
    });
  });
  it('reads a file without a header', () => {
    expect(parseRatesFile('CNY,4.9')).toEqual({ rates: { CNY: '4.9' }, badLines: [] });
  });
});
