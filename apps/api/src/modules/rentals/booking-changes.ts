import { bangkokInstant, bangkokToday, daysBetween } from '@siam/contract/bangkok-time';
import { driverProblems } from '@siam/contract/drivers';
import type { Language } from '@siam/contract/languages';
import { changeMessages, type ChangeQuote, type changeBodySchema } from '@siam/contract/bookings';
import { businessRules } from '@siam/contract/business-rules';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { staffChangeMessages } from '@siam/contract/admin-bookings';
import type { CounterPaymentMethod } from '@siam/contract/payment-methods';
import { CAR_UNAVAILABLE_MESSAGE } from '@siam/contract/bookings';
import { rentalPeriod, type RentalTimes } from '@siam/contract/rental-times';
import { carDriverRules, type PricingService } from '../pricing/pricing.service';
import { priceRentalTimes } from '../pricing/pricing-rules';
import { bookingFees, changeWindow } from '../bookings/booking-view';
import type { BookingRow } from '../bookings/booking-row';
import type { BookingsService } from '../bookings/bookings.service';
import type { CardPayments } from '../payments/card-payments';
import type { Executor } from '../../db/sql-rows';
import type { Db } from '../../db/client';
import type { RentalsRepository } from './rentals.repository';
import { isRealDate, priceBooking, toBaht, toSatang } from '../pricing/pricing';

const HOUR_MS = 3_600_000;
type ChangeInput = z.output<typeof changeBodySchema>;
type Plan = Awaited<ReturnType<BookingChanges['plan']>>;

/**
 * A change made by staff from the back office (decision 3661): any booking (not only their own), up to
 * its pickup time (the notice rule is the customer's), a chosen unit, and a dearer change's difference
 * taken at the counter and recorded (never a card token); `inTx` writes the audit record in the change's
 * own transaction.
 */
export interface StaffChange {
  unitId?: number;
  collect?: { method: CounterPaymentMethod; reference?: string };
  inTx?: (tx: Db, p: Plan) => Promise<void>;
}

/** Money the counter took for a change, recorded as the booking's payment (payments/, wired by rentals). */
export type RecordCounterPayment = (
  tx: Executor,
  payment: { bookingId: number; method: CounterPaymentMethod; amountSatang: number; reference: string },
) => Promise<void>;

/** The reference of a change's difference the counter took when the terminal or QR gave none. */
const changeCollectedReference = 'change difference received by staff';

function refuse(path: string, message: string, code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED') {
  return new AppError(code, message, code === 'VALIDATION_FAILED' ? [{ path, message }] : undefined);
}

/**
 * The new times checked against the branches' hours, and what their pickups and returns out of hours cost
 * (decision 3610): each at the fee the booking agreed for one (its out-of-hours fee over its
 * pickups and returns that were out of hours), or, when it agreed none, at the branch's fee today, as a new
 * extra is priced at today's price.
 */
async function outOfHoursFee(pricing: PricingService, ex: Executor, row: BookingRow, times: RentalTimes) {
  const now = await pricing.checkOpeningHours(ex, times, row.branch_code, row.return_branch_code);
  const was = await pricing.outOfHoursAt(
    ex,
    {
      pickupDate: row.pickup_date,
      pickupTime: row.pickup_time,
      returnDate: row.return_date,
      returnTime: row.return_time,
    },
    row.branch_code,
    row.return_branch_code,
  );
  const wasCount = [was.pickup, was.return].filter((f) => f !== null).length;
  const agreedEach =
    row.out_of_hours_fee > 0 && wasCount > 0 ? Math.round(row.out_of_hours_fee / wasCount) : null;
  const legs = [now.legs.pickup, now.legs.return].filter((f): f is number => f !== null);
  return { fee: legs.reduce((sum, today) => sum + (agreedEach ?? today), 0), times: now.times };
}

/**
 * Self-service changes of dates and extensions (issue 17, part 6; docs/decisions/1702). A change is
 * priced at the booking's own agreed prices (its daily price, hot deal, extras and code), and made in
 * one transaction under the booking's lock: the old hold released, a new one placed (the same car
 * first; for a rental under way only that car), the difference charged by card when the booking is
 * paid, and the booking rewritten. Any refusal (no car, the card declined) rolls all of it back: the
 * booking stays as it was. Money that comes back goes out after the commit (PaymentsService.giveBack).
 */
