import type { depositActionSchema } from '@siam/contract/deposits';
import { personName } from '@siam/contract/person-names';
import type {
  AdminBookingDetail,
  AdminBookingSummary,
  AdminBookingsQuery,
  BookingsToday,
  Timeline,
  walkInBodySchema,
} from '@siam/contract/admin-bookings';
import type { createBookingBodySchema } from '@siam/contract/bookings';
import type { z } from 'zod';
import type { UsersService } from '../users/users.service';
import type { Booking } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import type { CounterPaymentMethod } from '@siam/contract/payment-methods';
import { AppError } from '../../lib/app-error';
import { reportMessages } from '@siam/contract/condition-reports';
import type { Actor, AuditService } from '../audit/audit.service';
import type { BookingRow } from './bookings.repository';
import type { BookingsService, InTransaction } from './bookings.service';
import type { Db } from '../../db/client';
import { bangkokDate, bangkokMidnight, DAY_MS } from '@siam/contract/bangkok-time';
import type { AuditAction } from '@siam/contract/audit-events';
import type { BookingsAdminRepository, SummaryRow } from './bookings-admin.repository';

/** The reference a counter payment gets when the terminal or QR gave none (the booking page names them). */
const counterReferences: Record<CounterPaymentMethod, string> = {
  cash: 'cash received by staff',
  bank_transfer: 'transfer received by staff',
  card_terminal: 'card terminal payment received by staff',
  promptpay: 'promptpay payment received by staff',
};

function summary(row: SummaryRow, lang: Language): AdminBookingSummary {
  return {
    id: row.id,
    bookingNumber: row.booking_number,
    status: row.status as AdminBookingSummary['status'],
    carName: `${row.brand[lang]} ${row.model[lang]}`,
    plate: row.plate,
    branchCode: row.branch_code,
    pickupDate: row.pickup_date,
    returnDate: row.return_date,
    customerName: personName(row.driver_first_name, row.driver_last_name),
    customerEmail: row.driver_email,
    paymentMethod: row.payment_method,
    total: row.total,
    slipPending: row.slip_pending,
    createdAt: new Date(row.created_ms).toISOString(),
  };
}

/** What payments/ shows of a booking's money on the staff's booking page. */
export type MoneyTrailOfBooking = Pick<
  AdminBookingDetail,
  'payments' | 'slips' | 'gatewayCharges' | 'gatewayEvents'
>;

/**
 * What the back office's bookings screens ask of the modules above bookings (rentals/ makes and cancels
 * a booking, payments/ takes and gives back money): a port wired in services.ts, since bookings may not
 * import them (decision 3301).
 */
export interface StaffBookingActions {
  create(
    userId: number,
    input: z.output<typeof createBookingBodySchema>,
    lang: Language,
    idempotencyKey: string | undefined,
    staff: { customerId: number | null; inTx?: (tx: Db, bookingId: number) => Promise<void> },
  ): Promise<{ booking: Booking }>;
  cancel(
    bookingId: number,
    options: {
      byStaff: boolean;
      reason?: string;
      applyFeeRule?: boolean;
      onlyIfAwaitingPayment?: boolean;
      inTx?: InTransaction;
    },
    lang: Language,
  ): Promise<Booking>;
  confirmPayment(
    bookingId: number,
    lang: Language,
    inTx?: InTransaction,
    reference?: string,
  ): Promise<Booking>;
  rejectSlip(bookingId: number, reason: string, lang: Language, inTx?: InTransaction): Promise<Booking>;
  changeDeposit(
    bookingId: number,
    action: z.output<typeof depositActionSchema>,
    lang: Language,
    inTx?: InTransaction,
  ): Promise<Booking>;
  /** Whether staff wrote the pickup's condition report (hand-over/): the car goes out only after it. */
  pickupInspected(bookingId: number): Promise<boolean>;
  /** The booking's payments, slips, gateway charges and events for the staff's page (payments/money-trail.ts). */
  moneyTrail(bookingId: number): Promise<MoneyTrailOfBooking>;
}

/**
 * Bookings in the back office. Reads come from its own read-only queries;
 * every change goes through the bookings service or the port's actions,
 * which run our audit record inside the change's own transaction.
 */
export class BookingsAdminService {
  constructor(
    private readonly repository: BookingsAdminRepository,
    private readonly bookings: BookingsService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
    /** Staff's steps that the modules above bookings take (services.ts). */
    private readonly actions: StaffBookingActions,
  ) {}

