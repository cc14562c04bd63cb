import { sql } from 'drizzle-orm';
import { toCsv } from '../../lib/csv';
import { bangkokToday, daysBetween } from '@siam/contract/bangkok-time';
import type { OwnerReport, ReportQuery, ReportTable, RevenueRow } from '@siam/contract/admin-reports';
import type { Language } from '@siam/contract/languages';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql-rows';

/** The statuses of a booking that happened (or will): paid, under way, done. */
const LIVE = sql`('confirmed', 'active', 'completed')`;

/**
 * Reports for the owner (issue 18, part 6; docs/decisions/1805). Five queries whatever the range:
 * each groups in the database (no row per booking comes back, except the slips waiting).
 */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly clock: { now(): Date } = { now: () => new Date() },
  ) {}

  async report({ from, to }: ReportQuery, lang: Language): Promise<OwnerReport> {
    const [fleetUse, revenue, cancellations, slipsWaiting, taxInvoices] = await Promise.all([
      this.fleetUse(from, to, lang),
      this.revenue(from, to, lang),
      this.cancellations(from, to),
      this.slipsWaiting(),
      this.taxInvoices(from, to),
    ]);
    return { from, to, fleetUse, revenue, cancellations, slipsWaiting, taxInvoices };
  }

  private async fleetUse(from: string, to: string, lang: Language) {
    const branches = await rows<{ code: string; name: string; units: number }>(
      this.db,
      sql`SELECT b.code, b.name->>${lang} AS name, count(u.id)::int AS units
          FROM branches b JOIN vehicle_units u ON u.branch_code = b.code AND u.status = 'in_service'
          GROUP BY b.code, b.name ORDER BY b.code`,
    );
    const booked = await rows<{ date: string; branch_code: string; booked: number }>(
      this.db,
      sql`SELECT to_char(d, 'YYYY-MM-DD') AS date, bk.branch_code, count(DISTINCT bk.unit_id)::int AS booked
          FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
          JOIN bookings bk ON bk.status IN ${LIVE} AND bk.unit_id IS NOT NULL
            AND bk.pickup_date <= d::date AND bk.return_date >= d::date
          GROUP BY d, bk.branch_code`,
    );
    const index = new Map(branches.map((b, i) => [b.code, i]));
    const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => {
      const date = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
      return { date, booked: branches.map(() => 0) };
    });
    const byDate = new Map(days.map((d) => [d.date, d]));
    for (const row of booked) {
      const i = index.get(row.branch_code);
      const day = byDate.get(row.date);
      if (i !== undefined && day) day.booked[i] = row.booked;
    }
    const utilisation = branches.map((b, i) => {
      const used = days.reduce((sum, d) => sum + d.booked[i]!, 0);
      return b.units ? Math.round((used / (b.units * days.length)) * 1000) / 10 : 0;
    });
    return { branches, days, utilisation };
  }

  private async revenue(from: string, to: string, lang: Language) {
    const grouped = await rows<{
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
    const rowOf = (g: (typeof grouped)[number]): RevenueRow => ({
      key: g.key ?? 'total',
      label: g.label ?? g.key ?? '',
      bookings: g.bookings,
      revenue: Number(g.revenue),
      charges: Number(g.charges),
    });
    const pick = (dim: string) =>
      grouped
        .filter((g) => g.dim === dim)
        .map(rowOf)
        .sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key));
    const total = grouped.find((g) => g.dim === 'total');
    return {
      byBranch: pick('branch'),
      byModel: pick('model'),
      byChannel: pick('channel'),
      total: total ? rowOf(total) : { key: 'total', label: '', bookings: 0, revenue: 0, charges: 0 },
    };
  }

  private async cancellations(from: string, to: string) {
    const [row] = await rows<OwnerReport['cancellations']>(
      this.db,
      sql`SELECT
            count(*) FILTER (WHERE status = 'cancelled' AND cancelled_by = 'customer')::int AS "byCustomer",
            count(*) FILTER (WHERE status = 'cancelled' AND cancelled_by IS DISTINCT FROM 'customer')::int AS "byStaff",
            count(*) FILTER (WHERE status = 'expired')::int AS "unpaidExpired",
            count(*) FILTER (WHERE status = 'payment_failed')::int AS "paymentFailed",
            count(*) FILTER (WHERE status = 'confirmed' AND pickup_date < ${bangkokToday(this.clock.now())}::date)::int AS "noShows",
            count(*)::int AS bookings,
            COALESCE((sum(cancellation_fee) FILTER (WHERE status = 'cancelled') * 100)::bigint, 0) AS fees
          FROM bookings WHERE pickup_date BETWEEN ${from}::date AND ${to}::date`,
    );
    return { ...row!, fees: Number(row!.fees) };
  }

  private async slipsWaiting() {
    const waiting = await rows<{
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
    const now = this.clock.now().getTime();
    return waiting.map((w) => ({
      bookingId: w.booking_id,
      bookingNumber: w.booking_number,
      branchCode: w.branch_code,
      amount: w.amount,
      sentAt: new Date(w.sent_ms).toISOString(),
      waitingMinutes: Math.max(0, Math.floor((now - w.sent_ms) / 60_000)),
    }));
  }

  /**
   * The invoices and notes issued on the range's Bangkok days, as they were printed (never
   * recomputed); a credit note counts negative.
   */
  private async taxInvoices(from: string, to: string) {
    const issued = await rows<{
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
    return issued.map((i) => ({
      kind: i.kind,
      number: i.number,
      issuedOn: i.issued_on,
      branchCode: i.branch_code,
      bookingId: i.booking_id,
      companyId: i.company_id,
      buyerName: i.buyer.companyName,
      buyerTaxId: i.buyer.taxId,
      buyerBranch: i.buyer.branch,
      net: Number(i.net),
      vat: Number(i.vat),
      total: Number(i.total),
    }));
  }

  /** One table of the report as CSV (UTF-8 with its BOM, so spreadsheet programs read Thai). */
  async csv(table: ReportTable, { from, to }: ReportQuery, lang: Language): Promise<string> {
    const money = (satang: number) => (satang / 100).toFixed(2);
    const revenue = (list: RevenueRow[]) => [
      ['key', 'name', 'bookings', 'revenue_thb', 'charges_thb'],
      ...list.map((x) => [x.key, x.label, x.bookings, money(x.revenue), money(x.charges)]),
    ];
    // Each table asks only its own query.
    const tables: Record<ReportTable, () => Promise<(string | number)[][]>> = {
      'fleet-use': async () => {
        const fleet = await this.fleetUse(from, to, lang);
        return [
          ['date', ...fleet.branches.map((b) => `${b.code} (${b.units})`)],
          ...fleet.days.map((d) => [d.date, ...d.booked]),
          ['utilisation_percent', ...fleet.utilisation],
        ];
      },
      'revenue-by-branch': async () => revenue((await this.revenue(from, to, lang)).byBranch),
      'revenue-by-model': async () => revenue((await this.revenue(from, to, lang)).byModel),
      'revenue-by-channel': async () => revenue((await this.revenue(from, to, lang)).byChannel),
      cancellations: async () => {
        const c = await this.cancellations(from, to);
        return [
          [
            'bookings',
            'cancelled_by_customer',
            'cancelled_by_staff',
            'unpaid_expired',
            'payment_failed',
            'no_shows',
            'fees_thb',
          ],
          [c.bookings, c.byCustomer, c.byStaff, c.unpaidExpired, c.paymentFailed, c.noShows, money(c.fees)],
        ];
      },
      'tax-invoices': async () => [
        [
          'issued_on',
          'document',
          'number',
          'branch',
          'buyer',
          'buyer_tax_id',
          'buyer_branch',
          'net_thb',
          'vat_thb',
          'total_thb',
        ],
        ...(await this.taxInvoices(from, to)).map((i) => [
          i.issuedOn,
          i.kind,
          i.number,
          i.branchCode,
          i.buyerName,
          i.buyerTaxId,
          i.buyerBranch,
          money(i.net),
          money(i.vat),
          money(i.total),
        ]),
      ],
      'slips-waiting': async () => [
        ['booking', 'branch', 'amount_thb', 'sent_at', 'waiting_minutes'],
        ...(await this.slipsWaiting()).map((s) => [
          s.bookingNumber,
          s.branchCode,
          money(s.amount),
          s.sentAt,
          s.waitingMinutes,
        ]),
      ],
    };
    const [header, ...body] = await tables[table]();
    return toCsv(header as string[], body);
  }
}
