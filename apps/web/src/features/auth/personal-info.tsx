import { isMadeUpEmail } from '@siam/contract/made-up-email';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { z } from 'zod';
import type { User } from '@siam/contract/auth';
import { businessRules } from '@siam/contract/business-rules';
import { ApiError, hasFieldError } from '../../lib/api-client';
import { authApi } from './auth-api';
import { PasswordField, TextField } from '../../lib/form-fields';
import { useSession } from '../../app/session/session-provider';
import { zodResolver } from './zod-resolver';

/**
 * An edit being saved, kept in this tab's session storage until the answer comes:
 * when the session runs out mid-save the customer signs in again and finds it
 * filled in, instead of lost. Never the password; only for the same account.
 */
const DRAFT_KEY = 'siam:profile-draft';
type Draft = { userId: number; firstName: string; lastName: string; email: string; phone: string };

function takeDraft(userId: number): Draft | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Draft | null;
    sessionStorage.removeItem(DRAFT_KEY);
    return draft?.userId === userId ? draft : null;
  } catch {
    return null;
  }
}

export function PersonalInfo({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const { setUser } = useSession();
  const [draft] = useState(() => takeDraft(user.id));
  const [editing, setEditing] = useState(Boolean(draft));
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | undefined>(() =>
    draft ? { ok: false, text: t('profile.personal.draftRestored') } : undefined,
  );
  const schema = useMemo(
    () =>
      z.object({
        firstName: z
          .string()
          .trim()
          .min(1, t('validation.firstNameRequired'))
          .max(100, t('validation.tooLong')),
        lastName: z
          .string()
          .trim()
          .min(1, t('validation.lastNameRequired'))
          .max(100, t('validation.tooLong')),
        email: z
          .string()
          .trim()
          .min(1, t('validation.emailRequired'))
          .pipe(z.email(t('validation.emailInvalid'))),
        phone: z
          .string()
          .trim()
          .min(1, t('validation.phoneRequired'))
          .transform((v) => v.replace(/[\s\-.()]/g, ''))
          .pipe(z.string().regex(/^(0[689]\d{8}|0[2-7]\d{7}|\+\d{8,15})$/, t('validation.phoneInvalid'))),
        currentPassword: z.string().max(businessRules.passwordMaxLength),
      }),
    [t],
  );
  type Values = z.input<typeof schema>;
  const defaults = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    currentPassword: '',
  };
  const form = useForm<Values>({
    resolver: zodResolver(schema as unknown as z.ZodType<Values>),
    defaultValues: draft
      ? {
          firstName: draft.firstName,
          lastName: draft.lastName,
          email: draft.email,
          phone: draft.phone,
          currentPassword: '',
        }
      : defaults,
  });
  const errors = form.formState.errors;
  const emailChanged =
    useWatch({ control: form.control, name: 'email' }).trim().toLowerCase() !== user.email.toLowerCase();

  const submit = form.handleSubmit(async (raw) => {
    setNotice(undefined);
    const v = schema.parse(raw);
    const kept: Draft = {
      userId: user.id,
      firstName: raw.firstName,
      lastName: raw.lastName,
      email: raw.email,
      phone: raw.phone,
    };
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(kept));
    try {
      const updated = await authApi.updateProfile({
        firstName: v.firstName,
        lastName: v.lastName,
        phone: v.phone,
        ...(emailChanged && { email: v.email, currentPassword: v.currentPassword || undefined }),
      });
      sessionStorage.removeItem(DRAFT_KEY);
      setUser(updated);
      setEditing(false);
      setNotice({ ok: true, text: t('profile.personal.updated') });
    } catch (err) {
      // A 401 has already sent the customer to /login: the draft waits for their return.
      if (!(err instanceof ApiError && err.httpStatus === 401)) sessionStorage.removeItem(DRAFT_KEY);
      if (hasFieldError(err, 'currentPassword'))
        form.setError('currentPassword', { message: t('validation.currentPasswordWrong') });
      else if (err instanceof ApiError && err.httpStatus === 409)
        form.setError('email', { message: t('validation.emailTaken') });
      else
        setNotice({
          ok: false,
          text:
            err instanceof ApiError && err.kind !== 'http' ? err.message : t('profile.personal.updateFailed'),
        });
    }
  });

  const noticeEl = notice && (
    <p
      role={notice.ok ? 'status' : 'alert'}
      className={`mb-4 rounded-lg p-3 ${notice.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
    >
      {notice.text}
    </p>
  );

  if (!editing)
    return (
      <section aria-labelledby="personal-title">
        {noticeEl}
        <h2 id="personal-title" className="text-xl">
          {t('profile.personal.title')}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          {(
            [
              ['firstName', user.firstName],
              ['lastName', user.lastName],
              // A made-up address (the provider gave none) is no address: shown as none.
              ['email', isMadeUpEmail(user.email) ? '' : user.email],
              ['phone', user.phone],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-lg bg-sand-50 p-3">
              <dt className="text-sm text-slate-600">{t(`fields.${key}`)}</dt>
              <dd className="font-semibold break-all text-slate-900">{value || '—'}</dd>
            </div>
          ))}
        </dl>
        <button
          type="button"
          className="btn-primary mt-6"
          onClick={() => {
            form.reset(defaults);
            setNotice(undefined);
            setEditing(true);
          }}
        >
          {t('profile.personal.edit')}
        </button>
      </section>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="personal-edit-title">
      {noticeEl}
      <h2 id="personal-edit-title" className="text-xl">
        {t('profile.personal.editTitle')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('fields.firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          registration={form.register('firstName')}
        />
        <TextField
          label={t('fields.lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          registration={form.register('lastName')}
        />
      </div>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        registration={form.register('email')}
      />
      {emailChanged && (
        <PasswordField
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          hint={t('profile.personal.emailNeedsPassword')}
          error={errors.currentPassword?.message}
          registration={form.register('currentPassword')}
        />
      )}
      <TextField
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        registration={form.register('phone')}
      />
      <div className="flex gap-3">
        <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('saving') : t('save')}
        </button>
        <button
          type="button"
          className="btn-outline"
          onClick={() => {
            form.reset(defaults);
            setEditing(false);
          }}
        >
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
