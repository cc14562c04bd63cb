import { describe, expect, it } from 'vitest';
import {
  cancellationFee,
  isRealDate,
  lateCancellationFee,
  percentOf,
  priceBooking,
  rentalDays,
  toBaht,
  toSatang,
  vatPart,
} from './pricing';

// Issue 19: the promotions page says "10% off the rental price"; the price must say the same.
const base = {
  days: 3,
  pricePerDay: 100_000, // ฿1,000
  hotDealPercent: null,
  addons: [{ code: 'gps', label: 'GPS', pricePerDay: 10_000, quantity: 1 }], // ฿100 a day
};

describe('priceBooking: promotion codes', () => {
  it('takes a percent code off the rental price only, never the extras', () => {
    const price = priceBooking({ ...base, promo: { code: 'SAVE10', kind: 'percent', value: 10 } });
    expect(price.rentalAmount).toBe(300_000);
    expect(price.addonsAmount).toBe(30_000);
    expect(price.promoDiscount).toBe(30_000);
    expect(price.total).toBe(300_000);
  });

  it('takes a percent code off the rental after the hot deal', () => {
    const price = priceBooking({
      ...base,
      hotDealPercent: 20,
      promo: { code: 'SAVE10', kind: 'percent', value: 10 },
    });
    expect(price.hotDealDiscount).toBe(60_000);
    expect(price.promoDiscount).toBe(24_000);
    expect(price.total).toBe(300_000 - 60_000 + 30_000 - 24_000);
  });

  it('caps a fixed-amount code at the rental: the extras are still paid', () => {
    const price = priceBooking({
      days: 1,
      pricePerDay: 40_000,
      hotDealPercent: null,
      addons: base.addons,
      promo: { code: 'NEWUSER', kind: 'amount', value: 50_000 },
    });
    expect(price.promoDiscount).toBe(40_000);
    expect(price.total).toBe(10_000);
  });
});

// The money arithmetic every price, refund and invoice uses, worked out by hand.
describe('baht and satang', () => {
  it('reads the numeric(12,2) text the database writes, exactly', () => {
    expect(toSatang('1290.00')).toBe(129_000);
    expect(toSatang('1290.5')).toBe(129_050);
    expect(toSatang('1290')).toBe(129_000);
    expect(toSatang(' 12.34 ')).toBe(1_234);
    expect(toSatang('0.05')).toBe(5);
    expect(toSatang('-5.01')).toBe(-501);
    expect(toSatang(12.5)).toBe(1_250);
    expect(toSatang(0.1 + 0.2)).toBe(30);
    for (const bad of ['abc', '1.234', '1,290.00', '', '12.'])
      expect(() => toSatang(bad)).toThrow('Not an amount');
  });
  it('writes satang as baht with two decimals, and refuses part of a satang', () => {
    expect(toBaht(129_000)).toBe('1290.00');
    expect(toBaht(1_250)).toBe('12.50');
    expect(toBaht(5)).toBe('0.05');
    expect(toBaht(0)).toBe('0.00');
    expect(toBaht(-501)).toBe('-5.01');
    expect(() => toBaht(1.5)).toThrow('Satang must be whole: 1.5');
  });
  it('takes a percentage half up, the percentage itself to two decimals', () => {
    expect(percentOf(300_000, 10)).toBe(30_000);
    expect(percentOf(99_999, 15)).toBe(15_000); // 14,999.85
    expect(percentOf(12_345, 12.5)).toBe(1_543); // 1,543.125
    expect(percentOf(1, 50)).toBe(1); // 0.5 up
    expect(percentOf(10_000, 7.255)).toBe(726); // 7.255 % is 725.5 satang in floating point only as 725.4999…
  });
  it('finds the VAT inside a price as 7/107 of it', () => {
    expect(vatPart(1_070_000)).toBe(70_000); // ฿10,700 → ฿700.00
    expect(vatPart(107)).toBe(7);
    expect(vatPart(100)).toBe(7); // 6.54
    expect(vatPart(53)).toBe(3); // 3.47
    expect(vatPart(0)).toBe(0);
  });
  it('counts rental days as calendar days between the dates, and knows a real date', () => {
    expect(rentalDays('2026-04-11', '2026-04-14')).toBe(3);
    expect(rentalDays('2026-02-27', '2026-03-01')).toBe(2);
    expect(isRealDate('2026-04-11')).toBe(true);
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
    expect(isRealDate('abc')).toBe(false);
  });
});