export class BookingChanges {
  constructor(
    private readonly repo: RentalsRepository,
    /** The booking record: its row under its lock, its car's holds. */
    private readonly bookings: BookingsService,
    /** The car's price, extras, code and rules as the price lists have them now (pricing/). */
    private readonly pricing: PricingService,
    /** A paid booking's difference charged on a card (payments/). */
    private readonly cards: CardPayments,
    private readonly now: () => Date,
    /** A staff change's difference taken at the counter (payments/). */
    private readonly counter: RecordCounterPayment,
  ) {}

  private get db(): Executor {
    return this.repo.db;
  }

  /**
   * The booking's row, checked for this change, and its price after it. `staff`: a change from the
   * back office (any booking; up to its pickup time rather than the customer's notice).
   */
  async plan(
    ex: Executor,
    userId: number,
    bookingId: number,
    input: ChangeInput,
    lock: boolean,
    staff = false,
  ) {
    const row = await this.bookings.find(ex, {
      id: bookingId,
      userId: staff ? undefined : userId,
      forUpdate: lock,
    });
    if (!row) throw notFound('Booking');
    const pending = (await this.bookings.payments(bookingId, ex)).some(
      (p) => p.status === 'pending' && p.kind === 'charge',
    );
    // Staff's window is the status and nothing waiting to be checked: the notice and the return's
    // time are the customer's rules (staff extend a late rental at the counter), judged from day zero.
    const window = changeWindow(row, staff ? new Date(0) : this.now(), pending);
    const extension = row.status === 'active';
    if (!window.canChange && !window.canExtend)
      throw refuse(
        'pickupDate',
        extension || row.status === 'confirmed' || row.status === 'awaiting_payment'
          ? changeMessages.notice
          : changeMessages.closed,
        'CONFLICT',
      );
    if (!isRealDate(input.pickupDate) || !isRealDate(input.returnDate))
      throw refuse('returnDate', changeMessages.invalidDate);
    // Times, the car and the extras left out stay the booking's own.
    const times: RentalTimes = {
      pickupDate: input.pickupDate,
      pickupTime: input.pickupTime ?? row.pickup_time,
      returnDate: input.returnDate,
      returnTime: input.returnTime ?? row.return_time,
    };
    const booked = await this.bookings.addons(ex, bookingId);
    const newCar = input.carModelId !== undefined && input.carModelId !== row.car_model_id;
    const wanted = input.addons ?? booked.map((a) => ({ code: a.code, quantity: a.quantity }));
    const sameExtras =
      wanted.length === booked.length &&
      wanted.every((w) => booked.some((b) => b.code === w.code && b.quantity === w.quantity));
    const pickupAt = bangkokInstant(times.pickupDate, times.pickupTime).getTime();
    const returnAt = bangkokInstant(times.returnDate, times.returnTime).getTime();
    const wasReturnAt = bangkokInstant(row.return_date, row.return_time).getTime();
    if (extension) {
      if (input.pickupDate !== row.pickup_date || times.pickupTime !== row.pickup_time)
        throw refuse('pickupDate', changeMessages.pickedUp);
      if (newCar || !sameExtras) throw refuse('carModelId', changeMessages.carOrExtrasAfterPickup);
      if (returnAt <= wasReturnAt) throw refuse('returnDate', changeMessages.extensionLater);
    } else {
      const notice = staff ? 0 : businessRules.dateChangeNoticeHours * HOUR_MS;
      if (pickupAt < this.now().getTime() + notice)
        throw refuse('pickupDate', staff ? staffChangeMessages.pickupPassed : changeMessages.pickupAhead);
      if (returnAt <= pickupAt) throw refuse('returnDate', changeMessages.returnAfterPickup);
      if (
        pickupAt === bangkokInstant(row.pickup_date, row.pickup_time).getTime() &&
        returnAt === wasReturnAt &&
        !newCar &&
        sameExtras
      )
        throw refuse('returnDate', changeMessages.same);
    }
    if (daysBetween(times.pickupDate, times.returnDate) > businessRules.maxRentalDays)
      throw refuse('returnDate', changeMessages.tooLong);
    const outOfHours = await outOfHoursFee(this.pricing, ex, row, times);

    // The car: the booking's own at its agreed price and hot deal, or another of the branch's at
    // today's (and its deposit, while none is held yet); its category's rules for every driver.
    const carModelId = newCar ? input.carModelId! : row.car_model_id;
    const car = await this.pricing.car(ex, carModelId, row.branch_code);
    if (newCar) {
      if (!car || !(await this.repo.modelAtBranch(ex, carModelId, row.branch_code)))
        throw refuse('carModelId', changeMessages.carNotOffered);
      if (car.deposit !== row.deposit_amount && row.deposit_state !== 'due')
        throw refuse('carModelId', changeMessages.depositHeld, 'CONFLICT');
    }
    if (car) {
      const today = bangkokToday(this.now());
      const rental = { pickupDate: times.pickupDate, returnDate: times.returnDate, today };
      const licenceRules = await this.pricing.licenceRules(ex);
      const blocked = row.drivers.some(
        (d) =>
          driverProblems(
            {
              birthDate: d.birth_date,
              licenceNumber: d.licence_number,
              licenceCountry: d.licence_country,
              licenceIssued: d.licence_issued,
              licenceExpiry: d.licence_expiry,
              internationalPermit: d.international_permit,
              licenceDocument: d.licence_document,
            },
            carDriverRules(car),
            rental,
            licenceRules,
          ).length > 0,
      );
      if (blocked) throw refuse(newCar ? 'carModelId' : 'returnDate', changeMessages.driverNotEligible);
    }
    const pricePerDay = newCar ? car!.price_per_day : row.price_per_day;
    const hotDeal = newCar ? car!.hot_deal_percent : row.hot_deal_percent;

    // Extras kept at their agreed price; new ones at today's.
    const offered = input.addons ? await this.pricing.addonRows(ex) : [];
    const addons = wanted.map((w) => {
      const kept = booked.find((b) => b.code === w.code);
      const price = kept?.price_per_day ?? offered.find((o) => o.code === w.code)?.price_per_day;
      if (price === undefined || wanted.filter((x) => x.code === w.code).length > 1)
        throw refuse('addons', changeMessages.unknownAddon);
      return { code: w.code, label: w.code, pricePerDay: price, quantity: w.quantity };
    });

    // The seasons, weekends, tiers and late-return rule of the new dates, as the price lists have them now.
    const ruleRows = await this.pricing.rules(ex, carModelId, times.pickupDate, times.returnDate);
    const rules = priceRentalTimes({
      times,
      basePrice: pricePerDay,
      car: { carModelId, categoryId: car?.category_id ?? ruleRows[0]?.car_category_id ?? -1 },
      rules: ruleRows,
    });
    const days = rules.days;
    const promo = row.promotion_code ? await this.pricing.promotion(ex, row.promotion_code) : undefined;
    const price = priceBooking({
      days,
      pricePerDay,
      rulesAmount: rules.adjustment,
      hotDealPercent: hotDeal === null ? null : Number(hotDeal),
      addons,
      promo: promo
        ? {
            code: promo.code,
            kind: promo.kind,
            value: promo.kind === 'percent' ? Number(promo.value) : toSatang(promo.value),
          }
        : null,
      // One-way, delivery and collection stay as agreed; pickups and returns out of hours as the new times need.
      fees: [
        ...bookingFees(row, 'en').filter((f) => f.code !== 'out_of_hours'),
        ...(outOfHours.fee > 0
          ? [{ code: 'out_of_hours' as const, label: outOfHours.times.join(', '), amount: outOfHours.fee }]
          : []),
      ],
    });
    // A company's account is billed what the booking comes to on its monthly invoice: nothing to charge or give back now.
    const owed = row.paid_ms === null || row.payment_method === 'company_account';
    const difference = price.total - row.total_amount;
    const settle: ChangeQuote['settle'] =
      difference === 0 ? 'none' : owed ? 'new_total' : difference > 0 ? 'card' : 'refund';
    return {
      row,
      times,
      extension,
      days,
      price,
      rules,
      difference,
      settle,
      oneWay: row.return_branch_code !== row.branch_code,
      car: {
        carModelId,
        name: car ? { brand: car.brand, model: car.model } : { brand: row.brand, model: row.model },
        pricePerDay,
        hotDeal,
        deposit: newCar ? car!.deposit : row.deposit_amount,
      },
      extrasChanged: !sameExtras,
      outOfHoursFee: outOfHours.fee,
    };
  }

