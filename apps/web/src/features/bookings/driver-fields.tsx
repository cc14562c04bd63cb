import { licenceAcceptance, type LicenceDocument } from '@siam/contract/licence-countries';
import { useId, useMemo } from 'react';
import { useController, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { browserLanguages, countryOptions, ownCountries } from '../../lib/country-names';
import { SelectField, TextField } from '../../lib/form-fields';
import { useLicenceRuleChanges } from '../../lib/licence-rules';
import { useTranslation } from '../../lib/use-translation';

export interface LicenceValues {
  birthDate: string;
  licenceNumber: string;
  licenceCountry: string;
  licenceIssued: string;
  licenceExpiry: string;
  /** What the driver brings beside the licence when its country's rule asks (decision 3601). */
  licenceDocument: LicenceDocument | null;
}
export const emptyLicence: LicenceValues = {
  birthDate: '',
  licenceNumber: '',
  licenceCountry: '',
  licenceIssued: '',
  licenceExpiry: '',
  licenceDocument: null,
};

/**
 * A driver's birth date and licence, for the main driver (`driver`) or an additional one
 * (`additionalDrivers.N`). `say` gives a field's error in the language of the moment. Beside the
 * licence, what its country's rule asks (licence-countries.ts with staff's changes, decision 3601):
 * nothing (Thailand, ASEAN), the permit's box, or a choice of an IDP or an official translation
 * (China). The customer's own countries head the list.
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
  const values = control as unknown as Control<Record<string, unknown>>;
  const country = useWatch({ control: values, name: `${prefix}.licenceCountry` });
  // Not the field's ref: a phone's first error is found and focused by the form page (by name).
  const {
    field: { value: documentValue, onChange: setDocument, onBlur: documentBlur, name: documentName },
  } = useController({ control: values, name: `${prefix}.licenceDocument` });
  const changes = useLicenceRuleChanges();
  const countries = useMemo(
    () => countryOptions(i18n.language, ownCountries(i18n.language, browserLanguages())),
    [i18n.language],
  );
  const documentError = say(`${prefix}.licenceDocument`);
  const id = useId();
  const accepts = typeof country === 'string' && country !== '' ? licenceAcceptance(country, changes) : null;
  const errorProps = documentError
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : {};
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
      {accepts === 'idp' && (
        <div className="col-span-full">
          <label className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              className="mt-0.5 size-6 shrink-0"
              name={documentName}
              checked={documentValue === 'idp'}
              onChange={(e) => setDocument(e.target.checked ? 'idp' : null)}
              onBlur={documentBlur}
              {...errorProps}
            />
            <span>
              {t('fields.internationalPermit')}
              <span className="block text-sm text-slate-600">{t('fields.internationalPermitHint')}</span>
            </span>
          </label>
          {documentError && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {documentError}
            </p>
          )}
        </div>
      )}
      {accepts === 'idp_or_translation' && (
        <fieldset className="col-span-full" data-testid="licence-document">
          <legend className="field-label">{t('fields.licenceDocument')}</legend>
          <p className="text-sm text-slate-600">{t('fields.licenceDocumentHint')}</p>
          {(['idp', 'translation'] as const).map((choice) => (
            <label key={choice} className="mt-2 flex cursor-pointer items-start gap-3">
              <input
                type="radio"
                className="mt-0.5 size-6 shrink-0"
                name={documentName}
                value={choice}
                checked={documentValue === choice}
                onChange={() => setDocument(choice)}
                onBlur={documentBlur}
                {...errorProps}
              />
              <span>{t(`fields.licenceDocuments.${choice}`)}</span>
            </label>
          ))}
          {documentError && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {documentError}
            </p>
          )}
        </fieldset>
      )}
    </>
  );
}
