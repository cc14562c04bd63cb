import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { TextField } from '../../../lib/form-fields';
import { useTranslation } from '../../../lib/use-translation';
import { fetchTaxDetails } from '../../bookings/booking-api';
import type { BookingForm, Say } from '../booking-resolver';
import { FormSection } from '../form-section';

// Shown once the customer asks for the invoice; it carries the contract's address schema (zod),
// which the form's first load leaves out (docs/decisions/3320).
const PostcodeAndSubDistrict = lazy(() =>
  import('../../addresses/postcode-sub-district').then((m) => ({ default: m.PostcodeAndSubDistrict })),
);

/**
 * A full tax invoice for a company (issued once the booking is paid): the company's name, address,
 * tax ID and branch, filled from the profile when the customer kept them before. On a company's
 * account the invoice is the company's monthly one, and nothing is asked.
 */
export function CompanySection({
  form,
  say,
  onAccountOf,
}: {
  form: BookingForm;
  say: Say;
  /** The company whose account pays, when the customer pays that way. */
  onAccountOf: string | undefined | null;
}) {
  const { t } = useTranslation('booking');
  const { register, setValue, getValues, formState } = form;
  const errors = formState.errors.company;
  const wanted = useWatch({ control: form.control, name: 'company.wanted' });
  const headOffice = useWatch({ control: form.control, name: 'company.headOffice' });
  const companyName = useWatch({ control: form.control, name: 'company.companyName' });
  const postcode = useWatch({ control: form.control, name: 'company.postcode' });
  const subDistrictCode = useWatch({ control: form.control, name: 'company.subDistrictCode' });
  const kept = useQuery({ queryKey: ['tax-details'], queryFn: fetchTaxDetails, staleTime: Infinity });
  useEffect(() => {
    const k = kept.data;
    if (!k || getValues('company.companyName')) return;
    setValue('company.companyName', k.companyName);
    setValue('company.address', k.address);
    setValue('company.postcode', k.postcode ?? '');
    setValue('company.subDistrictCode', k.subDistrictCode ?? '');
    setValue('company.taxId', k.taxId);
    setValue('company.headOffice', k.branch === '00000');
    setValue('company.branchNo', k.branch === '00000' ? '' : k.branch);
  }, [kept.data, getValues, setValue]);

  const onAccount = onAccountOf !== null;
  const summary = onAccount
    ? t('tax.onAccount', { company: onAccountOf })
    : wanted
      ? companyName || t('tax.wanted')
      : t('summary.folded.noTaxInvoice');
  return (
    <FormSection title={t('tax.title')} summary={summary} hasError={!onAccount && Boolean(errors)}>
      {onAccount ? (
        <p className="text-slate-800" data-testid="on-monthly-invoice">
          {t('tax.onAccount', { company: onAccountOf })}
        </p>
      ) : (
        <div data-testid="company-fields">
          <label className="flex cursor-pointer items-start gap-3">
            <input type="checkbox" className="mt-0.5 size-6 shrink-0" {...register('company.wanted')} />
            <span>{t('tax.wanted')}</span>
          </label>
          {wanted && (
            <div className="mt-4 space-y-4">
              <TextField
                label={t('tax.companyName')}
                autoComplete="organization"
                error={say(errors?.companyName)}
                registration={register('company.companyName')}
              />
              <TextField
                label={t('tax.address')}
                multiline
                error={say(errors?.address)}
                registration={register('company.address')}
              />
              <Suspense fallback={null}>
                <PostcodeAndSubDistrict
                  postcode={postcode ?? ''}
                  subDistrictCode={subDistrictCode ?? ''}
                  onPostcode={(v) => setValue('company.postcode', v)}
                  onSubDistrict={(v) => setValue('company.subDistrictCode', v)}
                  postcodeError={say(errors?.postcode)}
                  subDistrictError={say(errors?.subDistrictCode)}
                />
              </Suspense>
              <TextField
                label={t('tax.taxId')}
                inputMode="numeric"
                hint={t('tax.taxIdHint')}
                error={say(errors?.taxId)}
                registration={register('company.taxId')}
              />
              <label className="flex cursor-pointer items-center gap-3">
                <input type="checkbox" className="size-6 shrink-0" {...register('company.headOffice')} />
                <span>{t('tax.headOffice')}</span>
              </label>
              {!headOffice && (
                <TextField
                  label={t('tax.branchNo')}
                  inputMode="numeric"
                  maxLength={5}
                  error={say(errors?.branchNo)}
                  registration={register('company.branchNo')}
                />
              )}
              <p className="text-sm text-slate-700">{t('tax.when')}</p>
            </div>
          )}
        </div>
      )}
    </FormSection>
  );
}
