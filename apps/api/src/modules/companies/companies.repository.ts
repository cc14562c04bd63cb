import { sql } from 'drizzle-orm';
import type { ChargeView } from '@siam/contract/condition-reports';
import type { CompanyRole } from '@siam/contract/companies';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql-rows';

export interface CompanyRow {
  id: number;
  buyer: TaxBuyer;
  billing_email: string;
  active: boolean;
  deposits_on_account: boolean;
}

/** A booking of the month as its line on the monthly invoice. */
export interface BillableRow {
  id: number;
  booking_number: string;
  status: string;
  days: number;
  pickup_date: string;
  return_date: string;
  car: string;
  driver: string;
  total: number;
  fee: number;
  /** The charges after its return that are services (late hours, fuel, cleaning: tax-invoices.ts). */
  charges: ChargeView[];
}

/** A company's tax details and billing address as written. */
export interface CompanyValues {
  buyer: TaxBuyer;
  billingEmail: string;
  active: boolean;
  /** Left out: false for a new account, unchanged for an existing one. */
  depositsOnAccount?: boolean;
}

/**
 * What a company's account is billed for: bookings it holds a car for or had, and cancelled ones
 * whose fee was kept (a free cancellation bills nothing).
 */
const billable = sql`(b.status IN ('confirmed', 'active', 'completed')
  OR (b.status = 'cancelled' AND b.cancellation_fee > 0))`;
/**
 * Charges after a return on the company's invoice: all of them when the company covers the deposit
 * (decision 3662), none otherwise, since the driver's own deposit paid them at the return (the same rule
 * as tax-invoices.ts invoicedCharges, which corrects this invoice with notes).
 */
const invoicedCharge = sql`b.deposit_method = 'on_account'`;
const billedAmount = sql`CASE WHEN b.status = 'cancelled' THEN b.cancellation_fee ELSE b.total_amount
  + COALESCE((SELECT sum(c.amount) FROM booking_charges c WHERE c.booking_id = b.id AND ${invoicedCharge}), 0) END`;

/**
 * The companies and company_members tables, and the monthly invoices written for them (tax_invoices
 * with a company, tax_invoice_bookings): decision 1807.
 */
