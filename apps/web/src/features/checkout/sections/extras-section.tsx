import { useQuery } from '@tanstack/react-query';
import type { AddonCode } from '@siam/contract/bookings';
import { useTranslation } from '../../../lib/use-translation';
import { fetchAddons } from '../../bookings/booking-api';
import { useFormat } from '../../bookings/format';
import { FormSection } from '../form-section';
import type { BookingChoiceState } from '../use-booking-choice';

/** The extras (child seat, GPS, …), each priced per day or free; folded on a phone to what is ticked. */
export function ExtrasSection({ booking }: { booking: BookingChoiceState }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const addonsQuery = useQuery({ queryKey: ['addons', f.lang], queryFn: fetchAddons });
  const all = addonsQuery.data ?? [];
  const { addons, setAddons } = booking;
  const chosen = all.filter((a) => addons.includes(a.code as AddonCode)).map((a) => a.name);
  return (
    <FormSection
      title={t('summary.extras')}
      summary={chosen.length ? chosen.join(', ') : t('summary.folded.noExtras')}
    >
      <ul className="space-y-3">
        {all.map((a) => (
          <li key={a.code}>
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                className="mt-0.5 size-6 shrink-0"
                checked={addons.includes(a.code as AddonCode)}
                onChange={(e) =>
                  setAddons((s) =>
                    e.target.checked ? [...s, a.code as AddonCode] : s.filter((c) => c !== a.code),
                  )
                }
              />
              <span>
                <span className="font-semibold">{a.name}</span>{' '}
                <span className="text-slate-700">
                  (
                  {a.pricePerDay === 0
                    ? t('summary.free')
                    : t('summary.perDay', { price: f.baht(a.pricePerDay) })}
                  )
                </span>
                <span className="block text-sm text-slate-600">{a.description}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </FormSection>
  );
}