describe('priceBooking: the whole price', () => {
  it('rules, hot deal, extras, an amount code and fees, and the VAT inside the total', () => {
    // Rental 3 × 100,000 = 300,000; rules +20,000 → 320,000; hot deal 10 % → -32,000 → 288,000;
    // GPS 10,000 × 2 × 3 days = 60,000; code -50,000; fees 30,000 + 20,000 = 50,000.
    // Total 288,000 + 60,000 - 50,000 + 50,000 = 348,000; VAT 348,000 × 7/107 = 22,766.36 → 22,766.
    expect(
      priceBooking({
        days: 3,
        pricePerDay: 100_000,
        rulesAmount: 20_000,
        hotDealPercent: 10,
        addons: [{ code: 'gps', label: 'GPS', pricePerDay: 10_000, quantity: 2 }],
        promo: { code: 'FLAT500', kind: 'amount', value: 50_000 },
        fees: [
          { code: 'delivery', label: 'Delivery', amount: 30_000 },
          { code: 'one_way', label: 'One-way', amount: 20_000 },
        ],
      }),
    ).toEqual({
      rentalAmount: 300_000,
      hotDealDiscount: 32_000,
      addons: [{ code: 'gps', label: 'GPS', quantity: 2, pricePerDay: 10_000, amount: 60_000 }],
      addonsAmount: 60_000,
      promoDiscount: 50_000,
      fees: [
        { code: 'delivery', label: 'Delivery', amount: 30_000 },
        { code: 'one_way', label: 'One-way', amount: 20_000 },
      ],
      feesAmount: 50_000,
      total: 348_000,
      vat: 22_766,
    });
  });
  it('with nothing but the days: no deal, no code, no fees', () => {
    expect(
      priceBooking({ days: 2, pricePerDay: 53_500, hotDealPercent: null, addons: [], promo: null }),
    ).toEqual({
      rentalAmount: 107_000,
      hotDealDiscount: 0,
      addons: [],
      addonsAmount: 0,
      promoDiscount: 0,
      fees: [],
      feesAmount: 0,
      total: 107_000,
      vat: 7_000,
    });
  });
});

describe('cancellation fee (free for 24 hours after booking or while unpaid; then 10 %, at least ฿500, at most the total)', () => {
  const createdAt = new Date('2026-04-01T10:00:00+07:00');
  const at = (ms: number) => new Date(createdAt.getTime() + ms);
  it('is free up to the 24th hour and while nothing is paid', () => {
    expect(cancellationFee({ total: 1_000_000, paid: true, createdAt, now: at(24 * 3_600_000) })).toBe(0);
    expect(cancellationFee({ total: 1_000_000, paid: false, createdAt, now: at(48 * 3_600_000) })).toBe(0);
  });
  it('then costs 10 % of the total, at least ฿500, never more than the total', () => {
    const late = at(24 * 3_600_000 + 1);
    expect(cancellationFee({ total: 1_000_000, paid: true, createdAt, now: late })).toBe(100_000);
    expect(cancellationFee({ total: 300_000, paid: true, createdAt, now: late })).toBe(50_000);
    expect(cancellationFee({ total: 30_000, paid: true, createdAt, now: late })).toBe(30_000);
    expect(lateCancellationFee(600_000)).toBe(60_000);
    expect(lateCancellationFee(499_999)).toBe(50_000);
  });
});
