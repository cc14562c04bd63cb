import { sql } from 'drizzle-orm';
import { seatCodes, type SeatCode } from '@siam/contract/child-seats';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import type { LocalizedText } from '../../db/schema/localized';

/**
 * The branches' child seats (seat_stock, migration 2050). What a booking takes is its booking_addons
 * rows; the database refuses more than the stock (check_seat_stock), this reads and sets the stock.
 */
export class SeatsRepository {
  constructor(readonly db: Db) {}

  /** Every active branch with its stock per kind (0 where none is set). */
  async stock(ex: Executor, branchCode?: string) {
    return rows<{ code: string; name: LocalizedText; seat_code: SeatCode | null; quantity: number | null }>(
      ex,
      sql`SELECT b.code, b.name, s.seat_code, s.quantity
            FROM branches b LEFT JOIN seat_stock s ON s.branch_code = b.code
           WHERE b.is_active ${branchCode === undefined ? sql`` : sql`AND b.code = ${branchCode}`}
           ORDER BY b.code, s.seat_code`,
    );
  }

  async branchExists(ex: Executor, branchCode: string) {
    const found = await rows<{ code: string }>(ex, sql`SELECT code FROM branches WHERE code = ${branchCode}`);
    return found.length > 0;
  }

  /** Sets a branch's stock of every kind (in the kinds' order, as the booking trigger locks them). */
  async setStock(ex: Executor, branchCode: string, stock: Record<SeatCode, number>) {
    for (const seat of seatCodes)
      await ex.execute(
        sql`INSERT INTO seat_stock (branch_code, seat_code, quantity) VALUES (${branchCode}, ${seat}, ${stock[seat]})
            ON CONFLICT (branch_code, seat_code) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`,
      );
  }

  /**
   * How many seats of each kind are free at a branch for the whole of [from, to): its stock less the
   * most out at once (seats_in_use, migration 2050). A read, not a promise: the booking's insert decides.
   */
  async left(ex: Executor, branchCode: string, from: Date, to: Date) {
    return rows<{ seat_code: SeatCode; left: number }>(
      ex,
      sql`SELECT k.seat_code,
                 greatest(coalesce(s.quantity, 0)
                   - seats_in_use(${branchCode}, k.seat_code, ${from.toISOString()}::timestamptz,
                                  ${to.toISOString()}::timestamptz, NULL), 0)::int AS left
            FROM unnest(${sql.raw(`ARRAY['${seatCodes.join("','")}']`)}::text[]) AS k(seat_code)
            LEFT JOIN seat_stock s ON s.branch_code = ${branchCode} AND s.seat_code = k.seat_code`,
    );
  }
}
