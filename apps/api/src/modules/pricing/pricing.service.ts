import {
  PROMO_INVALID_MESSAGE,
  type Quote,
  type createBookingBodySchema,
  type quoteBodySchema,
} from '@siam/contract/bookings';
import { bangkokInstant, bangkokToday, daysBetween } from '@siam/contract/bangkok-time';
import { businessRules } from '@siam/contract/business-rules';
import { driverProblems, type DriverRules } from '@siam/contract/drivers';
import type { LicenceRuleChanges } from '@siam/contract/licence-countries';
import { pickupReturnTimeAt, type PickupReturnHours } from '@siam/contract/pickup-return-hours';
import { rentalPeriod, timeMessages, type RentalTimes } from '@siam/contract/rental-times';
import { priceRentalTimes, ruleLinesIn, type PricingRuleRow } from './pricing-rules';
import type { Language } from '@siam/contract/languages';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import type { LocalizedText } from '../../db/schema/localized';
import type { Executor } from '../../db/sql-rows';
import type { pricingRuleBodySchema } from '@siam/contract/admin-pricing-rules';
import type { DeliveryOptions } from '@siam/contract/delivery';
import type { PricingRepository } from './pricing.repository';
import { PromotionUsesRepository } from './promotion-uses.repository';
import { isRealDate, priceBooking, toSatang } from './pricing';
import { checkSeatChoice, refuseShortSeats } from './seat-choice';
import { isSeatCode, type SeatCode } from '@siam/contract/child-seats';

type QuoteInput = z.output<typeof quoteBodySchema> | z.output<typeof createBookingBodySchema>;
const HOUR_MS = 3_600_000;

/** A code that does not exist, has ended, is used up, or is not this customer's. */
export function promotionInvalid() {
  return new AppError('PROMOTION_INVALID', PROMO_INVALID_MESSAGE, [
    { path: 'promoCode', message: PROMO_INVALID_MESSAGE },
  ]);
}

const refuse = (path: string, message: string): never => {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }]);
};

/** A branch's pickup/return hours as the contract judges a time (rental-times.ts pickupReturnTimeAt). */
const pickupReturnHours = (b: {
  opens_at: string;
  closes_at: string;
  out_of_hours_opens_at: string | null;
  out_of_hours_closes_at: string | null;
  out_of_hours_fee: number;
}): PickupReturnHours => ({
  opensAt: b.opens_at,
  closesAt: b.closes_at,
  outOfHours:
    b.out_of_hours_opens_at && b.out_of_hours_closes_at
      ? {
          opensAt: b.out_of_hours_opens_at,
          closesAt: b.out_of_hours_closes_at,
          feeSatang: b.out_of_hours_fee,
        }
      : null,
});

/**
 * The times against the branches: the pickup while the pickup branch hands over (open, or in its
 * out-of-hours band), the return likewise at the return branch, neither on a day its branch is
 * closed, and at least the pickup branch's shortest rental. Every problem at its field, all at once.
 * Quotes, bookings and changes all ask this. Returns the out-of-hours fee (satang: each branch's fee
 * for each pickup or return outside its opening hours, decision 3602) and the times it is for.
 */
