import { sql } from 'drizzle-orm';
import type { OwnerReport } from '@siam/contract/admin-reports';
import type { Language } from '@siam/contract/languages';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql-rows';

/** The statuses of a booking that happened (or will): paid, under way, done. */
const LIVE = sql`('confirmed', 'active', 'completed')`;

/**
 * The owner's reports' queries (docs/decisions/1805): each groups in the database, so no row per
 * booking comes back (except the slips waiting). They read bookings, units, branches, slips and tax
 * documents; they write nothing.
 */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /** Each branch with its units in service. */
  branchesInService(lang: Language) {
    return rows<{ code: string; name: string; units: number }>(
      this.db,
      sql`SELECT b.code, b.name->>${lang} AS name, count(u.id)::int AS units
          FROM branches b JOIN vehicle_units u ON u.branch_code = b.code AND u.status = 'in_service'
          GROUP BY b.code, b.name ORDER BY b.code`,
    );
  }

  /** Units booked (paid, under way or done) on each day of the range, by branch. */
  bookedUnitsByDay(from: string, to: string) {
    return rows<{ date: string; branch_code: string; booked: number }>(
      this.db,
      sql`SELECT to_char(d, 'YYYY-MM-DD') AS date, bk.branch_code, count(DISTINCT bk.unit_id)::int AS booked
          FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
          JOIN bookings bk ON bk.status IN ${LIVE} AND bk.unit_id IS NOT NULL
            AND bk.pickup_date <= d::date AND bk.return_date >= d::date
          GROUP BY d, bk.branch_code`,
    );
  }

  /** Bookings picked up in the range, their revenue and charges (satang) by branch, model, channel and in all. */
  revenueGroups(from: string, to: string, lang: Language) {
    return rows<{
      dim: 'branch' | 'model' | 'channel' | 'total';
      key: string | null;
      label: string | null;
      bookings: number;
      revenue: number;
      charges: number;
    }>(
      this.db,
      sql`WITH b AS (
            SELECT bk.branch_code, bk.car_model_id, bk.total_amount,
              CASE WHEN EXISTS (SELECT 1 FROM audit_log a WHERE a.entity = 'booking'
                     AND a.entity_id = bk.id::text AND a.action = 'booking.created_by_staff')
                   THEN 'counter' ELSE 'online' END AS channel,
              COALESCE((SELECT sum(c.amount) FROM booking_charges c WHERE c.booking_id = bk.id), 0) AS charges
            FROM bookings bk
            WHERE bk.status IN ${LIVE} AND bk.pickup_date BETWEEN ${from}::date AND ${to}::date)
          SELECT CASE WHEN GROUPING(branch_code) = 0 THEN 'branch'
                      WHEN GROUPING(car_model_id) = 0 THEN 'model'
                      WHEN GROUPING(channel) = 0 THEN 'channel' ELSE 'total' END AS dim,
                 COALESCE(branch_code, car_model_id::text, channel) AS key,
                 CASE WHEN GROUPING(branch_code) = 0 THEN (SELECT br.name->>${lang} FROM branches br WHERE br.code = branch_code)
                      WHEN GROUPING(car_model_id) = 0 THEN (SELECT m.brand->>${lang} || ' ' || (m.model->>${lang})
                        FROM car_models m WHERE m.id = car_model_id) END AS label,
                 count(*)::int AS bookings, (sum(total_amount) * 100)::bigint AS revenue,
                 (sum(charges) * 100)::bigint AS charges
          FROM b GROUP BY GROUPING SETS ((branch_code), (car_model_id), (channel), ())`,
    );
  }

  /** How the range's bookings ended short of a rental; `today` (Bangkok) tells a no-show. */
  cancellations(from: string, to: string, today: string) {
    return rows<OwnerReport['cancellations']>(
      this.db,
      sql`SELECT
            count(*) FILTER (WHERE status = 'cancelled' AND cancelled_by = 'customer')::int AS "byCustomer",
            count(*) FILTER (WHERE status = 'cancelled' AND cancelled_by IS DISTINCT FROM 'customer')::int AS "byStaff",
            count(*) FILTER (WHERE status = 'expired')::int AS "unpaidExpired",
            count(*) FILTER (WHERE status = 'payment_failed')::int AS "paymentFailed",
            count(*) FILTER (WHERE status = 'confirmed' AND pickup_date < ${today}::date)::int AS "noShows",
            count(*)::int AS bookings,
            COALESCE((sum(cancellation_fee) FILTER (WHERE status = 'cancelled') * 100)::bigint, 0) AS fees
          FROM bookings WHERE pickup_date BETWEEN ${from}::date AND ${to}::date`,
    );
  }

  /** Transfer slips waiting for a check, oldest first. */
  slipsWaiting() {
    return rows<{
      booking_id: number;
      booking_number: string;
      branch_code: string;
      amount: number;
      sent_ms: number;
    }>(
      this.db,
      sql`SELECT b.id AS booking_id, b.booking_number, b.branch_code, (b.total_amount * 100)::int AS amount,
            (extract(epoch FROM s.created_at) * 1000)::float8 AS sent_ms
          FROM payment_slips s JOIN bookings b ON b.id = s.booking_id
          WHERE s.status = 'pending' AND b.status = 'awaiting_payment'
          ORDER BY s.created_at LIMIT 200`,
    );
  }

  /** The invoices and notes issued on the range's Bangkok days (satang; a credit note negative). */
  taxDocuments(from: string, to: string) {
    return rows<{
      kind: 'invoice' | 'credit' | 'debit';
      number: string;
      issued_on: string;
      branch_code: string;
      booking_id: number | null;
      company_id: number | null;
      buyer: { companyName: string; taxId: string; branch: string };
      net: number;
      vat: number;
      total: number;
    }>(
      this.db,
      sql`WITH docs AS (
            SELECT 'invoice' AS kind, number, issued_at, branch_code, booking_id, company_id, buyer,
              net_amount, vat_amount, total_amount
            FROM tax_invoices
            UNION ALL
            SELECT n.kind, n.number, n.issued_at, i.branch_code, n.booking_id, i.company_id, i.buyer,
              CASE WHEN n.kind = 'credit' THEN -n.net_amount ELSE n.net_amount END,
              CASE WHEN n.kind = 'credit' THEN -n.vat_amount ELSE n.vat_amount END,
              CASE WHEN n.kind = 'credit' THEN -n.total_amount ELSE n.total_amount END
            FROM tax_notes n JOIN tax_invoices i ON i.id = n.invoice_id)
          SELECT kind, number, to_char(issued_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD') AS issued_on, branch_code,
            booking_id, company_id, buyer, (net_amount * 100)::bigint AS net, (vat_amount * 100)::bigint AS vat,
            (total_amount * 100)::bigint AS total
          FROM docs
          WHERE issued_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Bangkok')
            AND issued_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Bangkok')
          ORDER BY branch_code, issued_at, number`,
    );
  }
}
