import { childSeatRules, isSeatCode, maxChildSeatsIn, type SeatCode } from '@siam/contract/child-seats';
import { seatMessages } from '@siam/contract/seat-stock';
import type { FieldError } from '@siam/contract/errors';
import { AppError } from '../../lib/app-error';

/**
 * A booking's child seats as the form may choose them (docs/decisions/3620): at most
 * `childSeatRules.maxPerKind` of each kind, and no more in all than the car has seats besides the
 * driver's. Field errors name the kind (`addons.<kind>`).
 */
export function checkSeatChoice(addons: { code: string; quantity: number }[], carSeats: number) {
  const seats = addons.filter((a) => isSeatCode(a.code));
  const errors: FieldError[] = seats
    .filter((a) => a.quantity > childSeatRules.maxPerKind)
    .map((a) => ({ path: `addons.${a.code}`, message: seatMessages.tooManyOfKind }));
  const total = seats.reduce((sum, a) => sum + a.quantity, 0);
  if (total > maxChildSeatsIn(carSeats))
    errors.push({ path: `addons.${seats.at(-1)!.code}`, message: seatMessages.tooManyForCar });
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
}

/**
 * Refuses seats the branch has too few of for the rental's times, before anything is written: the
 * customer learns which kind is short and how many are left. The database checks again on the
 * booking's insert, under a lock (migration 2050): this read alone does not stop two bookings at once.
 */
export function refuseShortSeats(
  addons: { code: string; quantity: number }[],
  left: Record<SeatCode, number>,
) {
  const errors = addons
    .filter((a): a is { code: SeatCode; quantity: number } => isSeatCode(a.code))
    .filter((a) => a.quantity > left[a.code])
    .map((a) => {
      const message = `Not enough ${a.code.replace('_', ' ')}s at this branch for these times: ${left[a.code]} left`;
      return { path: `addons.${a.code}`, message, left: left[a.code] };
    });
  if (errors.length) throw new AppError('SEATS_SHORT', errors[0]!.message, errors);
}
