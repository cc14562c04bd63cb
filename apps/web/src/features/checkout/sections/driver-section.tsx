import { useState } from 'react';
import { personName } from '@siam/contract/person-names';
import { useFieldArray } from 'react-hook-form';
import { businessRules } from '@siam/contract/business-rules';
import type { DriverRules } from '@siam/contract/drivers';
import { TextField } from '../../../lib/form-fields';
import { useTranslation } from '../../../lib/use-translation';
import { emptyLicence, LicenceFields } from '../../bookings/driver-fields';
import type { BookingForm, Say } from '../booking-resolver';
import { FormSection } from '../form-section';

/** The car's driver rules, as the texts say them. */
export const ruleWordsOf = (rules: DriverRules | undefined) =>
  rules && { minAge: rules.minAge, maxAge: rules.maxAge, years: rules.minLicenceYears };

/**
 * The main driver: name and contact (the signed-in customer's own, shown on one line on a phone
 * until changed or in error), ID, birth date and licence, and the car's driver rules.
 */
export function DriverSection({
  form,
  say,
  sayAt,
  rules,
}: {
  form: BookingForm;
  say: Say;
  sayAt: (path: string) => string | undefined;
  rules: DriverRules | undefined;
}) {
  const { t } = useTranslation('booking');
  const { register, formState, getValues } = form;
  const errors = formState.errors.driver;
  // Known from the profile when the page opened: one line to check, not four fields to read.
  const [known] = useState(() => {
    const d = getValues('driver');
    return Boolean(d.firstName && d.lastName && d.email && d.phone);
  });
  const [changing, setChanging] = useState(false);
  const contactShown =
    !known || changing || Boolean(errors?.firstName || errors?.lastName || errors?.email || errors?.phone);
  const d = getValues('driver');
  return (
    <FormSection title={t('summary.personal')}>
      {!contactShown && (
        <p className="mb-3 flex items-start justify-between gap-3 lg:hidden" data-testid="driver-contact">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {personName(d.firstName, d.lastName)} · {d.email} · {d.phone}
          </span>
          <button
            type="button"
            className="shrink-0 text-brand-700 underline"
            onClick={() => setChanging(true)}
          >
            {t('summary.change')}
          </button>
        </p>
      )}
      <div className="grid grid-cols-2 gap-x-3 gap-y-4">
        <div
          className={`col-span-2 grid grid-cols-2 gap-x-3 gap-y-4 ${contactShown ? '' : 'hidden lg:grid'}`}
        >
          <TextField
            label={t('fields.firstName')}
            registration={register('driver.firstName')}
            error={say(errors?.firstName)}
            autoComplete="given-name"
          />
          <TextField
            label={t('fields.lastName')}
            registration={register('driver.lastName')}
            error={say(errors?.lastName)}
            autoComplete="family-name"
          />
          <div className="col-span-2 sm:col-span-1">
            <TextField
              type="email"
              label={t('fields.email')}
              registration={register('driver.email')}
              error={say(errors?.email)}
              autoComplete="email"
              inputMode="email"
            />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <TextField
              type="tel"
              label={t('fields.phone')}
              registration={register('driver.phone')}
              error={say(errors?.phone)}
              autoComplete="tel"
              inputMode="tel"
            />
          </div>
        </div>
        {/* In pairs from 360 px: a phone shows the licence in three rows, not six. */}
        <div className="col-span-2 grid gap-x-3 gap-y-4 min-[360px]:grid-cols-2">
          <TextField
            label={t('fields.idNumber')}
            registration={register('driver.idNumber')}
            error={say(errors?.idNumber)}
          />
          <LicenceFields
            prefix="driver"
            register={register as never}
            control={form.control as never}
            say={sayAt}
          />
        </div>
      </div>
      {rules && (
        <p className="mt-4 rounded-lg bg-sand-50 p-3 text-slate-800" data-testid="driver-rules">
          {t(rules.maxAge === null ? 'summary.driverRules' : 'summary.driverRulesMax', ruleWordsOf(rules))}
        </p>
      )}
    </FormSection>
  );
}

/** Up to `businessRules.maxAdditionalDrivers` more drivers, free; folded on a phone to how many there are. */
export function AdditionalDriversSection({
  form,
  sayAt,
}: {
  form: BookingForm;
  sayAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('booking');
  const { register } = form;
  const extraDrivers = useFieldArray({ control: form.control, name: 'additionalDrivers' });
  const count = extraDrivers.fields.length;
  return (
    <FormSection
      title={t('summary.additionalDrivers')}
      summary={count ? t('summary.folded.drivers', { count }) : t('summary.folded.onlyYou')}
      hasError={Boolean(form.formState.errors.additionalDrivers)}
    >
      <p className="text-slate-700">
        {t('summary.additionalDriversFree', { count: businessRules.maxAdditionalDrivers })}
      </p>
      {extraDrivers.fields.map((field, i) => (
        <fieldset key={field.id} className="mt-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 font-semibold">{t('summary.driverN', { n: i + 2 })}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('fields.firstName')}
              registration={register(`additionalDrivers.${i}.firstName`)}
              error={sayAt(`additionalDrivers.${i}.firstName`)}
              autoComplete="off"
            />
            <TextField
              label={t('fields.lastName')}
              registration={register(`additionalDrivers.${i}.lastName`)}
              error={sayAt(`additionalDrivers.${i}.lastName`)}
              autoComplete="off"
            />
            <LicenceFields
              prefix={`additionalDrivers.${i}`}
              register={register as never}
              control={form.control as never}
              say={sayAt}
            />
          </div>
          <button type="button" className="btn-outline mt-4" onClick={() => extraDrivers.remove(i)}>
            {t('summary.removeDriver', { n: i + 2 })}
          </button>
        </fieldset>
      ))}
      {count < businessRules.maxAdditionalDrivers && (
        <button
          type="button"
          className="btn-outline mt-4"
          onClick={() => extraDrivers.append({ firstName: '', lastName: '', ...emptyLicence })}
        >
          {t('summary.addDriver')}
        </button>
      )}
    </FormSection>
  );
}
