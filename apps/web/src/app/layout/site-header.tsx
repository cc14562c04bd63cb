import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from '../../lib/router';
import { Link, NavLink } from '../../lib/site-link';
import { businessRules } from '@siam/contract/business-rules';
import { useSession } from '../session/session-provider';
import { useSiteSettings } from '../../features/site-settings/use-site-settings';
import { AccountArea } from './account-area';
import { LanguageSwitcher } from './language-switcher';

// Shown only while staff have switched rental off, and only after a tap: loaded then.
const RentalClosedDialog = lazy(() =>
  import('./rental-closed-dialog').then((m) => ({ default: m.RentalClosedDialog })),
);

function useScrolledPast(px: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 font-semibold whitespace-nowrap text-white hover:bg-brand-800 ${isActive ? 'bg-brand-800 underline underline-offset-4' : ''}`;

/**
 * The brand mark (the same drawing as /favicon.svg), drawn in the page: as an
 * <img> it would be a separate SVG document the phone fetches, parses and lays
 * out on its main thread while the page comes to life.
 */
function BrandMark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="#0B4F8A" />
      <path d="M12 38l6-12c1-2 3-3 5-3h18c2 0 4 1 5 3l6 12v8H12z" fill="#F59E0B" />
      <circle cx="22" cy="46" r="5" fill="#fff" />
      <circle cx="42" cy="46" r="5" fill="#fff" />
    </svg>
  );
}

export function SiteHeader() {
  const { t } = useTranslation('common');
  const compact = useScrolledPast(businessRules.compactNavAfterPx);
  const location = useLocation();
  // The mobile menu is open for the page it was opened on: following a link closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? location.pathname : null);
  const [closedNotice, setClosedNotice] = useState(false);
  const settings = useSiteSettings();
  // Until settings arrive, assume open (the default): the link works either way.
  const rentalOpen = settings.data?.rentalOpen ?? true;
  const signedIn = useSession().user !== null;

  const entries = (
    <>
      <li>
        <NavLink to="/" end className={linkClass}>
          {t('nav.home')}
        </NavLink>
      </li>
      <li>
        {rentalOpen ? (
          <NavLink to="/cars" className={linkClass}>
            {t('nav.cars')}
          </NavLink>
        ) : (
          <button
            type="button"
            className={linkClass({ isActive: false })}
            onClick={() => setClosedNotice(true)}
            data-testid="cars-closed"
          >
            {t('nav.cars')}
          </button>
        )}
      </li>
      {signedIn && (
        <li>
          <NavLink to="/my-bookings" className={linkClass}>
            {t('nav.myBookings')}
          </NavLink>
        </li>
      )}
      {(['articles', 'corporate', 'about', 'contact'] as const).map((key) => (
        <li key={key}>
          <NavLink to={`/${key}`} className={linkClass}>
            {t(`nav.${key}`)}
          </NavLink>
        </li>
      ))}
    </>
  );

  return (
    // The bar shrinks when the page scrolls (spec: compact after 20 px), but the header's
    // height in the page never changes: the padding the bar gives up becomes a see-through
    // strip below it. Otherwise the page would get shorter right at 20 px and the browser
    // would pull it back under the reader's thumb.
    <header data-compact={compact} className="pointer-events-none sticky top-0 z-40 text-white">
      <div
        className={`pointer-events-auto bg-brand-700 shadow transition-[padding] ${compact ? 'py-1 shadow-lg' : 'py-3'}`}
      >
        <div className="container-page flex items-center justify-between gap-3">
          <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-white">
            <BrandMark size={compact ? 32 : 40} />
            <span>{t('brand')}</span>
          </Link>
          <nav aria-label={t('nav.mainLabel')} className="hidden lg:block">
            <ul className="flex items-center gap-1">{entries}</ul>
          </nav>
          <div className="hidden items-center gap-2 lg:flex">
            <LanguageSwitcher />
            <AccountArea />
          </div>
          <button
            type="button"
            className="btn text-white lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X aria-hidden size={24} /> : <Menu aria-hidden size={24} />}
            <span className="sr-only">{menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
          </button>
        </div>
        {menuOpen && (
          <div id="mobile-menu" className="container-page pb-4 lg:hidden">
            <nav aria-label={t('nav.mainLabel')}>
              <ul className="flex flex-col gap-1 pt-2">{entries}</ul>
            </nav>
            <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-white/20 pt-3">
              <LanguageSwitcher />
              <AccountArea onNavigate={() => setMenuOpen(false)} />
            </div>
          </div>
        )}
        {closedNotice && (
          <Suspense fallback={null}>
            <RentalClosedDialog onClose={() => setClosedNotice(false)} />
          </Suspense>
        )}
      </div>
      <div aria-hidden="true" className={`transition-[height] ${compact ? 'h-4' : 'h-0'}`} />
    </header>
  );
}