  /** What the change would cost, and whether a car is free for it (nothing is held). */
  async quote(userId: number, bookingId: number, input: ChangeInput, lang: Language): Promise<ChangeQuote> {
    return (await this.quoteWithUnits(userId, bookingId, input, lang, false)).quote;
  }

  /** The quote, and the units of the model free for the new dates (staff choose among them). */
  async quoteWithUnits(
    userId: number,
    bookingId: number,
    input: ChangeInput,
    lang: Language,
    staff: boolean,
  ) {
    const db = this.db;
    const p = await this.plan(db, userId, bookingId, input, false, staff);
    const hold = await this.bookings.liveHold(db, bookingId);
    const { startsAt, blockedUntil } = rentalPeriod(p.times, p.oneWay);
    const units = await this.repo.freeUnitsExcept(
      db,
      { car_model_id: p.car.carModelId, branch_code: p.row.branch_code },
      bookingId,
      startsAt,
      blockedUntil,
    );
    const free = units.map((u) => u.id);
    const quote: ChangeQuote = {
      ...p.times,
      carModelId: p.car.carModelId,
      carName: `${p.car.name.brand[lang]} ${p.car.name.model[lang]}`,
      addons: p.price.addons.map((a) => ({ code: a.code, quantity: a.quantity })),
      days: p.days,
      currentTotal: p.row.total_amount,
      total: p.price.total,
      difference: p.difference,
      settle: p.settle,
      available: p.extension ? free.includes(hold?.unit_id ?? -1) : free.length > 0,
    };
    return { quote, units: p.extension ? units.filter((u) => u.id === hold?.unit_id) : units };
  }

