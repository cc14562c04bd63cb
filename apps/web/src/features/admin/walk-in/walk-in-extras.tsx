import type { AdminAddon } from '@siam/contract/admin-bookings';
import type { AddonCode, QuoteBody } from '@siam/contract/bookings';
import { childSeatRules, isSeatCode } from '@siam/contract/child-seats';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { useQuote } from '../../catalog/catalog-api';
import { useAdminQuery } from '../admin-api';
import { Checkbox, useFormats } from '../admin-ui';

/** How many of each extra the walk-in takes (a seat kind up to childSeatRules.maxPerKind, others 0 or 1). */
export type ExtraQuantities = Partial<Record<AddonCode, number>>;

/** Seats of a kind the branch is short of, from the quote's refusal (SEATS_SHORT: `addons.<kind>`, `left`). */
function shortSeats(error: unknown): Partial<Record<string, number>> {
  if (!(error instanceof ApiError) || error.code !== 'SEATS_SHORT') return {};
  return Object.fromEntries(error.fieldErrors.map((e) => [e.path.replace(/^addons\./, ''), e.left ?? 0]));
}

/**
 * The walk-in's extras as the site offers them (decision 3620): child seats by kind with how many, and
 * what the branch is short of for these times from the same quote the price shows (the server counts the
 * stock); the other extras on or off. Prices are in the quote, never restated here.
 */
export function WalkInExtras({
  quantities,
  onChange,
  quoteBody,
}: {
  quantities: ExtraQuantities;
  onChange: (code: AddonCode, quantity: number) => void;
  quoteBody: QuoteBody | undefined;
}) {
  const { t } = useTranslation('admin');
  const { t: tb } = useTranslation('booking');
  const { lng } = useFormats();
  const addons = useAdminQuery<AdminAddon[]>('/addons');
  const short = shortSeats(useQuote(quoteBody).error);
  const active = addons.data?.filter((a) => a.isActive) ?? [];
  return (
    <fieldset className="mt-3">
      <legend className="field-label">{t('walkIn.extras')}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {active.map((a) => {
          const code = a.code as AddonCode;
          const name = a.name[lng];
          if (!isSeatCode(code))
            return (
              <Checkbox
                key={code}
                label={name}
                checked={(quantities[code] ?? 0) > 0}
                onChange={(on) => onChange(code, on ? 1 : 0)}
              />
            );
          const left = short[code];
          return (
            <div
              key={code}
              className="flex min-h-11 flex-wrap items-center gap-2"
              data-testid={`seat-${code}`}
            >
              <select
                aria-label={tb('seats.quantity', { name })}
                className="min-h-11 rounded border border-slate-400 px-2"
                value={quantities[code] ?? 0}
                onChange={(e) => onChange(code, Number(e.target.value))}
              >
                {Array.from({ length: childSeatRules.maxPerKind + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <span>{name}</span>
              {left !== undefined && (
                <span role="alert" className="basis-full text-sm font-semibold text-red-700">
                  {tb('seats.short', { name, left })}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
