import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { TextField } from '../../lib/form-fields';
import { zodResolver } from './zod-resolver';

/**
 * /forgot-password (issue 19): asks for a reset link. The answer never says
 * whether the address has an account, so the page says the same either way.
 */
export function Component() {
  const { t } = useTranslation('auth');
  usePageMeta(t('forgot.title'));
  const schema = useMemo(
    () =>
      z.object({
        email: z
          .string()
          .trim()
          .min(1, t('validation.emailRequired'))
          .pipe(z.email(t('validation.emailInvalid'))),
      }),
    [t],
  );
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const submit = form.handleSubmit(async ({ email }) => {
    setError(undefined);
    try {
      await apiRequest('/auth/password/forgot', { method: 'POST', body: { email }, auth: false });
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('login.failed'));
    }
  });
  return (
    <div className="container-page max-w-lg py-10">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl md:text-3xl">{t('forgot.title')}</h1>
        {sent ? (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
            {t('forgot.sent')}
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label={t('forgot.title')}>
            <p className="text-slate-700">{t('forgot.intro')}</p>
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              error={form.formState.errors.email?.message}
              registration={form.register('email')}
            />
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
                {error}
              </p>
            )}
            <button type="submit" className="btn-primary w-full" disabled={form.formState.isSubmitting}>
              {t('forgot.submit')}
            </button>
          </form>
        )}
        <p className="mt-6">
          <Link to="/login" className="text-brand-700 underline">
            {t('forgot.back')}
          </Link>
        </p>
      </section>
    </div>
  );
}
