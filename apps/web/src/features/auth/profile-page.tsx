import { isMadeUpEmail } from '@siam/contract/made-up-email';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { usePageMeta } from '../../lib/use-page-meta';
import { RentalHistory } from './rental-history';
import { RequireSignIn } from '../../app/session/require-sign-in';
import { useSession } from '../../app/session/session-provider';
import { ChangePassword } from './change-password';
import { ConfirmEmailNote } from './confirm-email-note';
import { PersonalInfo } from './personal-info';
import { YourData } from './your-data';
import { CompanyDetails } from '../bookings/company-details';
import { CompanyAccount } from '../bookings/company-account';
import { LineOnProfile } from './line-on-profile';

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
          <p className="mt-1 text-slate-700 wrap-anywhere">{user.email}</p>
          {!user.emailVerified && <ConfirmEmailNote user={user} />}
        </>
      )}
      <LineOnProfile user={user} />
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
            <CompanyAccount />
          </>
        )}
        {tab === 'password' && <ChangePassword />}
        {tab === 'history' && <RentalHistory />}
      </div>
      <YourData />
    </div>
  );
}
