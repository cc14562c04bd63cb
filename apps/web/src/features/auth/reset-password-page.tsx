import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from '../../lib/router';
import { Link } from '../../lib/site-link';
import { z } from 'zod';
import { businessRules } from '@siam/contract/business-rules';
import { ApiError, apiRequest, hasFieldError } from '../../lib/api-client';
import { clearSession } from '../../lib/token-storage';
import { usePageMeta } from '../../lib/use-page-meta';
import { PasswordField } from '../../lib/form-fields';
import { zodResolver } from './zod-resolver';

/** /reset-password?token=… (issue 19): the link from the mail sets a new password, once, within 30 minutes. */
export function Component() {
  const { t } = useTranslation('auth');
  usePageMeta(t('reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const schema = useMemo(
    () =>
      z
        .object({
          newPassword: z
            .string()
            .min(
              businessRules.passwordMinLength,
              t('validation.passwordMin', { count: businessRules.passwordMinLength }),
            )
            .max(
              businessRules.passwordMaxLength,
              t('validation.passwordMax', { count: businessRules.passwordMaxLength }),
            ),
          confirm: z.string(),
        })
        .refine((v) => v.newPassword === v.confirm, {
          path: ['confirm'],
          message: t('validation.passwordsDoNotMatch'),
        }),
    [t],
  );
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirm: '' },
  });
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token.length >= 10 ? 'form' : 'invalid');
  const [error, setError] = useState<string>();
  const submit = form.handleSubmit(async ({ newPassword }) => {
    setError(undefined);
    try {
      await apiRequest('/auth/password/reset', { method: 'POST', body: { token, newPassword }, auth: false });
      // Every session was revoked, this browser's too.
      clearSession();
      setState('done');
    } catch (err) {
      if (hasFieldError(err, 'token')) setState('invalid');
      else if (hasFieldError(err, 'newPassword'))
        form.setError('newPassword', { message: t('validation.passwordCommon') });
      else setError(err instanceof ApiError ? err.message : t('login.failed'));
    }
  });
  return (
    <div className="container-page max-w-lg py-10">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl md:text-3xl">{t('reset.title')}</h1>
        {state === 'done' && (
          <>
            <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
              {t('reset.done')}
            </p>
            <Link to="/login" className="btn-primary mt-6 inline-flex">
              {t('login.submit')}
            </Link>
          </>
        )}
        {state === 'invalid' && (
          <>
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
              {t('reset.invalid')}
            </p>
            <Link to="/forgot-password" className="btn-primary mt-6 inline-flex">
              {t('reset.askAgain')}
            </Link>
          </>
        )}
        {state === 'form' && (
          <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label={t('reset.title')}>
            <PasswordField
              label={t('fields.newPassword')}
              autoComplete="new-password"
              hint={t('passwordHint', { count: businessRules.passwordMinLength })}
              error={form.formState.errors.newPassword?.message}
              registration={form.register('newPassword')}
            />
            <PasswordField
              label={t('fields.confirmNewPassword')}
              autoComplete="new-password"
              error={form.formState.errors.confirm?.message}
              registration={form.register('confirm')}
            />
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
                {error}
              </p>
            )}
            <button type="submit" className="btn-primary w-full" disabled={form.formState.isSubmitting}>
              {t('reset.submit')}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
