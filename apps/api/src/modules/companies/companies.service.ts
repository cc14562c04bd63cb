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
import { AppError, notFound } from '../../lib/app-error';
import { checkThaiAddress } from '../thai-addresses/thai-addresses';
import type { Actor, AuditService } from '../audit/audit.service';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import type { Db } from '../../db/client';
import { vatPart } from '../pricing/pricing';
import { readableOr404, type AccessActor } from '../bookings/booking-access';
import type { IssuedDocuments } from '../documents/issued-documents';
import { chargeLine, withNets, type TaxInvoices } from '../documents/tax-invoices';
import type { MonthlyInvoiceListRow, MonthlyInvoices } from '../documents/monthly-invoices';
import type { BillableRow, CompaniesRepository } from './companies.repository';

type CompanyBody = z.output<typeof companyBodySchema>;

/** The monthly invoices' own running numbers and series key (MI-2026-000001; notes CN-MI-…). */
const MONTHLY_SERIES = 'mi';

const invoiceOut = (r: MonthlyInvoiceListRow): MonthlyInvoice => ({
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
    private readonly repository: CompaniesRepository,
    private readonly deps: {
      audit: AuditService;
      /** For the running numbers tax invoices share (nextTaxInvoiceNo). */
      taxInvoices: TaxInvoices;
      /** The monthly invoices' rows, which documents/ keeps with every tax invoice. */
      monthlyInvoices: MonthlyInvoices;
      /** Issued invoices as kept files: written once, then served as kept (decision 3103). */
      documents: IssuedDocuments;
      clock?: { now(): Date };
    },
  ) {}

  private now() {
    return this.deps.clock?.now() ?? new Date();
  }

  async list(): Promise<CompanySummary[]> {
    const list = await this.repository.list();
    return list.map((c) => ({ id: c.id, buyer: c.buyer, active: c.active, members: c.members }));
  }

  async get(id: number): Promise<Company> {
    const company = await this.repository.find(id);
    if (!company) throw notFound('Company');
    const [members, invoices, unbilled] = await Promise.all([
      this.repository.members(id),
      this.invoices(id),
      this.repository.unbilled(id),
    ]);
    return {
      id: company.id,
      buyer: company.buyer,
      billingEmail: company.billing_email,
      active: company.active,
      depositsOnAccount: company.deposits_on_account,
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

  private async invoices(companyId: number): Promise<MonthlyInvoice[]> {
    return (await this.deps.monthlyInvoices.list(companyId)).map(invoiceOut);
  }

  /** Opens an account (admins). The same tax ID and branch may have one account. */
  async create(actor: Actor, body: CompanyBody): Promise<Company> {
    checkThaiAddress(body.buyer, 'buyer.');
    const id = await this.write(async (repo, tx) => {
      const id = await repo.insert(body);
      await this.deps.audit.record(tx, actor, {
        entity: 'company',
        entityId: id,
        action: 'company.created',
        after: body,
      });
      return id;
    });
    return this.get(id);
  }

  /** Changes the details or suspends the account; invoices already issued keep what they printed. */
  async update(actor: Actor, id: number, body: CompanyBody): Promise<Company> {
    checkThaiAddress(body.buyer, 'buyer.');
    await this.write(async (repo, tx) => {
      const before = await repo.find(id, true);
      if (!before) throw notFound('Company');
      await repo.update(id, body);
      await this.deps.audit.record(tx, actor, {
        entity: 'company',
        entityId: id,
        action: 'company.updated',
        before: {
          buyer: before.buyer,
          billingEmail: before.billing_email,
          active: before.active,
          depositsOnAccount: before.deposits_on_account,
        },
        after: body,
      });
    });
    return this.get(id);
  }

  /** Adds a customer account (found by its email) as a driver or manager; a member's role may be changed. */
  async addMember(actor: Actor, id: number, email: string, role: CompanyRole): Promise<Company> {
    await this.write(async (repo, tx) => {
      if (!(await repo.find(id))) throw notFound('Company');
      const user = await repo.customerByEmail(email);
      if (!user)
        throw new AppError('NOT_FOUND', companyMessages.noCustomer, [
          { path: 'email', message: companyMessages.noCustomer },
        ]);
      if (user.company_id !== null && user.company_id !== id)
        throw new AppError('CONFLICT', companyMessages.elsewhere, [
          { path: 'email', message: companyMessages.elsewhere },
        ]);
      await repo.saveMember(id, user.id, role);
      await this.deps.audit.record(tx, actor, {
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
    await this.write(async (repo, tx) => {
      if (!(await repo.removeMember(id, userId))) throw notFound('Member');
      await this.deps.audit.record(tx, actor, {
        entity: 'company',
        entityId: id,
        action: 'company.member_removed',
        before: { userId },
      });
    });
    return this.get(id);
  }

  private async write<T>(fn: (repo: CompaniesRepository, tx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.repository.transaction(fn);
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
    const member = await this.repository.membership(userId);
    if (!member) return null;
    return {
      name: member.buyer.companyName,
      role: member.role,
      active: member.active,
      invoices: member.role === 'manager' ? await this.invoices(member.company_id) : [],
    };
  }

  /**
   * Issues the monthly invoice of every ended month with bookings on an account not yet invoiced
   * (all companies, or one). Run by the minute job (server.ts) and by staff; each month is issued
   * once under the company's lock, so instances running it at once issue one invoice.
   */
  async issueDue(companyId?: number): Promise<MonthlyInvoice[]> {
    const thisMonth = `${bangkokDate(this.now()).slice(0, 7)}-01`;
    const due = await this.repository.monthsDue(thisMonth, companyId);
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
    seller: Awaited<ReturnType<TaxInvoices['headOfficeSeller']>>,
  ): Promise<MonthlyInvoice | null> {
    return this.repository.transaction(async (repo, tx) => {
      const company = await repo.find(companyId, true);
      if (!company) return null;
      if (await this.deps.monthlyInvoices.exists(tx, companyId, period)) return null;
      const bookings = await repo.lockBillable(companyId, period);
      if (!bookings.length) return null;
      const perBooking = bookings.map(monthlyLines);
      const lines = perBooking.flat();
      const total = lines.reduce((sum, l) => sum + l.total, 0);
      // The VAT in the invoice's total; each line's net is rounded, the last taking the rounding.
      const vat = vatPart(total);
      const year = Number(bangkokDate(this.now()).slice(0, 4));
      // The branches' own running-number counter, under the monthly invoices' series key.
      const no = await this.deps.taxInvoices.nextInvoiceNo(tx, MONTHLY_SERIES, year);
      const number = `${MONTHLY_SERIES.toUpperCase()}-${year}-${String(no).padStart(6, '0')}`;
      const invoice = await this.deps.monthlyInvoices.write(tx, {
        companyId,
        period,
        series: MONTHLY_SERIES,
        number,
        issuedAt: this.now(),
        seller,
        buyer: company.buyer,
        lines: withNets(lines, total - vat),
        net: total - vat,
        vat,
        total,
        bookings: bookings.map((b, i) => ({
          id: b.id,
          amount: perBooking[i]!.reduce((sum, l) => sum + l.total, 0),
        })),
      });
      return invoiceOut({ number, period, issued_ms: invoice.issued_ms, bookings: bookings.length, total });
    });
  }

  /** A monthly invoice as a PDF or e-Tax XML: any company's for staff (`companyId`), or a manager's own. */
  /**
   * A monthly invoice, for whoever booking-access.ts lets read it: staff (through a company's page:
   * `companyId`, another company's number is a 404) or the company's managers.
   */
  async invoiceFile(actor: AccessActor, number: string, format: 'pdf' | 'xml', companyId?: number) {
    const actorId = actor.kind === 'customer' ? actor.userId : null;
    const row = await this.deps.monthlyInvoices.find(number, companyId);
    // The reading customer's role in the invoice's company, if any (a customer is in one company at most).
    const member = row && actorId !== null ? await this.repository.membership(actorId) : undefined;
    const found = row && {
      ...row,
      actor_role: member && member.company_id === row.company_id ? member.role : null,
    };
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
    await this.repository.eraseMember(userId);
  }
}

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
