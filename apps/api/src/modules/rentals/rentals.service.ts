import { randomUUID } from 'node:crypto';
import {
  changeGatewayMethods,
  type AddonCode,
  type ChangeOptions,
  type PayAgainBody,
  type changeBodySchema,
  type createBookingBodySchema,
} from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import type { z } from 'zod';
import { bookingSubject, customerActor, readableOr404, type AccessActor } from '../bookings/booking-access';
import type { BookingsService } from '../bookings/bookings.service';
import { ChangeChargeUnknown, cardPaymentRefused } from '../payments/card-payments';
import type { PaymentsService } from '../payments/payments.service';
import type { PricingService } from '../pricing/pricing.service';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import type { Db } from '../../db/client';
import type { Actor, AuditService } from '../audit/audit.service';
import type { StaffChangeQuote, staffChangeBodySchema } from '@siam/contract/admin-bookings';
import { BookingChanges } from './booking-changes';
import { ChangeRequestsRepository } from './change-requests.repository';
import { WaitingChanges } from './waiting-changes';
import { Cancellation } from './cancellation';
import { Checkout, type BookingCreated, type BookingOrigin } from './checkout';
import { PayAgain } from './pay-again';
import type { RentalsRepository } from './rentals.repository';

/**
 * The use cases that move a car, money and documents together (issue 33, decision 3301): checkout
 * (checkout.ts), paying again (pay-again.ts), changes and extensions (booking-changes.ts) and
 * cancellation (cancellation.ts). Rentals sits above bookings and payments: it moves the record
 * through BookingsService and money through PaymentsService.
 */
export class RentalsService {
  constructor(
    private readonly repo: RentalsRepository,
    private readonly bookings: BookingsService,
    private readonly payments: PaymentsService,
    private readonly deps: {
      siteSettings: SiteSettingsService;
      pricing: PricingService;
      /** Staff changes are audited in their own transaction. */
      audit: AuditService;
      /** Unpaid bookings one network address may hold at once (UNPAID_MAX_PER_ADDRESS). */
      maxUnpaidPerAddress?: number;
    },
  ) {
    this.checkout = new Checkout(repo, bookings, payments, deps);
    this.paying = new PayAgain(repo, bookings, payments, this.checkout);
    this.changes = new BookingChanges(
      repo,
      bookings,
      deps.pricing,
      payments.cards,
      () => bookings.now(),
      (tx, payment) => payments.recordCounterPayment(tx, payment),
    );
    this.cancellation = new Cancellation(repo, bookings, payments, deps.pricing);
    this.waiting = new WaitingChanges(repo, new ChangeRequestsRepository(), bookings, payments, this.changes);
    // The gateway's word that a waiting change's difference is paid makes the change (decision 3631).
    payments.onChangePaid({
      apply: (tx, changeRef) => this.waiting.apply(tx, changeRef),
      after: (changeRef) => this.waiting.after(changeRef),
    });
  }

  /** Changes waiting for their difference at the gateway (waiting-changes.ts). */
  private readonly waiting: WaitingChanges;

  /** The customer's booking's latest change paid at the gateway (waiting, made or lapsed), asked after first. */
  async waitingChange(userId: number, bookingId: number) {
    const row = readableOr404(
      customerActor(userId),
      await this.bookings.row(bookingId),
      bookingSubject,
      'Booking',
    );
    return this.waiting.latest(row.id, row.booking_number);
  }

  /** The minute job: changes unpaid at their time lapse and let go of their new dates. */
  expireWaitingChanges(now?: Date) {
    return this.waiting.expire(now);
  }

  private readonly checkout: Checkout;
  private readonly paying: PayAgain;
  /** Self-service changes of dates and extensions (booking-changes.ts). */
  private readonly changes: BookingChanges;
  private readonly cancellation: Cancellation;

  /** Creates a booking (checkout.ts); staff bookings pass `staff`. */
  create(
    userId: number,
    input: z.output<typeof createBookingBodySchema>,
    lang: Language,
    idempotencyKey: string | undefined,
    staff?: { customerId: number | null; inTx?: (tx: Db, bookingId: number) => Promise<void> },
    origin: BookingOrigin = {},
  ): Promise<BookingCreated> {
    return this.checkout.create(userId, input, lang, idempotencyKey, staff, origin);
  }

  /** Pays again a booking whose card was refused (pay-again.ts). */
  payAgain(
    userId: number,
    bookingId: number,
    input: PayAgainBody,
    lang: Language,
    idempotencyKey: string | undefined,
  ): Promise<BookingCreated> {
    return this.paying.payAgain(userId, bookingId, input, lang, idempotencyKey);
  }

  /** Cancels a booking that still can be (cancellation.ts). */
  cancel(bookingId: number, options: Parameters<Cancellation['cancel']>[1], lang: Language = 'en') {
    return this.cancellation.cancel(bookingId, options, lang);
  }

