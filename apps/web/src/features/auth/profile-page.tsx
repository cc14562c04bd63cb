import { Download, Trash2 } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { User } from '@siam/contract/auth';
import { businessRules } from '@siam/contract/business-rules';
import { ApiError } from '../../lib/api-client';
import { clearSession } from '../../lib/token-storage';
import { usePageMeta } from '../../lib/use-page-meta';
import { authApi } from './auth-api';
import { PasswordField, TextField } from './form-fields';
import { RentalHistory } from './rental-history';
import { RequireSignIn } from './require-sign-in';
import { useSession } from './session-provider';
import { zodResolver } from './zod-resolver';

type Tab = 'personal' | 'password' | 'history';
const tabs: Tab[] = ['personal', 'password', 'history'];

/** A server field error ("currentPassword") shown next to its field, in the active language. */
function fieldError(err: unknown, path: string): boolean {
  return err instanceof ApiError && err.fieldErrors.some((e) => e.path === path);
}

export function ProfilePage() {
  return (
    <RequireSignIn>
      <Profile />
    </RequireSignIn>
  );
}
export const Component = ProfilePage;

function Profile() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const [tab, setTab] = useState<Tab>('personal');
  usePageMeta(t('profile.metaTitle'));
  if (!user) return null;
  const onKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    setTab(next);
    document.getElementById(`profile-tab-${next}`)?.focus();
  };
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl md:text-3xl">{t('profile.title')}</h1>
      <p className="mt-1 text-slate-700">{user.email}</p>
      {!user.emailVerified && <ConfirmEmailNote user={user} />}
      <div
        role="tablist"
        aria-label={t('profile.tabsLabel')}
        className="mt-6 flex flex-wrap gap-2 border-b border-slate-200"
      >
        {tabs.map((name) => (
          <button
            key={name}
            id={`profile-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`profile-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onKeyDown={onKey}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-4 px-4 py-2 font-semibold ${tab === name ? 'border-action-500 text-brand-900' : 'border-transparent text-slate-700 hover:text-brand-800'}`}
          >
            {t(`profile.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        id={`profile-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`profile-tab-${tab}`}
        className="mt-6 max-w-2xl"
      >
        {tab === 'personal' && <PersonalInfo user={user} />}
        {tab === 'password' && <ChangePassword />}
        {tab === 'history' && <RentalHistory />}
      </div>
      <YourData />
    </div>
  );
}

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

/** An unconfirmed address: why it matters, and the link sent again on request. */
function ConfirmEmailNote({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const { setUser } = useSession();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'limited' | 'failed'>('idle');
  const [error, setError] = useState('');
  const send = async () => {
    setState('sending');
    try {
      const answer = await authApi.sendVerification();
      if (answer.verified) setUser({ ...user, emailVerified: true });
      else setState(answer.sent ? 'sent' : 'limited');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('profile.personal.updateFailed'));
      setState('failed');
    }
  };
  return (
    <section
      aria-labelledby="confirm-email-title"
      className="mt-4 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="confirm-email-title" className="text-lg">
        {t('profile.confirmEmail.title')}
      </h2>
      <p className="mt-1">{t('profile.confirmEmail.text', { email: user.email })}</p>
      <button
        type="button"
        className="btn-outline mt-3"
        disabled={state === 'sending'}
        onClick={() => void send()}
      >
        {t('profile.confirmEmail.resend')}
      </button>
      <p role="status" className="mt-2">
        {state === 'sent'
          ? t('profile.confirmEmail.sent', { email: user.email })
          : state === 'limited'
            ? t('profile.confirmEmail.limited')
            : ''}
      </p>
      {state === 'failed' && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </section>
  );
}

function PersonalInfo({ user }: { user: User }) {
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
      if (fieldError(err, 'currentPassword'))
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
              ['email', user.email],
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

function ChangePassword() {
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
      // A 401 has already sent the customer to /login: the draft waits for their return.
      if (!(err instanceof ApiError && err.httpStatus === 401)) sessionStorage.removeItem(DRAFT_KEY);
      if (fieldError(err, 'currentPassword'))
        form.setError('currentPassword', { message: t('validation.currentPasswordWrong') });
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

/** PDPA: take the data out, or erase the account. */
function YourData() {
  const { t } = useTranslation('auth');
  const [downloading, setDownloading] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    setExportError(undefined);
    try {
      const data = await authApi.exportData();
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const a = document.createElement('a');
      a.href = url;
      a.download = 'siam-drive-my-data.json';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setExportError(err instanceof ApiError ? err.message : t('errorGeneric'));
    } finally {
      setDownloading(false);
    }
  };

  const erase = async () => {
    if (!understood) return setDeleteError(t('profile.data.mustConfirm'));
    setDeleting(true);
    setDeleteError(undefined);
    try {
      await authApi.deleteAccount({ password: password || undefined, confirm: true });
      // The sessions are revoked on the server. A fresh load of the home page forgets
      // everything held in memory too (and the /profile guard cannot send us to /login).
      clearSession();
      window.location.replace('/');
    } catch (err) {
      setDeleting(false);
      if (fieldError(err, 'currentPassword')) setDeleteError(t('validation.currentPasswordWrong'));
      else if (err instanceof ApiError && err.httpStatus === 403) setDeleteError(t('profile.freshSignIn'));
      else setDeleteError(err instanceof ApiError ? err.message : t('errorGeneric'));
    }
  };

  return (
    <section aria-labelledby="your-data" className="mt-12 max-w-2xl border-t border-slate-200 pt-8">
      <h2 id="your-data" className="text-xl">
        {t('profile.data.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('profile.data.text')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-outline" onClick={download} disabled={downloading}>
          <Download aria-hidden size={18} />
          {t('profile.data.download')}
        </button>
        {!confirming && (
          <button
            type="button"
            className="btn border border-red-700 text-red-700 hover:bg-red-50"
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden size={18} />
            {t('profile.data.delete')}
          </button>
        )}
      </div>
      {exportError && (
        <p role="alert" className="field-error">
          {exportError}
        </p>
      )}
      {confirming && (
        <div
          role="group"
          aria-labelledby="delete-title"
          className="mt-6 space-y-4 rounded-xl border border-red-300 bg-red-50 p-5"
        >
          <h3 id="delete-title" className="text-lg text-red-900">
            {t('profile.data.confirmTitle')}
          </h3>
          <p className="text-red-900">{t('profile.data.confirmText')}</p>
          <div>
            <label htmlFor="delete-password" className="field-label">
              {t('fields.password')}
            </label>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              className="field-input"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="delete-password-hint"
            />
            <p id="delete-password-hint" className="mt-1 text-sm text-slate-700">
              {t('profile.data.passwordHint')}
            </p>
          </div>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1 size-5"
              checked={understood}
              onChange={(e) => setUnderstood(e.target.checked)}
            />
            <span>{t('profile.data.understand')}</span>
          </label>
          {deleteError && (
            <p role="alert" className="field-error">
              {deleteError}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn bg-red-700 text-white hover:bg-red-800"
              onClick={erase}
              disabled={deleting}
            >
              {t('profile.data.confirmDelete')}
            </button>
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                setConfirming(false);
                setDeleteError(undefined);
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
