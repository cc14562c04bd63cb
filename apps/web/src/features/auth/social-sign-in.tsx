import { useEffect, useRef, useState } from 'react';
import { useLocation } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import type { User } from '@siam/contract/auth';
import { ApiError } from '../../lib/api-client';
import { useAuthConfig } from '../../app/session/auth-config';
import { authApi } from './auth-api';
import { loadScript } from '../../lib/load-script';

interface GoogleId {
  initialize(config: { client_id: string; callback: (r: { credential?: string }) => void }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}
interface FacebookSdk {
  init(options: Record<string, unknown>): void;
  login(
    callback: (r: { authResponse?: { accessToken: string; userID: string } | null }) => void,
    options?: Record<string, unknown>,
  ): void;
  api(path: string, params: Record<string, string>, callback: (r: FacebookMe) => void): void;
}
interface FacebookMe {
  id?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  picture?: { data?: { url?: string } };
  error?: unknown;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

interface Props {
  /** `returnTo`: where a sign-in that left the site (LINE) was going, as kept before it left. */
  onSignedIn: (token: string, user: User, returnTo?: string) => void;
  /** Where the customer goes after signing in (kept across the trip to LINE). */
  returnTo: string;
}

/** Kept across the trip to LINE and back (the page is loaded anew). */
const LINE_RETURN_KEY = 'siam.lineReturn';
const lineOutcomeTexts = {
  cancelled: 'social.lineCancelled',
  failed: 'social.lineFailed',
  expired: 'social.lineExpired',
  unavailable: 'social.lineUnavailable',
} as const;

/**
 * Google, Facebook and LINE buttons, each shown only when the server says it is configured
 * (GET /guest/auth-config; a button that can only answer "not loaded" is a dead end). A
 * configured provider whose script is blocked still shows its button, which explains, in
 * the spec's words, that the provider is not loaded / not ready. With none configured,
 * nothing shows (not even the "or" line).
 */
export function SocialSignIn({ onSignedIn, returnTo }: Props) {
  const { t, i18n } = useTranslation('auth');
  const { data: config } = useAuthConfig();
  const googleRef = useRef<HTMLDivElement>(null);
  const [googleReady, setGoogleReady] = useState(false);
  const [facebookReady, setFacebookReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const failed = (provider: 'google' | 'facebook', err: unknown) => {
    if (err instanceof ApiError && err.httpStatus === 429) setError(err.message);
    else if (err instanceof ApiError && err.kind !== 'http') setError(err.message);
    else setError(t(provider === 'google' ? 'social.googleError' : 'social.facebookError'));
  };

  // Back from LINE: /login?line=<outcome>. On ok the identity waits in an httpOnly cookie: one POST
  // turns it into the session (once, even when React runs effects twice).
  const lineOutcome = new URLSearchParams(useLocation().search).get('line');
  const [lineSigningIn, setLineSigningIn] = useState(lineOutcome === 'ok');
  const lineHandled = useRef(false);
  useEffect(() => {
    if (!lineOutcome || lineHandled.current) return;
    lineHandled.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const storedReturn = sessionStorage.getItem(LINE_RETURN_KEY) ?? undefined;
    sessionStorage.removeItem(LINE_RETURN_KEY);
    if (lineOutcome !== 'ok') return;
    authApi.lineSession().then(
      ({ token, user }) => onSignedIn(token, user, storedReturn),
      (err: unknown) => {
        setLineSigningIn(false);
        if (err instanceof ApiError && (err.httpStatus === 429 || err.kind !== 'http')) setError(err.message);
        else setError(t('social.lineFailed'));
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival from LINE
  }, []);
  const lineError =
    lineOutcome && lineOutcome !== 'ok'
      ? t(lineOutcomeTexts[lineOutcome as keyof typeof lineOutcomeTexts] ?? 'social.lineFailed')
      : undefined;
  const shownError = error ?? lineError;

  useEffect(() => {
    const google = config?.google;
    if (!google) return;
    let cancelled = false;
    loadScript(google.scriptUrl).then(
      () => {
        const id = window.google?.accounts?.id;
        if (cancelled || !id || !googleRef.current) return;
        id.initialize({
          client_id: google.clientId,
          callback: (response) => {
            if (!response.credential) return setError(t('social.googleError'));
            setBusy(true);
            setError(undefined);
            authApi.google(response.credential).then(
              ({ token, user }) => onSignedIn(token, user),
              (err: unknown) => {
                setBusy(false);
                failed('google', err);
              },
            );
          },
        });
        googleRef.current.replaceChildren();
        id.renderButton(googleRef.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          width: 280,
          locale: i18n.resolvedLanguage,
        });
        setGoogleReady(true);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per configuration
  }, [config?.google?.clientId]);

  useEffect(() => {
    const facebook = config?.facebook;
    if (!facebook) return;
    const init = () => {
      window.FB?.init({ appId: facebook.appId, version: facebook.graphVersion, cookie: false, xfbml: false });
      setFacebookReady(true);
    };
    if (window.FB) return init();
    window.fbAsyncInit = init;
    loadScript(facebook.sdkUrl).catch(() => undefined);
  }, [config?.facebook]);

  const facebookLogin = () => {
    setError(undefined);
    const FB = window.FB;
    if (!facebookReady || !FB) return setError(t('social.facebookNotReady'));
    FB.login(
      (response) => {
        const auth = response.authResponse;
        if (!auth) return; // the customer closed the dialog
        setBusy(true);
        FB.api('/me', { fields: 'id,email,first_name,last_name,picture' }, (me) => {
          authApi
            .facebook({
              token: auth.accessToken,
              userInfo: {
                id: me.id ?? auth.userID,
                email: me.email,
                firstName: me.first_name,
                lastName: me.last_name,
                profileImage: me.picture?.data?.url,
              },
            })
            .then(
              ({ token, user }) => onSignedIn(token, user),
              (err: unknown) => {
                setBusy(false);
                failed('facebook', err);
              },
            );
        });
      },
      { scope: 'email,public_profile' },
    );
  };

  // The answer from LINE (signing in, or why not) shows even when nothing else does.
  if (!config?.google && !config?.facebook && !config?.line && !lineSigningIn && !shownError) return null;
  return (
    <div className="space-y-3" aria-busy={busy || lineSigningIn}>
      <p className="text-center text-sm text-slate-600">{t('social.or')}</p>
      <div className="flex flex-col items-center gap-3">
        {config?.google && (
          <div ref={googleRef} className={googleReady ? 'min-h-11' : 'hidden'} data-testid="google-button" />
        )}
        {config?.google && !googleReady && (
          <button
            type="button"
            className="btn-outline w-full max-w-[280px]"
            onClick={() => setError(t('social.googleNotLoaded'))}
          >
            <GoogleMark />
            {t('social.google')}
          </button>
        )}
        {config?.facebook && (
          <button
            type="button"
            className="btn w-full max-w-[280px] bg-[#0866FF] text-white hover:bg-[#1660CC]"
            disabled={busy}
            onClick={facebookLogin}
          >
            <FacebookMark />
            {t('social.facebook')}
          </button>
        )}
        {config?.line && (
          <a
            href={`/api/v1/auth/line/start?lng=${i18n.resolvedLanguage ?? 'en'}`}
            className="btn w-full max-w-[280px] bg-[#06803A] text-white hover:bg-[#05692F]"
            aria-disabled={busy || lineSigningIn || undefined}
            onClick={() => sessionStorage.setItem(LINE_RETURN_KEY, returnTo)}
          >
            <LineMark />
            {t('social.line')}
          </a>
        )}
      </div>
      {config?.line?.messages && (
        <p className="text-center text-xs text-slate-600">{t('social.lineFriendNote')}</p>
      )}
      {lineSigningIn && (
        <p role="status" className="text-center text-sm text-slate-700">
          {t('social.lineSigningIn')}
        </p>
      )}
      {shownError && (
        <p role="alert" className="field-error text-center">
          {shownError}
        </p>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.6 17.7 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.8-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.8 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/** LINE's speech-bubble mark (white on LINE green). */
function LineMark() {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <path d="M12 2C6.48 2 2 5.64 2 10.13c0 4.03 3.56 7.4 8.37 8.04.33.07.77.22.88.5.1.26.07.66.03.92l-.14.86c-.04.26-.2 1 .87.55 1.08-.45 5.8-3.42 7.91-5.85C21.38 13.6 22 11.95 22 10.13 22 5.64 17.52 2 12 2zM8.1 12.6H6.12a.53.53 0 0 1-.53-.53V8.1a.53.53 0 0 1 1.06 0v3.44H8.1a.53.53 0 0 1 0 1.06zm2.06-.53a.53.53 0 0 1-1.06 0V8.1a.53.53 0 0 1 1.06 0v3.97zm4.78 0a.53.53 0 0 1-.95.32l-2.03-2.77v2.45a.53.53 0 0 1-1.06 0V8.1a.53.53 0 0 1 .95-.32l2.03 2.77V8.1a.53.53 0 0 1 1.06 0v3.97zm3.2-2.52a.53.53 0 0 1 0 1.06h-1.45v.93h1.45a.53.53 0 0 1 0 1.06h-1.98a.53.53 0 0 1-.53-.53V8.1c0-.29.24-.53.53-.53h1.98a.53.53 0 0 1 0 1.06h-1.45v.92h1.45z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.88v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z" />
    </svg>
  );
}
