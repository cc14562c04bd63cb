import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { z } from 'zod';
import { businessRules } from '@siam/contract/business-rules';
import { ApiError, hasFieldError } from '../../lib/api-client';
import { authApi } from './auth-api';
import { PasswordField } from '../../lib/form-fields';
import { zodResolver } from './zod-resolver';

export function ChangePassword() {
  const { t } = useTranslation('auth');
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const schema = useMemo(
    () =>
      z
        .object({
          currentPassword: z.string().max(businessRules.passwordMaxLength),
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
          confirmPassword: z.string(),
        })
        .refine((v) => v.newPassword === v.confirmPassword, {
          path: ['confirmPassword'],
          message: t('validation.newPasswordsDoNotMatch'),
        }),
    [t],
  );
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setNotice(undefined);
    try {
      await authApi.changePassword({
        currentPassword: v.currentPassword || undefined,
        newPassword: v.newPassword,
      });
      form.reset();
      setNotice({ ok: true, text: t('profile.password.changed') });
    } catch (err) {
      if (hasFieldError(err, 'currentPassword'))
        form.setError('currentPassword', { message: t('validation.currentPasswordWrong') });
      else if (hasFieldError(err, 'newPassword'))
        form.setError('newPassword', { message: t('validation.passwordCommon') });
      else if (err instanceof ApiError && (err.httpStatus === 429 || err.kind !== 'http'))
        setNotice({ ok: false, text: err.message });
      else if (err instanceof ApiError && err.httpStatus === 403)
        setNotice({ ok: false, text: t('profile.freshSignIn') });
      else setNotice({ ok: false, text: t('profile.password.failed') });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="password-title">
      <h2 id="password-title" className="text-xl">
        {t('profile.password.title')}
      </h2>
      {notice && (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={`rounded-lg p-3 ${notice.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
        >
          {notice.text}
        </p>
      )}
      <PasswordField
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        hint={t('profile.password.socialHint')}
        error={errors.currentPassword?.message}
        registration={form.register('currentPassword')}
      />
      <PasswordField
        label={t('fields.newPassword')}
        autoComplete="new-password"
        hint={t('passwordHint', { count: businessRules.passwordMinLength })}
        error={errors.newPassword?.message}
        registration={form.register('newPassword')}
      />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={form.register('confirmPassword')}
      />
      <p className="text-sm text-slate-600">{t('profile.password.othersSignedOut')}</p>
      <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('saving') : t('profile.password.submit')}
      </button>
    </form>
  );
}
