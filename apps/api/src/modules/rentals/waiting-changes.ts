import { businessRules } from '@siam/contract/business-rules';
import {
  CAR_UNAVAILABLE_MESSAGE,
  changeBodySchema,
  changeMessages,
  type ChangeGatewayMethod,
  type WaitingChange,
} from '@siam/contract/bookings';
import { rentalPeriod } from '@siam/contract/rental-times';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Executor } from '../../db/sql-rows';
import type { BookingsService } from '../bookings/bookings.service';
import type { PaymentsService } from '../payments/payments.service';
import type { BookingChanges } from './booking-changes';
import type { ChangeRequestRow, ChangeRequestsRepository } from './change-requests.repository';
import type { RentalsRepository } from './rentals.repository';

type ChangeInput = z.output<typeof changeBodySchema>;

/** The parts of [start, end) the booking's own hold [ownStart, ownEnd) does not cover. */
export function uncovered(
  start: number,
  end: number,
  ownStart: number,
  ownEnd: number,
): { start: number; end: number }[] {
  if (end <= ownStart || start >= ownEnd) return [{ start, end }];
  return [
    ...(start < ownStart ? [{ start, end: ownStart }] : []),
    ...(end > ownEnd ? [{ start: ownEnd, end }] : []),
  ];
}

/**
 * A paid booking's dearer change paid by PromptPay's QR or a wallet (issue 36 part 3, decision 3631):
 * the change waits, its new dates held for the method's window (`promptPayHoldMinutes`) beside the
 * booking's own hold, and the booking stays as it was until the gateway says the difference is paid;
 * then the change is made in the paying transaction (gateway-charges.ts calls `apply`). Unpaid in time,
 * it lapses and the new dates are let go (`expire`, the minute job); money paid after that goes back.
 */
export class WaitingChanges {
  constructor(
    private readonly repo: RentalsRepository,
    private readonly requests: ChangeRequestsRepository,
    private readonly bookings: BookingsService,
    private readonly payments: PaymentsService,
    private readonly changes: BookingChanges,
  ) {}

  /**
   * The change asked for with a gateway method: null when it has no difference to pay (made as any
   * change is); else it waits, held, and how to pay it is returned.
   */
  async ask(userId: number, bookingId: number, input: ChangeInput): Promise<WaitingChange | null> {
    const method = input.paymentMethod as ChangeGatewayMethod;
    if (!(await this.payments.sources()).includes(method))
      throw new AppError('VALIDATION_FAILED', changeMessages.methodNotOffered, [
        { path: 'paymentMethod', message: changeMessages.methodNotOffered },
      ]);
    const made = await this.repo.transaction(async (tx) => {
      const p = await this.changes.plan(tx, userId, bookingId, input, true);
      if (p.settle !== 'card') return null;
      if (await this.requests.waiting(tx, bookingId)) throw new AppError('CONFLICT', changeMessages.waiting);
      const { startsAt, endsAt, blockedUntil } = rentalPeriod(p.times, p.oneWay);
      const own = await this.bookings.liveHold(tx, bookingId);
      const sameCar = p.car.carModelId === p.row.car_model_id;
      // A part of the new time: the car kept from its start to its end (the turnaround included).
      const part = (start: number, end: number) => ({
        bookingId,
        startsAt: new Date(start),
        endsAt: new Date(end),
        blockedUntil: new Date(end),
        createdBy: userId,
      });
      let placed: { unitId: number; holdIds: number[] } | undefined;
      // The booking's own car first: only the time its hold does not cover yet.
      if (own && sameCar) {
        const parts = uncovered(
          startsAt.getTime(),
          blockedUntil.getTime(),
          new Date(own.starts_at).getTime(),
          new Date(own.blocked_until).getTime(),
        );
        const ids: number[] = [];
        for (const each of parts) {
          const id = await this.bookings.hold(tx, { unitId: own.unit_id, ...part(each.start, each.end) });
          if (id === undefined) break;
          ids.push(id);
        }
        if (ids.length === parts.length) placed = { unitId: own.unit_id, holdIds: ids };
        else await this.bookings.releaseHoldIds(tx, bookingId, ids);
      }
      // Before pickup, another car of the model for the whole new time (a rental under way keeps its car).
      if (!placed && !p.extension) {
        const others = await this.repo.unitsFreeExcept(
          tx,
          { car_model_id: p.car.carModelId, branch_code: p.row.branch_code },
          bookingId,
          startsAt,
          blockedUntil,
        );
        for (const unitId of others.filter((id) => id !== own?.unit_id)) {
          const id = await this.bookings.hold(tx, {
            unitId,
            bookingId,
            startsAt,
            endsAt,
            blockedUntil,
            createdBy: userId,
          });
          if (id !== undefined) {
            placed = { unitId, holdIds: [id] };
            break;
          }
        }
      }
      if (!placed)
        throw new AppError(
          'CAR_UNAVAILABLE',
          p.extension
            ? 'The car is booked after your rental: it cannot be kept longer'
            : CAR_UNAVAILABLE_MESSAGE,
        );
      const { cardToken: _card, paymentMethod: _method, ...request } = input;
      const row = await this.requests.insert(tx, {
        bookingId,
        request,
        amountSatang: p.difference,
        method,
        unitId: placed.unitId,
        holdIds: placed.holdIds,
        payBy: new Date(this.bookings.now().getTime() + businessRules.promptPayHoldMinutes * 60_000),
        createdBy: userId,
      });
      if (!row) throw new AppError('CONFLICT', changeMessages.waiting);
      return { row, bookingNumber: p.row.booking_number };
    });
    if (!made) return null;
    return this.view(made.row, made.bookingNumber);
  }