  /**
   * A phone or walk-in booking: through the bookings service's own create
   * (same prices, same unit holds against double booking, the same
   * idempotency key rule, owned by the staff member), for an existing customer
   * or for driver details only; cash or transfer, marked paid when it is.
   */
  async createWalkIn(
    actor: Actor & { id: number },
    body: z.output<typeof walkInBodySchema>,
    lang: Language,
    idempotencyKey: string | undefined,
  ): Promise<Booking> {
    let customerId: number | null = null;
    if (body.customerEmail) {
      const user = await this.users.findByEmail(body.customerEmail);
      if (!user || user.role !== 'customer')
        throw new AppError('VALIDATION_FAILED', 'No customer account with this email', [
          { path: 'customerEmail', message: 'No customer account with this email' },
        ]);
      customerId = user.id;
    }
    const { customerEmail: _email, paid, terminalReference, ...booking } = body;
    const input: z.output<typeof createBookingBodySchema> = {
      ...booking,
      acceptTerms: true,
      cardToken: undefined,
      // The row keeps what staff chose; the customer-facing schema knows no counter ways.
      paymentMethod: booking.paymentMethod as 'bank_transfer',
    };
    const result = await this.actions.create(actor.id, input, lang, idempotencyKey, {
      customerId,
      inTx: async (tx, bookingId) => {
        await this.audit.record(tx, actor, {
          entity: 'booking',
          entityId: bookingId,
          action: 'booking.created_by_staff',
          before: null,
          // On a company's account it is confirmed at once, as a member's own booking is (decision 3662).
          after: {
            status: booking.paymentMethod === 'company_account' ? 'confirmed' : 'awaiting_payment',
            paymentMethod: booking.paymentMethod,
            customerId,
          },
        });
      },
    });
    const made = result.booking;
    // A replayed key answers with the booking as it was made: look at it as it is now.
    const now = await this.bookings.getById(made.id, lang);
    // A booking on a company's account is confirmed already: the company pays its monthly invoice.
    if (paid && now.status === 'awaiting_payment' && booking.paymentMethod !== 'company_account') {
      const reference = terminalReference ?? counterReferences[booking.paymentMethod];
      await this.actions.confirmPayment(
        made.id,
        lang,
        this.audited(actor, 'booking.payment_received', (b) => ({
          status: 'confirmed',
          unitId: b.unit_id,
          paymentMethod: booking.paymentMethod,
          reference,
        })),
        reference,
      );
      // The receipt, right after the counter payment: mailed (and sent by LINE when linked) with its
      // link when there is an email to write to; otherwise the booking page says to print it.
      await this.bookings.sendMail(made.id, 'receipt');
    }
    return this.bookings.getById(made.id, lang);
  }

  async list(
    query: Required<Pick<AdminBookingsQuery, 'page' | 'limit'>> & AdminBookingsQuery,
    lang: Language,
  ) {
    const page = Number(query.page);
    const limit = Number(query.limit);
    const { rows, total } = await this.repository.list(
      {
        status: query.status,
        branch: query.branch || undefined,
        from: query.from,
        to: query.to,
        customer: query.customer || undefined,
        number: query.number || undefined,
      },
      limit,
      (page - 1) * limit,
    );
    return {
      data: rows.map((r) => summary(r, lang)),
      pagination: { page, limit, total, total_pages: Math.ceil(total / limit) },
    };
  }

  async detail(bookingId: number, lang: Language): Promise<AdminBookingDetail> {
    const booking = await this.bookings.getById(bookingId, lang);
    const [extra, trail, history, freeUnits, mailedTo] = await Promise.all([
      this.repository.unitAndAccount(bookingId),
      this.actions.moneyTrail(bookingId),
      this.audit.list({ entity: 'booking', entityId: String(bookingId), page: 1, limit: 100 }),
      this.repository.freeUnits(bookingId),
      this.bookings.mailRecipient(bookingId),
    ]);
    return {
      booking,
      unit: extra?.unit_id && extra.plate ? { id: extra.unit_id, plate: extra.plate } : null,
      customerAccountEmail: extra?.account_email ?? null,
      mailedTo,
      ...trail,
      history: history.data,
      freeUnits,
    };
  }

  /** The audit hook: one record of the status change, in the change's own transaction. */
  private audited(actor: Actor, action: AuditAction, after: (before: BookingRow) => Record<string, unknown>) {
    const hook: InTransaction = async (tx, before) => {
      // The bookings service's transactions are Drizzle transactions: the audit insert runs in the same one.
      await this.audit.record(tx, actor, {
        entity: 'booking',
        entityId: before.id,
        action,
        before: { status: before.status, unitId: before.unit_id },
        after: after(before),
      });
    };
    return hook;
  }

  async verifySlip(actor: Actor, bookingId: number, lang: Language): Promise<Booking> {
    return this.actions.confirmPayment(
      bookingId,
      lang,
      this.audited(actor, 'booking.payment_verified', (b) => ({ status: 'confirmed', unitId: b.unit_id })),
    );
  }

  async rejectSlip(actor: Actor, bookingId: number, reason: string, lang: Language): Promise<Booking> {
    return this.actions.rejectSlip(
      bookingId,
      reason,
      lang,
      this.audited(actor, 'booking.slip_rejected', (b) => ({ status: b.status, unitId: b.unit_id, reason })),
    );
  }

