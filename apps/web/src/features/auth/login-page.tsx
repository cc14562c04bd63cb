import { BadgePercent, CalendarCheck, Clock3, ShieldCheck } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { Navigate, useLocation } from '../../lib/router';
import { Link } from '../../lib/site-link';
import { z } from 'zod';
import type { User } from '@siam/contract/auth';
import { businessRules } from '@siam/contract/business-rules';
import { ApiError, hasFieldError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { authApi } from './auth-api';
import { signInWithPassword } from './password-sign-in';
import { SecondFactorForm } from './second-factor-form';
import { signInErrorMessage } from './sign-in-errors';
import { PasswordField, TextField } from '../../lib/form-fields';
import { useSession } from '../../app/session/session-provider';
import { SocialSignIn } from './social-sign-in';
import { zodResolver } from './zod-resolver';

type Tab = 'login' | 'register';
interface NavState {
  tab?: Tab;
  from?: string;
  /** The session ran out while the customer was on `from`. */
  expired?: boolean;
}

/** Only a path on this site, never another origin (`//evil.example`). */
function safeReturnPath(from: unknown): string {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * /login and /register: one screen with two tabs (spec §2). The starting tab
 * comes from navigation state, else from the path; after any sign-in the
 * customer goes back to where they were going (state.from).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const { status, signIn } = useSession();
  const state = (location.state ?? {}) as NavState;
  const [tab, setTab] = useState<Tab>(
    state.tab ?? (location.pathname.startsWith('/register') ? 'register' : 'login'),
  );
  const [registered, setRegistered] = useState<{ email: string } | null>(null);
  // A sign-in that went to LINE and back kept where it was going in the browser (social-sign-in.tsx).
  const [returnAfterLine, setReturnAfterLine] = useState<string>();
  const returnTo = safeReturnPath(state.from ?? returnAfterLine);
  usePageMeta(tab === 'login' ? t('login.metaTitle') : t('register.metaTitle'));

  // Once signed in (here, or already on arrival) the customer goes back to where they were going.
  const onSignedIn = (token: string, user: User, kept?: string) => {
    if (kept) setReturnAfterLine(kept);
    signIn(token, user);
  };
  if (status === 'signedIn') return <Navigate to={returnTo} replace />;

  const id = 'auth-tabs';
  const tabs: Tab[] = ['login', 'register'];
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = tab === 'login' ? 'register' : 'login';
    setTab(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };

  return (
    <div className="container-page grid gap-8 py-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,0.8fr)]">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl md:text-3xl">{tab === 'login' ? t('login.title') : t('register.title')}</h1>
        <div
          role="tablist"
          aria-label={t('tabsLabel')}
          className="mt-6 grid grid-cols-2 rounded-lg bg-sand-100 p-1"
        >
          {tabs.map((name) => (
            <button
              key={name}
              id={`${id}-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`${id}-panel`}
              tabIndex={tab === name ? 0 : -1}
              onKeyDown={onKey}
              onClick={() => setTab(name)}
              className={`btn min-h-10 ${tab === name ? 'bg-white text-brand-900 shadow' : 'text-slate-700 hover:text-brand-800'}`}
            >
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>
        {state.expired && (
          <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
            {t('login.sessionExpired')}
          </p>
        )}
        <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`} className="mt-6">
          {tab === 'login' ? (
            <LoginForm
              defaultEmail={registered?.email}
              justRegistered={Boolean(registered)}
              onSignedIn={onSignedIn}
            />
          ) : (
            <RegisterForm
              onRegistered={(email) => {
                setRegistered({ email });
                setTab('login');
              }}
            />
          )}
          <div className="mt-6 border-t border-slate-200 pt-6">
            <SocialSignIn onSignedIn={onSignedIn} returnTo={returnTo} />
          </div>
        </div>
      </section>
      <MemberBenefits />
    </div>
  );
}

export const Component = LoginPage;

function LoginForm({
  defaultEmail,
  justRegistered,
  onSignedIn,
}: {
  defaultEmail?: string;
  justRegistered: boolean;
  onSignedIn: (token: string, user: User) => void;
}) {
  const { t } = useTranslation('auth');
  const schema = useMemo(
    () =>
      z.object({
        email: z
          .string()
          .trim()
          .min(1, t('validation.emailRequired'))
          .pipe(z.email(t('validation.emailInvalid'))),
        password: z.string().min(1, t('validation.passwordRequired')),
      }),
    [t],
  );
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultEmail ?? '', password: '' },
  });
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [ticket, setTicket] = useState<string>();
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    setError(undefined);
    setChecking(false);
    try {
      const result = await signInWithPassword(values.email, values.password, () => setChecking(true));
      if (result.kind === 'secondFactor') setTicket(result.ticket);
      else onSignedIn(result.token, result.user);
    } catch (err) {
      setError(signInErrorMessage(err, t));
    } finally {
      setChecking(false);
    }
  });

  if (ticket)
    return (
      <SecondFactorForm ticket={ticket} onSignedIn={onSignedIn} onRestart={() => setTicket(undefined)} />
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('tabs.login')}>
      {justRegistered && (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
          {t('register.success')}
        </p>
      )}
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        error={errors.password?.message}
        registration={form.register('password')}
      />
      <p className="text-right text-sm">
        <Link to="/forgot-password" className="text-brand-700 underline">
          {t('login.forgot')}
        </Link>
      </p>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={form.formState.isSubmitting}>
        {checking
          ? t('login.checking')
          : form.formState.isSubmitting
            ? t('login.submitting')
            : t('login.submit')}
      </button>
    </form>
  );
}

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t, i18n } = useTranslation('auth');
  const schema = useMemo(
    () =>
      z
        .object({
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
          password: z
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
        .refine((v) => v.password === v.confirmPassword, {
          path: ['confirmPassword'],
          message: t('validation.passwordsDoNotMatch'),
        }),
    [t],
  );
  type Values = z.input<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema as unknown as z.ZodType<Values>),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const [error, setError] = useState<string>();
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (raw) => {
    setError(undefined);
    const values = schema.parse(raw);
    try {
      await authApi.register({
        email: values.email,
        password: values.password,
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone,
        language: (i18n.resolvedLanguage ?? 'en') as 'th' | 'en' | 'zh',
      });
      onRegistered(values.email);
    } catch (err) {
      // The length is checked here already; the server also refuses the most common passwords.
      if (hasFieldError(err, 'password')) {
        form.setError('password', { message: t('validation.passwordCommon') });
        return;
      }
      // Spec §8: the server's `message` (an email already registered), else the generic registration error.
      if (err instanceof ApiError && err.serverMessage) setError(err.serverMessage);
      else
        setError(
          err instanceof ApiError && err.kind === 'http' && err.httpStatus !== 500
            ? err.message
            : t('register.failed'),
        );
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('tabs.register')}>
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
        inputMode="email"
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <TextField
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.phone?.message}
        registration={form.register('phone')}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="new-password"
        error={errors.password?.message}
        hint={t('passwordHint', { count: businessRules.passwordMinLength })}
        registration={form.register('password')}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        registration={form.register('confirmPassword')}
      />
      <p className="text-sm text-slate-600">{t('register.consent')}</p>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className="btn-action w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('register.submitting') : t('register.submit')}
      </button>
    </form>
  );
}

function MemberBenefits() {
  const { t } = useTranslation('auth');
  const items = [
    { icon: BadgePercent, key: 'deals' },
    { icon: CalendarCheck, key: 'bookings' },
    { icon: Clock3, key: 'faster' },
    { icon: ShieldCheck, key: 'secure' },
  ] as const;
  return (
    <aside aria-labelledby="member-benefits" className="rounded-2xl bg-brand-900 p-6 text-white md:p-8">
      <h2 id="member-benefits" className="text-2xl text-white">
        {t('benefits.title')}
      </h2>
      <ul className="mt-6 space-y-5">
        {items.map(({ icon: Icon, key }) => (
          <li key={key} className="flex gap-4">
            <Icon aria-hidden size={28} className="shrink-0 text-action-400" />
            <div>
              <p className="font-semibold">{t(`benefits.${key}.title`)}</p>
              <p className="text-brand-100">{t(`benefits.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
