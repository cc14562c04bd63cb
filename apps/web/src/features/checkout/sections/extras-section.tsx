import type { AddonCode } from '@siam/contract/bookings';
import { childSeatRules, isSeatCode } from '@siam/contract/child-seats';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import type { fetchAddons } from '../../bookings/booking-api';
import { useFormat } from '../../bookings/format';
import { FormSection } from '../form-section';
import type { BookingChoiceState } from '../use-booking-choice';

/** Seats of a kind the branch is short of, from the quote's refusal (SEATS_SHORT: `addons.<kind>`, `left`). */
function shortSeats(error: unknown): Partial<Record<string, number>> {
  if (!(error instanceof ApiError) || error.code !== 'SEATS_SHORT') return {};
  return Object.fromEntries(error.fieldErrors.map((e) => [e.path.replace(/^addons\./, ''), e.left ?? 0]));
}

/**
 * The extras, each priced per day or free; child seats by kind with how many (0 to
 * childSeatRules.maxPerKind), who each is for, and what the branch is short of. Folded on a phone
 * to what is chosen.
 */
export function ExtrasSection({
  booking,
  addons: all,
}: {
  booking: BookingChoiceState;
  /** The extras on offer, read with the form (it shows once they are in). */
  addons: Awaited<ReturnType<typeof fetchAddons>>;
}) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const { quantities, setQuantity } = booking;
  const short = shortSeats(booking.quote.error);
  const chosen = all
    .filter((a) => (quantities[a.code as AddonCode] ?? 0) > 0)
    .map((a) => (isSeatCode(a.code) ? `${a.name} × ${quantities[a.code]}` : a.name));
  const price = (pricePerDay: number) =>
    pricePerDay === 0 ? t('summary.free') : t('summary.perDay', { price: f.baht(pricePerDay) });
  return (
    <FormSection
      title={t('summary.extras')}
      summary={chosen.length ? chosen.join(', ') : t('summary.folded.noExtras')}
      hasError={Object.keys(short).length > 0}
      testId="extras"
    >
      <ul className="space-y-3">
        {all.map((a) => {
          const code = a.code as AddonCode;
          if (!isSeatCode(code))
            return (
              <li key={code}>
                <label className="flex cursor-pointer items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-6 shrink-0"
                    checked={(quantities[code] ?? 0) > 0}
                    onChange={(e) => setQuantity(code, e.target.checked ? 1 : 0)}
                  />
                  <span>
                    <span className="font-semibold">{a.name}</span>{' '}
                    <span className="text-slate-700">({price(a.pricePerDay)})</span>
                    <span className="block text-sm text-slate-600">{a.description}</span>
                  </span>
                </label>
              </li>
            );
          const left = short[code];
          return (
            <li key={code} className="flex items-start justify-between gap-3" data-testid={`seat-${code}`}>
              <span>
                <span className="font-semibold">{a.name}</span>{' '}
                <span className="text-slate-700">({price(a.pricePerDay)})</span>
                <span className="block text-sm text-slate-600">{t(`seats.fit.${code}`)}</span>
                {left !== undefined && (
                  <span role="alert" className="block text-sm font-semibold text-red-700">
                    {t('seats.short', { name: a.name, left })}
                  </span>
                )}
              </span>
              <select
                aria-label={t('seats.quantity', { name: a.name })}
                className="min-h-11 shrink-0 rounded border border-slate-400 px-2"
                value={quantities[code] ?? 0}
                onChange={(e) => setQuantity(code, Number(e.target.value))}
              >
                {Array.from({ length: childSeatRules.maxPerKind + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm text-slate-600">{t('seats.law')}</p>
    </FormSection>
  );
}