  /**
   * The quick "picked up" step: only after the pickup inspection (issue 36 part 6). The inspection's
   * condition report is what hands the car over, so for a confirmed booking this refuses and the page
   * sends staff to the inspection.
   */
  async pickUp(actor: Actor, bookingId: number, unitId: number | undefined, lang: Language) {
    if (!(await this.actions.pickupInspected(bookingId)))
      throw new AppError('CONFLICT', reportMessages.inspectionFirst);
    return this.bookings.markPickedUp(
      bookingId,
      unitId,
      lang,
      this.audited(actor, 'booking.picked_up', (b) => ({ status: 'active', unitId: unitId ?? b.unit_id })),
    );
  }

  async deposit(
    actor: Actor,
    bookingId: number,
    action: z.output<typeof depositActionSchema>,
    lang: Language,
  ): Promise<Booking> {
    return this.actions.changeDeposit(
      bookingId,
      action,
      lang,
      this.audited(
        actor,
        action.action === 'take' ? 'booking.deposit_taken' : 'booking.deposit_released',
        (b) =>
          action.action === 'take'
            ? { status: b.status, depositMethod: action.method }
            : { status: b.status, depositKept: action.kept, reason: action.reason ?? null },
      ),
    );
  }

  async markReturned(actor: Actor, bookingId: number, lang: Language) {
    return this.bookings.markReturned(
      bookingId,
      lang,
      this.audited(actor, 'booking.returned', (b) => ({ status: 'completed', unitId: b.unit_id })),
    );
  }

  async cancel(
    actor: Actor,
    bookingId: number,
    body: { reason: string; applyFee: boolean },
    lang: Language,
    options: { onlyIfAwaitingPayment?: boolean } = {},
  ) {
    if (!body.reason.trim())
      throw new AppError('VALIDATION_FAILED', 'Give a reason', [{ path: 'reason', message: 'Required' }]);
    return this.actions.cancel(
      bookingId,
      {
        // Staff cancel free of charge unless they apply the customer fee rule.
        byStaff: true,
        applyFeeRule: body.applyFee,
        reason: body.reason,
        onlyIfAwaitingPayment: options.onlyIfAwaitingPayment,
        inTx: this.audited(actor, 'booking.cancelled', (b) => ({
          status: 'cancelled',
          unitId: b.unit_id,
          reason: body.reason,
          feeApplied: body.applyFee,
        })),
      },
      lang,
    );
  }

  async today(lang: Language, now = new Date()): Promise<BookingsToday> {
    const date = bangkokDate(now);
    const [pickups, returns, awaiting, branches] = await Promise.all([
      this.repository.onDay(date, 'pickup_date', ['confirmed', 'awaiting_payment', 'active']),
      this.repository.onDay(date, 'return_date', ['active', 'confirmed', 'completed']),
      this.repository.awaitingPayment(),
      this.repository.branchCodes(),
    ]);
    const month = date.slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const figures = await this.repository.monthFigures(bangkokMidnight(`${month}-01`), bangkokMidnight(next));
    return {
      date,
      branches: branches.map((b) => ({
        code: b.code,
        pickups: pickups.filter((p) => p.branch_code === b.code).length,
        returns: returns.filter((r) => r.branch_code === b.code).length,
      })),
      pickups: pickups.map((r) => summary(r, lang)),
      returns: returns.map((r) => summary(r, lang)),
      awaitingPayment: awaiting.map((r) => summary(r, lang)),
      month: { month, ...figures },
    };
  }

  async timeline(branch: string, from: string | undefined, days: number, lang: Language): Promise<Timeline> {
    const first = from ?? bangkokDate(new Date());
    const start = bangkokMidnight(first);
    const end = new Date(start.getTime() + days * DAY_MS);
    const dayList = Array.from({ length: days }, (_, i) =>
      bangkokDate(new Date(start.getTime() + i * DAY_MS)),
    );
    const [units, holds] = await Promise.all([
      this.repository.timelineUnits(branch),
      this.repository.timelineHolds(branch, start, end),
    ]);
    return {
      branch,
      from: first,
      days: dayList,
      units: units.map((u) => ({
        id: u.id,
        plate: u.plate,
        carName: `${u.brand[lang]} ${u.model[lang]}`,
        status: u.status,
        holds: holds
          .filter((h) => h.unit_id === u.id)
          .map((h) => ({
            kind: h.kind,
            bookingId: h.booking_id,
            bookingNumber: h.booking_number,
            status: h.status,
            firstDay: bangkokDate(new Date(h.starts_at)),
            lastDay: bangkokDate(new Date(new Date(h.ends_at).getTime() - 1)),
            reason: h.reason,
          })),
      })),
    };
  }
}
