import {
  ChartColumn,
  BriefcaseBusiness,
  CreditCard,
  Building2,
  CalendarDays,
  CarFront,
  ClipboardList,
  ChartGantt,
  Gauge,
  Hourglass,
  Inbox,
  KeyRound,
  IdCard,
  ListChecks,
  Mail,
  MessageSquareText,
  Newspaper,
  Percent,
  Settings,
  ShieldCheck,
  Tags,
  Route,
  CalendarRange,
  TicketPercent,
  Wrench,
  Baby,
} from 'lucide-react';
import { Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from '../../lib/router';
import { Link, NavLink } from '../../lib/site-link';
import type { User } from '@siam/contract/auth';
import { languages, type Language } from '@siam/contract/languages';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { signInWithPassword } from '../auth/password-sign-in';
import { SecondFactorForm } from '../auth/second-factor-form';
import { useSession } from '../../app/session/session-provider';
import { ErrorNote, Field, Loading } from './admin-ui';
import { ArticleEditPage } from './pages/article-edit-page';
import { ArticlesPage } from './pages/articles-page';
import { AuditLogPage } from './pages/audit-log-page';
import { BookingPage } from './pages/booking-page';
import { BookingsPage } from './pages/bookings-page';
import { InboxItemPage } from './pages/inbox-item-page';
import { InboxPage } from './pages/inbox-page';
import { NewsletterPage } from './pages/newsletter-page';
import { PricingPage } from './pages/pricing-page';
import { PricingRulesPage } from './pages/pricing-rules-page';
import { ReportsPage } from './pages/reports-page';
import { RoutesAndZonesPage } from './pages/routes-and-zones-page';
import { RentalConditionsPage } from './pages/rental-conditions-page';
import { ReviewsPage } from './pages/reviews-page';
import { SecurityPage } from './pages/security-page';
import { TimelinePage } from './pages/timeline-page';
import { WalkInPage } from './pages/walk-in-page';
import { BranchesPage } from './pages/branches-page';
import { SeatStockPage } from './pages/seat-stock-page';
import { CompaniesPage, CompanyPage } from './pages/companies-page';
import { CarModelPage } from './pages/car-model-page';
import { CarModelsPage } from './pages/car-models-page';
import { CategoriesPage } from './pages/categories-page';
import { HotDealsPage } from './pages/hot-deals-page';
import { SettingsPage } from './pages/settings-page';
import { LicenceRulesPage } from './pages/licence-rules-page';
import { TodayPage } from './pages/today-page';
import { PaymentChecksPage } from './pages/payment-checks-page';
import { UnpaidHoldsPage } from './pages/unpaid-holds-page';
import { UnitsPage } from './pages/units-page';

/**
 * The back office at /admin/*: its own chunk, its own frame (a sidebar, no
 * customer header or footer), its own texts (the `admin` namespace). The
 * server checks the role on every call; this screen only decides what to show.
 */
export function Component() {
  return (
    <Suspense fallback={<div className="p-8" aria-busy="true" />}>
      <AdminGate />
    </Suspense>
  );
}

function AdminGate() {
  // Suspends until the back office's texts are loaded.
  useTranslation('admin');
  const { status, user } = useSession();
  if (status === 'checking')
    return (
      <main className="p-8">
        <Loading />
      </main>
    );
  if (!user) return <AdminSignIn />;
  if (user.role === 'customer') return <NoPermission />;
  return (
    <AdminFrame user={user}>
      <AdminPage user={user} />
    </AdminFrame>
  );
}

/** Picks the screen from the address: one small switch instead of a route table per section. */
function AdminPage({ user }: { user: User }) {
  const { pathname } = useLocation();
  const [section = '', id, sub] = pathname
    .replace(/^\/admin\/?/, '')
    .replace(/\/$/, '')
    .split('/');
  const canEdit = user.role === 'admin';
  if (section === '' && id === undefined) return <TodayPage />;
  if (section === 'fleet' && id === undefined) return <CarModelsPage canEdit={canEdit} />;
  if (section === 'fleet' && id) return <CarModelPage id={id} canEdit={canEdit} />;
  if (section === 'bookings' && id === undefined) return <BookingsPage />;
  if (section === 'bookings' && id === 'new') return <WalkInPage />;
  if (section === 'bookings' && id && /^\d+$/.test(id)) return <BookingPage key={id} id={id} />;
  if (section === 'timeline' && id === undefined) return <TimelinePage />;
  if (section === 'companies' && id === undefined) return <CompaniesPage canEdit={canEdit} />;
  if (section === 'companies' && id && /^\d+$/.test(id))
    return <CompanyPage key={id} id={id} canEdit={canEdit} />;
  if (section === 'articles' && id === undefined) return <ArticlesPage />;
  if (section === 'articles' && id && (id === 'new' || /^\d+$/.test(id)))
    return <ArticleEditPage key={id} id={id} />;
  if (section === 'inbox' && id === undefined) return <InboxPage />;
  if (section === 'inbox' && (id === 'messages' || id === 'quotes') && sub && /^\d+$/.test(sub))
    return <InboxItemPage key={`${id}-${sub}`} kind={id} id={sub} />;
  if (id === undefined) {
    if (section === 'categories') return <CategoriesPage canEdit={canEdit} />;
    if (section === 'units') return <UnitsPage canEdit={canEdit} />;
    if (section === 'branches') return <BranchesPage canEdit={canEdit} />;
    if (section === 'seats') return <SeatStockPage />;
    if (section === 'hot-deals') return <HotDealsPage canEdit={canEdit} />;
    if (section === 'pricing') return <PricingPage canEdit={canEdit} />;
    if (section === 'routes') return <RoutesAndZonesPage canEdit={canEdit} />;
    if (section === 'pricing-rules') return <PricingRulesPage canEdit={canEdit} />;
    if (section === 'reviews') return <ReviewsPage />;
    if (section === 'security') return <SecurityPage />;
    if (section === 'unpaid-holds') return <UnpaidHoldsPage />;
    if (section === 'payment-checks') return <PaymentChecksPage />;
    if (section === 'rental-conditions') return <RentalConditionsPage />;
    if (section === 'licence-rules') return <LicenceRulesPage canEdit={canEdit} />;
    if (section === 'settings' && canEdit) return <SettingsPage />;
    if (section === 'audit-log' && canEdit) return <AuditLogPage />;
    if (section === 'newsletter' && canEdit) return <NewsletterPage />;
    if (section === 'reports' && canEdit) return <ReportsPage />;
  }
  return <AdminNotFound />;
}

/** An address the back office has no screen for (or one only admins have): its title says so too. */
function AdminNotFound() {
  const { t } = useTranslation('admin');
  // Without it the tab kept the site's English default title on a Thai or Chinese screen.
  usePageMeta(`${t('notFound')} · ${t('meta.backOffice')}`);
  return (
    <p role="alert" className="text-slate-700">
      {t('notFound')}
    </p>
  );
}

function AdminLanguage() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-200">
        {t('frame.language')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage}
        onChange={(e) => void i18n.changeLanguage(e.target.value as Language)}
        className="min-h-11 rounded-lg border border-white/40 bg-brand-800 px-2 text-sm text-white"
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`frame.languages.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 font-semibold ${
    isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-200'
  }`;

function AdminFrame({ user, children }: { user: User; children: React.ReactNode }) {
  const { t } = useTranslation('admin');
  const { signOut } = useSession();
  const entries = [
    { to: '/admin', end: true, icon: Gauge, label: t('nav.today') },
    { to: '/admin/bookings', icon: CalendarDays, label: t('nav.bookings') },
    { to: '/admin/unpaid-holds', icon: Hourglass, label: t('nav.unpaidHolds') },
    { to: '/admin/payment-checks', icon: CreditCard, label: t('nav.paymentChecks') },
    { to: '/admin/timeline', icon: ChartGantt, label: t('nav.timeline') },
    { to: '/admin/companies', icon: BriefcaseBusiness, label: t('nav.companies') },
    { to: '/admin/units', icon: Wrench, label: t('nav.units') },
    { to: '/admin/fleet', icon: CarFront, label: t('nav.carModels') },
    { to: '/admin/categories', icon: Tags, label: t('nav.categories') },
    { to: '/admin/branches', icon: Building2, label: t('nav.branches') },
    { to: '/admin/seats', icon: Baby, label: t('nav.seats') },
    { to: '/admin/hot-deals', icon: Percent, label: t('nav.hotDeals') },
    { to: '/admin/pricing', icon: TicketPercent, label: t('nav.pricing') },
    { to: '/admin/pricing-rules', icon: CalendarRange, label: t('nav.pricingRules') },
    { to: '/admin/routes', icon: Route, label: t('nav.routes') },
    { to: '/admin/articles', icon: Newspaper, label: t('nav.articles') },
    { to: '/admin/rental-conditions', icon: ListChecks, label: t('nav.conditions') },
    { to: '/admin/licence-rules', icon: IdCard, label: t('nav.licenceRules') },
    { to: '/admin/reviews', icon: MessageSquareText, label: t('nav.reviews') },
    { to: '/admin/inbox', icon: Inbox, label: t('nav.inbox') },
    { to: '/admin/security', icon: ShieldCheck, label: t('nav.security') },
    ...(user.role === 'admin'
      ? [
          { to: '/admin/reports', icon: ChartColumn, label: t('nav.reports') },
          { to: '/admin/newsletter', icon: Mail, label: t('nav.newsletter') },
          { to: '/admin/settings', icon: Settings, label: t('nav.settings') },
          { to: '/admin/audit-log', icon: ClipboardList, label: t('nav.auditLog') },
        ]
      : []),
  ];
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('frame.skip')}
      </a>
      <header className="flex flex-wrap items-center justify-between gap-3 bg-brand-900 px-4 py-2 text-white">
        <Link to="/admin" className="flex items-center gap-2 font-semibold text-white">
          <KeyRound aria-hidden size={20} />
          {t('frame.title')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <AdminLanguage />
          <span className="text-sm text-slate-100" data-testid="admin-user">
            {user.email} · {t(`roles.${user.role}`)}
          </span>
          <Link to="/" className="text-sm text-white underline">
            {t('frame.toSite')}
          </Link>
          <button
            type="button"
            className="btn border border-white text-white hover:bg-brand-800"
            onClick={() => void signOut()}
          >
            {t('frame.signOut')}
          </button>
        </div>
      </header>
      <div className="flex flex-col md:flex-row">
        <nav
          aria-label={t('frame.navLabel')}
          className="border-b border-slate-200 bg-white p-3 md:min-h-[calc(100vh-3.5rem)] md:w-60 md:border-r md:border-b-0"
        >
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {entries.map(({ to, end, icon: Icon, label }) => (
              <li key={to}>
                <NavLink to={to} end={end} className={navClass}>
                  <Icon aria-hidden size={18} />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/** Until the site's own sign-in page lands, the back office signs staff in itself. */
function AdminSignIn() {
  const { t } = useTranslation('admin');
  const { signIn } = useSession();
  usePageMeta(t('signIn.title'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const [ticket, setTicket] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const blank = {
      ...(!email.trim() && { email: t('signIn.required') }),
      ...(!password && { password: t('signIn.required') }),
    };
    setMissing(blank);
    if (Object.keys(blank).length) return;
    setBusy(true);
    setError(null);
    try {
      const result = await signInWithPassword(email, password);
      if (result.kind === 'secondFactor') setTicket(result.ticket);
      else signIn(result.token, result.user);
    } catch (err) {
      setError(err instanceof ApiError && err.httpStatus === 401 ? new Error(t('signIn.wrong')) : err);
    } finally {
      setBusy(false);
    }
  };

  if (ticket)
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
        <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow">
          <SecondFactorForm ticket={ticket} onSignedIn={signIn} onRestart={() => setTicket(undefined)} />
        </div>
      </main>
    );

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="w-full max-w-sm rounded-xl bg-white p-6 shadow"
        aria-labelledby="admin-sign-in-title"
      >
        <h1 id="admin-sign-in-title" className="mb-1 text-2xl font-semibold">
          {t('signIn.title')}
        </h1>
        <p className="mb-4 text-slate-700">{t('signIn.intro')}</p>
        <Field
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={missing.email}
          className="mb-3"
        />
        <Field
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={missing.password}
          className="mb-3"
        />
        {error instanceof Error && !(error instanceof ApiError) ? (
          <p role="alert" className="my-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            {error.message}
          </p>
        ) : (
          <ErrorNote error={error} />
        )}
        <button type="submit" className="btn-primary mt-2 w-full" disabled={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </button>
        <p className="mt-4 text-center text-sm">
          <Link to="/" className="underline">
            {t('frame.toSite')}
          </Link>
        </p>
      </form>
    </main>
  );
}

function NoPermission() {
  const { t } = useTranslation('admin');
  const { signOut } = useSession();
  usePageMeta(t('noPermission.title'));
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div
        role="alert"
        className="max-w-md rounded-xl bg-white p-6 text-center shadow"
        data-testid="admin-no-permission"
      >
        <h1 className="mb-2 text-2xl font-semibold">{t('noPermission.title')}</h1>
        <p className="mb-4 text-slate-700">{t('noPermission.text')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn-primary">
            {t('frame.toSite')}
          </Link>
          <button type="button" className="btn-outline" onClick={() => void signOut()}>
            {t('noPermission.switch')}
          </button>
        </div>
      </div>
    </main>
  );
}