export class CompaniesRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction, with a repository bound to it and the transaction (for the audit record). */
  transaction<T>(fn: (repo: CompaniesRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new CompaniesRepository(tx), tx));
  }

  list() {
    return rows<CompanyRow & { members: number }>(
      this.db,
      sql`SELECT c.id, c.buyer, c.active, (SELECT count(*)::int FROM company_members m WHERE m.company_id = c.id) AS members
          FROM companies c ORDER BY c.buyer->>'companyName', c.id`,
    );
  }

  /** The company; `lock` holds its row until the transaction ends. */
  async find(id: number, lock = false): Promise<CompanyRow | undefined> {
    const [row] = await rows<CompanyRow>(
      this.db,
      sql`SELECT id, buyer, billing_email, active, deposits_on_account FROM companies WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return row;
  }

  members(companyId: number) {
    return rows<{ user_id: number; first_name: string; last_name: string; email: string; role: CompanyRole }>(
      this.db,
      sql`SELECT m.user_id, u.first_name, u.last_name, u.email, m.role
          FROM company_members m JOIN users u ON u.id = m.user_id
          WHERE m.company_id = ${companyId} ORDER BY m.added_at, m.user_id`,
    );
  }

  /** The bookings on the account not on an invoice yet, and what they come to (satang). */
  async unbilled(companyId: number): Promise<{ bookings: number; total: number } | undefined> {
    const [row] = await rows<{ bookings: number; total: number }>(
      this.db,
      sql`SELECT count(*)::int AS bookings, COALESCE(sum(${billedAmount}), 0)::float8 * 100 AS total
          FROM bookings b
          WHERE b.company_id = ${companyId} AND ${billable}
            AND NOT EXISTS (SELECT 1 FROM tax_invoice_bookings l WHERE l.booking_id = b.id)`,
    );
    return row;
  }

  async insert(values: CompanyValues): Promise<number> {
    const [row] = await rows<{ id: number }>(
      this.db,
      sql`INSERT INTO companies (buyer, billing_email, active, deposits_on_account)
          VALUES (${JSON.stringify(values.buyer)}::jsonb, ${values.billingEmail}, ${values.active},
            ${values.depositsOnAccount ?? false}) RETURNING id`,
    );
    return row!.id;
  }

  async update(id: number, values: CompanyValues): Promise<void> {
    await this.db.execute(
      sql`UPDATE companies SET buyer = ${JSON.stringify(values.buyer)}::jsonb, billing_email = ${values.billingEmail},
            active = ${values.active},
            deposits_on_account = COALESCE(${values.depositsOnAccount ?? null}::boolean, deposits_on_account)
          WHERE id = ${id}`,
    );
  }

  /** A customer account with this email (any case), and the company it belongs to if any. */
  async customerByEmail(email: string): Promise<{ id: number; company_id: number | null } | undefined> {
    const [row] = await rows<{ id: number; company_id: number | null }>(
      this.db,
      sql`SELECT u.id, m.company_id FROM users u LEFT JOIN company_members m ON m.user_id = u.id
          WHERE lower(u.email) = ${email.toLowerCase()} AND u.role = 'customer'`,
    );
    return row;
  }

  /** Adds the member, or changes their role. */
  async saveMember(companyId: number, userId: number, role: CompanyRole): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO company_members (user_id, company_id, role) VALUES (${userId}, ${companyId}, ${role})
          ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role`,
    );
  }

  /** False when they were no member of it. */
  async removeMember(companyId: number, userId: number): Promise<boolean> {
    const gone = await rows<{ user_id: number }>(
      this.db,
      sql`DELETE FROM company_members WHERE company_id = ${companyId} AND user_id = ${userId} RETURNING user_id`,
    );
    return gone.length > 0;
  }

  async membership(
    userId: number,
  ): Promise<{ company_id: number; buyer: TaxBuyer; active: boolean; role: CompanyRole } | undefined> {
    const [row] = await rows<{ company_id: number; buyer: TaxBuyer; active: boolean; role: CompanyRole }>(
      this.db,
      sql`SELECT m.company_id, c.buyer, c.active, m.role FROM company_members m
          JOIN companies c ON c.id = m.company_id WHERE m.user_id = ${userId}`,
    );
    return row;
  }

  /** The companies' months before `thisMonth` with billable bookings not invoiced yet (one company, or all). */
  monthsDue(thisMonth: string, companyId?: number) {
    return rows<{ company_id: number; period: string }>(
      this.db,
      sql`SELECT DISTINCT b.company_id, to_char(date_trunc('month', b.pickup_date), 'YYYY-MM-DD') AS period
          FROM bookings b
          WHERE b.company_id IS NOT NULL AND b.pickup_date < ${thisMonth}::date
            ${companyId === undefined ? sql`` : sql`AND b.company_id = ${companyId}`}
            AND ${billable}
            AND NOT EXISTS (SELECT 1 FROM tax_invoice_bookings l WHERE l.booking_id = b.id)
          ORDER BY 1, 2`,
    );
  }

  /** The month's billable bookings not invoiced yet, their rows locked until the transaction ends. */
  lockBillable(companyId: number, period: string) {
    return rows<BillableRow>(
      this.db,
      sql`SELECT b.id, b.booking_number, b.status, b.days, to_char(b.pickup_date, 'YYYY-MM-DD') AS pickup_date,
            to_char(b.return_date, 'YYYY-MM-DD') AS return_date,
            (m.brand->>'th') || ' ' || (m.model->>'th') AS car,
            b.driver_first_name || ' ' || b.driver_last_name AS driver,
            (b.total_amount * 100)::int AS total, (COALESCE(b.cancellation_fee, 0) * 100)::int AS fee,
            COALESCE((SELECT json_agg(json_build_object('kind', c.kind, 'amount', (c.amount * 100)::int,
                'hours', c.hours, 'note', c.note) ORDER BY c.id)
              FROM booking_charges c WHERE c.booking_id = b.id AND ${invoicedCharge}), '[]'::json) AS charges
          FROM bookings b JOIN car_models m ON m.id = b.car_model_id
          WHERE b.company_id = ${companyId} AND b.pickup_date >= ${period}::date
            AND b.pickup_date < (${period}::date + interval '1 month') AND ${billable}
            AND NOT EXISTS (SELECT 1 FROM tax_invoice_bookings l WHERE l.booking_id = b.id)
          ORDER BY b.pickup_date, b.id
          FOR UPDATE OF b`,
    );
  }

  async eraseMember(userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM company_members WHERE user_id = ${userId}`);
  }
}
