import { halfHoursBetween, timeMessages } from '@siam/contract/rental-times';
import { useBranches } from './catalog-api';

/** The half hours a branch is open, by its code (08:00-20:00, the spec's hours, until the list is in). */
export function useBranchHalfHours() {
  const branches = useBranches();
  return (code: string) => {
    const b = branches.data?.find((x) => x.code === code);
    return b ? halfHoursBetween(b.opens_at, b.closes_at) : halfHoursBetween('08:00', '20:00');
  };
}

/** A refusal of the times (rental-times.ts's English message) as a text key of the booking namespace. */
export function timeErrorKey(message: string | undefined): string | undefined {
  const key = Object.entries(timeMessages).find(([, text]) => text === message)?.[0];
  return key && key !== 'pickupPassed' ? `times.errors.${key}` : undefined;
}

/**
 * A time of day on the hour or half hour, among those a branch is open (rental-times.ts). A time
 * chosen before (another branch's, or from the address) stays offered, and its error says why it
 * will not do. Used by the car page's booking box, the booking form and the change of a booking.
 */
export function TimeChoice(props: {
  id: string;
  label: string;
  /** The box keeps what a visitor picks before the page's code runs (server-rendered.ts). */
  keep?: string;
  value: string;
  times: string[];
  error?: string;
  onChange: (value: string) => void;
}) {
  const options = props.times.includes(props.value) ? props.times : [props.value, ...props.times];
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
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {options.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      {props.error && (
        <p id={`${props.id}-error`} role="alert" className="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}
