import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { bangkokDate } from '@siam/contract/bangkok-time';
import {
  companyMessages,
  type Company,
  type companyBodySchema,
  type CompanyRole,
  type CompanySummary,
  type MonthlyInvoice,
  type MyCompany,
} from '@siam/contract/companies';
import type { ChargeView } from '@siam/contract/condition-reports';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import type { Db } from '../../db/client';
import { rows, type Executor } from '../../db/sql-rows';
import { AppError, notFound } from '../../lib/app-error';
import { checkThaiAddress } from '../thai-addresses/thai-addresses';
import type { Actor, AuditExecutor, AuditService } from '../audit/audit.service';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import {
  taxInvoiceColumns,
  type BookingsRepository,
  type TaxInvoiceRow,
} from '../bookings/bookings.repository';
import { vatPart } from '../bookings/pricing';
import { readableOr404, type AccessActor } from '../bookings/booking-access';
import type { IssuedDocuments } from '../bookings/issued-documents';
import { chargeLine, withNets, type TaxInvoices } from '../bookings/tax-invoices';

type CompanyBody = z.output<typeof companyBodySchema>;

interface CompanyRow {
  id: number;
  buyer: TaxBuyer;
  billing_email: string;
  active: boolean;
}

interface InvoiceListRow {
  number: string;
  period: string;
  issued_ms: number;
  bookings: number;
  total: number;
}

