import { randomBytes } from 'node:crypto';
import type { Language } from '@siam/contract/languages';

/**
 * What the reviews module needs from the bookings and promotions modules,
 * which are built on another branch. After merging, the lead wires
 * implementations backed by the bookings service (may this customer review
 * this booking?) and the promotion-code service (issue a one-time code tied
 * to the customer) in services.ts via `reviews.wire(...)`.
 */
export type ReviewEligibilityAnswer =
  { allowed: true; carModelId: number | null } | { allowed: false; reason: 'not_found' | 'not_eligible' };

export interface ReviewEligibility {
  /**
   * May `userId` review `bookingId` now? Allowed for the customer's own
   * bookings that are active (car picked up) or completed. A booking that is
   * not theirs answers 'not_found', so nobody learns other people's bookings.
   */
  check(userId: number, bookingId: number): Promise<ReviewEligibilityAnswer>;
}

export interface IssuedCoupon {
  code: string;
  description: Record<Language, string>;
}

export interface CouponIssuer {
  /** Creates a one-time promotion code usable only by `userId`, as thanks for review `reviewId`. */
  issue(userId: number, reviewId: number): Promise<IssuedCoupon>;
}

/** Until the bookings module is wired in, no booking can be reviewed. */
export const noBookingsYet: ReviewEligibility = {
  check: async () => ({ allowed: false, reason: 'not_found' }),
};

export const reviewCouponDescription: Record<Language, string> = {
  th: 'ส่วนลด 10% สำหรับการเช่าครั้งถัดไป ใช้ได้ 1 ครั้ง ภายใน 6 เดือน',
  en: '10% off your next rental, one use, valid for 6 months',
  zh: '下次租车享 9 折，限用一次，6 个月内有效',
};

/**
 * A code generator for the period before the promotion-code service is wired:
 * it makes a unique, unguessable code (stored on the review) but cannot make
 * the booking form accept it; the promotions service's issuer replaces it.
 */
export const generatedCoupons: CouponIssuer = {
  issue: async () => ({
    code: `THANKS-${randomBytes(5).toString('hex').toUpperCase()}`,
    description: reviewCouponDescription,
  }),
};
