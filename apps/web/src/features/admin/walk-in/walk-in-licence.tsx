import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { countryOptions } from '../../../lib/country-names';
import { Checkbox, Field, SelectField, useFormats } from '../admin-ui';

/** What every driver gives about themselves and their licence (the contract's driverLicenceFields). */
export type LicenceDraft = {
  birthDate: string;
  licenceNumber: string;
  licenceCountry: string;
  licenceIssued: string;
  licenceExpiry: string;
};

/**
 * A driver's birth date and licence, for the main driver and each additional one; the server's errors
 * arrive by path (`driver.licenceNumber`, `additionalDrivers.0.licenceNumber`).
 */
export function LicenceFields({
  value,
  onChange,
  permit,
  setPermit,
  errors,
  path,
}: {
  value: LicenceDraft;
  onChange: (key: keyof LicenceDraft, value: string) => void;
  permit: boolean;
  setPermit: (permit: boolean) => void;
  errors: Record<string, string>;
  path: string;
}) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const countries = useMemo(() => countryOptions(lng), [lng]);
  const set = (k: keyof LicenceDraft) => (e: { target: { value: string } }) => onChange(k, e.target.value);
  return (
    <>
      <Field
        label={t('walkIn.birthDate')}
        type="date"
        value={value.birthDate}
        onChange={set('birthDate')}
        error={errors[`${path}.birthDate`]}
        required
      />
      <Field
        label={t('walkIn.licenceNumber')}
        value={value.licenceNumber}
        onChange={set('licenceNumber')}
        error={errors[`${path}.licenceNumber`]}
        required
      />
      <SelectField
        label={t('walkIn.licenceCountry')}
        value={value.licenceCountry}
        onChange={set('licenceCountry')}
        error={errors[`${path}.licenceCountry`]}
        required
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('walkIn.licenceIssued')}
        type="date"
        value={value.licenceIssued}
        onChange={set('licenceIssued')}
        error={errors[`${path}.licenceIssued`]}
        required
      />
      <Field
        label={t('walkIn.licenceExpiry')}
        type="date"
        value={value.licenceExpiry}
        onChange={set('licenceExpiry')}
        error={errors[`${path}.licenceExpiry`]}
        required
      />
      <div>
        <Checkbox label={t('walkIn.internationalPermit')} checked={permit} onChange={setPermit} />
        {errors[`${path}.licenceDocument`] && (
          <p className="field-error" role="alert">
            {errors[`${path}.licenceDocument`]}
          </p>
        )}
      </div>
    </>
  );
}
