import type { FeeLine } from '@siam/contract/delivery';
import { businessRules } from '@siam/contract/business-rules';
import { daysBetween } from '@siam/contract/bangkok-time';
import { cancellationRule } from '@siam/contract/rental-rules';

/** Baht as the database writes numeric(12,2) ("1290.00") → integer satang, exactly. */
export function toSatang(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${text}`);
  const satang = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -satang : satang;
}

/** Integer satang → the numeric(12,2) text the database takes. */
export function toBaht(satang: number): string {
  if (!Number.isInteger(satang)) throw new Error(`Satang must be whole: ${satang}`);
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Half-up rounding of a non-negative amount × percent / 100, in satang. */
export function percentOf(satang: number, percent: number): number {
  return Math.round((satang * Math.round(percent * 100)) / 10_000);
}

/** The VAT inside a price that includes it (7/107), rounded to the satang. */
export const vatPart = (satang: number) =>
  Math.round((satang * businessRules.vatPercent) / (100 + businessRules.vatPercent));

export interface PriceInput {
  days: number;
  pricePerDay: number; // satang
  hotDealPercent: number | null;
  addons: { code: string; label: string; pricePerDay: number; quantity: number }[];
  promo: { code: string; kind: 'percent' | 'amount'; value: number } | null; // amount: satang
  /** What the pricing rules add to (or take off) the rental, satang (pricing-rules.ts). */
  rulesAmount?: number;
  /** One-way, delivery and collection fees (satang): added whole, never discounted. */
  fees?: { code: FeeLine['code']; label: string; amount: number }[];
}

export interface PriceBreakdown {
  rentalAmount: number;
  hotDealDiscount: number;
  addons: { code: string; label: string; quantity: number; pricePerDay: number; amount: number }[];
  addonsAmount: number;
  promoDiscount: number;
  fees: { code: FeeLine['code']; label: string; amount: number }[];
  feesAmount: number;
  total: number;
  vat: number;
}

/**
 * The one price rule (prices include VAT):
 * rental = days × daily price, shaped by the pricing rules (seasons, weekends, duration tiers);
 * a running hot deal takes its percent off that;
 * add-ons = per-day price × quantity × days; a promotion code then takes its percent
 * (or its fixed amount, never more than the rental left) off the rental only, as the
 * promotions page promises ("10% off the rental price"): extras are never discounted, nor are the
 * one-way, delivery and collection fees, added last.
 * VAT is the 7/107 part of the total.
 */
export function priceBooking(input: PriceInput): PriceBreakdown {
  const rentalAmount = input.days * input.pricePerDay;
  const rentalAfterRules = rentalAmount + (input.rulesAmount ?? 0);
  const hotDealDiscount = input.hotDealPercent ? percentOf(rentalAfterRules, input.hotDealPercent) : 0;
  const addons = input.addons.map((a) => ({
    code: a.code,
    label: a.label,
    quantity: a.quantity,
    pricePerDay: a.pricePerDay,
    amount: a.pricePerDay * a.quantity * input.days,
  }));
  const addonsAmount = addons.reduce((sum, a) => sum + a.amount, 0);
  const rentalAfterDeal = rentalAfterRules - hotDealDiscount;
  let promoDiscount = 0;
  if (input.promo)
    promoDiscount =
      input.promo.kind === 'percent'
        ? percentOf(rentalAfterDeal, input.promo.value)
        : Math.min(input.promo.value, rentalAfterDeal);
  const fees = input.fees ?? [];
  const feesAmount = fees.reduce((sum, f) => sum + f.amount, 0);
  const total = rentalAfterDeal + addonsAmount - promoDiscount + feesAmount;
  const vat = vatPart(total);
  return { rentalAmount, hotDealDiscount, addons, addonsAmount, promoDiscount, fees, feesAmount, total, vat };
}

/**
 * The cancellation rule in the terms: free within 24 hours after booking, and
 * free while nothing has been paid; otherwise 10 % of the total, at least ฿500,
 * never more than the total.
 */
export function cancellationFee(input: { total: number; paid: boolean; createdAt: Date; now: Date }): number {
  const freeUntil = input.createdAt.getTime() + cancellationRule.freeHours * 3_600_000;
  if (!input.paid || input.now.getTime() <= freeUntil) return 0;
  return lateCancellationFee(input.total);
}

/** What cancelling a paid booking costs once the free period is over. */
export function lateCancellationFee(total: number): number {
  return Math.min(
    total,
    Math.max(percentOf(total, cancellationRule.feePercent), cancellationRule.minFeeSatang),
  );
}

export function isRealDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** Rental days = return date − pickup date in calendar days (0 or less: not a rental). */
export const rentalDays = daysBetween;
