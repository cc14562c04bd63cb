import { needsInternationalPermit } from '@siam/contract/licence-countries';
import { useId, useMemo } from 'react';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { countryOptions } from '../../lib/country-names';
import { SelectField, TextField } from '../../lib/form-fields';
import { useTranslation } from '../../lib/use-translation';

export interface LicenceValues {
  birthDate: string;
  licenceNumber: string;
  licenceCountry: string;
  licenceIssued: string;
  licenceExpiry: string;
  internationalPermit: boolean;
}
export const emptyLicence: LicenceValues = {
  birthDate: '',
  licenceNumber: '',
  licenceCountry: '',
  licenceIssued: '',
  licenceExpiry: '',
  internationalPermit: false,
};

/**
 * A driver's birth date and licence, for the main driver (`driver`) or an additional one
 * (`additionalDrivers.N`). `say` gives a field's error in the language of the moment; the permit's
 * box shows only for a licence that needs one (outside Thailand and ASEAN).
 */
export function LicenceFields({
  prefix,
  register,
  control,
  say,
}: {
  prefix: string;
  // The booking form's own values; its paths are built from `prefix`.
  register: UseFormRegister<never>;
  control: Control<never>;
  say: (path: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation('booking');
  const reg = register as unknown as UseFormRegister<Record<string, unknown>>;
  const country = useWatch({
    control: control as unknown as Control<Record<string, unknown>>,
    name: `${prefix}.licenceCountry`,
  });
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const permitError = say(`${prefix}.internationalPermit`);
  const permitErrorId = useId();
  return (
    <>
      <TextField
        type="date"
        label={t('fields.birthDate')}
        registration={reg(`${prefix}.birthDate`)}
        error={say(`${prefix}.birthDate`)}
        autoComplete={prefix === 'driver' ? 'bday' : 'off'}
      />
      <TextField
        label={t('fields.licenceNumber')}
        registration={reg(`${prefix}.licenceNumber`)}
        error={say(`${prefix}.licenceNumber`)}
        autoComplete="off"
      />
      <SelectField
        label={t('fields.licenceCountry')}
        registration={reg(`${prefix}.licenceCountry`)}
        error={say(`${prefix}.licenceCountry`)}
      >
        <option value="">{t('fields.chooseCountry')}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        type="date"
        label={t('fields.licenceIssued')}
        registration={reg(`${prefix}.licenceIssued`)}
        error={say(`${prefix}.licenceIssued`)}
      />
      <TextField
        type="date"
        label={t('fields.licenceExpiry')}
        registration={reg(`${prefix}.licenceExpiry`)}
        error={say(`${prefix}.licenceExpiry`)}
      />
      {typeof country === 'string' && country !== '' && needsInternationalPermit(country) && (
        <div className="col-span-full">
          <label className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              className="mt-0.5 size-6 shrink-0"
              {...reg(`${prefix}.internationalPermit`)}
              aria-invalid={permitError ? true : undefined}
              aria-describedby={permitError ? permitErrorId : undefined}
            />
            <span>
              {t('fields.internationalPermit')}
              <span className="block text-sm text-slate-600">{t('fields.internationalPermitHint')}</span>
            </span>
          </label>
          {permitError && (
            <p id={permitErrorId} className="field-error" role="alert">
              {permitError}
            </p>
          )}
        </div>
      )}
    </>
  );
}
