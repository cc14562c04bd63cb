import { useTranslation } from '../../../lib/use-translation';
import { Field } from '../admin-ui';

export type CounterPlace = { th: string; en: string; zh: string };

/**
 * The counter's exact place at a branch (terminal, floor, gate or meeting point) in the three
 * languages (decision 3611): the car page, the booking page, My bookings, the mails and LINE say it.
 * All three or none; each refusal is said at its own field.
 */
export function CounterPlaceFields({
  value,
  onChange,
  say,
}: {
  value: CounterPlace;
  onChange: (next: CounterPlace) => void;
  /** The API's refusal at a path, in the staff member's language. */
  say: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <legend className="mb-2 font-semibold">{t('branches.counterPlace')}</legend>
      <p className="text-sm text-slate-600 sm:col-span-3">{t('branches.counterPlaceHelp')}</p>
      {(['th', 'en', 'zh'] as const).map((lang) => (
        <Field
          key={lang}
          label={t(`branches.counterPlaceIn.${lang}`)}
          maxLength={200}
          value={value[lang]}
          onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
          error={say(`counterPlace.${lang}`)}
        />
      ))}
    </>
  );
}
