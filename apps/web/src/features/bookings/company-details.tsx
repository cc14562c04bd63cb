import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { taxBuyerSchema, taxMessages, type TaxBuyer } from '@siam/contract/tax-invoices';
import { ApiError } from '../../lib/api-client';
import { TextField, useMessageWords } from '../../lib/form-fields';
import { PostcodeAndSubDistrict } from '../addresses/postcode-sub-district';
import { useTranslation } from '../../lib/use-translation';
import { fetchTaxDetails, forgetTaxDetails, saveTaxDetails } from './booking-api';

/**
 * The company a customer's full tax invoices are made out to (issue 18, part 3), kept in the profile:
 * filled in the booking form, changed or forgotten here. Invoices already issued keep what they said.
 */
export function CompanyDetails() {
  const { t } = useTranslation('booking');
  const words = useMessageWords();
  const queryClient = useQueryClient();
  const kept = useQuery({ queryKey: ['tax-details'], queryFn: fetchTaxDetails });
  const [editing, setEditing] = useState(false);
  const form = useForm<TaxBuyer>();
  const errors = form.formState.errors;
  const postcode = useWatch({ control: form.control, name: 'postcode' });
  const subDistrictCode = useWatch({ control: form.control, name: 'subDistrictCode' });
  const done = (data: TaxBuyer | null) => {
    queryClient.setQueryData(['tax-details'], data);
    setEditing(false);
  };
  const save = useMutation({
    mutationFn: saveTaxDetails,
    onSuccess: done,
    // The server's TISI check (a postcode nobody has, a sub-district outside it) at its field.
    onError: (error) => {
      for (const e of error instanceof ApiError ? error.fieldErrors : [])
        form.setError(e.path as keyof TaxBuyer, {
          message: words.has(e.source ?? e.message) ? (e.source ?? e.message) : taxMessages.address,
        });
    },
  });
  const forget = useMutation({ mutationFn: forgetTaxDetails, onSuccess: () => done(null) });
  const submit = form.handleSubmit((values) => {
    const parsed = taxBuyerSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        form.setError(String(issue.path[0]) as keyof TaxBuyer, {
          message: words.has(issue.message) ? issue.message : taxMessages.taxId,
        });
      return;
    }
    save.mutate(parsed.data);
  });
  const say = (key: keyof TaxBuyer) => (errors[key]?.message ? words.say(errors[key].message, t) : undefined);
  const company = kept.data;
  return (
    <section aria-labelledby="company-details" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="company-details" className="text-xl font-semibold text-brand-800">
        {t('tax.profileTitle')}
      </h2>
      {!editing && (
        <>
          {company ? (
            <p className="mt-2 whitespace-pre-line" data-testid="company-kept">
              {company.companyName}
              {'\n'}
              {company.address}
              {company.postcode ? ` ${company.postcode}` : ''}
              {'\n'}
              {t('tax.taxId')}: {company.taxId} ·{' '}
              {company.branch === '00000' ? t('tax.headOffice') : `${t('tax.branchNo')}: ${company.branch}`}
            </p>
          ) : (
            <p className="mt-2 text-slate-700">{t('tax.none')}</p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                form.reset(
                  company ?? {
                    companyName: '',
                    address: '',
                    subDistrictCode: '',
                    postcode: '',
                    taxId: '',
                    branch: '00000',
                  },
                );
                setEditing(true);
              }}
            >
              {t(company ? 'tax.edit' : 'tax.add')}
            </button>
            {company && (
              <button
                type="button"
                className="btn-outline"
                disabled={forget.isPending}
                onClick={() => forget.mutate()}
              >
                {t('tax.forget')}
              </button>
            )}
          </div>
        </>
      )}
      {editing && (
        <form noValidate className="mt-3 space-y-4" onSubmit={(e) => void submit(e)}>
          <TextField
            label={t('tax.companyName')}
            error={say('companyName')}
            registration={form.register('companyName')}
          />
          <TextField
            label={t('tax.address')}
            multiline
            error={say('address')}
            registration={form.register('address')}
          />
          <PostcodeAndSubDistrict
            postcode={postcode ?? ''}
            subDistrictCode={subDistrictCode ?? ''}
            onPostcode={(v) => form.setValue('postcode', v)}
            onSubDistrict={(v) => form.setValue('subDistrictCode', v)}
            postcodeError={say('postcode')}
            subDistrictError={say('subDistrictCode')}
          />
          <TextField
            label={t('tax.taxId')}
            inputMode="numeric"
            hint={t('tax.taxIdHint')}
            error={say('taxId')}
            registration={form.register('taxId')}
          />
          <TextField
            label={t('tax.branchOrHead')}
            inputMode="numeric"
            maxLength={5}
            error={say('branch')}
            registration={form.register('branch')}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={save.isPending}>
              {t('tax.save')}
            </button>
            <button type="button" className="btn-outline" onClick={() => setEditing(false)}>
              {t('tax.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
