import { sql } from 'drizzle-orm';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import type { ThaiAddress } from '@siam/contract/thai-address';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import type { LocalizedText } from '../../db/schema/localized';

/** A credit or debit note as issued (amounts in satang, positive; the kind says which way). */
export interface TaxNoteRow {
  number: string;
  kind: 'credit' | 'debit';
  reason: 'cancelled' | 'changed' | 'charges';
  issued_ms: number;
  original_total: number;
  corrected_total: number;
  net: number;
  vat: number;
  total: number;
}

/** A full tax invoice as issued (amounts in satang; the parties and lines as printed). */
export interface TaxInvoiceRow {
  id: number;
  number: string;
  branch_code: string;
  issued_ms: number;
  seller: TaxSeller;
  buyer: TaxBuyer;
  lines: { name: string; quantity: number; net: number; total: number }[];
  net: number;
  vat: number;
  total: number;
}
export interface TaxSeller {
  name: string;
  taxId: string;
  branchNo: string;
  branchName: string;
  /** The address as printed (Thai words). */
  address: string;
  /** The same, structured for ETDA's XML; absent on invoices issued before decision 3402. */
  registered?: ThaiAddress;
}

/** A monthly invoice in a company's list (amounts in satang). */
export interface MonthlyInvoiceListRow {
  number: string;
  period: string;
  issued_ms: number;
  bookings: number;
  total: number;
}

/** A company's monthly invoice as companies/ writes it: amounts in satang, each booking's amount on it. */
export interface MonthlyInvoiceValues {
  companyId: number;
  period: string;
  series: string;
  number: string;
  issuedAt: Date;
  seller: TaxInvoiceRow['seller'];
  buyer: TaxBuyer;
  lines: unknown;
  net: number;
  vat: number;
  total: number;
  bookings: { id: number; amount: number }[];
}

export interface TaxBranchRow {
  tax_branch_no: string;
  name: LocalizedText;
  address: LocalizedText;
  registered_address: ThaiAddress | null;
}

/** A tax invoice's columns as TaxInvoiceRow reads them (table alias t). */
export const taxInvoiceColumns = sql`t.id, t.number, t.branch_code,
  (extract(epoch FROM t.issued_at) * 1000)::float8 AS issued_ms, t.seller, t.buyer, t.lines,
  (t.net_amount * 100)::int AS net, (t.vat_amount * 100)::int AS vat, (t.total_amount * 100)::int AS total`;

/**
 * The tax documents' SQL (documents/): full tax invoices (a booking's, a company's monthly), credit and
 * debit notes, their running numbers per series and year, and the branches' tax details they print.
 */
export class DocumentsRepository {
  constructor(readonly db: Db) {}

