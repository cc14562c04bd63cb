import { ChevronDown, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from '../../lib/router';
import { Link } from '../../lib/site-link';
import { useSession } from '../session/session-provider';

/**
 * The navigation's right-hand side: login and register while signed out; a
 * menu with the email, profile and logout while signed in (spec §2).
 */
export function AccountArea({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const { user, status, signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (status !== 'signedOut' && user) {
    const logout = async () => {
      setOpen(false);
      onNavigate?.();
      // Home first, so a page that needs sign-in does not send the visitor to /login.
      navigate('/');
      await signOut();
    };
    // An account whose provider gave no email (LINE) is shown by its name, never its made-up address.
    // (`.invalid`: @siam/contract/made-up-email, not imported here to keep the home page's script as it was.)
    const shown =
      (user.email.endsWith('.invalid') && `${user.firstName} ${user.lastName}`.trim()) || user.email;
    return (
      <div className="relative" ref={ref}>
        <button
          type="button"
          className="btn max-w-64 text-white hover:bg-brand-800"
          aria-expanded={open}
          aria-haspopup="menu"
          aria-label={`${t('nav.accountMenu')}: ${shown}`}
          onClick={() => setOpen(!open)}
          data-testid="account-menu"
        >
          <UserRound aria-hidden size={20} />
          <span className="truncate">{shown}</span>
          <ChevronDown aria-hidden size={16} />
        </button>
        {open && (
          <ul
            role="menu"
            className="absolute right-0 z-50 mt-1 w-48 rounded-lg bg-white py-1 text-slate-800 shadow-lg"
          >
            <li role="none">
              <Link
                role="menuitem"
                to="/profile"
                className="block px-4 py-2 hover:bg-brand-50"
                onClick={() => {
                  setOpen(false);
                  onNavigate?.();
                }}
              >
                {t('nav.profile')}
              </Link>
            </li>
            <li role="none">
              <button
                role="menuitem"
                type="button"
                className="block w-full px-4 py-2 text-left hover:bg-brand-50"
                onClick={logout}
              >
                {t('nav.logout')}
              </button>
            </li>
          </ul>
        )}
      </div>
    );
  }

  return (
    <div className="flex items-center gap-2">
      <Link
        to="/login"
        state={{ tab: 'login' }}
        className="btn text-white hover:bg-brand-800"
        onClick={onNavigate}
      >
        {t('nav.login')}
      </Link>
      <Link to="/register" state={{ tab: 'register' }} className="btn-action" onClick={onNavigate}>
        {t('nav.register')}
      </Link>
    </div>
  );
}
