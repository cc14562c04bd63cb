import { createHash, randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { isMadeUpEmail } from '@siam/contract/made-up-email';
import { sql } from 'drizzle-orm';
import {
  CAR_UNAVAILABLE_MESSAGE,
  RENTAL_CLOSED_MESSAGE,
  TOO_MANY_UNPAID_MESSAGE,
  UNPAID_HOLDS_FROM_NETWORK_MESSAGE,
  UNPAID_HOLDS_FULL_MESSAGE,
  paysAtOnce,
  refusedBookingPath,
  type Booking,
  type PayAgainBody,
  type PaymentInstructions,
  type AddonCode,
  type ChangeOptions,
  type changeBodySchema,
  type createBookingBodySchema,
  type GatewaySource,
  type Quote,
  type SlipCheckResult,
  type quoteBodySchema,
} from '@siam/contract/bookings';
import { businessRules, unpaidHoldsAllowed } from '@siam/contract/business-rules';
import type { depositActionSchema } from '@siam/contract/deposits';
import type { Language } from '@siam/contract/languages';
import type { z } from 'zod';
import { addressKey } from '../../lib/address-key';
import { AppError, notFound } from '../../lib/app-error';
import { checkThaiAddress } from '../thai-addresses/thai-addresses';
import { bookingSubject, customerActor, readableOr404, type AccessActor } from './booking-access';
import type { Mailer } from '../../lib/mailer';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import type { BookingRow, BookingsRepository, Db, Executor, StoredOutcome } from './bookings.repository';
import { bookingMail, type BookingMailKind } from './booking-mail';
import { toBooking } from './booking-view';
import { bangkokToday } from '@siam/contract/bangkok-time';
import { BookingChanges, ChangeChargeUnknown } from './booking-changes';
import { companyMessages } from '@siam/contract/companies';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import {
  carDriverRules,
  checkDrivers,
  promotionInvalid,
  type PricingService,
} from '../pricing/pricing.service';
import { rentalPeriod } from '@siam/contract/rental-times';
import { CardPayments, cardPaymentRefused, cardRefusalMessages } from './card-payments';
import type { PaymentGateway } from './payment-gateway';
import { cancellationFee, toBaht } from '../pricing/pricing';
import { promptPayQr } from './promptpay';
import { SLIP_ALREADY_USED_MESSAGE, checkSlip, judgeTransfer } from './slip-checks';
import type { SlipQr } from './slip-qr';
import type { SlipVerifier } from './slip-verifier';
import type { FileStorage } from '../../lib/file-storage';
import { bookingsCreated, payments } from '../../lib/metrics';

type QuoteInput = z.output<typeof quoteBodySchema>;
type CreateInput = z.output<typeof createBookingBodySchema>;

const HOUR_MS = 3_600_000;

/** The gateway did not take, or let go, a deposit held on a card: nothing changed, try again. */
const DEPOSIT_GATEWAY_DOWN_MESSAGE =
  'The card company did not answer about the deposit held on the card: nothing changed, try again in a moment';
const DEPOSIT_NOT_DUE_MESSAGE =
  'The deposit is taken when the car is handed over, once: this booking has none due now';
const DEPOSIT_NOT_HELD_MESSAGE = 'No deposit is held for this booking, or the car has not been picked up';
/** Pay again (docs/decisions/3530): the booking no longer waits for a payment, or its time to pay is over. */
const PAY_AGAIN_CLOSED_MESSAGE = 'This booking no longer waits for a payment';
/** Pay again while a card charge of the booking may still take the money. */
const PAY_AGAIN_CHECKING_MESSAGE =
  'A card payment of this booking is still being checked: wait for its outcome before paying again';
/** A card hold the gateway cannot take in part (Omise without pre_auth, docs/decisions/3401). */
const DEPOSIT_WHOLE_ONLY_MESSAGE =
  'This deposit is held on a card that can only be taken in full or returned in full: keep all of it or none';

/**
 * Runs inside a status change's transaction, after the change, with the
 * booking as it was before: the back office writes its audit record here.
 */
export type { BookingRow };

export type InTransaction = (tx: Db, before: BookingRow) => Promise<void>;

/** Why what a booking comes to changed (a credit or debit note says the same). */
export type TotalChange = 'cancelled' | 'changed' | 'charges';

export interface BookingOrigin {
  ip?: string;
  deviceId?: string;
}

/**
 * Until when an unpaid booking holds its car: PromptPay, a wallet or a card an hour, a transfer the
 * spec's 24 hours, cash at the counter a few hours. A card settles in seconds, or waits for the
 * customer to approve it at their bank (3-D Secure) on the phone in hand, like PromptPay; a card
 * charge whose answer was lost keeps the car while it is looked up (expireUnpaid).
 */
export function paymentDeadline(method: string, now: Date): Date {
  if (method === 'bank_transfer') return new Date(now.getTime() + businessRules.transferHoldHours * HOUR_MS);
  // Cash: a walk-in booking staff left unpaid, paid at the counter.
  if (method === 'cash') return new Date(now.getTime() + businessRules.counterCashHoldHours * HOUR_MS);
  return new Date(now.getTime() + businessRules.promptPayHoldMinutes * 60_000);
}

/** Nothing to show: a booking paid, or waiting for nothing the customer can do here. */
const noInstructions: PaymentInstructions = { bankAccount: null, promptpay: null, card: null, wallet: null };

/** A booking made, and how to pay for it when it waits for a payment. */
export interface BookingCreated {
  booking: Booking;
  instructions: Awaited<ReturnType<BookingsService['paymentInstructions']>>;
}

/** The outcome kept under a key, as the caller gets it: the booking made, or the refusal thrown again. */
function replay(outcome: StoredOutcome): BookingCreated {
  if (outcome.ok) return outcome.data as BookingCreated;
  throw new AppError(outcome.code, outcome.msg, outcome.errors);
}

/** A booking mail's event, handed to the customer's other channels. */
export interface BookingMessageEvent {
  bookingId: number;
  kind: BookingMailKind;
  booking: Booking;
  lang: Language;
  userId: number;
  /** A slip's refusal reason. */
  note?: string;
}
export type BookingMessageListener = (event: BookingMessageEvent) => Promise<void>;

interface Clock {
  now(): Date;
}

/**
 * Booking rules: availability through unit holds, prices computed here (never
 * from the browser), promotion codes, payments and every status change.
 */
export class BookingsService {
  constructor(
    private readonly repo: BookingsRepository,
    private readonly deps: {
      siteSettings: SiteSettingsService;
      /** Prices, quotes and promotion codes (pricing/): a booking is priced by the same `compute`. */
      pricing: PricingService;
      mailer: Mailer;
      gateway: PaymentGateway;
      /** The slips folder of the file storage (private: served only through the API). */
      slips: FileStorage;
      /** The licence pictures folder (private, like slips). */
      licences: FileStorage;
      /** Asks the bank about a slip's transfer (EasySlip's API); null: every slip waits for staff. */
      slipVerifier?: SlipVerifier | null;
      publicUrl: string;
      /** Unpaid bookings one network address may hold at once (UNPAID_MAX_PER_ADDRESS). */
      maxUnpaidPerAddress?: number;
      log?: { error: (obj: unknown, msg: string) => void };
      clock?: Clock;
    },
  ) {
    this.cards = new CardPayments(repo, deps.gateway, () => this.now());
    this.changes = new BookingChanges(repo, deps.pricing, deps.gateway, () => this.now());
  }

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

  /** The booking's row under its lock in `tx`: a document of it is numbered under this lock. */
  lockForDocument(tx: Executor, bookingId: number) {
    return this.repo.findBooking(tx, { id: bookingId, forUpdate: true });
  }

  /** A booking's row (the customer's own when `userId` is given), for the hand-over's checks. */
  row(bookingId: number, userId?: number) {
    return this.repo.findBooking(this.db, { id: bookingId, userId });
  }

  /** Runs `fn` in one transaction holding the booking's row lock (a report written after the fact). */
  withLockedBooking<T>(bookingId: number, fn: (tx: Db, row: BookingRow | undefined) => Promise<T>) {
    return this.repo.transaction(async (tx) =>
      fn(tx, await this.repo.findBooking(tx, { id: bookingId, forUpdate: true })),
    );
  }

  /** The deposit taken at pickup, in the pickup's transaction; false when none is due. */
  takeDeposit(tx: Executor, bookingId: number, method: 'card' | 'cash') {
    return this.repo.takeDeposit(tx, bookingId, method);
  }

  /** A unit's number plate (the agreement prints it). */
  unitPlate(unitId: number) {
    return this.repo.unitPlate(this.db, unitId);
  }

  /** The payments of a booking, oldest first (its receipt lists them). */
  payments(bookingId: number) {
    return this.repo.payments(this.db, bookingId);
  }

  /** The company details a customer keeps for full tax invoices. */
  taxDetails(userId: number) {
    return this.repo.taxDetails(this.db, userId);
  }

  async saveTaxDetails(userId: number, details: TaxBuyer | null) {
    if (details) checkThaiAddress(details);
    await this.repo.saveTaxDetails(this.db, userId, details);
    return details;
  }

  /** Self-service changes of dates and extensions (booking-changes.ts). */
  private readonly changes: BookingChanges;

  /** What moving a customer's booking to these dates would cost (nothing is held). */
  quoteChange(userId: number, bookingId: number, input: z.output<typeof changeBodySchema>, lang: Language) {
    return this.changes.quote(userId, bookingId, input, lang);
  }

  /** The cars at a customer's booking's branch and the extras, for a change (nothing is held). */
  async changeOptions(userId: number, bookingId: number, lang: Language): Promise<ChangeOptions> {
    const row = readableOr404(
      customerActor(userId),
      await this.repo.findBooking(this.db, { id: bookingId }),
      bookingSubject,
      'Booking',
    );
    const [cars, addons] = await Promise.all([
      this.repo.modelsAtBranch(this.db, row.branch_code),
      this.deps.pricing.addonRows(this.db),
    ]);
    return {
      cars: cars.map((c) => ({
        carModelId: c.id,
        carName: `${c.brand[lang]} ${c.model[lang]}`,
        pricePerDay: c.price_per_day,
      })),
      addons: addons.map((a) => ({
        code: a.code as AddonCode,
        label: a.name[lang],
        pricePerDay: a.price_per_day,
      })),
    };
  }

  /**
   * Changes a customer's booking (dates, times, car, extras), or extends a rental under way: all or nothing
   * (booking-changes.ts); money to give back goes back after the commit, and the customer is mailed.
   */
  async changeDates(
    userId: number,
    bookingId: number,
    input: z.output<typeof changeBodySchema>,
    lang: Language,
    idempotencyKey: string | undefined,
  ) {
    let done;
    try {
      done = await this.changes.change(userId, bookingId, input, idempotencyKey ?? randomUUID(), (number) =>
        this.returnUri(number),
      );
    } catch (error) {
      if (!(error instanceof ChangeChargeUnknown)) throw error;
      await this.giveBackLostCharge(bookingId, error);
      throw cardPaymentRefused('processing_error');
    }
    if (done.refund > 0) await this.giveBack(bookingId, done.refund, done.method);
    await this.totalChanged(bookingId, 'changed');
    await this.sendMail(bookingId, 'changed');
    return { booking: await this.getById(bookingId, lang), charged: done.charged, refunded: done.refund };
  }

  /** The card payments of bookings: charges, and lost answers looked up (card-payments.ts). */
  private readonly cards: CardPayments;

  /** The pool as the repository's executor, for reads and writes outside a transaction. */
  private get db(): Executor {
    return this.repo.db;
  }

  /** The gateway as the booking form needs it: the sources offered are those the account has enabled now. */
  async gatewayInfo() {
    return {
      name: this.deps.gateway.name,
      sandbox: this.deps.gateway.sandbox,
      sources: [...(await this.deps.gateway.sources())],
      card: this.deps.gateway.vault,
      partialCapture: this.deps.gateway.partialCapture,
    };
  }

  private now() {
    return this.deps.clock?.now() ?? new Date();
  }

  /** A price for a car, dates, extras and a code (no sign-in needed). */
  quote(input: QuoteInput, lang: Language, userId: number | null): Promise<Quote> {
    return this.deps.pricing.quote(input, lang, userId, async (startsAt, blockedUntil) =>
      (
        await this.repo.candidateUnits(this.db, input.carModelId, input.branchCode, startsAt, blockedUntil)
      ).some((u) => u.free),
    );
  }

  /**
   * Creates a booking. One transaction claims the idempotency key, writes the
   * booking, its add-ons and promotion use, and puts a hold on a free unit
   * (the next unit when the database refuses one). A card is then charged
   * outside the transaction; the answer is remembered under the key.
   */
  async create(
    userId: number,
    input: CreateInput,
    lang: Language,
    idempotencyKey: string | undefined,
    /**
     * A booking staff make for a phone or walk-in customer: `userId` is then the
     * staff member (who owns the idempotency key), the booking belongs to
     * `customerId` (or to nobody: driver details only), and `inTx` runs in the
     * creating transaction (the back office's audit record).
     */
    staff?: { customerId: number | null; inTx?: (tx: Db, bookingId: number) => Promise<void> },
    /** Where an online booking comes from: the client's address and the browser's device id, for the unpaid-hold limits. */
    origin: BookingOrigin = {},
  ): Promise<BookingCreated> {
    const customerId = staff ? staff.customerId : userId;
    if (!(await this.deps.siteSettings.isRentalOpen()))
      throw new AppError('RENTAL_CLOSED', RENTAL_CLOSED_MESSAGE);
    // The company's address as ETDA's XML carries it: a postcode and sub-district the TISI table knows.
    if (input.taxInvoice) checkThaiAddress(input.taxInvoice, 'taxInvoice.');
    if (input.paymentMethod === 'card' && !input.cardToken)
      throw new AppError('VALIDATION_FAILED', 'Card token required', [
        { path: 'cardToken', message: 'Card token required' },
      ]);
    if (
      (input.paymentMethod === 'wechat_pay' || input.paymentMethod === 'alipay') &&
      !(await this.deps.gateway.sources()).includes(input.paymentMethod)
    )
      throw new AppError('VALIDATION_FAILED', 'This payment method is not available', [
        { path: 'paymentMethod', message: 'This payment method is not available' },
      ]);
    // The company's account is its members' own: staff book for customers with the ways they pay at the counter.
    if (input.paymentMethod === 'company_account' && staff)
      throw new AppError('VALIDATION_FAILED', companyMessages.notMember, [
        { path: 'paymentMethod', message: companyMessages.notMember },
      ]);
    const cardToken = input.paymentMethod === 'card' ? input.cardToken : undefined;
    // The key's fingerprint leaves the token out: a retry makes a new one for the same card.
    const { cardToken: _token, ...hashed } = input;
    const hash = createHash('sha256').update(stableJson(hashed)).digest('hex');
    const key = idempotencyKey ?? randomUUID();

    type Outcome =
      | { kind: 'created'; bookingId: number; bookingNumber: string; free: boolean }
      | { kind: 'replay'; result: StoredOutcome }
      | { kind: 'wait'; bookingId: number };

    const outcome: Outcome = await this.repo.transaction(
      async (tx) => {
        // Before anything else touches the customer's row (see lockCustomer).
        if (!staff) await this.repo.lockCustomer(tx, userId);
        if (!(await this.repo.claimIdempotencyKey(tx, userId, key, hash))) {
          const record = await this.repo.idempotencyRecord(tx, userId, key);
          if (record && record.request_hash !== hash)
            throw new AppError(
              'CONFLICT',
              'This Idempotency-Key was already used for another booking request',
            );
          const stored = this.repo.storedOutcome(record);
          if (stored) return { kind: 'replay', result: stored };
          if (record?.booking_id) return { kind: 'wait', bookingId: record.booking_id };
        }
        const q = await this.deps.pricing.compute(tx, input, lang, customerId, staff !== undefined);
        checkDrivers(input, carDriverRules(q.car), bangkokToday(this.now()), q.licenceRules);
        // On a company's account: made out to the company as its account says, billed on its monthly invoice.
        const company =
          input.paymentMethod === 'company_account' ? await this.companyAccount(tx, userId) : null;
        // A booking that costs nothing, or one the company's account pays, is confirmed at once (below):
        // it holds nothing unpaid.
        const free = q.price.total === 0 || company !== null;
        // Staff bookings are outside the limits: the staff member is at the counter with the customer.
        const { startsAt, endsAt, blockedUntil } = rentalPeriod(input, q.oneWay);
        const freeUnits = async () =>
          (
            await this.repo.candidateUnits(tx, input.carModelId, input.branchCode, startsAt, blockedUntil)
          ).filter((u) => u.free);
        if (!staff && !free) await this.checkUnpaidLimits(tx, userId, input, origin, freeUnits);
        const booking = await this.repo.insertBooking(tx, {
          userId: customerId,
          carModelId: input.carModelId,
          branchCode: input.branchCode,
          pickupDate: input.pickupDate,
          returnDate: input.returnDate,
          pickupAt: startsAt.toISOString(),
          returnAt: endsAt.toISOString(),
          days: q.days,
          paymentMethod: input.paymentMethod,
          firstName: input.driver.firstName,
          lastName: input.driver.lastName,
          email: input.driver.email,
          phone: input.driver.phone,
          idNumber: input.driver.idNumber.toUpperCase(),
          language: lang,
          pricePerDay: toBaht(q.car.price_per_day),
          rentalAmount: toBaht(q.price.rentalAmount),
          hotDealPercent: q.hotDealPercent === null ? null : q.hotDealPercent.toFixed(2),
          hotDealDiscount: toBaht(q.price.hotDealDiscount),
          addonsAmount: toBaht(q.price.addonsAmount),
          promoCode: q.promo?.code ?? null,
          promoDiscount: toBaht(q.price.promoDiscount),
          total: toBaht(q.price.total),
          vat: toBaht(q.price.vat),
          paymentDueAt: paymentDeadline(input.paymentMethod, this.now()).toISOString(),
          depositAmount: toBaht(q.car.deposit),
          priceRules: q.rules,
          rulesAmount: toBaht(q.rules.reduce((sum, l) => sum + l.amount, 0)),
          returnBranchCode: q.oneWay ? q.returnBranch : null,
          oneWayFee: toBaht(q.price.fees.find((f) => f.code === 'one_way')?.amount ?? 0),
          outOfHoursFee: toBaht(q.price.fees.find((f) => f.code === 'out_of_hours')?.amount ?? 0),
          flightNumber: input.flightNumber || null,
          createdIp: staff ? null : (origin.ip ?? null),
          createdAddressKey: staff || !origin.ip ? null : addressKey(origin.ip),
          deviceId: staff ? null : (origin.deviceId ?? null),
          taxBuyer: company?.buyer ?? input.taxInvoice ?? null,
          companyId: company?.id ?? null,
        });
        // The company's details are kept in the customer's profile for their next booking.
        if (input.taxInvoice && !staff && !company)
          await this.repo.saveTaxDetails(tx, userId, input.taxInvoice);
        await this.repo.insertDrivers(tx, booking.id, [input.driver, ...input.additionalDrivers]);
        for (const h of q.handovers) {
          const where = input[h.leg]!;
          await this.repo.insertHandover(tx, {
            bookingId: booking.id,
            leg: h.leg,
            zoneId: where.zoneId,
            zoneName: h.zoneName,
            kind: where.kind,
            // Only what the kind asks for: a hotel's address, or a flight number.
            address: where.kind === 'flight' ? '' : where.address,
            flightNumber: where.kind === 'flight' ? where.flightNumber : '',
            fee: toBaht(h.fee),
          });
        }
        for (const a of q.price.addons)
          await this.repo.insertBookingAddon(tx, {
            bookingId: booking.id,
            code: a.code,
            pricePerDay: toBaht(a.pricePerDay),
            quantity: a.quantity,
            amount: toBaht(a.amount),
          });
        if (q.promo) {
          if (!(await this.repo.consumePromotion(tx, q.promo.id))) throw promotionInvalid();
          await this.repo.recordPromotionUse(
            tx,
            q.promo.id,
            booking.id,
            customerId,
            toBaht(q.price.promoDiscount),
          );
        }
        let unitId: number | undefined;
        for (const unit of await freeUnits()) {
          const hold = await this.repo.insertHold(tx, {
            unitId: unit.id,
            bookingId: booking.id,
            startsAt,
            endsAt,
            blockedUntil,
            createdBy: userId,
          });
          if (hold) {
            unitId = unit.id;
            break;
          }
        }
        if (unitId === undefined) throw new AppError('CAR_UNAVAILABLE', CAR_UNAVAILABLE_MESSAGE);
        await this.repo.setUnit(tx, booking.id, unitId);
        // Nothing to pay, nothing to wait for: no "transfer ฿0", no card charged for nothing.
        if (free) await this.cards.confirm(tx, booking.id);
        await this.repo.attachIdempotencyBooking(tx, userId, key, booking.id);
        await staff?.inTx?.(tx, booking.id);
        return { kind: 'created', bookingId: booking.id, bookingNumber: booking.booking_number, free };
        // All of it is in the database: a connection lost before COMMIT runs it again (issue 31).
      },
      { retryIfLost: true },
    );

    if (outcome.kind === 'replay') return replay(outcome.result);
    if (outcome.kind === 'wait') return this.waitForOutcome(userId, key, outcome.bookingId, lang);
    bookingsCreated.inc({ payment_method: input.paymentMethod, channel: staff ? 'staff' : 'online' });

    let result: StoredOutcome;
    if (cardToken && !outcome.free) {
      result = await this.chargeCard(outcome.bookingId, cardToken, key, lang);
    } else {
      const booking = await this.getById(outcome.bookingId, lang);
      result = { ok: true, data: { booking, instructions: await this.instructions(booking, lang) } };
      if (customerId !== null)
        await this.sendMail(outcome.bookingId, outcome.free ? 'confirmed' : 'created', {
          booking,
          lang,
          userId: customerId,
        });
    }
    await this.repo.storeIdempotencyOutcome(this.db, userId, key, result);
    return replay(result);
  }

  /** The customer's company account, checked open for booking on it (companies.service.ts). */
  private async companyAccount(tx: Executor, userId: number) {
    const company = await this.repo.companyOf(tx, userId);
    const refuse = (message: string) =>
      new AppError('VALIDATION_FAILED', message, [{ path: 'paymentMethod', message }]);
    if (!company) throw refuse(companyMessages.notMember);
    if (!company.active) throw refuse(companyMessages.suspended);
    return company;
  }

  /**
   * The limits on holding cars without paying (docs/decisions/1301-unpaid-holds.md, 3102):
   * per account (one for a new account), per network address (an IPv6 client by its /64),
   * per browser, and at most half of a model's cars at a branch on any day, rounded down.
   * Every booking an online customer makes holds its car unpaid until it is paid, a card
   * too while its bank asks for 3-D Secure, so all of them count and are counted; only the
   * share of a model lets through those who pay at once at the gateway (a card, a wallet):
   * the cars it keeps back are theirs.
   */
  private async checkUnpaidLimits(
    tx: Executor,
    userId: number,
    input: CreateInput,
    origin: BookingOrigin,
    /** The cars free for the rental: when none is, the customer is told so, not to pay differently. */
    freeUnits: () => Promise<unknown[]>,
  ) {
    const allowed = (await this.repo.isEstablishedCustomer(tx, userId))
      ? businessRules.maxUnpaidBookings
      : businessRules.maxUnpaidBookingsNewAccount;
    if ((await this.repo.countUnpaid(tx, userId)) >= allowed)
      throw new AppError('TOO_MANY_UNPAID_BOOKINGS', TOO_MANY_UNPAID_MESSAGE);
    const address = origin.ip ? addressKey(origin.ip) : undefined;
    const share = !paysAtOnce(input.paymentMethod);
    await this.repo.lockUnpaidScopes(tx, [
      ...(address ? [`ip:${address}`] : []),
      ...(origin.deviceId ? [`device:${origin.deviceId}`] : []),
      // Only those the share rule may refuse wait for the model's count.
      ...(share ? [`model:${input.carModelId}:${input.branchCode}`] : []),
    ]);
    const perAddress = this.deps.maxUnpaidPerAddress ?? businessRules.maxUnpaidPerAddress;
    if (address && (await this.repo.countUnpaidFrom(tx, { addressKey: address })) >= perAddress)
      throw new AppError('UNPAID_HOLDS_FROM_NETWORK', UNPAID_HOLDS_FROM_NETWORK_MESSAGE);
    if (
      origin.deviceId &&
      (await this.repo.countUnpaidFrom(tx, { deviceId: origin.deviceId })) >= businessRules.maxUnpaidPerDevice
    )
      throw new AppError('UNPAID_HOLDS_FROM_NETWORK', UNPAID_HOLDS_FROM_NETWORK_MESSAGE);
    if (!share) return;
    const load = await this.repo.unpaidLoad(
      tx,
      input.carModelId,
      input.branchCode,
      input.pickupDate,
      input.returnDate,
    );
    if (load.held + 1 > unpaidHoldsAllowed(load.units)) {
      if ((await freeUnits()).length === 0) throw new AppError('CAR_UNAVAILABLE', CAR_UNAVAILABLE_MESSAGE);
      throw new AppError('UNPAID_HOLDS_FULL', UNPAID_HOLDS_FULL_MESSAGE, [
        { path: 'paymentMethod', message: UNPAID_HOLDS_FULL_MESSAGE },
      ]);
    }
  }

  /** A repeat that arrived while the first request was still at work: its outcome, once there is one. */
  private async waitForOutcome(
    userId: number,
    key: string,
    bookingId: number,
    lang: Language,
  ): Promise<BookingCreated> {
    for (let i = 0; i < 100; i++) {
      const stored = this.repo.storedOutcome(await this.repo.idempotencyRecord(this.db, userId, key));
      if (stored) return replay(stored);
      await new Promise((r) => setTimeout(r, 100));
    }
    const booking = await this.getById(bookingId, lang);
    return { booking, instructions: await this.instructions(booking, lang) };
  }

  /** The card charge of a new booking, and what the customer is told (kept for repeats). */
  private async chargeCard(
    bookingId: number,
    cardToken: string,
    key: string,
    lang: Language,
  ): Promise<StoredOutcome> {
    const number = (await this.repo.findBooking(this.db, { id: bookingId }))!.booking_number;
    const outcome = await this.cards.charge(bookingId, cardToken, key, this.returnUri(number));
    if (outcome.kind === 'refused')
      return {
        ok: false,
        code: 'PAYMENT_FAILED',
        msg: cardRefusalMessages[outcome.code],
        // The booking keeps its car: its number, for the site to open it and pay again.
        errors: [
          { path: 'card', message: outcome.code },
          { path: refusedBookingPath, message: number },
        ],
      };
    const booking = await this.getById(bookingId, lang);
    if (outcome.kind === 'paid') await this.sendMail(bookingId, 'confirmed');
    return {
      ok: true,
      data: {
        booking,
        instructions: {
          ...noInstructions,
          card: outcome.kind === 'authorize' ? { authorizeUri: outcome.authorizeUri } : null,
        },
      },
    };
  }

  /**
   * Pays again a booking whose card was refused, while it holds its car (docs/decisions/3530): with
   * another card, or another way (the booking then waits for that, by the same deadline). Under the
   * booking's lock, so a booking being paid or checked is not paid twice; the key makes a repeat
   * answer as the first did.
   */
  async payAgain(
    userId: number,
    bookingId: number,
    input: PayAgainBody,
    lang: Language,
    idempotencyKey: string | undefined,
  ): Promise<BookingCreated> {
    const booking = await this.getForUser(userId, bookingId, lang);
    const method = input.paymentMethod;
    if (method === 'card' && !input.cardToken)
      throw new AppError('VALIDATION_FAILED', 'Card token required', [
        { path: 'cardToken', message: 'Card token required' },
      ]);
    if (
      method !== 'card' &&
      method !== 'bank_transfer' &&
      !(await this.deps.gateway.sources()).includes(method)
    ) {
      // The sandbox takes PromptPay by its static QR and a slip, like a transfer.
      if (method !== 'promptpay')
        throw new AppError('VALIDATION_FAILED', 'This payment method is not available', [
          { path: 'paymentMethod', message: 'This payment method is not available' },
        ]);
    }
    const hash = createHash('sha256')
      .update(stableJson({ payAgain: booking.id, paymentMethod: method }))
      .digest('hex');
    const key = idempotencyKey ?? randomUUID();
    const claimed = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.claimIdempotencyKey(tx, userId, key, hash))) {
        const record = await this.repo.idempotencyRecord(tx, userId, key);
        if (record && record.request_hash !== hash)
          throw new AppError('CONFLICT', 'This Idempotency-Key was already used for another request');
        return this.repo.storedOutcome(record) ?? ('wait' as const);
      }
      const row = (await this.repo.findBooking(tx, { id: booking.id, forUpdate: true }))!;
      if (row.status !== 'awaiting_payment' || (row.payment_due_ms ?? 0) <= this.now().getTime())
        throw new AppError('CONFLICT', PAY_AGAIN_CLOSED_MESSAGE);
      const tries = await this.repo.payments(tx, booking.id);
      // A card charge being checked, or at the bank for 3-D Secure, may still take the money.
      const cardAtWork =
        tries.some((p) => p.kind === 'charge' && p.status === 'pending') ||
        (row.payment_method === 'card' && row.gateway_pending);
      if (cardAtWork) throw new AppError('CONFLICT', PAY_AGAIN_CHECKING_MESSAGE);
      if (row.payment_method !== method) await this.repo.setPaymentMethod(tx, booking.id, method);
      await this.repo.attachIdempotencyBooking(tx, userId, key, booking.id);
      return null;
    });
    if (claimed === 'wait') return this.waitForOutcome(userId, key, booking.id, lang);
    if (claimed) return replay(claimed);
    let result: StoredOutcome;
    if (method === 'card') result = await this.chargeCard(booking.id, input.cardToken!, key, lang);
    else {
      const fresh = await this.getById(booking.id, lang);
      result = { ok: true, data: { booking: fresh, instructions: await this.instructions(fresh, lang) } };
    }
    await this.repo.storeIdempotencyOutcome(this.db, userId, key, result);
    return replay(result);
  }

  /** The booking's own page, where a wallet's or a card bank's page sends the customer back. */
  private returnUri(bookingNumber: string) {
    return `${this.deps.publicUrl}/booking-success?booking=${encodeURIComponent(bookingNumber)}`;
  }

  /** Card charges whose outcome is still unknown, for the back office. */
  pendingCardPayments() {
    return this.cards.pending();
  }

  /** Looks up lost card answers at the gateway (card-payments.ts); mails each customer the outcome. */
  async reconcileCardPayments(
    now: Date = this.now(),
    options: { settleMs?: number; bookingId?: number } = {},
  ) {
    const { settled, counts } = await this.cards.reconcile(now, options);
    for (const { bookingId, outcome } of settled)
      await this.sendMail(bookingId, outcome === 'paid' ? 'confirmed' : 'payment_failed');
    return counts;
  }

  private async instructions(booking: Booking, lang: Language): Promise<PaymentInstructions> {
    if (booking.status !== 'awaiting_payment') return noInstructions;
    if (booking.paymentMethod === 'card') {
      // A card at 3-D Secure: the bank's page again (the customer left it before approving).
      const live = await this.repo.liveSourceCharge(this.db, booking.id);
      return { ...noInstructions, card: live?.authorize_uri ? { authorizeUri: live.authorize_uri } : null };
    }
    const settings = await this.deps.siteSettings.publicSettings(lang);
    if (booking.paymentMethod === 'bank_transfer')
      return { ...noInstructions, bankAccount: settings.bankAccount };
    if (booking.paymentMethod === 'wechat_pay' || booking.paymentMethod === 'alipay') {
      const charge = await this.gatewaySourceCharge(booking, booking.paymentMethod);
      // No charge now (the gateway down): the page says so, and asking again tries again.
      return { ...noInstructions, wallet: charge && { method: booking.paymentMethod, ...charge } };
    }
    if (booking.paymentMethod === 'promptpay') {
      const qrSvg = (await this.gatewaySourceCharge(booking, 'promptpay'))?.qrSvg;
      if (qrSvg)
        return { ...noInstructions, promptpay: { id: null, payload: null, qrSvg, viaGateway: true } };
      return {
        ...noInstructions,
        promptpay: await promptPayQr(settings.promptpayId, booking.total, booking.bookingNumber),
      };
    }
    return noInstructions;
  }

  /**
   * The booking's charge at the gateway for its method (PromptPay, WeChat Pay, Alipay), made the first
   * time it is asked for: its QR code or the wallet's page to approve on. Null when the gateway takes
   * no such source (the sandbox: PromptPay shows the static QR) or cannot make a charge now.
   */
  private async gatewaySourceCharge(
    booking: Booking,
    source: GatewaySource,
  ): Promise<{ qrSvg: string | null; authorizeUri: string | null } | null> {
    const { gateway } = this.deps;
    if (!gateway.createSourceCharge || !(await gateway.sources()).includes(source)) return null;
    const shown = (row: { qr_svg: string | null; authorize_uri: string | null } | undefined) =>
      row ? { qrSvg: row.qr_svg, authorizeUri: row.authorize_uri } : null;
    const live = await this.repo.liveSourceCharge(this.db, booking.id);
    if (live) return shown(live);
    let charge;
    try {
      charge = await gateway.createSourceCharge({
        source,
        amountSatang: booking.total,
        description: `Siam Drive booking ${booking.bookingNumber}`,
        bookingNumber: booking.bookingNumber,
        idempotencyKey: `${source}-${booking.bookingNumber}-${randomUUID()}`,
        // Back from the wallet's page to the booking's own page, which turns to "confirmed" by itself.
        returnUri: this.returnUri(booking.bookingNumber),
      });
    } catch (error) {
      this.deps.log?.error({ err: error, bookingId: booking.id }, 'gateway charge with a source failed');
      return null;
    }
    const kept = await this.repo.insertGatewayCharge(this.db, {
      bookingId: booking.id,
      gateway: gateway.name,
      method: source,
      reference: charge.reference,
      amountSatang: booking.total,
      qrSvg: charge.qrSvg,
      authorizeUri: charge.authorizeUri,
    });
    // Another request made the booking's charge at the same moment: that one is shown (this one expires unpaid).
    return kept ? charge : shown(await this.repo.liveSourceCharge(this.db, booking.id));
  }

  /**
   * A webhook event from the gateway about a charge. Nothing in the event is believed: the charge is
   * fetched back from the gateway, and only a charge of ours, paid in full, confirms its booking. An
   * event is handled once (its id is kept), in any order: each looks at the charge as it is now.
   * Returns what it came to; throws SERVICE_UNAVAILABLE when the gateway cannot be asked (it retries).
   */
  gatewayEvent(event: { id: string; key: string; chargeId: string }): Promise<string> {
    return this.settleGatewayCharge(event.chargeId, event);
  }

  /**
   * The customer is back on the booking's page from their bank's page (3-D Secure) or a wallet's: the
   * booking's charge is asked after at once, as the webhook would (which may come later). The gateway
   * not answering changes nothing: the webhook or the next look settles it.
   */
  async checkGatewayPayment(userId: number, bookingId: number, lang: Language) {
    const booking = await this.getForUser(userId, bookingId, lang);
    const live =
      booking.status === 'awaiting_payment' && (await this.repo.liveSourceCharge(this.db, booking.id));
    if (!live) return booking;
    try {
      await this.settleGatewayCharge(live.reference, null);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')) throw error;
    }
    return this.getById(booking.id, lang);
  }

  /**
   * Settles a gateway charge of ours by its state at the gateway (fetched back), once: paid in full →
   * a payment and the booking confirmed; a card its bank did not approve → the booking fails and
   * frees its car, as a declined card does; a source charge failed or expired → the booking waits
   * (its next look makes a new charge). `event`: the webhook event that asked, kept with its outcome.
   */
  private async settleGatewayCharge(chargeId: string, event: { id: string; key: string } | null) {
    const { gateway } = this.deps;
    if (!gateway.retrieveCharge) return 'ignored_no_gateway';
    const local = await this.repo.gatewayCharge(this.db, chargeId);
    if (!local) return 'ignored_unknown_charge';
    let charge;
    try {
      charge = await gateway.retrieveCharge(chargeId);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The payment gateway did not answer; send the event again');
    }
    if (!charge) return 'ignored_unknown_charge';
    const paid =
      charge.status === 'successful' && charge.amountSatang === local.amount && charge.currency === 'thb';
    // Still waiting and no event to keep (the return page, the minute job): nothing to write.
    if (charge.status === 'pending' && !event) return 'pending';
    let mail: 'confirmed' | 'payment_failed' | null = null;
    const outcome = await this.repo.transaction(async (tx) => {
      if (
        event &&
        !(await this.repo.recordGatewayEvent(tx, {
          id: event.id,
          gateway: gateway.name,
          kind: event.key,
          reference: chargeId,
          outcome: 'received',
        }))
      )
        return 'duplicate';
      if (charge.status === 'pending') {
        if (event) await this.repo.setGatewayEventOutcome(tx, event.id, 'pending');
        return 'pending';
      }
      const row = await this.repo.findBooking(tx, { id: local.booking_id, forUpdate: true });
      const payment = {
        bookingId: local.booking_id,
        method: local.method,
        amount: toBaht(local.amount),
        gateway: gateway.name,
        reference: chargeId,
        brand: charge.card?.brand ?? null,
        last4: charge.card?.last4 ?? null,
      };
      let result: string;
      if (!(await this.repo.settleGatewayCharge(tx, chargeId, charge.status))) result = 'already_settled';
      else if (charge.status !== 'successful') {
        result = 'settled';
        if (local.method === 'card' && row?.status === 'awaiting_payment') {
          const code = charge.failureCode ?? 'declined';
          // The booking keeps its car to be paid again (docs/decisions/3530); the mail says until when.
          await this.repo.insertPayment(tx, { ...payment, status: 'failed', failureCode: code });
          mail = 'payment_failed';
        }
      }
      // Money taken, but not the booking's total: no payment of it (the reconciliation view lists it).
      else if (!paid) result = 'amount_mismatch';
      else if (row?.status !== 'awaiting_payment') result = 'late';
      else {
        await this.repo.insertPayment(tx, { ...payment, status: 'succeeded' });
        await this.cards.confirm(tx, row.id);
        mail = 'confirmed';
        result = 'confirmed';
      }
      if (event) await this.repo.setGatewayEventOutcome(tx, event.id, result);
      return result;
    });
    if (mail === 'confirmed')
      payments.inc({
        method: local.method === 'card' ? 'card' : 'gateway_source',
        outcome: 'gateway_confirmed',
      });
    if (mail) await this.sendMail(local.booking_id, mail);
    // Money that paid nothing goes back by itself.
    if (outcome === 'late' || outcome === 'amount_mismatch')
      await this.refundUnmatchedCharge(chargeId, charge.amountSatang);
    return outcome;
  }

  /**
   * Asks the gateway about charges still pending (PromptPay, wallets, cards at 3-D Secure) a minute
   * after they were made, as the webhook would have told: a lost webhook, or a webhook address set
   * wrong, never leaves a paid booking to expire. Run every minute, before the unpaid bookings expire.
   */
  async checkPendingGatewayCharges(now: Date = this.now()) {
    const counts = { settled: 0, pending: 0, unanswered: 0 };
    if (!this.deps.gateway.retrieveCharge) return counts;
    const references = await this.repo.takePendingGatewayCharges(
      this.db,
      new Date(now.getTime() - 60_000),
      50,
    );
    for (const reference of references) {
      try {
        if ((await this.settleGatewayCharge(reference, null)) === 'pending') counts.pending++;
        else counts.settled++;
      } catch {
        // The gateway did not answer: next minute.
        counts.unanswered++;
      }
    }
    return counts;
  }

  /**
   * Gives back, in full and once, money the gateway took that paid no booking (paid after the booking
   * ended, or not its total), and tells the customer. Called when the webhook finds such money, and by
   * staff from the loose ends when the gateway refused the first time.
   */
  async refundUnmatchedCharge(
    reference: string,
    /** What the gateway took (satang), when just fetched back; else it is asked. */
    taken?: number,
  ): Promise<'refunded' | 'nothing_to_refund' | 'gateway_refused'> {
    const { gateway } = this.deps;
    if (taken === undefined) {
      let charge;
      try {
        charge = await gateway.retrieveCharge?.(reference);
      } catch {
        return 'gateway_refused';
      }
      if (charge?.status !== 'successful') return 'nothing_to_refund';
      taken = charge.amountSatang;
    }
    const claim = `claimed:${randomUUID()}`;
    const charge = await this.repo.claimUnmatchedRefund(this.db, reference, claim);
    if (!charge) return 'nothing_to_refund';
    let refundRef: string | null = null;
    try {
      refundRef = (await gateway.refund({ reference, amountSatang: taken })).reference;
    } catch (error) {
      this.deps.log?.error(
        { err: error, reference },
        'refund of money that paid no booking failed; staff can try again',
      );
    }
    await this.repo.finishUnmatchedRefund(this.db, reference, claim, refundRef);
    if (!refundRef) return 'gateway_refused';
    payments.inc({ method: 'gateway_source', outcome: 'unmatched_refunded' });
    await this.sendMail(charge.booking_id, 'payment_returned', undefined, undefined, taken);
    return 'refunded';
  }

  async paymentInstructions(userId: number, bookingId: number, lang: Language) {
    const booking = await this.getForUser(userId, bookingId, lang);
    return this.instructions(booking, lang);
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

  /**
   * Cancels a booking that still can be (awaiting payment or confirmed): the
   * fee rule applies to customers (staff cancel free of charge), the car is
   * freed and a refund of what was paid minus the fee is recorded, all in one transaction.
   */
  async cancel(
    bookingId: number,
    options: {
      byStaff: boolean;
      reason?: string;
      userId?: number;
      /** Staff may apply the customer fee rule instead of cancelling free of charge. */
      applyFeeRule?: boolean;
      /** Releasing an unpaid hold: a booking paid meanwhile is left alone (checked under the row lock). */
      onlyIfAwaitingPayment?: boolean;
      inTx?: InTransaction;
    },
    lang: Language = 'en',
  ) {
    const refund = await this.repo.transaction(async (tx) => {
      const row = await this.repo.findBooking(tx, {
        id: bookingId,
        ...(options.byStaff ? {} : { userId: options.userId ?? -1 }),
        forUpdate: true,
      });
      if (!row) throw notFound('Booking');
      if (options.onlyIfAwaitingPayment && row.status !== 'awaiting_payment')
        throw new AppError('CONFLICT', 'This booking is no longer awaiting payment');
      if (row.status !== 'awaiting_payment' && row.status !== 'confirmed')
        throw new AppError('CONFLICT', 'This booking can no longer be cancelled');
      const paid = row.paid_ms !== null;
      const fee =
        options.byStaff && !options.applyFeeRule
          ? 0
          : cancellationFee({
              total: row.total_amount,
              paid,
              createdAt: new Date(row.created_ms),
              now: this.now(),
            });
      await this.repo.transition(
        tx,
        bookingId,
        'cancel',
        sql`cancelled_at = now(), cancelled_by = ${options.byStaff ? 'staff' : 'customer'},
            cancel_reason = ${options.reason ?? null}, cancellation_fee = ${toBaht(fee)}`,
      );
      await this.repo.releaseHolds(tx, bookingId);
      if (!paid) await this.repo.releasePromotion(tx, bookingId);
      await options.inTx?.(tx, row);
      // A company's account was never charged: its monthly invoice bills the fee, if any.
      if (paid && row.payment_method !== 'company_account' && row.total_amount - fee > 0)
        return { amount: row.total_amount - fee, method: row.payment_method };
      return null;
    });
    if (refund) await this.giveBack(bookingId, refund.amount, refund.method);
    await this.totalChanged(bookingId, 'cancelled');
    await this.sendMail(bookingId, 'cancelled');
    return this.getById(bookingId, lang);
  }

  /**
   * A change's card charge the gateway did not answer: the change was undone, so whatever the card
   * was charged goes back. Asked once by its key; still unknown, it is logged for staff.
   */
  private async giveBackLostCharge(bookingId: number, lost: ChangeChargeUnknown) {
    const { gateway } = this.deps;
    try {
      // Omise dates its charges by the real clock: the charge was sent just now.
      const found = await gateway.findCharge(lost.key, new Date());
      if (found.status === 'succeeded')
        await gateway.refund({ reference: found.reference, amountSatang: lost.amountSatang });
      else if (found.status === 'unknown')
        this.deps.log?.error(
          { bookingId, key: lost.key },
          'a change charge is unknown: check it at the gateway',
        );
    } catch (error) {
      this.deps.log?.error(
        { err: error, bookingId, key: lost.key },
        'a change charge could not be given back',
      );
    }
  }

  /**
   * Gives money back to a customer: whatever the gateway took (cards, PromptPay through it, wallets)
   * through its refund API, from the booking's newest charge first (a change's extra charge, then the
   * booking's own), each refund at most what that charge took; transfers and the static PromptPay QR,
   * and anything the gateway refuses, are paid back by staff (recorded as pending).
   */
  async giveBack(bookingId: number, amountSatang: number, method: BookingRow['payment_method']) {
    const charges = (await this.repo.payments(this.db, bookingId))
      .filter(
        (p) =>
          p.kind === 'charge' &&
          p.status === 'succeeded' &&
          p.gateway_ref &&
          p.gateway === this.deps.gateway.name,
      )
      .reverse();
    let left = amountSatang;
    for (const charge of charges) {
      if (left <= 0) break;
      const amount = Math.min(left, charge.amount);
      try {
        const { reference } = await this.deps.gateway.refund({
          reference: charge.gateway_ref!,
          amountSatang: amount,
        });
        await this.repo.insertPayment(this.db, {
          bookingId,
          method: charge.method,
          kind: 'refund',
          status: 'succeeded',
          amount: toBaht(amount),
          gateway: this.deps.gateway.name,
          reference,
        });
        left -= amount;
      } catch (error) {
        this.deps.log?.error({ err: error, bookingId }, 'gateway refund failed; left pending for staff');
        break;
      }
    }
    if (left > 0)
      await this.repo.insertPayment(this.db, {
        bookingId,
        method: charges[0]?.method ?? method,
        kind: 'refund',
        status: 'pending',
        amount: toBaht(left),
        // The gateway refused: staff retry it there (the payment-checks page); else by transfer.
        gateway: charges.length ? this.deps.gateway.name : null,
        reference: null,
      });
  }

  /**
   * A customer uploads a transfer slip: a picture or PDF up to 5 MB, checked by decoding it, whose
   * QR code names a transfer no other slip named (slip-checks.ts). The bank is then asked, through
   * the slip-verification provider, what that transfer was: when it pays this booking exactly, the
   * booking is confirmed at once; otherwise the slip waits for staff, marked with why.
   */
  async uploadSlip(userId: number, bookingId: number, content: Buffer, lang: Language) {
    if (content.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty');
    const booking = await this.getForUser(userId, bookingId, lang);
    if (booking.paymentMethod === 'card' || booking.status !== 'awaiting_payment')
      throw new AppError('CONFLICT', 'This booking does not wait for a transfer slip');
    if (booking.payBy && new Date(booking.payBy) <= this.now())
      throw new AppError('CONFLICT', 'The time to pay for this booking has passed');
    if (await this.repo.liveSourceCharge(this.db, bookingId))
      throw new AppError('CONFLICT', 'This booking is paid through the payment gateway: no slip is needed');
    const slip = await checkSlip(content);
    const key = `${bookingId}-${randomUUID()}.${slip.ext}`;
    await this.deps.slips.put(key, content, slip.contentType);
    const slipId = await this.repo.insertSlip(this.db, {
      bookingId,
      key,
      contentType: slip.contentType,
      size: content.length,
      qrRef: slip.qr?.ref ?? null,
    });
    if (slipId === null) {
      await this.deps.slips.delete(key);
      payments.inc({ method: 'transfer', outcome: 'slip_reused' });
      throw new AppError('SLIP_ALREADY_USED', SLIP_ALREADY_USED_MESSAGE, [
        { path: 'file', message: SLIP_ALREADY_USED_MESSAGE },
      ]);
    }
    payments.inc({ method: 'transfer', outcome: 'slip_received' });
    const check = await this.checkTransfer(slip.qr, booking);
    await this.repo.setSlipCheck(this.db, slipId, check);
    payments.inc({ method: 'transfer', outcome: `slip_${check.result}` });
    if (check.result === 'verified') {
      try {
        return await this.confirmPayment(
          bookingId,
          lang,
          undefined,
          `bank transfer ${slip.qr!.ref}, verified by the bank`,
        );
      } catch (error) {
        // Staff (or the deadline) got to the booking first: the slip stays on it for them.
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      }
    }
    return this.getById(bookingId, lang);
  }

  /** Asks the bank what the slip's transfer was, and whether it pays this booking (slip-checks.ts judgeTransfer). */
  private async checkTransfer(
    qr: SlipQr | null,
    booking: Booking,
  ): Promise<{ result: SlipCheckResult; amountSatang?: number; paidAt?: Date }> {
    if (!qr) return { result: 'pdf_not_read' };
    if (qr.kind !== 'bank') return { result: 'other_qr' };
    if (!this.deps.slipVerifier) return { result: 'no_provider' };
    const transfer = await this.deps.slipVerifier.verify(qr.payload);
    if (transfer.status === 'not_found') return { result: 'not_found' };
    // The slip's record says so, and staff see it; the metric counts it (slip_provider_unavailable).
    if (transfer.status === 'unavailable') return { result: 'provider_unavailable' };
    const settings = await this.deps.siteSettings.publicSettings('en');
    const result = judgeTransfer(transfer, {
      totalSatang: booking.total,
      bookedAt: new Date(booking.createdAt),
      now: this.now(),
      bankAccount: settings.bankAccount.accountNumber,
      promptpayId: settings.promptpayId,
    });
    return { result, amountSatang: transfer.amountSatang, paidAt: transfer.paidAt };
  }

  /** Staff accept the transfer: the payment is recorded and the booking confirmed. */
  async confirmPayment(
    bookingId: number,
    lang: Language = 'en',
    inTx?: InTransaction,
    reference = 'slip verified by staff',
  ) {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.findBooking(tx, { id: bookingId, forUpdate: true });
      if (!row) throw notFound('Booking');
      if (row.status !== 'awaiting_payment')
        throw new AppError('CONFLICT', 'This booking is not awaiting payment');
      await this.repo.reviewSlips(tx, bookingId, 'accepted', null);
      await this.repo.insertPayment(tx, {
        bookingId,
        method: row.payment_method,
        status: 'succeeded',
        amount: toBaht(row.total_amount),
        reference,
      });
      await this.repo.transition(tx, bookingId, 'confirm', sql`paid_at = now()`);
      await inTx?.(tx, row);
    });
    payments.inc({ method: 'transfer', outcome: 'verified' });
    await this.sendMail(bookingId, 'confirmed');
    return this.getById(bookingId, lang);
  }

  /** Staff reject a slip; the customer may upload another before the 24 hours run out. */
  async rejectSlip(bookingId: number, reason: string, lang: Language = 'en', inTx?: InTransaction) {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.findBooking(tx, { id: bookingId, forUpdate: true });
      if (!row) throw notFound('Booking');
      const n = await this.repo.reviewSlips(tx, bookingId, 'rejected', reason);
      if (n === 0) throw new AppError('CONFLICT', 'No slip waits for review');
      await inTx?.(tx, row);
    });
    payments.inc({ method: 'transfer', outcome: 'slip_rejected' });
    await this.sendMail(bookingId, 'slip_rejected', undefined, reason);
    return this.getById(bookingId, lang);
  }

  /** The customer picked the car up; staff may hand over another unit of the model (its hold moves with it). */
  /**
   * The security deposit (issue 17, part 4): taken when the car is handed over (a confirmed or running
   * booking), given back when it is back (a running or completed one), in full or all but what staff
   * keep, which needs a reason and cannot be more than the deposit.
   */
  async changeDeposit(
    bookingId: number,
    action: z.output<typeof depositActionSchema>,
    lang: Language,
    inTx?: InTransaction,
  ) {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.findBooking(tx, { id: bookingId, forUpdate: true });
      if (!row) throw notFound('Booking');
      if (action.action === 'take') {
        if (!(await this.repo.takeDeposit(tx, bookingId, action.method)))
          throw new AppError('CONFLICT', DEPOSIT_NOT_DUE_MESSAGE);
      } else {
        const reason = action.reason?.trim() || null;
        if (action.kept * 100 > row.deposit_amount)
          throw new AppError('VALIDATION_FAILED', 'More than the deposit', [
            { path: 'kept', message: 'More than the deposit' },
          ]);
        if (action.kept > 0 && !reason)
          throw new AppError('VALIDATION_FAILED', 'Say why part of the deposit is kept', [
            { path: 'reason', message: 'Say why part of the deposit is kept' },
          ]);
        if (row.deposit_state !== 'held' || !['active', 'completed'].includes(row.status))
          throw new AppError('CONFLICT', DEPOSIT_NOT_HELD_MESSAGE);
        const kept = Math.round(action.kept * 100);
        if (row.deposit_ref && kept > 0 && kept < row.deposit_amount && !this.deps.gateway.partialCapture)
          throw new AppError('VALIDATION_FAILED', DEPOSIT_WHOLE_ONLY_MESSAGE, [
            { path: 'kept', message: DEPOSIT_WHOLE_ONLY_MESSAGE },
          ]);
        // Held on the customer's card at the gateway: what is kept is taken, the rest let go; the
        // gateway first, under the booking's lock, so a refusal leaves the deposit held.
        if (row.deposit_ref) {
          try {
            if (action.kept > 0)
              await this.deps.gateway.capture({ reference: row.deposit_ref, amountSatang: kept });
            else await this.deps.gateway.reverse({ reference: row.deposit_ref });
          } catch (error) {
            this.deps.log?.error(
              { err: error, bookingId },
              'the deposit hold could not be settled at the gateway',
            );
            throw new AppError('SERVICE_UNAVAILABLE', DEPOSIT_GATEWAY_DOWN_MESSAGE);
          }
        }
        if (!(await this.repo.releaseDeposit(tx, bookingId, action.kept, reason)))
          throw new AppError('CONFLICT', DEPOSIT_NOT_HELD_MESSAGE);
      }
      await inTx?.(tx, row);
    });
    return this.getById(bookingId, lang);
  }

  /**
   * The customer holds the deposit on their card online, before pickup: an authorisation at the
   * gateway (nothing taken), under the booking's lock so it is held once. A card whose bank asks for
   * 3-D Secure, or a gateway that does not answer, is refused: the deposit stays due (at the counter).
   */
  async holdDepositOnCard(userId: number, bookingId: number, cardToken: string, lang: Language) {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.findBooking(tx, { id: bookingId, userId, forUpdate: true });
      if (!row) throw notFound('Booking');
      if (row.deposit_state !== 'due' || row.deposit_amount <= 0 || row.status !== 'confirmed')
        throw new AppError('CONFLICT', DEPOSIT_NOT_DUE_MESSAGE);
      const hold = await this.deps.gateway.authorize({
        amountSatang: row.deposit_amount,
        cardToken,
        description: `Siam Drive booking ${row.booking_number}: security deposit (held, not charged)`,
        idempotencyKey: `deposit-${bookingId}-${randomUUID()}`,
        returnUri: this.returnUri(row.booking_number),
      });
      if (hold.status !== 'succeeded') {
        throw cardPaymentRefused(hold.status === 'failed' ? hold.code : 'processing_error');
      }
      if (!(await this.repo.holdDepositOnCard(tx, bookingId, hold.reference, this.deps.gateway.name)))
        throw new AppError('CONFLICT', DEPOSIT_NOT_DUE_MESSAGE);
    });
    return this.getForUser(userId, bookingId, lang);
  }

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
      await this.repo.transition(tx, bookingId, 'pickUp', sql`picked_up_at = now()`);
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
      const at = returnedAt ? sql`${returnedAt.toISOString()}::timestamptz` : sql`now()`;
      if (!(await this.repo.transition(tx, bookingId, 'return', sql`returned_at = ${at}`)))
        throw new AppError('CONFLICT', 'Only an active booking can be returned');
      await this.repo.releaseHolds(tx, bookingId);
      // Returned to another branch: the car is there now, bookable there from now on.
      if (row.return_branch_code !== row.branch_code && row.unit_id !== null)
        await this.repo.moveUnit(tx, row.unit_id, row.return_branch_code);
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

  /** A booking's slip, for whoever may read the booking (its customer, to look at again); else a 404. */
  async slip(actor: AccessActor, bookingId: number, slipId: number) {
    await this.assertCanReadBooking(actor, bookingId);
    const slip = await this.repo.findSlip(this.db, bookingId, slipId);
    if (!slip) throw notFound('Slip');
    const content = await this.deps.slips.get(slip.storage_key);
    if (!content) throw notFound('Slip');
    return { contentType: slip.content_type, content };
  }

  /** Unpaid bookings past their payment deadline expire and free their cars; safe on several instances at once. */
  async expireUnpaid(now: Date = this.now()) {
    const expired = await this.repo.expireUnpaid(this.db, now);
    return expired.map((r) => r.id);
  }

  /** Account deletion: keeps what the law requires, removes the driver's personal data. */
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
    await this.repo.insertPersonalCode(this.db, {
      code,
      userId,
      percent,
      endsAt: new Date(this.now().getTime() + validDays * 86_400_000),
    });
    return code;
  }

  async anonymiseForUser(userId: number) {
    const anonymised = await this.repo.anonymiseForUser(this.db, userId);
    const files = await this.repo.erasePersonalTraces(this.db, userId);
    // The rows are gone first: a file left by a failed delete is never shown to anyone again.
    for (const key of files.slips) await this.deps.slips.delete(key);
    for (const key of files.licences) await this.deps.licences.delete(key);
    return anonymised;
  }

  private readonly messageListeners: BookingMessageListener[] = [];

  /** Another channel that tells the customer what the booking mails tell them (LINE, services.ts). */
  onCustomerMessage(listener: BookingMessageListener) {
    this.messageListeners.push(listener);
  }

  /** Mails the customer about a step taken elsewhere (the return's condition report and its charges). */
  mailCustomer(bookingId: number, kind: BookingMailKind): Promise<void> {
    return this.sendMail(bookingId, kind);
  }

  /**
   * Mails the customer (their account email) in the language they booked in; a walk-in made without
   * an account is mailed at the email its driver gave at the counter (issue 35 part 9: the back
   * office says it was sent). `known` (the booking just loaded in that language, and its customer)
   * saves a reload.
   */
  private async sendMail(
    bookingId: number,
    kind: BookingMailKind,
    known?: { booking: Booking; lang: Language; userId: number },
    note?: string,
    amountSatang?: number,
  ) {
    const { gateway } = this.deps;
    try {
      const db = this.db;
      let booking = known?.booking;
      let lang = known?.lang;
      let userId: number | null | undefined = known?.userId;
      let fallbackEmail = known?.booking.driver.email;
      if (!booking || !lang || !userId) {
        const row = await this.repo.findBooking(db, { id: bookingId });
        if (!row) return;
        lang = row.language;
        userId = row.user_id;
        fallbackEmail = row.driver_email;
        booking = await this.getById(bookingId, lang);
      }
      const user = userId ? await this.repo.userLanguageAndEmail(db, userId) : undefined;
      // The same event through the customer's other channels (LINE): written before the mail, so a
      // mail server's failure does not lose it; a channel's own failure is logged below like a mail's.
      if (userId)
        for (const listener of this.messageListeners)
          await listener({ bookingId, kind, booking, lang, userId, note });
      const method = booking.paymentMethod;
      const message = bookingMail(kind, booking, lang, this.deps.publicUrl, {
        note,
        amountSatang,
        paysOnline: method !== 'card' && (await gateway.sources()).includes(method as GatewaySource),
      });
      // An account made from a provider that gave no email has a made-up one: the booking's driver
      // email is the customer's real address then.
      const to = user?.email && !isMadeUpEmail(user.email) ? user.email : fallbackEmail;
      if (!to || isMadeUpEmail(to)) return;
      await this.deps.mailer.send({ to, ...message }, { userId: userId ?? undefined });
    } catch (error) {
      // A mail failure never undoes a booking or a payment; it is logged for staff.
      this.deps.log?.error({ err: error, bookingId, kind }, 'booking email failed');
    }
  }
}

/** JSON with keys sorted, so the same body always has the same fingerprint. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
