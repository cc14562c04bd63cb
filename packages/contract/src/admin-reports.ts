import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { isoDateSchema } from './safe-input';

/**
 * Reports for the owner (issue 18, part 6; docs/decisions/1805): fleet use per day and branch,
 * revenue by branch, model and channel, cancellations and no-shows, slips waiting. Days are Bangkok
 * days; a rental counts on the days from its pickup to its return; money in satang.
 */
export const REPORT_MAX_DAYS = 366;

export const reportQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'Must be on or after the start' })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < REPORT_MAX_DAYS,
    { path: ['to'], message: `At most ${REPORT_MAX_DAYS} days` },
  );
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The tables a report offers as CSV, each the same rows as on the page. */
export const reportTables = [
  'fleet-use',
  'revenue-by-branch',
  'revenue-by-model',
  'revenue-by-channel',
  'cancellations',
  'slips-waiting',
  'tax-invoices',
] as const;
export type ReportTable = (typeof reportTables)[number];
export const reportCsvParamsSchema = z.object({ table: z.enum(reportTables) });

/** Online: booked by the customer on the site; counter: made by staff (walk-in or phone). */
export const bookingChannels = ['online', 'counter'] as const;

const revenueRow = z.object({
  key: z.string(),
  label: z.string(),
  bookings: z.number().int(),
  /** Rental totals of the bookings not cancelled (VAT included). */
  revenue: z.number().int(),
  /** Charges after returns (late hours, fuel, cleaning, damage). */
  charges: z.number().int(),
});
export type RevenueRow = z.infer<typeof revenueRow>;

export const ownerReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  fleetUse: z.object({
    branches: z.array(z.object({ code: z.string(), name: z.string(), units: z.number().int() })),
    /** One row a day: units booked at each branch (same order as branches). */
    days: z.array(z.object({ date: z.string(), booked: z.array(z.number().int()) })),
    /** Booked unit-days over available unit-days, per branch, in percent (one decimal). */
    utilisation: z.array(z.number()),
  }),
  revenue: z.object({
    byBranch: z.array(revenueRow),
    byModel: z.array(revenueRow),
    byChannel: z.array(revenueRow),
    total: revenueRow,
  }),
  cancellations: z.object({
    byCustomer: z.number().int(),
    byStaff: z.number().int(),
    unpaidExpired: z.number().int(),
    paymentFailed: z.number().int(),
    /** Confirmed, the pickup day passed, never picked up. */
    noShows: z.number().int(),
    /** Every booking with a pickup in the range, for the rates. */
    bookings: z.number().int(),
    fees: z.number().int(),
  }),
  /**
   * Full tax invoices, credit notes and debit notes issued in the range, in number order per branch:
   * the output-tax report (รายงานภาษีขาย) the Revenue Department asks for each month and branch. A
   * credit note's amounts are negative (they reduce the output tax).
   */
  taxInvoices: z.array(
    z.object({
      kind: z.enum(['invoice', 'credit', 'debit']),
      number: z.string(),
      issuedOn: z.string(),
      branchCode: z.string(),
      /** The booking it is for; a company's monthly invoice (and its notes: the booking corrected) is the company's. */
      bookingId: z.number().int().nullable(),
      companyId: z.number().int().nullable(),
      buyerName: z.string(),
      buyerTaxId: z.string(),
      buyerBranch: z.string(),
      net: z.number().int(),
      vat: z.number().int(),
      total: z.number().int(),
    }),
  ),
  slipsWaiting: z.array(
    z.object({
      bookingId: z.number().int(),
      bookingNumber: z.string(),
      branchCode: z.string(),
      amount: z.number().int(),
      sentAt: z.string(),
      waitingMinutes: z.number().int(),
    }),
  ),
});
export type OwnerReport = z.infer<typeof ownerReportSchema>;
export const ownerReportResponseSchema = dataEnvelope(ownerReportSchema);
