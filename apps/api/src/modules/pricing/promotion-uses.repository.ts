import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql-rows';

/**
 * The uses of promotion codes (pricing's tables, decision 3304): a code's use taken and recorded when a
 * booking is made (rentals' checkout), given back when an unpaid one is cancelled, and the personal
 * one-use codes a review earns (bookings' issuePersonalCoupon). Reached through `PricingService.promotions`,
 * in the caller's transaction.
 */
export class PromotionUsesRepository {
  /** Takes one use of a code, atomically: false when it ran out or expired meanwhile. */
  async consumePromotion(ex: Executor, promotionId: number) {
    const taken = await rows<{ id: number }>(
      ex,
      sql`UPDATE promotion_codes SET uses_count = uses_count + 1
          WHERE id = ${promotionId} AND is_active AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
            AND (max_uses IS NULL OR uses_count < max_uses)
          RETURNING id`,
    );
    return taken.length === 1;
  }

  async releasePromotion(ex: Executor, bookingId: number) {
    await ex.execute(
      sql`UPDATE promotion_codes p SET uses_count = greatest(uses_count - 1, 0)
          FROM promotion_uses u WHERE u.booking_id = ${bookingId} AND u.promotion_id = p.id`,
    );
    await ex.execute(sql`DELETE FROM promotion_uses WHERE booking_id = ${bookingId}`);
  }

  /**
   * Gives back the uses of codes these bookings took (unpaid bookings that expired), in one statement:
   * each code's count goes down by its uses among them.
   */
  async releasePromotionsOf(ex: Executor, bookingIds: number[]) {
    if (bookingIds.length === 0) return;
    await ex.execute(
      sql`WITH uses AS (
            DELETE FROM promotion_uses u WHERE u.booking_id = ANY(${`{${bookingIds.join(',')}}`}::integer[])
            RETURNING u.promotion_id
          )
          UPDATE promotion_codes p SET uses_count = greatest(p.uses_count - c.n, 0)
          FROM (SELECT promotion_id, count(*)::int AS n FROM uses GROUP BY promotion_id) c
          WHERE p.id = c.promotion_id`,
    );
  }

  async recordPromotionUse(
    ex: Executor,
    promotionId: number,
    bookingId: number,
    userId: number | null,
    discount: string,
  ) {
    await ex.execute(
      sql`INSERT INTO promotion_uses (promotion_id, booking_id, user_id, discount)
          VALUES (${promotionId}, ${bookingId}, ${userId}, ${discount})`,
    );
  }

  /** A one-use percentage code that only this customer can redeem. */
  async insertPersonalCode(
    ex: Executor,
    input: { code: string; userId: number; percent: number; endsAt: Date },
  ) {
    await ex.execute(
      sql`INSERT INTO promotion_codes (code, kind, value, max_uses, ends_at, user_id)
          VALUES (${input.code}, 'percent', ${input.percent}, 1, ${input.endsAt}, ${input.userId})`,
    );
  }
}
