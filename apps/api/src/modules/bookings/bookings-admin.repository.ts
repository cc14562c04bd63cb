import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LocalizedText } from '../../db/schema/localized';
import { rows } from '../../db/sql-rows';

export interface SummaryRow {
  id: number;
  booking_number: string;
  status: string;
  brand: LocalizedText;
  model: LocalizedText;
  plate: string | null;
  branch_code: string;
  pickup_date: string;
  return_date: string;
  driver_first_name: string;
  driver_last_name: string;
  driver_email: string;
  payment_method: 'card' | 'bank_transfer' | 'promptpay' | 'wechat_pay' | 'alipay';
  total: number;
  slip_pending: boolean;
  created_ms: number;
}

const summaryColumns = sql`
  b.id, b.booking_number, b.status, m.brand, m.model, u.plate, b.branch_code,
  to_char(b.pickup_date, 'YYYY-MM-DD') AS pickup_date, to_char(b.return_date, 'YYYY-MM-DD') AS return_date,
  b.driver_first_name, b.driver_last_name, b.driver_email, b.payment_method,
  (b.total_amount * 100)::int AS total,
  pf.slip_pending,
  (extract(epoch FROM b.created_at) * 1000)::float8 AS created_ms`;
// "A slip waits" is payments' fact, read from the view it publishes (2151, docs/decisions/3306).
const summaryFrom = sql`FROM bookings b JOIN car_models m ON m.id = b.car_model_id
  LEFT JOIN vehicle_units u ON u.id = b.unit_id LEFT JOIN users cu ON cu.id = b.user_id
  JOIN booking_payment_facts pf ON pf.booking_id = b.id`;

export interface BookingFilter {
  status?: string;
  branch?: string;
  from?: string;
  to?: string;
  customer?: string;
  number?: string;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Read-only queries over the bookings tables for the back office's screens.
 * Every change to a booking goes through the bookings service.
 */
export class BookingsAdminRepository {
  constructor(readonly db: Db) {}

  async list(filter: BookingFilter, limit: number, offset: number) {
    const where: SQL[] = [sql`true`];
    if (filter.status) where.push(sql`b.status = ${filter.status}`);
    if (filter.branch) where.push(sql`b.branch_code = ${filter.branch}`);
    if (filter.from) where.push(sql`b.pickup_date >= ${filter.from}::date`);
    if (filter.to) where.push(sql`b.pickup_date <= ${filter.to}::date`);
    if (filter.number) where.push(sql`b.booking_number ILIKE ${like(filter.number)}`);
    if (filter.customer) {
      const c = like(filter.customer);
      where.push(sql`(b.driver_first_name || ' ' || b.driver_last_name ILIKE ${c} OR b.driver_email ILIKE ${c}
        OR b.driver_phone ILIKE ${c} OR cu.email ILIKE ${c})`);
    }
    const cond = sql.join(where, sql` AND `);
    const [count] = await rows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n ${summaryFrom} WHERE ${cond}`,
    );
    const list = await rows<SummaryRow>(
      this.db,
      sql`SELECT ${summaryColumns} ${summaryFrom} WHERE ${cond}
          ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows: list, total: count?.n ?? 0 };
  }

  async unitAndAccount(bookingId: number) {
    const [row] = await rows<{ unit_id: number | null; plate: string | null; account_email: string | null }>(
      this.db,
      sql`SELECT b.unit_id, u.plate, cu.email AS account_email FROM bookings b
          LEFT JOIN vehicle_units u ON u.id = b.unit_id LEFT JOIN users cu ON cu.id = b.user_id
          WHERE b.id = ${bookingId}`,
    );
    return row;
  }

  /** Units of the booking's model at its branch with no live hold (other than this booking's) over its dates. */
  async freeUnits(bookingId: number) {
    return rows<{ id: number; plate: string; current: boolean }>(
      this.db,
      sql`SELECT u.id, u.plate, u.id IS NOT DISTINCT FROM b.unit_id AS current
          FROM bookings b JOIN vehicle_units u ON u.car_model_id = b.car_model_id AND u.branch_code = b.branch_code
          WHERE b.id = ${bookingId} AND u.status = 'in_service'
            AND NOT EXISTS (
              SELECT 1 FROM unit_holds h, unit_holds mine
              WHERE mine.booking_id = b.id AND mine.released_at IS NULL
                AND h.unit_id = u.id AND h.released_at IS NULL AND h.booking_id IS DISTINCT FROM b.id
                AND tstzrange(h.starts_at, h.blocked_until, '[)') && tstzrange(mine.starts_at, mine.blocked_until, '[)'))
          ORDER BY 3 DESC, u.plate`,
    );
  }

  /** Bookings picked up or returned on a Bangkok day (live ones only). */
  async onDay(date: string, column: 'pickup_date' | 'return_date', statuses: string[]) {
    return rows<SummaryRow>(
      this.db,
      sql`SELECT ${summaryColumns} ${summaryFrom}
          WHERE b.${sql.raw(column)} = ${date}::date
            AND b.status IN (${sql.join(
              statuses.map((s) => sql`${s}`),
              sql`, `,
            )})
          ORDER BY b.branch_code, b.id`,
    );
  }

  async awaitingPayment() {
    return rows<SummaryRow>(
      this.db,
      sql`SELECT ${summaryColumns} ${summaryFrom} WHERE b.status = 'awaiting_payment'
          ORDER BY slip_pending DESC, b.created_at LIMIT 100`,
    );
  }

  /** Bookings made in [start, end) and their VAT-inclusive total, counting confirmed, active and completed ones. */
  async monthFigures(start: Date, end: Date) {
    const [row] = await rows<{ n: number; revenue: number }>(
      this.db,
      sql`SELECT count(*)::int AS n, coalesce(sum(total_amount) * 100, 0)::bigint::int AS revenue FROM bookings
          WHERE status IN ('confirmed','active','completed')
            AND created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz`,
    );
    return { bookings: row?.n ?? 0, revenue: Number(row?.revenue ?? 0) };
  }

  async branchCodes() {
    return rows<{ code: string }>(this.db, sql`SELECT code FROM branches ORDER BY code`);
  }

  async timelineUnits(branch: string) {
    return rows<{ id: number; plate: string; status: string; brand: LocalizedText; model: LocalizedText }>(
      this.db,
      sql`SELECT u.id, u.plate, u.status, m.brand, m.model FROM vehicle_units u JOIN car_models m ON m.id = u.car_model_id
          WHERE u.branch_code = ${branch} ORDER BY m.id, u.plate`,
    );
  }

  async timelineHolds(branch: string, start: Date, end: Date) {
    return rows<{
      unit_id: number;
      kind: 'booking' | 'maintenance';
      booking_id: number | null;
      booking_number: string | null;
      status: string | null;
      starts_at: Date | string;
      ends_at: Date | string;
      reason: string | null;
    }>(
      this.db,
      sql`SELECT h.unit_id, h.kind, h.booking_id, b.booking_number, b.status, h.starts_at, h.ends_at, h.reason
          FROM unit_holds h JOIN vehicle_units u ON u.id = h.unit_id LEFT JOIN bookings b ON b.id = h.booking_id
          WHERE u.branch_code = ${branch}
            AND (h.released_at IS NULL OR b.status = 'completed')
            AND h.starts_at < ${end.toISOString()}::timestamptz AND h.ends_at > ${start.toISOString()}::timestamptz
          ORDER BY h.starts_at`,
    );
  }
}