async function checkOpeningHours(
  repo: PricingRepository,
  ex: Executor,
  times: RentalTimes,
  pickupBranch: string,
  returnBranch: string,
  /** Only judge (a booking's old times, which the branches' hours may since have closed): no refusal. */
  judgeOnly = false,
) {
  const found = await repo.branchTimes(
    ex,
    [pickupBranch, returnBranch],
    [times.pickupDate, times.returnDate],
  );
  const from = found.find((b) => b.code === pickupBranch);
  const to = found.find((b) => b.code === returnBranch);
  // Each pickup or return out of hours with its branch's fee today (null: in opening hours).
  const outOfHours = {
    fee: 0,
    times: [] as string[],
    legs: { pickup: null as number | null, return: null as number | null },
  };
  if (!from || !to) return outOfHours; // an unknown branch is said by the car's lookup
  const errors: { path: string; message: string }[] = [];
  const pickupAt = pickupReturnTimeAt(times.pickupTime, pickupReturnHours(from));
  const returnAt = pickupReturnTimeAt(times.returnTime, pickupReturnHours(to));
  if (from.closed_on.includes(times.pickupDate))
    errors.push({ path: 'pickupDate', message: timeMessages.pickupHoliday });
  else if (pickupAt === 'closed') errors.push({ path: 'pickupTime', message: timeMessages.pickupClosed });
  if (to.closed_on.includes(times.returnDate))
    errors.push({ path: 'returnDate', message: timeMessages.returnHoliday });
  else if (returnAt === 'closed') errors.push({ path: 'returnTime', message: timeMessages.returnClosed });
  if (pickupAt === 'out_of_hours') {
    outOfHours.fee += from.out_of_hours_fee;
    outOfHours.times.push(times.pickupTime);
    outOfHours.legs.pickup = from.out_of_hours_fee;
  }
  if (returnAt === 'out_of_hours') {
    outOfHours.fee += to.out_of_hours_fee;
    outOfHours.times.push(times.returnTime);
    outOfHours.legs.return = to.out_of_hours_fee;
  }
  if (judgeOnly) return outOfHours;
  const hours =
    (bangkokInstant(times.returnDate, times.returnTime).getTime() -
      bangkokInstant(times.pickupDate, times.pickupTime).getTime()) /
    HOUR_MS;
  if (!errors.length && hours < from.min_rental_hours)
    errors.push({ path: 'returnTime', message: timeMessages.tooShort });
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
  return outOfHours;
}

/** The car's category's rules for who may drive it. */
export function carDriverRules(car: {
  min_driver_age: number;
  max_driver_age: number | null;
  min_licence_years: number;
}): DriverRules {
  return { minAge: car.min_driver_age, maxAge: car.max_driver_age, minLicenceYears: car.min_licence_years };
}

/**
 * Every driver of a new booking against the car's rules on its dates: each problem is a field error
 * (`driver.birthDate`, `additionalDrivers.1.licenceExpiry`), all of them at once.
 */
export function checkDrivers(
  input: z.output<typeof createBookingBodySchema>,
  rules: DriverRules,
  today: string,
  licenceRules: LicenceRuleChanges = {},
) {
  const rental = { pickupDate: input.pickupDate, returnDate: input.returnDate, today };
  const errors = [
    ...driverProblems(input.driver, rules, rental, licenceRules).map((p) => ({
      path: `driver.${p.field}`,
      message: p.message,
    })),
    ...input.additionalDrivers.flatMap((d, i) =>
      driverProblems(d, rules, rental, licenceRules).map((p) => ({
        path: `additionalDrivers.${i}.${p.field}`,
        message: p.message,
      })),
    ),
  ];
  if (errors.length) throw new AppError('DRIVER_NOT_ELIGIBLE', errors[0]!.message, errors);
}

/**
 * Quotes: whether the dates make a rental, what a car costs for them with its extras,
 * a running hot deal and a promotion code (all on the server, in satang), and whether
 * a unit is free. Booking creation prices with the same `compute`.
 */
/**
 * A car's rental on chosen times, priced as every booking and quote is (the one price function):
 * the rules (seasons, weekends, duration tiers, the late-return rule), then the car's running deal,
 * the extras, a code and the fees.
 */
export function priceCarRental(input: {
  times: RentalTimes;
  car: { id: number; category_id: number; price_per_day: number; hot_deal_percent: string | null };
  rules: PricingRuleRow[];
  addons: Parameters<typeof priceBooking>[0]['addons'];
  promo: Parameters<typeof priceBooking>[0]['promo'];
  fees: NonNullable<Parameters<typeof priceBooking>[0]['fees']>;
}) {
  const { car } = input;
  const rules = priceRentalTimes({
    times: input.times,
    basePrice: car.price_per_day,
    car: { carModelId: car.id, categoryId: car.category_id },
    rules: input.rules,
  });
  const price = priceBooking({
    days: rules.days,
    pricePerDay: car.price_per_day,
    rulesAmount: rules.adjustment,
    hotDealPercent: car.hot_deal_percent ? Number(car.hot_deal_percent) : null,
    addons: input.addons,
    promo: input.promo,
    fees: input.fees,
  });
  return { days: rules.days, rules: rules.lines, price };
}

