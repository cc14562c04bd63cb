import { Building2, CheckCircle2, Check } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { corporatePackages, vehicleCountOptions, type VehicleCount } from '@siam/contract/content';
import { isEmail } from '@siam/contract/email';
import { usePageMeta } from '../../lib/use-page-meta';
import { TextField, HoneypotField, PHONE_PATTERN } from '../../lib/form-fields';
import { usePublicForm } from './use-public-form';

interface QuoteValues {
  companyName: string;
  contactName: string;
  position: string;
  email: string;
  phone: string;
  vehicles: VehicleCount | '';
  message: string;
  website: string;
}

const optionKey: Record<VehicleCount, string> = { '1-3': 'v1', '4-10': 'v4', '11-20': 'v11', '21+': 'v21' };

export function CorporatePage() {
  const { t } = useTranslation('content');
  usePageMeta(t('corporate.metaTitle'), t('corporate.metaDescription'));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuoteValues>({ defaultValues: { website: '', vehicles: '', message: '' } });
  const { send, formRef, formError, done } = usePublicForm<QuoteValues>('/guest/corporate-quotes', setError);
  const required = { value: true, message: t('validation.required') };
  const max = (n: number) => ({ value: n, message: t('validation.tooLong', { max: n }) });
  const included = t('corporate.included', { returnObjects: true }) as string[];

  return (
    <div className="container-page py-12">
      <h1 className="text-3xl md:text-4xl">{t('corporate.title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t('corporate.lead')}</p>

      <section aria-labelledby="corporate-packages" className="mt-10">
        <h2 id="corporate-packages" className="text-2xl">
          {t('corporate.packagesTitle')}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {corporatePackages.map(({ id: p, minVehicles: min, maxVehicles: max }) => (
            <li key={p} className="flex flex-col rounded-2xl border border-slate-200 p-6">
              <Building2 aria-hidden className="text-brand-700" />
              <h3 className="mt-3 text-xl">{t(`corporate.packages.${p}.name`)}</h3>
              <p className="mt-1 text-slate-700">
                {max === null
                  ? t('corporate.vehicleFrom', { min })
                  : t('corporate.vehicleRange', { min, max })}
              </p>
              <p className="mt-4 text-2xl font-semibold text-brand-700">
                {t(`corporate.packages.${p}.price`)}
                {p !== 'enterprise' && (
                  <span className="text-base font-normal text-slate-700"> {t('corporate.perMonth')}</span>
                )}
              </p>
            </li>
          ))}
        </ul>
        <ul className="mt-6 grid gap-2 md:grid-cols-3">
          {included.map((line) => (
            <li key={line} className="flex gap-2 text-slate-800">
              <Check aria-hidden size={18} className="mt-1 shrink-0 text-green-700" /> {line}
            </li>
          ))}
        </ul>
        <p className="mt-4 font-semibold">{t('corporate.contracts')}</p>
      </section>

      <section
        aria-labelledby="corporate-form-title"
        className="mt-12 max-w-3xl rounded-2xl border border-slate-200 p-6"
      >
        <h2 id="corporate-form-title" className="text-2xl">
          {t('corporate.formTitle')}
        </h2>
        {done ? (
          <div role="status" className="mt-4 flex flex-col items-start gap-3">
            <CheckCircle2 aria-hidden className="text-green-700" size={40} />
            <h3 className="text-xl">{t('corporate.successTitle')}</h3>
            <p className="text-slate-700">{t('corporate.successText')}</p>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-700">{t('corporate.formLead')}</p>
            <form
              ref={formRef}
              noValidate
              onSubmit={handleSubmit(send)}
              className="relative mt-6 grid gap-4 md:grid-cols-2"
            >
              <TextField
                aria-required
                label={t('corporate.fields.companyName')}
                autoComplete="organization"
                maxLength={150}
                error={errors.companyName?.message}
                registration={register('companyName', { required, maxLength: max(150) })}
              />
              <TextField
                aria-required
                label={t('corporate.fields.contactName')}
                autoComplete="name"
                maxLength={100}
                error={errors.contactName?.message}
                registration={register('contactName', { required, maxLength: max(100) })}
              />
              <TextField
                aria-required
                label={t('corporate.fields.position')}
                autoComplete="organization-title"
                maxLength={100}
                error={errors.position?.message}
                registration={register('position', { required, maxLength: max(100) })}
              />
              <TextField
                aria-required
                label={t('corporate.fields.email')}
                type="email"
                autoComplete="email"
                maxLength={254}
                error={errors.email?.message}
                registration={register('email', {
                  required,
                  validate: (value: string) => isEmail(value) || t('validation.email'),
                })}
              />
              <TextField
                aria-required
                label={t('corporate.fields.phone')}
                type="tel"
                autoComplete="tel"
                maxLength={20}
                error={errors.phone?.message}
                registration={register('phone', {
                  required,
                  validate: (v) => PHONE_PATTERN.test(v.replace(/[\s\-.()]/g, '')) || t('validation.phone'),
                })}
              />
              <div>
                <label htmlFor="quote-vehicles" className="field-label">
                  {t('corporate.fields.vehicles')}
                </label>
                <select
                  id="quote-vehicles"
                  className="field-input"
                  aria-invalid={Boolean(errors.vehicles)}
                  aria-describedby={errors.vehicles ? 'quote-vehicles-error' : undefined}
                  {...register('vehicles', { required: { value: true, message: t('validation.choose') } })}
                >
                  <option value="">{t('corporate.choose')}</option>
                  {vehicleCountOptions.map((o) => (
                    <option key={o} value={o}>
                      {t(`corporate.vehicleOptions.${optionKey[o]}`)}
                    </option>
                  ))}
                </select>
                {errors.vehicles?.message && (
                  <p id="quote-vehicles-error" role="alert" className="field-error">
                    {errors.vehicles.message}
                  </p>
                )}
              </div>
              <div className="md:col-span-2">
                <TextField
                  label={t('corporate.fields.message')}
                  multiline
                  maxLength={5000}
                  error={errors.message?.message}
                  registration={register('message', { maxLength: max(5000) })}
                />
              </div>
              <HoneypotField registration={register('website')} />
              {formError && (
                <p role="alert" className="field-error md:col-span-2">
                  {formError}
                </p>
              )}
              <button type="submit" className="btn-action justify-self-start" disabled={isSubmitting}>
                {isSubmitting ? t('corporate.sending') : t('corporate.submit')}
              </button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}

export const Component = CorporatePage;
