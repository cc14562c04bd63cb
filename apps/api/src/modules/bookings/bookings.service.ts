import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Booking, Quote, quoteBodySchema } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import type { DepositMethod } from '@siam/contract/deposits';
import { rentalPeriod } from '@siam/contract/rental-times';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/file-storage';
import type { Mailer } from '../../lib/mailer';
import { checkThaiAddress } from '../thai-addresses/thai-addresses';
import type { PricingService } from '../pricing/pricing.service';
import type { UnitsAdminService } from '../fleet/units-admin.service';
import type { UsersService } from '../users/users.service';
import { bookingSubject, customerActor, readableOr404, type AccessActor } from './booking-access';
import type { BookingMailKind } from './booking-mail';
import { BookingMessages, type BookingMessageListener } from './booking-messages';
import { BookingErasureRepository } from './booking-erasure.repository';
import { BookingWritesRepository } from './booking-writes.repository';
import { toBooking } from './booking-view';
import type { BookingRow, BookingsRepository, Db, Executor } from './bookings.repository';

export type { BookingMessageEvent, BookingMessageListener } from './booking-messages';
export type { BookingRow };
export type { DriverLicenceRow } from './booking-writes.repository';

/** The record's rows the use cases above it write, in their own transaction (booking-writes.repository.ts). */
export type BookingWrites = Pick<BookingWritesRepository, keyof BookingWritesRepository>;

type QuoteInput = z.output<typeof quoteBodySchema>;

/**
 * Runs inside a status change's transaction, after the change, with the
 * booking as it was before: the back office writes its audit record here.
 */
export type InTransaction = (tx: Db, before: BookingRow) => Promise<void>;

/** Why what a booking comes to changed (a credit or debit note says the same). */
export type TotalChange = 'cancelled' | 'changed' | 'charges';

interface Clock {
  now(): Date;
}

/**
 * The booking record: its row and read model, the status table's transitions, its car's holds, its
 * deposit's columns, licence pictures, pick-up and return, expiry, erasure and what the customer is
 * told. The use cases that make, pay, change and cancel a booking sit above it (payments/, rentals/)
 * and move it only through these functions.
 */
export class BookingsService {
  constructor(
    private readonly repo: BookingsRepository,
    private readonly deps: {
      /** Prices, quotes and promotion codes (pricing/): a quote asks here whether a car is free. */
      pricing: PricingService;
      /** The customer's kept company details (users' tax_buyer). */
      users: Pick<UsersService, 'taxBuyer' | 'saveTaxBuyer'>;
      /** A one-way rental's car moved to the branch it was returned to (fleet's units). */
      units: Pick<UnitsAdminService, 'moveTo'>;
      mailer: Mailer;
      /** The licence pictures folder (private, like slips). */
      licences: FileStorage;
      publicUrl: string;
      /** The ways the payment gateway takes online now (payments/, wired in services.ts). */
      onlineSources: () => Promise<readonly string[]>;
      /** A receipt's signed link (lib/receipt-link.ts): a walk-in's receipt is sent with it. */
      receiptUrl?: (bookingId: number) => string;
      log?: { error: (obj: unknown, msg: string) => void };
      clock?: Clock;
    },
  ) {
    this.messages = new BookingMessages(repo, deps, (id, lang) => this.getById(id, lang));
  }

  private readonly messages: BookingMessages;
  private readonly erasure = new BookingErasureRepository();

  /** A new booking's rows, a change's rewrite, a new way to pay: rentals writes the record only here. */
  readonly writes: BookingWrites = new BookingWritesRepository();

  /**
   * What else follows a change of what a booking comes to (a cancellation, a change, charges after a
   * return): the documents module issues a credit or debit note against an issued tax invoice
   * (documents/documents.service.ts, registered in services.ts). Like a mail, a listener's failure
   * never undoes the customer's step: each listener keeps its own failures.
   */
  private readonly totalListeners: ((bookingId: number, reason: TotalChange) => Promise<void>)[] = [];

  onTotalChanged(listener: (bookingId: number, reason: TotalChange) => Promise<void>) {
    this.totalListeners.push(listener);
  }

  /** Tells the listeners that what the booking comes to changed (awaited, in order). */
  async totalChanged(bookingId: number, reason: TotalChange) {
    for (const listener of this.totalListeners) await listener(bookingId, reason);
  }

  /** The pool as the repository's executor, for reads and writes outside a transaction. */
  private get db(): Executor {
    return this.repo.db;
  }

  now() {
    return this.deps.clock?.now() ?? new Date();
  }

  /** The booking's row under its lock in `tx`: a document of it is numbered under this lock. */
  lockForDocument(tx: Executor, bookingId: number) {
    return this.repo.findBooking(tx, { id: bookingId, forUpdate: true });
  }

