import { createHash, randomUUID } from 'node:crypto';
import {
  CAR_UNAVAILABLE_MESSAGE,
  RENTAL_CLOSED_MESSAGE,
  TOO_MANY_UNPAID_MESSAGE,
  UNPAID_HOLDS_FROM_NETWORK_MESSAGE,
  UNPAID_HOLDS_FULL_MESSAGE,
  keptToUnpaidShare,
  refusedBookingPath,
  type Booking,
  type PaymentInstructions,
  type createBookingBodySchema,
} from '@siam/contract/bookings';
import { businessRules, unpaidHoldsAllowed } from '@siam/contract/business-rules';
import { bangkokToday } from '@siam/contract/bangkok-time';
import { companyMessages } from '@siam/contract/companies';
import type { Language } from '@siam/contract/languages';
import { rentalPeriod } from '@siam/contract/rental-times';
import type { z } from 'zod';
import { addressKey } from '../../lib/address-key';
import { AppError } from '../../lib/app-error';
import { bookingsCreated } from '../../lib/metrics';
import type { BookingsService } from '../bookings/bookings.service';
import { cardRefusalMessages } from '../payments/card-payments';
import { noInstructions, type PaymentsService } from '../payments/payments.service';
import {
  carDriverRules,
  checkDrivers,
  promotionInvalid,
  type PricingService,
} from '../pricing/pricing.service';
import { toBaht } from '../pricing/pricing';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import { checkThaiAddress } from '../thai-addresses/thai-addresses';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql-rows';
import type { RentalsRepository, StoredOutcome } from './rentals.repository';

type CreateInput = z.output<typeof createBookingBodySchema>;

const HOUR_MS = 3_600_000;

/** Where an online booking comes from: the client's address and the browser's device id, for the unpaid-hold limits. */
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

/** A booking made, and how to pay for it when it waits for a payment. */
export interface BookingCreated {
  booking: Booking;
  instructions: PaymentInstructions;
}

/** The outcome kept under a key, as the caller gets it: the booking made, or the refusal thrown again. */
export function replay(outcome: StoredOutcome): BookingCreated {
  if (outcome.ok) return outcome.data as BookingCreated;
  throw new AppError(outcome.code, outcome.msg, outcome.errors);
}

/**
 * Checkout (docs/decisions/1301, 1901, 3530): a booking made, its car held and its money asked for, in
 * one transaction under an idempotency key; a card is then charged through payments/, and what the
 * customer was told is kept under the key for a repeat.
 */