  /** Any other change waits until a change waiting for its difference is paid or lapses. */
  async refuseWhileWaiting(bookingId: number) {
    if (await this.requests.waiting(this.repo.db, bookingId))
      throw new AppError('CONFLICT', changeMessages.waiting);
  }

  /** The booking's latest change paid at the gateway, asked after at the gateway first while it waits. */
  async latest(bookingId: number, bookingNumber: string): Promise<WaitingChange | null> {
    const before = await this.requests.latest(this.repo.db, bookingId);
    if (!before) return null;
    if (before.status === 'awaiting_payment') await this.payments.checkChangeCharge(before.id);
    const row = (await this.requests.latest(this.repo.db, bookingId))!;
    return this.view(row, bookingNumber);
  }

  private async view(row: ChangeRequestRow, bookingNumber: string): Promise<WaitingChange> {
    const request = changeBodySchema.parse(row.request);
    const charge =
      row.status === 'awaiting_payment'
        ? await this.payments.changeCharge({
            bookingId: row.booking_id,
            bookingNumber,
            changeRef: row.id,
            source: row.method,
            amountSatang: row.amount,
          })
        : null;
    const booking = await this.bookings.row(row.booking_id);
    return {
      id: row.id,
      status: row.status,
      method: row.method,
      amount: row.amount,
      pickupDate: request.pickupDate,
      returnDate: request.returnDate,
      pickupTime: request.pickupTime ?? booking?.pickup_time ?? '',
      returnTime: request.returnTime ?? booking?.return_time ?? '',
      payBy: row.pay_by,
      qrSvg: charge?.qrSvg ?? null,
      authorizeUri: charge?.authorizeUri ?? null,
    };
  }

  /**
   * The difference is paid (in the gateway charge's transaction): the change made as asked, on the car
   * its holds are on. False when it can no longer be (lapsed, the booking ended or no longer allows it,
   * or it now costs another amount): the money then goes back, and the new dates are let go.
   */
  async apply(tx: Executor, changeRef: number): Promise<boolean> {
    const r = await this.requests.lock(tx, changeRef);
    if (!r || r.status !== 'awaiting_payment') return false;
    let p;
    try {
      p = await this.changes.plan(tx, r.created_by, r.booking_id, changeBodySchema.parse(r.request), true);
    } catch {
      p = null;
    }
    if (!p || p.settle !== 'card' || p.difference !== r.amount) {
      await this.requests.expire(tx, this.bookings.now(), r.id);
      await this.bookings.releaseHoldIds(tx, r.booking_id, r.hold_ids);
      return false;
    }
    const { startsAt, endsAt, blockedUntil } = rentalPeriod(p.times, p.oneWay);
    await this.bookings.releaseHolds(tx, r.booking_id);
    const held = await this.bookings.hold(tx, {
      unitId: r.unit_id,
      bookingId: r.booking_id,
      startsAt,
      endsAt,
      blockedUntil,
      createdBy: r.created_by,
    });
    // Its own holds covered all of it a moment ago: never refused, unless the database was changed by hand.
    if (held === undefined) throw new Error(`change ${r.id}: the held car could not be kept`);
    if (r.unit_id !== p.row.unit_id) await this.bookings.setUnit(tx, r.booking_id, r.unit_id);
    await this.changes.write(tx, r.booking_id, p, { startsAt, endsAt }, r.created_by, r.amount);
    await this.requests.markApplied(tx, r.id);
    return true;
  }

  /** After the paying transaction: the tax invoice corrected and the customer mailed, as for any change. */
  async after(changeRef: number) {
    const r = await this.requests.lock(this.repo.db, changeRef);
    if (r?.status !== 'applied') return;
    await this.bookings.totalChanged(r.booking_id, 'changed');
    await this.bookings.sendMail(r.booking_id, 'changed');
  }

  /** The minute job: changes unpaid at their time lapse, their new dates let go. */
  async expire(now: Date = this.bookings.now()) {
    return this.repo.transaction(async (tx) => {
      const lapsed = await this.requests.expire(tx, now);
      for (const r of lapsed) await this.bookings.releaseHoldIds(tx, r.booking_id, r.hold_ids);
      return lapsed.map((r) => r.booking_id);
    });
  }
}