/** A booking of the month as its line on the monthly invoice. */
interface BillableRow {
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

/** The monthly invoices' own running numbers and series key (MI-2026-000001; notes CN-MI-…). */
const MONTHLY_SERIES = 'mi';

const invoiceOut = (r: InvoiceListRow): MonthlyInvoice => ({
  number: r.number,
  month: r.period.slice(0, 7),
  issuedAt: new Date(r.issued_ms).toISOString(),
  bookings: r.bookings,
  total: r.total,
});

/**
 * Company accounts and their monthly tax invoices (issue 18, part 3; docs/decisions/1807). Staff
 * open an account with the company's tax details and add its people's customer accounts; a member
 * books on the account (BookingsService.create: nothing paid at booking, the booking made out to the
 * company). Once a month has ended, every company with bookings picked up in it gets one full tax
 * invoice listing each of them (a cancelled one: the fee kept), numbered MI-year-000001, kept as
 * printed like every invoice (tax_invoices), each booking's amount on it kept so a later change or
 * cancellation is corrected by a credit or debit note against it (TaxInvoices.adjust).
 */
export class CompaniesService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      audit: AuditService;
      /** For the running numbers tax invoices share (nextTaxInvoiceNo). */
      bookingsRepo: BookingsRepository;
      taxInvoices: TaxInvoices;
      /** Issued invoices as kept files: written once, then served as kept (decision 3103). */
      documents: IssuedDocuments;
      clock?: { now(): Date };
    },
  ) {}

  private get ex(): Executor {
    return this.db as unknown as Executor;
  }

  private now() {
    return this.deps.clock?.now() ?? new Date();
  }

  async list(): Promise<CompanySummary[]> {
    const list = await rows<CompanyRow & { members: number }>(
      this.ex,
      sql`SELECT c.id, c.buyer, c.active, (SELECT count(*)::int FROM company_members m WHERE m.company_id = c.id) AS members
          FROM companies c ORDER BY c.buyer->>'companyName', c.id`,
    );
    return list.map((c) => ({ id: c.id, buyer: c.buyer, active: c.active, members: c.members }));
  }

  async get(id: number): Promise<Company> {
    const [company] = await rows<CompanyRow>(
      this.ex,
      sql`SELECT id, buyer, billing_email, active FROM companies WHERE id = ${id}`,
    );
    if (!company) throw notFound('Company');
    const [members, invoices, [unbilled]] = await Promise.all([
      rows<{ user_id: number; first_name: string; last_name: string; email: string; role: CompanyRole }>(
        this.ex,
        sql`SELECT m.user_id, u.first_name, u.last_name, u.email, m.role
            FROM company_members m JOIN users u ON u.id = m.user_id
            WHERE m.company_id = ${id} ORDER BY m.added_at, m.user_id`,
      ),
      this.invoices(this.ex, id),
      rows<{ bookings: number; total: number }>(
        this.ex,
        sql`SELECT count(*)::int AS bookings, COALESCE(sum(${billedAmount}), 0)::float8 * 100 AS total
            FROM bookings b
            WHERE b.company_id = ${id} AND ${billable}
              AND NOT EXISTS (SELECT 1 FROM tax_invoice_bookings l WHERE l.booking_id = b.id)`,
      ),
    ]);
    return {
      id: company.id,
      buyer: company.buyer,
      billingEmail: company.billing_email,
      active: company.active,
      members: members.map((m) => ({
        userId: m.user_id,
        name: `${m.first_name} ${m.last_name}`.trim(),
        email: m.email,
        role: m.role,
      })),
      invoices,
      unbilled: { bookings: unbilled?.bookings ?? 0, total: Math.round(unbilled?.total ?? 0) },
    };
  }

  private async invoices(ex: Executor, companyId: number): Promise<MonthlyInvoice[]> {
    const list = await rows<InvoiceListRow>(
      ex,
      sql`SELECT t.number, to_char(t.period, 'YYYY-MM-DD') AS period,
            (extract(epoch FROM t.issued_at) * 1000)::float8 AS issued_ms,
            (SELECT count(*)::int FROM tax_invoice_bookings l WHERE l.invoice_id = t.id) AS bookings,
            (t.total_amount * 100)::int AS total
          FROM tax_invoices t WHERE t.company_id = ${companyId} ORDER BY t.period DESC`,
    );
    return list.map(invoiceOut);
  }

  /** Opens an account (admins). The same tax ID and branch may have one account. */
  async create(actor: Actor, body: CompanyBody): Promise<Company> {
    checkThaiAddress(body.buyer, 'buyer.');
    const id = await this.write(async (tx) => {
      const [row] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO companies (buyer, billing_email, active)
            VALUES (${JSON.stringify(body.buyer)}::jsonb, ${body.billingEmail}, ${body.active}) RETURNING id`,
      );
      await this.deps.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'company',
        entityId: row!.id,
        action: 'company.created',
        after: body,
      });
      return row!.id;
    });
    return this.get(id);
  }

  /** Changes the details or suspends the account; invoices already issued keep what they printed. */
  async update(actor: Actor, id: number, body: CompanyBody): Promise<Company> {
    checkThaiAddress(body.buyer, 'buyer.');
    await this.write(async (tx) => {
      const [before] = await rows<CompanyRow>(
        tx,
        sql`SELECT id, buyer, billing_email, active FROM companies WHERE id = ${id} FOR UPDATE`,
      );
      if (!before) throw notFound('Company');
      await tx.execute(
        sql`UPDATE companies SET buyer = ${JSON.stringify(body.buyer)}::jsonb, billing_email = ${body.billingEmail},
              active = ${body.active} WHERE id = ${id}`,
      );
      await this.deps.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'company',
        entityId: id,
        action: 'company.updated',
        before: { buyer: before.buyer, billingEmail: before.billing_email, active: before.active },
        after: body,
      });
    });
    return this.get(id);
  }

  /** Adds a customer account (found by its email) as a driver or manager; a member's role may be changed. */
  async addMember(actor: Actor, id: number, email: string, role: CompanyRole): Promise<Company> {
    await this.write(async (tx) => {
      const [company] = await rows<{ id: number }>(tx, sql`SELECT id FROM companies WHERE id = ${id}`);
      if (!company) throw notFound('Company');
      const [user] = await rows<{ id: number; company_id: number | null }>(
        tx,
        sql`SELECT u.id, m.company_id FROM users u LEFT JOIN company_members m ON m.user_id = u.id
            WHERE lower(u.email) = ${email.toLowerCase()} AND u.role = 'customer'`,
      );
      if (!user)
        throw new AppError('NOT_FOUND', companyMessages.noCustomer, [
          { path: 'email', message: companyMessages.noCustomer },
        ]);
      if (user.company_id !== null && user.company_id !== id)
        throw new AppError('CONFLICT', companyMessages.elsewhere, [
          { path: 'email', message: companyMessages.elsewhere },
        ]);
      await tx.execute(
        sql`INSERT INTO company_members (user_id, company_id, role) VALUES (${user.id}, ${id}, ${role})
            ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role`,
      );
      await this.deps.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'company',
        entityId: id,
        action: 'company.member_added',
        after: { userId: user.id, role },
      });
    });
    return this.get(id);
  }

  /** Takes a member off the account: their bookings on it stay on its invoices. */
  async removeMember(actor: Actor, id: number, userId: number): Promise<Company> {
    await this.write(async (tx) => {
      const [gone] = await rows<{ user_id: number }>(
        tx,
        sql`DELETE FROM company_members WHERE company_id = ${id} AND user_id = ${userId} RETURNING user_id`,
      );
      if (!gone) throw notFound('Member');
      await this.deps.audit.record(tx as unknown as AuditExecutor, actor, {
        entity: 'company',
        entityId: id,
        action: 'company.member_removed',
        before: { userId },
      });
    });
    return this.get(id);
  }

  private async write<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction((t) => fn(t as unknown as Executor));
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION)
        throw new AppError('CONFLICT', companyMessages.duplicate, [
          { path: 'buyer.taxId', message: companyMessages.duplicate },
        ]);
      throw error;
    }
  }

  /** The customer's company, with its monthly invoices when they are one of its managers. */
  async mine(userId: number): Promise<MyCompany> {
    const [member] = await rows<{ company_id: number; buyer: TaxBuyer; active: boolean; role: CompanyRole }>(
      this.ex,
      sql`SELECT m.company_id, c.buyer, c.active, m.role FROM company_members m
          JOIN companies c ON c.id = m.company_id WHERE m.user_id = ${userId}`,
    );
    if (!member) return null;
    return {
      name: member.buyer.companyName,
      role: member.role,
      active: member.active,
      invoices: member.role === 'manager' ? await this.invoices(this.ex, member.company_id) : [],
    };
  }

  /**
   * Issues the monthly invoice of every ended month with bookings on an account not yet invoiced
   * (all companies, or one). Run by the minute job (server.ts) and by staff; each month is issued
   * once under the company's lock, so instances running it at once issue one invoice.
   */
  async issueDue(companyId?: number): Promise<MonthlyInvoice[]> {
    const thisMonth = `${bangkokDate(this.now()).slice(0, 7)}-01`;
    const due = await rows<{ company_id: number; period: string }>(
      this.ex,
      sql`SELECT DISTINCT b.company_id, to_char(date_trunc('month', b.pickup_date), 'YYYY-MM-DD') AS period
          FROM bookings b
          WHERE b.company_id IS NOT NULL AND b.pickup_date < ${thisMonth}::date
            ${companyId === undefined ? sql`` : sql`AND b.company_id = ${companyId}`}
            AND ${billable}
            AND NOT EXISTS (SELECT 1 FROM tax_invoice_bookings l WHERE l.booking_id = b.id)
          ORDER BY 1, 2`,
    );
    if (!due.length) return [];
    // Read before the transactions: on the embedded database the pool is the one connection they hold.
    const seller = await this.deps.taxInvoices.headOfficeSeller();
    const issued: MonthlyInvoice[] = [];
    for (const d of due) {
      const invoice = await this.issueMonth(d.company_id, d.period, seller);
      if (invoice) issued.push(invoice);
    }
    return issued;
  }

  private issueMonth(
    companyId: number,
    period: string,
    seller: TaxInvoiceRow['seller'],
  ): Promise<MonthlyInvoice | null> {
    return this.db.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const [company] = await rows<CompanyRow>(
        tx,
        sql`SELECT id, buyer, billing_email, active FROM companies WHERE id = ${companyId} FOR UPDATE`,
      );
      if (!company) return null;
      const [already] = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM tax_invoices WHERE company_id = ${companyId} AND period = ${period}::date`,
      );
      if (already) return null;
      const bookings = await rows<BillableRow>(
        tx,
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
      if (!bookings.length) return null;
      const perBooking = bookings.map(monthlyLines);
      const lines = perBooking.flat();
      const total = lines.reduce((sum, l) => sum + l.total, 0);
      // The VAT in the invoice's total; each line's net is rounded, the last taking the rounding.
      const vat = vatPart(total);
      const year = Number(bangkokDate(this.now()).slice(0, 4));
      // The branches' own running-number counter, under the monthly invoices' series key.
      const no = await this.deps.bookingsRepo.nextTaxInvoiceNo(tx, MONTHLY_SERIES, year);
      const number = `${MONTHLY_SERIES.toUpperCase()}-${year}-${String(no).padStart(6, '0')}`;
      const [invoice] = await rows<{ id: number; issued_ms: number }>(
        tx,
        sql`INSERT INTO tax_invoices (company_id, period, branch_code, number, issued_at, seller, buyer, lines,
              net_amount, vat_amount, total_amount)
            VALUES (${companyId}, ${period}::date, ${MONTHLY_SERIES}, ${number}, ${this.now().toISOString()},
              ${JSON.stringify(seller)}::jsonb, ${JSON.stringify(company.buyer)}::jsonb,
              ${JSON.stringify(withNets(lines, total - vat))}::jsonb,
              ${total - vat}::numeric / 100, ${vat}::numeric / 100, ${total}::numeric / 100)
            RETURNING id, (extract(epoch FROM issued_at) * 1000)::float8 AS issued_ms`,
      );
      for (const [i, b] of bookings.entries())
        await tx.execute(
          sql`INSERT INTO tax_invoice_bookings (booking_id, invoice_id, amount)
              VALUES (${b.id}, ${invoice!.id}, ${perBooking[i]!.reduce((sum, l) => sum + l.total, 0)}::numeric / 100)`,
        );
      return invoiceOut({ number, period, issued_ms: invoice!.issued_ms, bookings: bookings.length, total });
    });
  }

  /** A monthly invoice as a PDF or e-Tax XML: any company's for staff (`companyId`), or a manager's own. */
  /**
   * A monthly invoice, for whoever booking-access.ts lets read it: staff (through a company's page:
   * `companyId`, another company's number is a 404) or the company's managers.
   */
  async invoiceFile(actor: AccessActor, number: string, format: 'pdf' | 'xml', companyId?: number) {
    const actorId = actor.kind === 'customer' ? actor.userId : null;
    const [found] = await rows<TaxInvoiceRow & { actor_role: 'manager' | 'driver' | null }>(
      this.ex,
      sql`SELECT ${taxInvoiceColumns},
            (SELECT m.role FROM company_members m
              WHERE m.company_id = t.company_id AND m.user_id = ${actorId}::int) AS actor_role
          FROM tax_invoices t
          WHERE t.number = ${number} AND t.company_id IS NOT NULL
            ${companyId === undefined ? sql`` : sql`AND t.company_id = ${companyId}`}`,
    );
    const invoice = readableOr404(
      actor,
      found,
      (row) => ({ kind: 'company_invoice', actorRole: row.actor_role }),
      'Tax invoice',
    );
    const { taxInvoices, documents } = this.deps;
    return {
      number: invoice.number,
      body: format === 'xml' ? Buffer.from(taxInvoices.xml(invoice)) : await documents.taxInvoicePdf(invoice),
    };
  }

  /** PDPA: the customer's membership is theirs to download, and goes with their account. */
  async exportFor(userId: number) {
    return this.mine(userId);
  }

  async erase(userId: number) {
    await this.db.execute(sql`DELETE FROM company_members WHERE user_id = ${userId}`);
  }
}

