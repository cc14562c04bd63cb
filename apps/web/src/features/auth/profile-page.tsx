import { isMadeUpEmail } from '@siam/contract/made-up-email';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { usePageMeta } from '../../lib/use-page-meta';
import { RentalHistory } from './rental-history';
import { RequireSignIn } from './require-sign-in';
import { useSession } from './session-provider';
import { ChangePassword } from './change-password';
import { ConfirmEmailNote } from './confirm-email-note';
import { PersonalInfo } from './personal-info';
import { YourData } from './your-data';
import { CompanyDetails } from '../bookings/company-details';
import { useSiteSettings } from '../site-settings/use-site-settings';
import { useAuthConfig } from './auth-api';

type Tab = 'personal' | 'password' | 'history';
const tabs: Tab[] = ['personal', 'password', 'history'];

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
      {isMadeUpEmail(user.email) ? (
        <p className="mt-1 text-slate-700">{`${user.firstName} ${user.lastName}`.trim()}</p>
      ) : (
        <>
          <p className="mt-1 text-slate-700">{user.email}</p>
          {!user.emailVerified && <ConfirmEmailNote user={user} />}
        </>
      )}
      {user.line && <LineMessagesNote friend={user.line.friend} />}
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
        {tab === 'personal' && (
          <>
            <PersonalInfo user={user} />
            <CompanyDetails />
          </>
        )}
        {tab === 'password' && <ChangePassword />}
        {tab === 'history' && <RentalHistory />}
      </div>
      <YourData />
    </div>
  );
}

/**
 * For a customer signed in with LINE, when booking messages are sent on LINE: whether they reach them
 * (our official account is their friend), else the link to add it (the contact settings' LINE ID).
 */
function LineMessagesNote({ friend }: { friend: boolean }) {
  const { t } = useTranslation('auth');
  const { data: config } = useAuthConfig();
  const lineId = useSiteSettings().data?.contact.lineId;
  if (!config?.line?.messages) return null;
  return (
    <p className="mt-3 rounded-lg bg-sand-50 p-3 text-slate-800" data-testid="line-messages">
      {t('profile.line.signedIn')} {friend ? t('profile.line.on') : t('profile.line.off')}
      {!friend && lineId && (
        <>
          {' '}
          <a
            className="font-semibold text-brand-800 underline"
            href={`https://line.me/R/ti/p/${encodeURIComponent(lineId)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('profile.line.addFriend', { id: lineId })}
          </a>
        </>
      )}
    </p>
  );
}
