import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Navigate, useLocation } from '../../lib/router';
import { useSession } from './session-provider';

/**
 * Wraps pages that need a customer (/profile, /my-bookings, /booking/…): a
 * visitor is sent to /login and brought back here afterwards (state.from);
 * when the session ran out on this page, /login says so (state.expired).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status, expired } = useSession();
  const location = useLocation();
  const { t } = useTranslation('common');
  // Signing out on this page while already leaving it (logout goes home first): the address has
  // moved on while the next page's chunk loads in a transition; let that navigation finish.
  const leaving = window.location.pathname !== location.pathname;
  if (status === 'checking' || (status === 'signedOut' && leaving))
    return (
      <div className="container-page min-h-[60vh] py-16" aria-busy="true">
        <p className="sr-only">{t('loading')}</p>
      </div>
    );
  if (status === 'signedOut')
    return (
      <Navigate
        to="/login"
        replace
        state={{ tab: 'login', from: `${location.pathname}${location.search}`, expired }}
      />
    );
  return children;
}