  /** A booking's row (the customer's own when `userId` is given), for the hand-over's checks. */
  row(bookingId: number, userId?: number) {
    return this.repo.findBooking(this.db, { id: bookingId, userId });
  }

  /** A booking's row in `ex` (a transaction), by id or number, the customer's own when `userId` is given; `forUpdate` locks it. */
  find(ex: Executor, where: { id?: number; number?: string; userId?: number; forUpdate?: boolean }) {
    return this.repo.findBooking(ex, where);
  }

  /** Runs `fn` in one transaction holding the booking's row lock (a report written after the fact). */
  withLockedBooking<T>(bookingId: number, fn: (tx: Db, row: BookingRow | undefined) => Promise<T>) {
    return this.repo.transaction(async (tx) =>
      fn(tx, await this.repo.findBooking(tx, { id: bookingId, forUpdate: true })),
    );
  }

  /** Paid: the status table's awaiting payment → confirmed, in the caller's transaction. */
  async confirmPaid(tx: Executor, bookingId: number) {
    await this.repo.confirmPaid(tx, bookingId);
  }

  /** Cancelled (status table), with who, why and the fee kept (baht), in the caller's transaction. */
  cancelled(
    tx: Executor,
    bookingId: number,
    c: { by: 'staff' | 'customer'; reason: string | null; fee: string },
  ) {
    return this.repo.cancel(tx, bookingId, c);
  }

  /** The deposit taken at pickup, in the pickup's transaction; false when none is due. */
  takeDeposit(tx: Executor, bookingId: number, method: DepositMethod) {
    return this.repo.takeDeposit(tx, bookingId, method);
  }

  /** The deposit held on the customer's card at the gateway, at `at`; false when it is not due any more. */
  holdDeposit(tx: Executor, bookingId: number, reference: string, gateway: string, at: Date) {
    return this.repo.holdDepositOnCard(tx, bookingId, reference, gateway, at);
  }

  /** Deposits held on a card since before `before` whose car is not back yet (decision 3413). */
  cardDepositsHeldBefore(before: Date, limit = 50) {
    return this.repo.cardDepositsHeldBefore(this.db, before, limit);
  }

  /** A deposit's card hold let go before it lapses: the deposit is due again; false when that hold is not its any more. */
  depositDueAgain(tx: Executor, bookingId: number, reference: string) {
    return this.repo.depositDueAgain(tx, bookingId, reference);
  }

  /** A held deposit given back (all but `keptBaht`, with why); false when none is held or the car is not back (bookings.repository). */
  releaseDeposit(tx: Executor, bookingId: number, keptBaht: number, reason: string | null) {
    return this.repo.releaseDeposit(tx, bookingId, keptBaht, reason);
  }

  /** In-service units of the model at the branch for a period, free ones first (random order among equals). */
  candidateUnits(ex: Executor, carModelId: number, branchCode: string, startsAt: Date, blockedUntil: Date) {
    return this.repo.candidateUnits(ex, carModelId, branchCode, startsAt, blockedUntil);
  }

  /** A hold of the booking's car (the database's EXCLUDE constraint decides); undefined when the car is taken. */
  hold(tx: Executor, hold: Parameters<BookingsRepository['insertHold']>[1]) {
    return this.repo.insertHold(tx, hold);
  }

  /**
   * The booking's live hold on its car, if any: its first, when a change waiting for its payment holds
   * its new dates besides (decision 3631).
   */
  liveHold(ex: Executor, bookingId: number) {
    return this.repo.liveHold(ex, bookingId);
  }

  /** Frees the booking's car. */
  releaseHolds(tx: Executor, bookingId: number) {
    return this.repo.releaseHolds(tx, bookingId);
  }

  /** Lets go of the holds a change waiting for its payment placed, when it lapses (decision 3631). */
  releaseHoldIds(tx: Executor, bookingId: number, ids: number[]) {
    return this.repo.releaseHolds(tx, bookingId, ids);
  }

  /** The car (unit) the booking was given. */
  setUnit(tx: Executor, bookingId: number, unitId: number) {
    return this.repo.setUnit(tx, bookingId, unitId);
  }

  /** A unit's number plate (the agreement prints it). */
  unitPlate(unitId: number) {
    return this.repo.unitPlate(this.db, unitId);
  }

  /** The payments of a booking, oldest first (its receipt lists them); in `ex` when given (a transaction). */
  payments(bookingId: number, ex: Executor = this.db) {
    return this.repo.payments(ex, bookingId);
  }

  /** The booking's extras as booked. */
  addons(ex: Executor, bookingId: number) {
    return this.repo.bookingAddons(ex, bookingId);
  }

  /** The company details a customer keeps for full tax invoices. */
  taxDetails(userId: number) {
    return this.deps.users.taxBuyer(this.db, userId);
  }