/**
 * Prices (pricing/): quotes, the listing's dated prices, promotion codes, the extras and delivery a
 * branch offers, and the back office's preview of the rules. Bookings price with the same `compute`
 * inside their own transaction; the two things pricing asks of bookings are ports wired in
 * bookings.wiring.ts (pricing sits below bookings in the module map).
 */
export class PricingService {
  constructor(
    private readonly repo: PricingRepository,
    private readonly deps: {
      now: () => Date;
      /** How many real bookings a customer has made (a first-booking-only code). */
      realBookings: (ex: Executor, userId: number) => Promise<number>;
      /** Child seats of each kind free at a branch for the whole of [from, to) (seats/, decision 3620). */
      seatsLeft: (
        ex: Executor,
        branchCode: string,
        from: Date,
        to: Date,
      ) => Promise<Record<SeatCode, number>>;
      /** Staff's changes to the licence rules (licences/, decision 3601), read with the caller's transaction. */
      licenceRules?: (ex: Executor) => Promise<LicenceRuleChanges>;
    },
  ) {}

  /** Promotion codes' uses taken, recorded and given back, personal codes issued (the caller's transaction). */
  readonly promotions = new PromotionUsesRepository();

  private get db(): Executor {
    return this.repo.db;
  }

  /** What a licence from each country needs: the contract's defaults with staff's changes (decision 3601). */
  licenceRules(ex: Executor): Promise<LicenceRuleChanges> {
    return this.deps.licenceRules?.(ex) ?? Promise.resolve({});
  }

  private now() {
    return this.deps.now();
  }

  /** A car's price, deposit, running deal and drivers' rules at a branch (a change of car, bookings). */
  car(ex: Executor, carModelId: number, branchCode: string) {
    return this.repo.carForQuote(ex, carModelId, branchCode);
  }

  /** The extras offered, with today's daily prices (satang). */
  addonRows(ex: Executor) {
    return this.repo.addons(ex);
  }

  /** A promotion code's row, usable or not. */
  promotion(ex: Executor, code: string) {
    return this.repo.promotion(ex, code);
  }

  /** The pricing rules that may touch a rental of this car between these days. */
  rules(ex: Executor, carModelId: number, from: string, to: string) {
    return this.repo.pricingRules(ex, carModelId, from, to);
  }

  /**
   * The times against the branches' hours, closures and shortest rental (field errors, all at once);
   * the pickups and returns out of hours with their branch's fee today (satang). A change prices them at its
   * booking's agreed fee (rentals/booking-changes.ts, decision 3610).
   */
  async checkOpeningHours(ex: Executor, times: RentalTimes, pickupBranch: string, returnBranch: string) {
    return checkOpeningHours(this.repo, ex, times, pickupBranch, returnBranch);
  }

  /** Which of a booking's pickups and returns fall out of hours by the branches' bands today (never refuses). */
  async outOfHoursAt(ex: Executor, times: RentalTimes, pickupBranch: string, returnBranch: string) {
    return (await checkOpeningHours(this.repo, ex, times, pickupBranch, returnBranch, true)).legs;
  }

  /** Extras a booking can add, with per-day prices in satang. */
  async listAddons(lang: Language) {
    return (await this.repo.addons(this.db)).map((a) => ({
      code: a.code as 'insurance',
      name: a.name[lang],
      description: a.description[lang],
      pricePerDay: a.price_per_day,
    }));
  }

  /**
   * What the booking form offers from a branch: one-way routes from it, and the zones it (or a
   * route's return branch, for a collection) delivers to, each with its fee in satang.
   */
  async deliveryOptions(branchCode: string, lang: Language): Promise<DeliveryOptions> {
    const { oneWay, zones } = await this.repo.deliveryOptions(this.db, branchCode);
    return {
      oneWay: oneWay.map((r) => ({ branchCode: r.code, branchName: r.name[lang], fee: r.fee })),
      zones: zones.map((z) => ({ id: z.id, name: z.name[lang], fee: z.fee, branchCode: z.branch_code })),
    };
  }

