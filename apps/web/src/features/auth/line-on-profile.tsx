import { useState } from 'react';
import type { LineLinkResponse } from '@siam/contract/account';
import type { User } from '@siam/contract/auth';
import { isMadeUpEmail } from '@siam/contract/made-up-email';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useLocation } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import { useSiteSettings } from '../site-settings/use-site-settings';
import { useAuthConfig } from '../../app/session/auth-config';
import { useSession } from '../../app/session/session-provider';

const outcomeTexts = {
  linked: 'profile.line.linked',
  taken: 'profile.line.taken',
  cancelled: 'social.lineCancelled',
  failed: 'social.lineFailed',
  expired: 'social.lineExpired',
} as const;

/**
 * LINE on the profile (decision 1806), when LINE Login is configured: for an account connected to
 * LINE, whether booking messages reach them there (else the official account's add-friend link),
 * and "Disconnect LINE" when the account has another way in (its own email); for another account,
 * "Connect LINE" — the attempt is made for this browser (its cookie names the account), then LINE,
 * then back here with /profile?line=<outcome> (the page reloads: the session provider reads the
 * account afresh).
 */
export function LineOnProfile({ user }: { user: User }) {
  const { t, i18n } = useTranslation('auth');
  const { data: config } = useAuthConfig();
  const { setUser } = useSession();
  const lineId = useSiteSettings().data?.contact.lineId;
  const outcome = new URLSearchParams(useLocation().search).get('line');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [disconnected, setDisconnected] = useState(false);
  if (!config?.line) return null;
  const said = disconnected
    ? t('profile.line.disconnected')
    : outcome && outcome in outcomeTexts
      ? t(outcomeTexts[outcome as keyof typeof outcomeTexts])
      : null;
  const failed = (err: unknown) => {
    setBusy(false);
    setError(err instanceof ApiError && err.kind !== 'http' ? err.message : t('social.lineFailed'));
  };
  const start = () => {
    setBusy(true);
    setError(undefined);
  };

  const connect = () => {
    start();
    apiRequest<LineLinkResponse>(`/auth/line/link?lng=${i18n.resolvedLanguage ?? 'en'}`, {
      method: 'POST',
    }).then((r) => window.location.assign(r.response.data.authorizeUrl), failed);
  };
  const disconnect = () => {
    start();
    apiRequest<{ response: { data: User } }>('/auth/line/link', { method: 'DELETE' }).then((r) => {
      setBusy(false);
      setDisconnected(true);
      setUser(r.response.data);
    }, failed);
  };

  return (
    <section
      className="mt-3 rounded-lg bg-sand-50 p-3 text-slate-800"
      data-testid="line-messages"
      aria-label="LINE"
    >
      {said && (
        <p role={disconnected || outcome === 'linked' ? 'status' : 'alert'} className="mb-2 font-semibold">
          {said}
        </p>
      )}
      {user.line ? (
        <>
          <p>
            {t('profile.line.signedIn')}{' '}
            {config.line.messages && (user.line.friend ? t('profile.line.on') : t('profile.line.off'))}
            {config.line.messages && !user.line.friend && lineId && (
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
          {/* An account LINE made has no other way in: the server refuses, so no button is offered. */}
          {!isMadeUpEmail(user.email) && (
            <button type="button" className="btn-outline mt-2" disabled={busy} onClick={disconnect}>
              {t('profile.line.disconnect')}
            </button>
          )}
        </>
      ) : (
        <>
          <p>
            {config.line.messages ? t('profile.line.connectHelpMessages') : t('profile.line.connectHelp')}
          </p>
          <button
            type="button"
            className="btn mt-2 bg-[#06803A] text-white hover:bg-[#05692F]"
            disabled={busy}
            onClick={connect}
          >
            {t('profile.line.connect')}
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="field-error mt-1">
          {error}
        </p>
      )}
    </section>
  );
}