  async saveTaxDetails(userId: number, details: TaxBuyer | null, ex: Executor = this.db) {
    if (details) checkThaiAddress(details);
    await this.deps.users.saveTaxBuyer(ex, userId, details);
    return details;
  }

  /** A price for a car, dates, extras and a code (no sign-in needed). */
  quote(input: QuoteInput, lang: Language, userId: number | null): Promise<Quote> {
    return this.deps.pricing.quote(input, lang, userId, async (startsAt, blockedUntil) =>
      (
        await this.repo.candidateUnits(this.db, input.carModelId, input.branchCode, startsAt, blockedUntil)
      ).some((u) => u.free),
    );
  }

  private async load(ex: Executor, row: BookingRow, lang: Language) {
    return toBooking(
      row,
      await this.repo.bookingAddons(ex, row.id),
      await this.repo.payments(ex, row.id),
      lang,
      this.now(),
    );
  }

  async getById(bookingId: number, lang: Language) {
    const db = this.db;
    const row = await this.repo.findBooking(db, { id: bookingId });
    if (!row) throw notFound('Booking');
    return this.load(db, row, lang);
  }

  /** A customer's own booking, by id or booking number; anyone else's is a 404. */
  getForUser(userId: number, idOrNumber: number | string, lang: Language) {
    return this.getFor(customerActor(userId), idOrNumber, lang);
  }

  /** A booking, by id or booking number, for whoever booking-access.ts lets read it; else the one 404. */
  async getFor(actor: AccessActor, idOrNumber: number | string, lang: Language) {
    const db = this.db;
    const row = readableOr404(
      actor,
      await this.repo.findBooking(
        db,
        typeof idOrNumber === 'number' ? { id: idOrNumber } : { number: idOrNumber },
      ),
      bookingSubject,
      'Booking',
    );
    return this.load(db, row, lang);
  }

  /** The one ownership check for a booking's documents and files: one query, the one 404. */
  async assertCanReadBooking(actor: AccessActor, bookingId: number) {
    readableOr404(actor, await this.repo.bookingOwner(this.db, bookingId), bookingSubject, 'Booking');
  }

  async listForUser(userId: number, lang: Language) {
    const db = this.db;
    const list = await this.repo.listForUser(db, userId);
    return Promise.all(list.map((row) => this.load(db, row, lang)));
  }

