import { CheckCircle2, Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { useSiteSettings } from '../site-settings/use-site-settings';
import { isEmail } from '@siam/contract/email';
import { usePageMeta } from '../../lib/use-page-meta';
import { TextField, HoneypotField } from '../../lib/form-fields';
import { usePublicForm } from './use-public-form';

interface ContactValues {
  fullName: string;
  email: string;
  subject: string;
  message: string;
  website: string;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function ContactPage() {
  const { t } = useTranslation('content');
  usePageMeta(t('contact.metaTitle'), t('contact.metaDescription'));
  const { data: settings } = useSiteSettings();
  const {
    register,
    handleSubmit,
    setError,
    reset: resetFields,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ defaultValues: { website: '' } });
  const { send, formRef, formError, done, reset } = usePublicForm<ContactValues>('/guest/contact', setError);
  const required = { value: true, message: t('validation.required') };
  const max = (n: number) => ({ value: n, message: t('validation.tooLong', { max: n }) });

  return (
    <div className="container-page py-12">
      <h1 className="text-3xl md:text-4xl">{t('contact.title')}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">{t('contact.lead')}</p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="contact-form-title" className="sr-only">
            {t('contact.submit')}
          </h2>
          {done ? (
            <div role="status" className="flex flex-col items-start gap-3">
              <CheckCircle2 aria-hidden className="text-green-700" size={40} />
              <h3 className="text-2xl">{t('contact.successTitle')}</h3>
              <p className="text-slate-700">{t('contact.successText')}</p>
              <button
                type="button"
                className="btn-outline mt-2"
                onClick={() => {
                  resetFields();
                  reset();
                }}
              >
                {t('contact.sendAnother')}
              </button>
            </div>
          ) : (
            <form
              ref={formRef}
              noValidate
              onSubmit={handleSubmit(send)}
              className="relative flex flex-col gap-4"
            >
              <TextField
                aria-required
                label={t('contact.fields.fullName')}
                autoComplete="name"
                maxLength={100}
                error={errors.fullName?.message}
                registration={register('fullName', { required, maxLength: max(100) })}
              />
              <TextField
                aria-required
                label={t('contact.fields.email')}
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
                label={t('contact.fields.subject')}
                maxLength={150}
                error={errors.subject?.message}
                registration={register('subject', { required, maxLength: max(150) })}
              />
              <TextField
                aria-required
                label={t('contact.fields.message')}
                multiline
                maxLength={5000}
                error={errors.message?.message}
                registration={register('message', {
                  required,
                  minLength: { value: 10, message: t('validation.tooShort', { min: 10 }) },
                  maxLength: max(5000),
                })}
              />
              <HoneypotField registration={register('website')} />
              {formError && (
                <p role="alert" className="field-error">
                  {formError}
                </p>
              )}
              <button type="submit" className="btn-action self-start" disabled={isSubmitting}>
                {isSubmitting ? t('contact.sending') : t('contact.submit')}
              </button>
            </form>
          )}
        </section>

        <aside className="flex flex-col gap-6">
          <section aria-labelledby="contact-hours" className="rounded-2xl bg-sand-100 p-6">
            <h2 id="contact-hours" className="flex items-center gap-2 text-xl">
              <Clock aria-hidden size={20} /> {t('contact.hoursTitle')}
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
              <dt>{t('contact.weekdays')}</dt>
              <dd className="font-semibold">{t('contact.weekdaysHours')}</dd>
              <dt>{t('contact.weekend')}</dt>
              <dd className="font-semibold">{t('contact.weekendHours')}</dd>
            </dl>
            <h3 className="mt-5 text-lg">{t('contact.branchesTitle')}</h3>
            <p className="mt-1 text-slate-800">{t('contact.branchesText')}</p>
          </section>

          {settings && (
            <section aria-labelledby="contact-details" className="rounded-2xl border border-slate-200 p-6">
              <h2 id="contact-details" className="sr-only">
                {t('contact.title')}
              </h2>
              <ul className="flex flex-col gap-3">
                {settings.contact.phones.map((phone) => (
                  <li key={phone}>
                    <a
                      href={telHref(phone)}
                      className="inline-flex min-h-11 items-center gap-2 hover:underline"
                    >
                      <Phone aria-hidden size={18} />
                      <span className="sr-only">{t('contact.phones')}: </span>
                      {phone}
                    </a>
                  </li>
                ))}
                <li>
                  <a
                    href={`mailto:${settings.contact.email}`}
                    className="inline-flex min-h-11 items-center gap-2 hover:underline"
                  >
                    <Mail aria-hidden size={18} />
                    <span className="sr-only">{t('contact.email')}: </span>
                    {settings.contact.email}
                  </a>
                </li>
                <li>
                  <a
                    href={`https://line.me/R/ti/p/${encodeURIComponent(settings.contact.lineId)}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-2 hover:underline"
                  >
                    <MessageCircle aria-hidden size={18} />
                    {t('contact.line')}: {settings.contact.lineId}
                  </a>
                </li>
                <li>
                  <a
                    href={settings.contact.messengerUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-2 hover:underline"
                  >
                    <MessageCircle aria-hidden size={18} />
                    {t('contact.messenger')}
                  </a>
                </li>
                <li>
                  <a
                    href={`https://wa.me/${settings.contact.whatsapp.replace(/\D/g, '')}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-2 hover:underline"
                    data-testid="contact-whatsapp"
                  >
                    <MessageCircle aria-hidden size={18} />
                    {t('contact.whatsapp')}: {settings.contact.whatsapp}
                  </a>
                </li>
                <li className="inline-flex min-h-11 items-center gap-2" data-testid="contact-wechat">
                  <MessageCircle aria-hidden size={18} />
                  <span>
                    {t('contact.wechat')}: {settings.contact.wechatId}
                  </span>
                </li>
                <li className="flex gap-2">
                  <MapPin aria-hidden size={18} className="mt-1 shrink-0" />
                  <span>
                    <span className="font-semibold">{t('contact.headOffice')}: </span>
                    {settings.contact.headOffice}
                  </span>
                </li>
              </ul>
              <p className="mt-4 text-sm text-slate-700">{t('contact.helpLine')}</p>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}

export const Component = ContactPage;