/**
 * What a company's account is billed for: bookings it holds a car for or had, and cancelled ones
 * whose fee was kept (a free cancellation bills nothing).
 */
const billable = sql`(b.status IN ('confirmed', 'active', 'completed')
  OR (b.status = 'cancelled' AND b.cancellation_fee > 0))`;
/** Charges after a return on tax documents: not damage, which is compensation (tax-invoices.ts invoicedCharges). */
const invoicedCharge = sql`c.kind <> 'damage'`;
const billedAmount = sql`CASE WHEN b.status = 'cancelled' THEN b.cancellation_fee ELSE b.total_amount
  + COALESCE((SELECT sum(c.amount) FROM booking_charges c WHERE c.booking_id = b.id AND ${invoicedCharge}), 0) END`;

/**
 * A booking's lines, VAT included: the rental as agreed and each charge after its return, or a
 * cancelled booking's fee.
 */
function monthlyLines(b: BillableRow) {
  if (b.status === 'cancelled')
    return [
      { name: `Cancellation fee (${b.booking_number}), driver ${b.driver}`, quantity: 1, total: b.fee },
    ];
  return [
    {
      name: `Car rental ${b.car}, ${b.pickup_date} – ${b.return_date} (${b.booking_number}), driver ${b.driver}`,
      quantity: b.days,
      total: b.total,
    },
    ...b.charges.map((c) => {
      const line = chargeLine(c);
      return { ...line, name: `${line.name} (${b.booking_number})` };
    }),
  ];
}