  /** The customer picked the car up; staff may hand over another unit of the model (its hold moves with it). */
  async markPickedUp(bookingId: number, unitId?: number, lang: Language = 'en', inTx?: InTransaction) {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.findBooking(tx, { id: bookingId, forUpdate: true });
      if (!row) throw notFound('Booking');
      if (row.status !== 'confirmed')
        throw new AppError('CONFLICT', 'Only a confirmed booking can be picked up');
      if (unitId !== undefined && unitId !== row.unit_id) {
        if (!(await this.repo.otherFreeUnit(tx, bookingId, unitId)))
          throw new AppError('VALIDATION_FAILED', 'That unit is not a car of this model');
        const hold = await this.repo.liveHold(tx, bookingId);
        await this.repo.releaseHolds(tx, bookingId);
        const { startsAt, endsAt, blockedUntil } = rentalPeriod(
          {
            pickupDate: row.pickup_date,
            pickupTime: row.pickup_time,
            returnDate: row.return_date,
            returnTime: row.return_time,
          },
          row.return_branch_code !== row.branch_code,
        );
        const ok = await this.repo.insertHold(tx, {
          unitId,
          bookingId,
          startsAt: hold ? new Date(hold.starts_at) : startsAt,
          endsAt: hold ? new Date(hold.ends_at) : endsAt,
          blockedUntil: hold ? new Date(hold.blocked_until) : blockedUntil,
          createdBy: null,
        });
        if (!ok) throw new AppError('CONFLICT', 'That unit is booked for these dates');
        await this.repo.setUnit(tx, bookingId, unitId);
      }
      await this.repo.pickUp(tx, bookingId);
      await inTx?.(tx, row);
    });
    return this.getById(bookingId, lang);
  }

  /**
   * The car came back (at `returnedAt`, when staff record it a moment later; else now): the booking is
   * completed and the car freed.
   */
  async markReturned(bookingId: number, lang: Language = 'en', inTx?: InTransaction, returnedAt?: Date) {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.findBooking(tx, { id: bookingId, forUpdate: true });
      if (!row) throw notFound('Booking');
      if (!(await this.repo.markReturned(tx, bookingId, returnedAt)))
        throw new AppError('CONFLICT', 'Only an active booking can be returned');
      await this.repo.releaseHolds(tx, bookingId);
      // Returned to another branch: the car is there now, bookable there from now on.
      if (row.return_branch_code !== row.branch_code && row.unit_id !== null)
        await this.deps.units.moveTo(tx, row.unit_id, row.return_branch_code);
      await inTx?.(tx, row);
    });
    return this.getById(bookingId, lang);
  }

  /**
   * A picture of a driver's licence, sent before arrival: a real JPEG, PNG or WebP picture, re-encoded
   * as JPEG without its metadata (no location, no camera), kept privately; at most six a booking,
   * before pickup.
   */
  async uploadLicencePicture(userId: number, bookingId: number, content: Buffer, lang: Language) {
    const booking = await this.getForUser(userId, bookingId, lang);
    if (!booking.canSendLicencePicture)
      throw new AppError('CONFLICT', 'This booking takes no more licence pictures');
    let picture: Buffer;
    try {
      const image = sharp(content, { failOn: 'error', limitInputPixels: 40_000_000 });
      const { format } = await image.metadata();
      if (!format || !['jpeg', 'png', 'webp'].includes(format)) throw new Error(format);
      // rotate(): upright as taken, then the metadata is left out of the new file.
      picture = await image
        .rotate()
        .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a picture of the licence (JPEG, PNG or WebP)');
    }
    const key = `${bookingId}-${randomUUID()}.jpg`;
    await this.deps.licences.put(key, picture, 'image/jpeg');
    if (!(await this.repo.insertLicencePicture(this.db, bookingId, key, picture.length))) {
      await this.deps.licences.delete(key);
      throw new AppError('CONFLICT', 'This booking takes no more licence pictures');
    }
    return this.getForUser(userId, bookingId, lang);
  }

  /** A licence picture of a booking, for whoever may read the booking. */
  async licencePicture(actor: AccessActor, bookingId: number, pictureId: number) {
    await this.assertCanReadBooking(actor, bookingId);
    const row = await this.repo.licencePicture(this.db, bookingId, pictureId);
    const content = row && (await this.deps.licences.get(row.storage_key));
    if (!content) throw notFound('Licence picture');
    return content;
  }

  /** Unpaid bookings past their deadline expire, free their cars and give their codes' uses back (pricing's), in one transaction. */
  expireUnpaid(now: Date = this.now()) {
    return this.repo.transaction(async (tx) => {
      const expired = (await this.repo.expireUnpaid(tx, now)).map((r) => r.id);
      return this.deps.pricing.promotions.releasePromotionsOf(tx, expired).then(() => expired);
    });
  }

  /** May this customer review this booking? Only their own, once the car was picked up (active or completed). */
  async reviewEligibility(
    userId: number,
    bookingId: number,
  ): Promise<
    { allowed: true; carModelId: number } | { allowed: false; reason: 'not_found' | 'not_eligible' }
  > {
    const row = await this.repo.ownBookingStatus(this.db, userId, bookingId);
    if (!row) return { allowed: false, reason: 'not_found' };
    return row.status === 'active' || row.status === 'completed'
      ? { allowed: true, carModelId: row.car_model_id }
      : { allowed: false, reason: 'not_eligible' };
  }

  /** Issues a one-use percentage coupon only `userId` can redeem, valid for `validDays`. */
  async issuePersonalCoupon(userId: number, percent: number, validDays: number): Promise<string> {
    const code = `THANKS-${randomBytes(5).toString('hex').toUpperCase()}`;
    await this.deps.pricing.promotions.insertPersonalCode(this.db, {
      code,
      userId,
      percent,
      endsAt: new Date(this.now().getTime() + validDays * 86_400_000),
    });
    return code;
  }

  async anonymiseForUser(userId: number) {
    const anonymised = await this.erasure.anonymiseForUser(this.db, userId);
    const files = await this.erasure.erasePersonalTraces(this.db, userId);
    // The rows are gone first: a file left by a failed delete is never shown to anyone again.
    for (const key of files.licences) await this.deps.licences.delete(key);
    return anonymised;
  }

  /** Another channel that tells the customer what the booking mails tell them (LINE, services.ts). */
  onCustomerMessage(listener: BookingMessageListener) {
    this.messages.onCustomerMessage(listener);
  }

  /** Mails the customer about a step taken elsewhere (the return's condition report and its charges). */
  mailCustomer(bookingId: number, kind: BookingMailKind): Promise<void> {
    return this.sendMail(bookingId, kind);
  }

  /** Where the booking's mails go (its account's or its driver's email), or null when nowhere. */
  mailRecipient(bookingId: number) {
    return this.messages.recipient(bookingId);
  }

  /** Tells the customer (mail, LINE) about their booking (booking-messages.ts); never throws. */
  sendMail(
    bookingId: number,
    kind: BookingMailKind,
    known?: { booking: Booking; lang: Language; userId: number },
    note?: string,
    amountSatang?: number,
  ) {
    return this.messages.send(bookingId, kind, known, note, amountSatang);
  }
}