  /** What moving a customer's booking to these dates would cost (nothing is held). */
  quoteChange(userId: number, bookingId: number, input: z.output<typeof changeBodySchema>, lang: Language) {
    return this.changes.quote(userId, bookingId, input, lang);
  }

  /** The cars at a booking's branch and the extras, for a change (nothing is held), for whoever may read it. */
  async changeOptions(actor: AccessActor, bookingId: number, lang: Language): Promise<ChangeOptions> {
    const row = readableOr404(actor, await this.bookings.row(bookingId), bookingSubject, 'Booking');
    const [cars, addons] = await Promise.all([
      this.repo.modelsAtBranch(this.repo.db, row.branch_code),
      this.deps.pricing.addonRows(this.repo.db),
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
    // PromptPay or a wallet: a dearer change of a paid booking waits for its difference at the gateway.
    if (input.paymentMethod && (changeGatewayMethods as readonly string[]).includes(input.paymentMethod)) {
      const waiting = await this.waiting.ask(userId, bookingId, input);
      if (waiting)
        return { booking: await this.bookings.getById(bookingId, lang), charged: 0, refunded: 0, waiting };
    } else await this.waiting.refuseWhileWaiting(bookingId);
    let done;
    try {
      done = await this.changes.change(userId, bookingId, input, idempotencyKey ?? randomUUID(), (number) =>
        this.payments.returnUri(number),
      );
    } catch (error) {
      if (!(error instanceof ChangeChargeUnknown)) throw error;
      await this.payments.giveBackLostCharge(bookingId, error);
      throw cardPaymentRefused('processing_error');
    }
    if (done.refund > 0) await this.payments.giveBack(bookingId, done.refund, done.method);
    await this.bookings.totalChanged(bookingId, 'changed');
    await this.bookings.sendMail(bookingId, 'changed');
    return {
      booking: await this.bookings.getById(bookingId, lang),
      charged: done.charged,
      refunded: done.refund,
      waiting: null,
    };
  }

  /**
   * What a staff change would do (decision 3661): the customer's quote at the booking's agreed prices,
   * a dearer difference of a paid booking collected at the counter, and the units free for it.
   */
  async staffChangeQuote(
    staff: Actor & { id: number },
    bookingId: number,
    input: z.output<typeof staffChangeBodySchema>,
    lang: Language,
  ): Promise<StaffChangeQuote> {
    const { quote, units } = await this.changes.quoteWithUnits(staff.id, bookingId, input, lang, true);
    return { ...quote, settle: quote.settle === 'card' ? 'collect' : quote.settle, freeUnits: units };
  }

  /**
   * Staff change a booking from the back office (decision 3661): the one change a customer makes
   * (booking-changes.ts: agreed prices, the database's holds and seat stock, out-of-hours at the agreed
   * fee), its dearer difference recorded as taken at the counter, a cheaper one given back through the
   * refund path; audited in the change's transaction; the tax invoice corrected and the customer mailed.
   */
  async staffChange(
    staff: Actor & { id: number },
    bookingId: number,
    input: z.output<typeof staffChangeBodySchema>,
    lang: Language,
  ) {
    await this.waiting.refuseWhileWaiting(bookingId);
    const { collectedBy, reference, unitId, ...change } = input;
    const done = await this.changes.change(
      staff.id,
      bookingId,
      change,
      randomUUID(),
      (number) => this.payments.returnUri(number),
      {
        unitId,
        collect: collectedBy ? { method: collectedBy, reference } : undefined,
        inTx: (tx, p) =>
          this.deps.audit.record(tx, staff, {
            entity: 'booking',
            entityId: bookingId,
            action: 'booking.changed_by_staff',
            before: {
              pickup: `${p.row.pickup_date} ${p.row.pickup_time}`,
              return: `${p.row.return_date} ${p.row.return_time}`,
              carModelId: p.row.car_model_id,
              unitId: p.row.unit_id,
              total: p.row.total_amount,
            },
            after: {
              pickup: `${p.times.pickupDate} ${p.times.pickupTime}`,
              return: `${p.times.returnDate} ${p.times.returnTime}`,
              carModelId: p.car.carModelId,
              addons: p.price.addons.map((a) => ({ code: a.code, quantity: a.quantity })),
              total: p.price.total,
              difference: p.difference,
              ...(p.settle === 'card' && collectedBy ? { collectedBy, reference: reference ?? null } : {}),
            },
          }),
      },
    );
    if (done.refund > 0) await this.payments.giveBack(bookingId, done.refund, done.method);
    await this.bookings.totalChanged(bookingId, 'changed');
    await this.bookings.sendMail(bookingId, 'changed');
    return {
      booking: await this.bookings.getById(bookingId, lang),
      collected: done.charged,
      refunded: done.refund,
    };
  }

  /** PDPA erasure (an account-data contributor, services.ts): the stored answers of the customer's requests. */
  eraseFor(userId: number) {
    return this.repo.eraseIdempotencyKeys(this.repo.db, userId);
  }
}