export class Checkout {
  constructor(
    private readonly repo: RentalsRepository,
    private readonly bookings: BookingsService,
    private readonly payments: PaymentsService,
    private readonly deps: {
      siteSettings: SiteSettingsService;
      /** Prices, quotes and promotion codes (pricing/): a booking is priced by the same `compute`. */
      pricing: PricingService;
      /** Unpaid bookings one network address may hold at once (UNPAID_MAX_PER_ADDRESS). */
      maxUnpaidPerAddress?: number;
    },
  ) {}

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
      !(await this.payments.sources()).includes(input.paymentMethod)
    )
      throw new AppError('VALIDATION_FAILED', 'This payment method is not available', [
        { path: 'paymentMethod', message: 'This payment method is not available' },
      ]);
    // The company's account is its members' own: staff put a walk-in on it only for a member's account
    // (decision 3662), never for driver details alone.
    if (input.paymentMethod === 'company_account' && staff && staff.customerId === null)
      throw new AppError('VALIDATION_FAILED', companyMessages.walkInNotMember, [
        { path: 'customerEmail', message: companyMessages.walkInNotMember },
      ]);
    // PromptPay at the gateway is paid while the customer is on the page, like a wallet (decision 3630).
    const sources = input.paymentMethod === 'promptpay' ? await this.payments.sources() : [];
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
        checkDrivers(input, carDriverRules(q.car), bangkokToday(this.bookings.now()), q.licenceRules);
        // On a company's account: made out to the company as its account says, billed on its monthly invoice.
        const company =
          input.paymentMethod === 'company_account'
            ? await this.companyAccount(tx, customerId!, staff !== undefined)
            : null;
        // A booking that costs nothing, or one the company's account pays, is confirmed at once (below):
        // it holds nothing unpaid.
        const free = q.price.total === 0 || company !== null;
        // Staff bookings are outside the limits: the staff member is at the counter with the customer.
        const { startsAt, endsAt, blockedUntil } = rentalPeriod(input, q.oneWay);
        const freeUnits = async () =>
          (
            await this.bookings.candidateUnits(tx, input.carModelId, input.branchCode, startsAt, blockedUntil)
          ).filter((u) => u.free);
        if (!staff && !free) await this.checkUnpaidLimits(tx, userId, input, origin, freeUnits, sources);
        const booking = await this.bookings.writes.insertBooking(tx, {
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
          paymentDueAt: paymentDeadline(input.paymentMethod, this.bookings.now()).toISOString(),
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
          // Deposits billed to the company (decision 3662): nothing to take from the employee; it counts
          // as held from now, and what staff keep at the return goes on the company's invoice.
          depositOnAccount: company?.deposits_on_account === true && q.car.deposit > 0,
        });
        // The company's details are kept in the customer's profile for their next booking.
        if (input.taxInvoice && !staff && !company)
          await this.bookings.saveTaxDetails(userId, input.taxInvoice, tx);
        await this.bookings.writes.insertDrivers(tx, booking.id, [input.driver, ...input.additionalDrivers]);
        for (const h of q.deliveries) {
          const where = input[h.leg]!;
          await this.bookings.writes.insertDelivery(tx, {
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
          await this.bookings.writes.insertBookingAddon(tx, {
            bookingId: booking.id,
            code: a.code,
            pricePerDay: toBaht(a.pricePerDay),
            quantity: a.quantity,
            amount: toBaht(a.amount),
          });
        if (q.promo) {
          if (!(await this.deps.pricing.promotions.consumePromotion(tx, q.promo.id)))
            throw promotionInvalid();
          await this.deps.pricing.promotions.recordPromotionUse(
            tx,
            q.promo.id,
            booking.id,
            customerId,
            toBaht(q.price.promoDiscount),
          );
        }
        let unitId: number | undefined;
        for (const unit of await freeUnits()) {
          const hold = await this.bookings.hold(tx, {
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
        await this.bookings.setUnit(tx, booking.id, unitId);
        // Nothing to pay, nothing to wait for: no "transfer ฿0", no card charged for nothing.
        if (free) await this.bookings.confirmPaid(tx, booking.id);
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
      const booking = await this.bookings.getById(outcome.bookingId, lang);
      result = { ok: true, data: { booking, instructions: await this.payments.instructions(booking, lang) } };
      if (customerId !== null)
        await this.bookings.sendMail(outcome.bookingId, outcome.free ? 'confirmed' : 'created', {
          booking,
          lang,
          userId: customerId,
        });
    }
    await this.repo.storeIdempotencyOutcome(this.repo.db, userId, key, result);
    return replay(result);
  }

  /** The customer's company account, checked open for booking on it (companies.service.ts). */
  private async companyAccount(tx: Executor, userId: number, atCounter: boolean) {
    const company = await this.repo.companyOf(tx, userId);
    // At the counter it is the account's email staff typed that is wrong, not the method.
    const refuse = (message: string) =>
      new AppError('VALIDATION_FAILED', message, [
        { path: atCounter && !company ? 'customerEmail' : 'paymentMethod', message },
      ]);
    if (!company) throw refuse(atCounter ? companyMessages.walkInNotMember : companyMessages.notMember);
    if (!company.active) throw refuse(companyMessages.suspended);
    return company;
  }

  /**
   * The limits on holding cars without paying (docs/decisions/1301-unpaid-holds.md, 3102):
   * per account (one for a new account), per network address (an IPv6 client by its /64),
   * per browser, and at most half of a model's cars at a branch on any day, rounded down.
   * Every booking an online customer makes holds its car unpaid until it is paid, a card
   * too while its bank asks for 3-D Secure, so all of them count and are counted; only those
   * waiting for a slip (a transfer, PromptPay by the shop's own QR) are kept to the share of a
   * model: a card, a wallet or PromptPay at the gateway may hold the cars it keeps back (3630).
   */
  private async checkUnpaidLimits(
    tx: Executor,
    userId: number,
    input: CreateInput,
    origin: BookingOrigin,
    /** The cars free for the rental: when none is, the customer is told so, not to pay differently. */
    freeUnits: () => Promise<unknown[]>,
    /** What the gateway takes besides cards (PromptPay there is paid at once). */
    sources: readonly string[],
  ) {
    const allowed = (await this.repo.isEstablishedCustomer(tx, userId))
      ? businessRules.maxUnpaidBookings
      : businessRules.maxUnpaidBookingsNewAccount;
    if ((await this.repo.countUnpaid(tx, userId)) >= allowed)
      throw new AppError('TOO_MANY_UNPAID_BOOKINGS', TOO_MANY_UNPAID_MESSAGE);
    const address = origin.ip ? addressKey(origin.ip) : undefined;
    const share = keptToUnpaidShare(input.paymentMethod, sources);
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
  async waitForOutcome(
    userId: number,
    key: string,
    bookingId: number,
    lang: Language,
  ): Promise<BookingCreated> {
    for (let i = 0; i < 100; i++) {
      const stored = this.repo.storedOutcome(await this.repo.idempotencyRecord(this.repo.db, userId, key));
      if (stored) return replay(stored);
      await new Promise((r) => setTimeout(r, 100));
    }
    const booking = await this.bookings.getById(bookingId, lang);
    return { booking, instructions: await this.payments.instructions(booking, lang) };
  }

  /** The card charge of a new booking, and what the customer is told (kept for repeats). */
  async chargeCard(
    bookingId: number,
    cardToken: string,
    key: string,
    lang: Language,
  ): Promise<StoredOutcome> {
    const number = (await this.bookings.row(bookingId))!.booking_number;
    const outcome = await this.payments.cards.charge(
      bookingId,
      cardToken,
      key,
      this.payments.returnUri(number),
    );
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
    const booking = await this.bookings.getById(bookingId, lang);
    if (outcome.kind === 'paid') await this.bookings.sendMail(bookingId, 'confirmed');
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
