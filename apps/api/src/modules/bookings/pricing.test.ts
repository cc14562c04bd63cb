import { describe, expect, it } from 'vitest';
import { priceBooking } from './pricing';

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
