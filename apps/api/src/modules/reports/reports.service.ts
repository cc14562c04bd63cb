import { toCsv } from '../../lib/csv';
import { bangkokToday, daysBetween } from '@siam/contract/bangkok-time';
import type { OwnerReport, ReportQuery, ReportTable, RevenueRow } from '@siam/contract/admin-reports';
import type { Language } from '@siam/contract/languages';
import type { ReportsRepository } from './reports.repository';

/**
 * Reports for the owner (issue 18, part 6; docs/decisions/1805). Five queries whatever the range:
 * each groups in the database (no row per booking comes back, except the slips waiting).
 */
export class ReportsService {
  constructor(
    private readonly repository: ReportsRepository,
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
    const branches = await this.repository.branchesInService(lang);
    const booked = await this.repository.bookedUnitsByDay(from, to);
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
    const grouped = await this.repository.revenueGroups(from, to, lang);
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
    const [row] = await this.repository.cancellations(from, to, bangkokToday(this.clock.now()));
    return { ...row!, fees: Number(row!.fees) };
  }

  private async slipsWaiting() {
    const waiting = await this.repository.slipsWaiting();
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
    const issued = await this.repository.taxDocuments(from, to);
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