  /**
   * Makes the change, or nothing. Returns what was charged now and what is to be given back (after
   * the commit). `key`: the customer's idempotency key, so a retried charge is the same charge.
   */
  async change(
    userId: number,
    bookingId: number,
    input: ChangeInput,
    key: string,
    /** The booking's own page, where a card's bank would send the customer back. */
    returnUri: (bookingNumber: string) => string,
    /** A change from the back office (decision 3661). */
    staff?: StaffChange,
  ) {
    return this.repo.transaction(async (tx) => {
      const p = await this.plan(tx, userId, bookingId, input, true, staff !== undefined);
      if (p.settle === 'card' && staff && !staff.collect)
        throw refuse('collectedBy', staffChangeMessages.collectedBy);
      if (p.settle === 'card' && !staff && !input.cardToken) throw refuse('cardToken', 'Card token required');
      const before = await this.bookings.liveHold(tx, bookingId);
      await this.bookings.releaseHolds(tx, bookingId);
      const { startsAt, endsAt, blockedUntil } = rentalPeriod(p.times, p.oneWay);
      // The customer's own car first (for a rental under way, only it: it is with them).
      const sameCar = p.car.carModelId === p.row.car_model_id;
      const others = p.extension
        ? []
        : (
            await this.repo.unitsFreeExcept(
              tx,
              { car_model_id: p.car.carModelId, branch_code: p.row.branch_code },
              bookingId,
              startsAt,
              blockedUntil,
            )
          ).filter((id) => !sameCar || id !== before?.unit_id);
      let tryUnits = [...(before && sameCar ? [before.unit_id] : []), ...others];
      // Staff's chosen unit, only when it is free for the new dates (the hold below is the last word).
      if (staff?.unitId !== undefined) {
        if (!tryUnits.includes(staff.unitId))
          throw refuse('unitId', staffChangeMessages.unitNotFree, 'CONFLICT');
        tryUnits = [staff.unitId];
      }
      let unitId: number | undefined;
      for (const id of tryUnits) {
        const held = await this.bookings.hold(tx, {
          unitId: id,
          bookingId,
          startsAt,
          endsAt,
          blockedUntil,
          createdBy: userId,
        });
        if (held) {
          unitId = id;
          break;
        }
      }
      if (unitId === undefined)
        throw new AppError(
          'CAR_UNAVAILABLE',
          p.extension
            ? 'The car is booked after your rental: it cannot be kept longer'
            : CAR_UNAVAILABLE_MESSAGE,
        );
      if (unitId !== p.row.unit_id) await this.bookings.setUnit(tx, bookingId, unitId);

      let charged = 0;
      if (p.settle === 'card' && staff?.collect) {
        // Taken at the counter: recorded as the booking's payment, with the terminal's or QR's reference.
        await this.counter(tx, {
          bookingId,
          method: staff.collect.method,
          amountSatang: p.difference,
          reference: staff.collect.reference ?? changeCollectedReference,
        });
        charged = p.difference;
      } else if (p.settle === 'card') {
        // Under the booking's lock and its new hold: declined, the whole change is undone.
        await this.cards.chargeDifference(tx, {
          bookingId,
          bookingNumber: p.row.booking_number,
          amountSatang: p.difference,
          cardToken: input.cardToken!,
          key,
          returnUri: returnUri(p.row.booking_number),
        });
        charged = p.difference;
      }

      await this.write(tx, bookingId, p, { startsAt, endsAt }, userId, charged);
      await staff?.inTx?.(tx, p);
      return {
        charged,
        refund: p.settle === 'refund' ? -p.difference : 0,
        method: p.row.payment_method,
      };
    });
  }