  /** The back office's preview of the pricing rules on a car and dates, with a draft rule. */
  async previewPricing(
    input: {
      carModelId: number;
      pickupDate: string;
      returnDate: string;
      pickupTime: string;
      returnTime: string;
      draft?: z.output<typeof pricingRuleBodySchema>;
    },
    lang: Language,
  ) {
    const d = input.draft;
    const draft = d && {
      id: Number.MAX_SAFE_INTEGER,
      kind: d.kind,
      name: d.name,
      starts_on: d.startsOn,
      ends_on: d.endsOn,
      weekdays: d.weekdays,
      min_days: d.minDays,
      grace_hours: d.graceHours,
      category_ids: d.categoryIds,
      car_model_id: d.carModelId,
      percent: d.percent === null ? null : String(d.percent),
      daily_price: d.dailyPrice === null ? null : String(d.dailyPrice),
    };
    const preview = await this.previewRules(input, draft ?? undefined);
    return { ...preview, rules: ruleLinesIn(preview.rules, lang) };
  }

  /**
   * Real dates, a pickup still ahead and a return after it, no longer than the longest rental.
   * `byStaff`: a booking staff make at the counter or on the phone may start today at any hour (a
   * walk-in customer at 14:00 rents now); online, the pickup time must still be ahead.
   */
  private checkTimes(times: RentalTimes, byStaff = false) {
    const errors: { path: string; message: string }[] = [];
    if (!isRealDate(times.pickupDate)) errors.push({ path: 'pickupDate', message: 'Invalid date' });
    if (!isRealDate(times.returnDate)) errors.push({ path: 'returnDate', message: 'Invalid date' });
    if (errors.length) throw new AppError('VALIDATION_FAILED', 'Invalid dates', errors);
    const pickupAt = bangkokInstant(times.pickupDate, times.pickupTime).getTime();
    const passed = byStaff ? times.pickupDate < bangkokToday(this.now()) : pickupAt <= this.now().getTime();
    if (passed)
      throw new AppError('VALIDATION_FAILED', 'The pickup date has passed', [
        { path: 'pickupDate', message: 'The pickup date has passed' },
      ]);
    if (bangkokInstant(times.returnDate, times.returnTime).getTime() <= pickupAt)
      refuse(
        times.returnDate < times.pickupDate ? 'returnDate' : 'returnTime',
        timeMessages.returnBeforePickup,
      );
    if (daysBetween(times.pickupDate, times.returnDate) > businessRules.maxRentalDays)
      throw new AppError(
        'VALIDATION_FAILED',
        `Rentals longer than ${businessRules.maxRentalDays} days are corporate quotes`,
        [{ path: 'returnDate', message: `At most ${businessRules.maxRentalDays} days` }],
      );
  }

  private async resolvePromotion(ex: Executor, code: string | undefined, userId: number | null) {
    if (!code) return null;
    const promo = await this.repo.promotion(ex, code);
    if (!promo || !promo.usable) throw promotionInvalid();
    // A personal code (a review's thank-you coupon) works for its customer only.
    if (promo.user_id !== null && promo.user_id !== userId) throw promotionInvalid();
    if (promo.first_booking_only && userId !== null && (await this.deps.realBookings(ex, userId)) > 0)
      throw promotionInvalid();
    return {
      id: promo.id,
      code: promo.code,
      kind: promo.kind,
      value: promo.kind === 'percent' ? Number(promo.value) : toSatang(promo.value),
      firstBookingOnly: promo.first_booking_only,
    };
  }

