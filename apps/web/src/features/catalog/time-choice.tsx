import type { Branch } from '@siam/contract/catalog';
import {
  pickupReturnHalfHours,
  pickupReturnTimeAt,
  type PickupReturnHours,
} from '@siam/contract/pickup-return-hours';
import { timeMessages } from '@siam/contract/rental-times';
import { formatBaht } from '../../lib/money';
import { useBranches } from './catalog-api';

/** A branch's pickup/return hours as the contract judges a time (08:00-20:00, the spec's, until the list is in). */
export function pickupReturnHoursOf(b: Branch | undefined): PickupReturnHours {
  if (!b) return { opensAt: '08:00', closesAt: '20:00', outOfHours: null };
  const band = b.out_of_hours;
  return {
    opensAt: b.opens_at,
    closesAt: b.closes_at,
    outOfHours: band && {
      opensAt: band.opens_at,
      closesAt: band.closes_at,
      feeSatang: Math.round(band.fee * 100),
    },
  };
}

/**
 * The times a customer may choose at a branch (its opening hours and its out-of-hours band,
 * decision 3602) and the fee a time costs: baht for a pickup or return out of hours, null while open.
 */
export function pickupReturnChoice(b: Branch | undefined) {
  const hours = pickupReturnHoursOf(b);
  return {
    hours,
    times: pickupReturnHalfHours(hours),
    feeAt: (time: string) =>
      pickupReturnTimeAt(time, hours) === 'out_of_hours' ? hours.outOfHours!.feeSatang / 100 : null,
  };
}
export type PickupReturnChoice = ReturnType<typeof pickupReturnChoice>;

/** Each branch's pickup/return times and fees, by its code (the public branch list). */
export function useBranchPickupReturn() {
  const branches = useBranches();
  return (code: string) => pickupReturnChoice(branches.data?.find((x) => x.code === code));
}

/** The half hours a branch hands over (open or out of hours), by its code. */
export function useBranchHalfHours() {
  const of = useBranchPickupReturn();
  return (code: string) => of(code).times;
}

/**
 * The words beside a time that costs the out-of-hours fee (a `times.outOfHours` text with the
 * branch's fee), for TimeChoice's `note`.
 */
export const outOfHoursNote =
  (choice: PickupReturnChoice, say: (key: string, values: Record<string, string>) => string) =>
  (time: string) => {
    const fee = choice.feeAt(time);
    return fee === null ? undefined : say('times.outOfHours', { fee: formatBaht(fee) });
  };

/**
 * A refusal of the times (rental-times.ts's message), to be said at the times in the contract's
 * words (useMessageWords, lib/form-fields.tsx); a passed pickup is said above the form.
 */
export function timeRefusal(message: string | undefined): string | undefined {
  return message &&
    message !== timeMessages.pickupPassed &&
    Object.values(timeMessages).some((m) => m === message)
    ? message
    : undefined;
}

/**
 * A time of day on the hour or half hour, among those a branch hands over (rental-times.ts). A time
 * chosen before (another branch's, or from the address) stays offered, and its error says why it
 * will not do. A time out of hours names its fee (`note`), in the list and under the choice. Used
 * by the car page's booking box, the booking form and the change of a booking.
 */
export function TimeChoice(props: {
  id: string;
  label: string;
  /** The box keeps what a visitor picks before the page's code runs (server-rendered.ts). */
  keep?: string;
  value: string;
  times: string[];
  error?: string;
  /** What a time costs beyond the rental (the out-of-hours fee), said beside it. */
  note?: (time: string) => string | undefined;
  onChange: (value: string) => void;
}) {
  const options = props.times.includes(props.value) ? props.times : [props.value, ...props.times];
  const chosenNote = props.error ? undefined : props.note?.(props.value);
  const described = props.error ? `${props.id}-error` : chosenNote ? `${props.id}-note` : undefined;
  return (
    <div className="mt-2">
      <label htmlFor={props.id} className="field-label">
        {props.label}
      </label>
      <select
        id={props.id}
        data-keep={props.keep}
        className="field-input"
        value={props.value}
        aria-invalid={Boolean(props.error)}
        aria-describedby={described}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {options.map((time) => (
          <option key={time} value={time}>
            {props.note?.(time) ? `${time} · ${props.note(time)}` : time}
          </option>
        ))}
      </select>
      {props.error && (
        <p id={`${props.id}-error`} role="alert" className="field-error">
          {props.error}
        </p>
      )}
      {chosenNote && (
        <p id={`${props.id}-note`} className="mt-1 text-xs text-slate-700" data-testid="out-of-hours-note">
          {chosenNote}
        </p>
      )}
    </div>
  );
}
