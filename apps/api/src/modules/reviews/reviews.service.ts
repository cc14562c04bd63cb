import type { FastifyBaseLogger } from 'fastify';
import type { Review } from '@siam/contract/content';
import type { AccountDataContributor } from '../auth/account.service';
import type { Language } from '@siam/contract/languages';
import { AppError, notFound } from '../../lib/app-error';
import { type CouponIssuer, type ReviewEligibility, generatedCoupons, noBookingsYet } from './reviews.ports';
import type { Actor, AuditService } from '../audit/audit.service';
import type { ModerationRecorder, ReviewRow, ReviewsRepository } from './reviews.repository';

/** What the audit log keeps of a review's moderation. */
const moderationSnapshot = (row: ReviewRow) => ({
  status: row.status,
  bookingId: row.bookingId,
  rating: row.rating,
  reviewedBy: row.reviewedBy,
});

const verifiedRenter = { th: 'ลูกค้าที่เช่ารถกับเรา', en: 'Verified renter', zh: '已租车客户' };

export function toReview(row: ReviewRow, lang: Language): Review {
  return {
    id: row.id,
    bookingId: row.bookingId,
    rating: row.rating,
    text: row.text,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    coupon: row.couponCode
      ? {
          code: row.couponCode,
          description: row.couponDescription?.[lang] ?? row.couponDescription?.en ?? '',
        }
      : null,
  };
}

/**
 * Customer reviews: one per booking, after the car was picked up; a one-time
 * coupon as thanks; published as a testimonial only once staff approve it.
 */
export class ReviewsService {
  constructor(
    private readonly repository: ReviewsRepository,
    private readonly audit?: AuditService,
    private eligibility: ReviewEligibility = noBookingsYet,
    private coupons: CouponIssuer = generatedCoupons,
  ) {}

  /** Called once in services.ts after merge, with the bookings and promotions services' answers. */
  wire(ports: { eligibility?: ReviewEligibility; coupons?: CouponIssuer }): void {
    if (ports.eligibility) this.eligibility = ports.eligibility;
    if (ports.coupons) this.coupons = ports.coupons;
  }

  async submit(
    userId: number,
    bookingId: number,
    input: { rating: number; text: string },
    language: Language,
    log?: FastifyBaseLogger,
  ): Promise<Review> {
    const answer = await this.eligibility.check(userId, bookingId);
    if (!answer.allowed) {
      if (answer.reason === 'not_found') throw notFound('Booking');
      throw new AppError('CONFLICT', 'You can review a booking once the car has been picked up');
    }
    const conflict = () => new AppError('CONFLICT', 'This booking already has a review');
    if (await this.repository.findByBooking(bookingId)) throw conflict();
    const created = await this.repository.insert({
      bookingId,
      userId,
      carModelId: answer.carModelId,
      rating: input.rating,
      text: input.text,
      language,
    });
    if (!created) throw conflict();
    let row = created;
    try {
      const coupon = await this.coupons.issue(userId, created.id);
      await this.repository.setCoupon(created.id, coupon.code, coupon.description);
      row = { ...created, couponCode: coupon.code, couponDescription: coupon.description };
    } catch (err) {
      // The review stands; staff can send the coupon by hand (the log names the review).
      log?.error({ err, reviewId: created.id }, 'review stored but the coupon could not be issued');
    }
    return toReview(row, language);
  }

  async mine(userId: number, language: Language): Promise<Review[]> {
    return (await this.repository.byUser(userId)).map((r) => toReview(r, language));
  }

  async forStaff(status: ReviewRow['status'] | undefined, language: Language) {
    const rows = await this.repository.forStaff(status);
    return rows.map((r) => ({
      ...toReview(r.review, language),
      userId: r.review.userId,
      customerName: `${r.firstName} ${r.lastName}`.trim(),
      customerEmail: r.email,
    }));
  }

  /** The customer's reviews in their data export, and gone when they erase their account (PDPA). */
  accountData(): AccountDataContributor {
    return {
      name: 'reviews',
      export: async (userId) => (await this.repository.byUser(userId)).map((r) => toReview(r, r.language)),
      erase: (userId) => this.repository.deleteByUser(userId),
    };
  }

  private recorder(actor: Actor, action: 'review.approve' | 'review.reject'): ModerationRecorder {
    return async (tx, before, after) => {
      await this.audit?.record(tx, actor, {
        entity: 'review',
        entityId: after.id,
        action,
        before: moderationSnapshot(before),
        after: moderationSnapshot(after),
      });
    };
  }

  /** Approves a review (it shows among the testimonials); audited with who did it. */
  async approve(reviewId: number, actor: Actor & { id: number }): Promise<void> {
    const review = await this.repository.findById(reviewId);
    if (!review) throw notFound('Review');
    const user = await this.repository.userName(review.userId);
    // First name and initial only: a testimonial never shows a customer's full name.
    const initial = user?.lastName.trim().charAt(0);
    const publicName = `${user?.firstName.trim() || 'Customer'}${initial ? ` ${initial}.` : ''}`;
    const done = await this.repository.approve(
      reviewId,
      actor.id,
      publicName,
      verifiedRenter,
      this.recorder(actor, 'review.approve'),
    );
    if (!done) throw notFound('Review');
  }

  /** Hides a review (withdrawn from the testimonials); audited with who did it. */
  async reject(reviewId: number, actor: Actor & { id: number }): Promise<void> {
    if (!(await this.repository.reject(reviewId, actor.id, this.recorder(actor, 'review.reject'))))
      throw notFound('Review');
  }
}