  async compute(ex: Executor, input: QuoteInput, lang: Language, userId: number | null, byStaff = false) {
    this.checkTimes(input, byStaff);
    const car = await this.repo.carForQuote(ex, input.carModelId, input.branchCode);
    if (!car) throw notFound('Car');
    if (!car.branch_name)
      throw new AppError('VALIDATION_FAILED', 'Unknown branch', [
        { path: 'branchCode', message: 'Unknown branch' },
      ]);
    const addonRows = await this.repo.addons(ex);
    const seen = new Set<string>();
    const addons = input.addons
      .map((a) => {
        const row = addonRows.find((r) => r.code === a.code);
        if (!row || seen.has(a.code))
          throw new AppError('VALIDATION_FAILED', 'Unknown add-on', [
            { path: 'addons', message: 'Unknown add-on' },
          ]);
        seen.add(a.code);
        return {
          code: row.code,
          label: row.name[lang],
          pricePerDay: row.price_per_day,
          quantity: a.quantity,
        };
      })
      // In the extras' own order, whatever the request's: a booking's seat rows, and so the database's
      // locks on the branch's stock rows, always come in one order (no two bookings wait on each other).
      .sort(
        (a, b) =>
          addonRows.findIndex((r) => r.code === a.code) - addonRows.findIndex((r) => r.code === b.code),
      );
    checkSeatChoice(addons, car.seats);
    const promo = await this.resolvePromotion(ex, input.promoCode || undefined, userId);
    const hotDealPercent = car.hot_deal_percent ? Number(car.hot_deal_percent) : null;
    const delivery = await this.deliveryFees(ex, input, lang);
    const outOfHours = await checkOpeningHours(this.repo, ex, input, input.branchCode, delivery.returnBranch);
    // Out of hours: one fee line naming the times (a branch may charge nothing: no line then).
    if (outOfHours.fee > 0)
      delivery.fees.push({
        code: 'out_of_hours',
        label: outOfHours.times.join(', '),
        amount: outOfHours.fee,
      });
    if (addons.some((a) => isSeatCode(a.code))) {
      const { startsAt, endsAt } = rentalPeriod(input);
      refuseShortSeats(addons, await this.deps.seatsLeft(ex, input.branchCode, startsAt, endsAt));
    }
    const { days, rules, price } = priceCarRental({
      times: input,
      car,
      rules: await this.repo.pricingRules(ex, car.id, input.pickupDate, input.returnDate),
      addons,
      promo,
      fees: delivery.fees,
    });
    const licenceRules = await this.licenceRules(ex);
    return { days, car, promo, hotDealPercent, price, rules, licenceRules, ...delivery };
  }

  /**
   * What each car costs for these times, as its booking would with no extras, code or fees: the
   * total and the days (the listing's dated prices, docs/decisions/3531). Two queries for any number
   * of cars.
   */
  async rentalPrices(carModelIds: number[], times: RentalTimes, oneWay?: { from: string; to: string }) {
    const db = this.db;
    const [cars, rules, route] = await Promise.all([
      this.repo.carsForPricing(db, carModelIds),
      this.repo.pricingRulesOfCars(db, carModelIds, times.pickupDate, times.returnDate),
      oneWay ? this.repo.oneWayRoute(db, oneWay.from, oneWay.to) : undefined,
    ]);
    // A one-way return prices its route's fee, as the quote's line (no route: the quote refuses it).
    const fees = route ? [{ code: 'one_way' as const, label: '', amount: route.fee }] : [];
    const prices = new Map<number, { days: number; total: number }>();
    for (const car of cars) {
      const { days, price } = priceCarRental({
        times,
        car,
        rules: rules.filter((r) => r.for_car_model_id === car.id),
        addons: [],
        promo: null,
        fees,
      });
      prices.set(car.id, { days, total: price.total });
    }
    return prices;
  }

  /**
   * The return branch (a one-way route the company offers, for its fee), and the delivery (a zone of
   * the pickup branch) and collection (a zone of the return branch) with their fees, in satang.
   */
  private async deliveryFees(ex: Executor, input: QuoteInput, lang: Language) {
    const fees: NonNullable<Parameters<typeof priceBooking>[0]['fees']> = [];
    const returnBranch = input.returnBranchCode || input.branchCode;
    const oneWay = returnBranch !== input.branchCode;
    let returnBranchName: string | null = null;
    if (oneWay) {
      const route = await this.repo.oneWayRoute(ex, input.branchCode, returnBranch);
      if (!route)
        refuse(
          'returnBranchCode',
          'This car cannot be returned to that branch: choose another or the pickup branch',
        );
      returnBranchName = route!.to_name[lang];
      fees.push({ code: 'one_way', label: route!.to_name[lang], amount: route!.fee });
    }
    const legs = { delivery: input.delivery, collection: input.collection };
    const deliveries: {
      leg: 'delivery' | 'collection';
      zoneName: LocalizedText;
      fee: number;
    }[] = [];
    for (const [leg, request] of Object.entries(legs) as [
      'delivery' | 'collection',
      QuoteInput['delivery'],
    ][]) {
      if (!request) continue;
      const zone = await this.repo.deliveryZone(ex, request.zoneId);
      const branch = leg === 'delivery' ? input.branchCode : returnBranch;
      if (!zone || !zone.is_active || zone.branch_code !== branch)
        refuse(`${leg}.zoneId`, 'This branch does not deliver to that area');
      fees.push({ code: leg, label: zone!.name[lang], amount: zone!.fee });
      deliveries.push({ leg, zoneName: zone!.name, fee: zone!.fee });
    }
    return { fees, oneWay, returnBranch, returnBranchName, deliveries };
  }

