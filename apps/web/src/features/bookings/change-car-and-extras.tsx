import type { AddonCode, ChangeOptions } from '@siam/contract/bookings';
import { LabelledControl } from '../../lib/form-fields';
import { useTranslation } from '../../lib/use-translation';
import { useFormat } from './format';

/** Before pickup, a change may choose another car at the branch (today's price) and other extras. */
export function CarAndExtras({
  options,
  carModelId,
  extras,
  onCar,
  onExtras,
}: {
  options: ChangeOptions;
  carModelId: number;
  extras: AddonCode[];
  onCar: (carModelId: number) => void;
  onExtras: (extras: AddonCode[]) => void;
}) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <LabelledControl label={t('change.car')}>
        {(p) => (
          <select
            {...p}
            className="field-input"
            value={carModelId}
            onChange={(e) => onCar(Number(e.target.value))}
          >
            {options.cars.map((c) => (
              <option key={c.carModelId} value={c.carModelId}>
                {c.carName} · {t('change.perDay', { price: f.baht(c.pricePerDay) })}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
      <fieldset>
        <legend className="field-label">{t('change.extras')}</legend>
        {options.addons.map((a) => (
          <label key={a.code} className="flex cursor-pointer items-center gap-2 py-1">
            <input
              type="checkbox"
              className="size-5"
              checked={extras.includes(a.code)}
              onChange={(e) =>
                onExtras(e.target.checked ? [...extras, a.code] : extras.filter((c) => c !== a.code))
              }
            />
            {a.label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