  /**
   * The booking rewritten as the change priced it, its extras as they are now and the change recorded
   * (`charged`: what the difference was paid with now, satang). Its new hold is already placed.
   */
  async write(
    tx: Executor,
    bookingId: number,
    p: Awaited<ReturnType<BookingChanges['plan']>>,
    { startsAt, endsAt }: { startsAt: Date; endsAt: Date },
    userId: number,
    charged: number,
  ) {
    await this.bookings.writes.rewriteBooking(tx, bookingId, {
      pickupDate: p.times.pickupDate,
      returnDate: p.times.returnDate,
      startsAt,
      endsAt,
      days: p.days,
      carModelId: p.car.carModelId,
      pricePerDay: toBaht(p.car.pricePerDay),
      hotDeal: p.car.hotDeal,
      deposit: toBaht(p.car.deposit),
      rentalAmount: toBaht(p.price.rentalAmount),
      hotDealDiscount: toBaht(p.price.hotDealDiscount),
      rules: p.rules.lines,
      rulesAmount: toBaht(p.rules.adjustment),
      addonsAmount: toBaht(p.price.addonsAmount),
      promoDiscount: toBaht(p.price.promoDiscount),
      outOfHoursFee: toBaht(p.outOfHoursFee),
      total: toBaht(p.price.total),
      vat: toBaht(p.price.vat),
    });
    // The extras as they are now: each at its price, for the new days.
    await this.bookings.writes.deleteAddons(tx, bookingId);
    for (const a of p.price.addons)
      await this.bookings.writes.insertBookingAddon(tx, {
        bookingId,
        code: a.code,
        pricePerDay: toBaht(a.pricePerDay),
        quantity: a.quantity,
        amount: toBaht(a.amount),
      });
    await this.repo.insertChange(tx, {
      bookingId,
      fromPickup: p.row.pickup_date,
      fromReturn: p.row.return_date,
      toPickup: p.times.pickupDate,
      toReturn: p.times.returnDate,
      fromTotal: toBaht(p.row.total_amount),
      toTotal: toBaht(p.price.total),
      charged: toBaht(charged),
      byUser: userId,
      fromCarModelId: p.row.car_model_id,
      toCarModelId: p.car.carModelId,
      extrasChanged: p.extrasChanged,
    });
  }
}
