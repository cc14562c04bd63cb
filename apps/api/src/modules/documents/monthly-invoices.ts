import type { Executor } from '../../db/sql-rows';
import type {
  DocumentsRepository,
  MonthlyInvoiceListRow,
  MonthlyInvoiceValues,
  TaxInvoiceRow,
} from './documents.repository';

export type { MonthlyInvoiceListRow, MonthlyInvoiceValues, TaxInvoiceRow };

/**
 * A company's monthly tax invoices (decision 1807), kept in the tax documents' tables (tax_invoices with
 * a company, tax_invoice_bookings), which documents/ owns: companies/ decides what goes on one and asks
 * here to write and read it, inside its own transaction when it passes one (`ex`).
 */
export class MonthlyInvoices {
  constructor(private readonly repo: DocumentsRepository) {}

  /** The company's monthly invoices, newest month first. */
  list(companyId: number) {
    return this.repo.monthlyInvoices(this.repo.db, companyId);
  }

  async exists(ex: Executor, companyId: number, period: string): Promise<boolean> {
    return this.repo.hasMonthlyInvoice(ex, companyId, period);
  }

  /** Writes the month's invoice as printed and each booking's amount on it. */
  write(ex: Executor, invoice: MonthlyInvoiceValues): Promise<{ issued_ms: number }> {
    return this.repo.insertMonthlyInvoice(ex, invoice);
  }

  /** A monthly invoice by number (only that company's when `companyId` is given), with its company. */
  find(number: string, companyId?: number) {
    return this.repo.monthlyInvoice(this.repo.db, number, companyId);
  }
}