  /** Runs `fn` in one transaction (a document is numbered and written under its booking's lock). */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx));
  }

  /**
   * A rental branch's number at the Revenue Department ('00000': the head office), its name, display
   * address and registered address (null: not entered).
   */
  async taxBranch(ex: Executor, code: string) {
    const [row] = await rows<TaxBranchRow>(
      ex,
      sql`SELECT tax_branch_no, name, address, registered_address FROM branches WHERE code = ${code}`,
    );
    return row;
  }

  /**
   * The head office as a seller (a company's monthly invoice): the branch registered as '00000' with
   * a registered address, the first in the site's order; undefined when none has one yet.
   */
  async headOfficeBranch(ex: Executor) {
    const [row] = await rows<TaxBranchRow>(
      ex,
      sql`SELECT tax_branch_no, name, address, registered_address FROM branches
          WHERE tax_branch_no = '00000' AND registered_address IS NOT NULL AND is_active
          ORDER BY sort_order, code LIMIT 1`,
    );
    return row;
  }

  /**
   * The booking's full tax invoice, as issued: its own, or the company's monthly invoice it is on
   * (then `booking_total` is the booking's amount on it).
   */
  async taxInvoice(ex: Executor, bookingId: number) {
    const [row] = await rows<TaxInvoiceRow & { booking_total: number }>(
      ex,
      sql`SELECT ${taxInvoiceColumns}, (t.total_amount * 100)::int AS booking_total
          FROM tax_invoices t WHERE t.booking_id = ${bookingId}
          UNION ALL
          SELECT ${taxInvoiceColumns}, (l.amount * 100)::int AS booking_total
          FROM tax_invoice_bookings l JOIN tax_invoices t ON t.id = l.invoice_id WHERE l.booking_id = ${bookingId}`,
    );
    return row;
  }

  /**
   * The rental branch's next running number this year (Bangkok): one statement, so two invoices
   * issued at once at a branch never share a number on either database.
   */
  async nextTaxInvoiceNo(ex: Executor, branchCode: string, year: number) {
    const [row] = await rows<{ last_no: number }>(
      ex,
      sql`INSERT INTO tax_invoice_series (branch_code, year, last_no) VALUES (${branchCode}, ${year}, 1)
          ON CONFLICT (branch_code, year) DO UPDATE SET last_no = tax_invoice_series.last_no + 1
          RETURNING last_no`,
    );
    return row!.last_no;
  }

  async insertTaxInvoice(ex: Executor, bookingId: number, invoice: Omit<TaxInvoiceRow, 'issued_ms' | 'id'>) {
    await ex.execute(
      sql`INSERT INTO tax_invoices (booking_id, branch_code, number, seller, buyer, lines, net_amount, vat_amount, total_amount)
          VALUES (${bookingId}, ${invoice.branch_code}, ${invoice.number}, ${JSON.stringify(invoice.seller)}::jsonb,
            ${JSON.stringify(invoice.buyer)}::jsonb, ${JSON.stringify(invoice.lines)}::jsonb,
            ${invoice.net}::numeric / 100, ${invoice.vat}::numeric / 100, ${invoice.total}::numeric / 100)`,
    );
  }

  /** The credit and debit notes issued against a booking's invoice, oldest first. */
  async taxNotes(ex: Executor, bookingId: number) {
    return rows<TaxNoteRow>(
      ex,
      sql`SELECT number, kind, reason, (extract(epoch FROM issued_at) * 1000)::float8 AS issued_ms,
            (original_total * 100)::int AS original_total, (corrected_total * 100)::int AS corrected_total,
            (net_amount * 100)::int AS net, (vat_amount * 100)::int AS vat, (total_amount * 100)::int AS total
          FROM tax_notes WHERE booking_id = ${bookingId} ORDER BY id`,
    );
  }

  /** The branch's next note number of this kind this year (one statement, as invoices' numbers). */
  async nextTaxNoteNo(ex: Executor, branchCode: string, year: number, kind: 'credit' | 'debit') {
    const [row] = await rows<{ last_no: number }>(
      ex,
      sql`INSERT INTO tax_note_series (branch_code, year, kind, last_no) VALUES (${branchCode}, ${year}, ${kind}, 1)
          ON CONFLICT (branch_code, year, kind) DO UPDATE SET last_no = tax_note_series.last_no + 1
          RETURNING last_no`,
    );
    return row!.last_no;
  }

  async insertTaxNote(
    ex: Executor,
    invoiceId: number,
    bookingId: number,
    note: Omit<TaxNoteRow, 'issued_ms'>,
  ) {
    await ex.execute(
      sql`INSERT INTO tax_notes (invoice_id, booking_id, kind, number, reason, original_total, corrected_total,
            net_amount, vat_amount, total_amount)
          VALUES (${invoiceId}, ${bookingId}, ${note.kind}, ${note.number}, ${note.reason},
            ${note.original_total}::numeric / 100, ${note.corrected_total}::numeric / 100,
            ${note.net}::numeric / 100, ${note.vat}::numeric / 100, ${note.total}::numeric / 100)`,
    );
  }

  /** A company's monthly invoices, newest month first. */
  monthlyInvoices(ex: Executor, companyId: number) {
    return rows<MonthlyInvoiceListRow>(
      ex,
      sql`SELECT t.number, to_char(t.period, 'YYYY-MM-DD') AS period,
            (extract(epoch FROM t.issued_at) * 1000)::float8 AS issued_ms,
            (SELECT count(*)::int FROM tax_invoice_bookings l WHERE l.invoice_id = t.id) AS bookings,
            (t.total_amount * 100)::int AS total
          FROM tax_invoices t WHERE t.company_id = ${companyId} ORDER BY t.period DESC`,
    );
  }

  async hasMonthlyInvoice(ex: Executor, companyId: number, period: string): Promise<boolean> {
    const found = await rows<{ id: number }>(
      ex,
      sql`SELECT id FROM tax_invoices WHERE company_id = ${companyId} AND period = ${period}::date`,
    );
    return found.length > 0;
  }

  /** Writes a company's month invoice as printed (amounts in satang) and each booking's amount on it. */
  async insertMonthlyInvoice(ex: Executor, invoice: MonthlyInvoiceValues): Promise<{ issued_ms: number }> {
    const [row] = await rows<{ id: number; issued_ms: number }>(
      ex,
      sql`INSERT INTO tax_invoices (company_id, period, branch_code, number, issued_at, seller, buyer, lines,
            net_amount, vat_amount, total_amount)
          VALUES (${invoice.companyId}, ${invoice.period}::date, ${invoice.series}, ${invoice.number}, ${invoice.issuedAt.toISOString()},
            ${JSON.stringify(invoice.seller)}::jsonb, ${JSON.stringify(invoice.buyer)}::jsonb,
            ${JSON.stringify(invoice.lines)}::jsonb,
            ${invoice.net}::numeric / 100, ${invoice.vat}::numeric / 100, ${invoice.total}::numeric / 100)
          RETURNING id, (extract(epoch FROM issued_at) * 1000)::float8 AS issued_ms`,
    );
    for (const b of invoice.bookings)
      await ex.execute(
        sql`INSERT INTO tax_invoice_bookings (booking_id, invoice_id, amount)
            VALUES (${b.id}, ${row!.id}, ${b.amount}::numeric / 100)`,
      );
    return row!;
  }

  /** A company's monthly invoice by number (only that company's when `companyId` is given). */
  async monthlyInvoice(ex: Executor, number: string, companyId?: number) {
    const [row] = await rows<TaxInvoiceRow & { company_id: number }>(
      ex,
      sql`SELECT ${taxInvoiceColumns}, t.company_id
          FROM tax_invoices t
          WHERE t.number = ${number} AND t.company_id IS NOT NULL
            ${companyId === undefined ? sql`` : sql`AND t.company_id = ${companyId}`}`,
    );
    return row;
  }
}