  /**
   * A price for a car, dates, extras and a code (no sign-in needed); `unitFree` says whether a unit
   * is free over the period the rental blocks (bookings' units and holds, BookingsService.quote).
   */
  async quote(
    input: QuoteInput,
    lang: Language,
    userId: number | null,
    unitFree: (startsAt: Date, blockedUntil: Date) => Promise<boolean>,
  ): Promise<Quote> {
    const db = this.db;
    const q = await this.compute(db, input, lang, userId);
    const { startsAt, blockedUntil } = rentalPeriod(input, q.oneWay);
    const available = await unitFree(startsAt, blockedUntil);
    return {
      carModelId: input.carModelId,
      carName: `${q.car.brand[lang]} ${q.car.model[lang]}`,
      branchCode: input.branchCode,
      branchName: q.car.branch_name![lang],
      pickupDate: input.pickupDate,
      returnDate: input.returnDate,
      pickupTime: input.pickupTime,
      returnTime: input.returnTime,
      days: q.days,
      pricePerDay: q.car.price_per_day,
      rentalAmount: q.price.rentalAmount,
      priceRules: ruleLinesIn(q.rules, lang),
      hotDealPercent: q.hotDealPercent,
      hotDealDiscount: q.price.hotDealDiscount,
      addons: q.price.addons,
      addonsAmount: q.price.addonsAmount,
      promoCode: q.promo?.code ?? null,
      promoDiscount: q.price.promoDiscount,
      fees: q.price.fees,
      returnBranchCode: q.returnBranch,
      returnBranchName: q.returnBranchName ?? q.car.branch_name![lang],
      total: q.price.total,
      vat: q.price.vat,
      vatPercent: businessRules.vatPercent,
      deposit: q.car.deposit,
      driverRules: carDriverRules(q.car),
      available,
    };
  }

  /**
   * What a car would cost on these dates with the rules as they are, and with a draft rule added
   * as the newest (the back office's preview before saving a rule).
   */
  private async previewRules(input: RentalTimes & { carModelId: number }, draft?: PricingRuleRow) {
    const db = this.db;
    if (
      !isRealDate(input.pickupDate) ||
      !isRealDate(input.returnDate) ||
      bangkokInstant(input.returnDate, input.returnTime) <=
        bangkokInstant(input.pickupDate, input.pickupTime) ||
      daysBetween(input.pickupDate, input.returnDate) > businessRules.maxRentalDays
    )
      refuse('returnDate', timeMessages.returnBeforePickup);
    const car = await this.repo.carPrice(db, input.carModelId);
    if (!car) throw notFound('Car');
    const rules = await this.repo.pricingRules(db, input.carModelId, input.pickupDate, input.returnDate);
    const applied = priceRentalTimes({
      times: input,
      basePrice: car.price_per_day,
      car: { carModelId: input.carModelId, categoryId: car.category_id },
      rules: draft ? [...rules, draft] : rules,
    });
    const rentalAmount = applied.days * car.price_per_day;
    return {
      days: applied.days,
      pricePerDay: car.price_per_day,
      rentalAmount,
      rules: applied.lines,
      rentalAfterRules: rentalAmount + applied.adjustment,
    };
  }

  async validatePromotion(
    code: string,
    userId: number | null,
    quoteInput: QuoteInput | null,
    lang: Language,
  ) {
    const db = this.db;
    const promo = await this.resolvePromotion(db, code.trim().toUpperCase(), userId);
    let discount: number | null = null;
    // The quote's discount without asking for a free unit (the quote's other half, which never refuses).
    if (quoteInput)
      discount = (await this.compute(db, { ...quoteInput, promoCode: promo!.code }, lang, userId)).price
        .promoDiscount;
    return {
      valid: true as const,
      code: promo!.code,
      kind: promo!.kind,
      value: promo!.kind === 'percent' ? promo!.value : promo!.value / 100,
      discount,
    };
  }
}
