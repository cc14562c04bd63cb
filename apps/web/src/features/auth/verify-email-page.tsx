import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from '../../lib/router';
import { Link } from '../../lib/site-link';
import { ApiError, apiRequest, hasFieldError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSession } from '../../app/session/session-provider';

/** /verify-email?token=… (issue 19): following the mailed link confirms the address, once. */
export function Component() {
  const { t } = useTranslation('auth');
  usePageMeta(t('verify.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'checking' | 'done' | 'invalid' | 'failed'>(
    token.length >= 10 ? 'checking' : 'invalid',
  );
  const [message, setMessage] = useState<string>();
  const sent = useRef(false);
  const { user, setUser } = useSession();
  // Signed in on this device: the profile stops asking for the confirmation at once.
  useEffect(() => {
    if (state === 'done' && user && !user.emailVerified) setUser({ ...user, emailVerified: true });
  }, [state, user, setUser]);
  useEffect(() => {
    // Once per visit (React runs effects twice in development).
    if (state !== 'checking' || sent.current) return;
    sent.current = true;
    apiRequest('/auth/email/verify', { method: 'POST', body: { token }, auth: false }).then(
      () => setState('done'),
      (err: unknown) => {
        if (hasFieldError(err, 'token')) setState('invalid');
        else {
          setMessage(err instanceof ApiError ? err.message : String(err));
          setState('failed');
        }
      },
    );
  }, [state, token]);
  return (
    <div className="container-page max-w-lg py-10">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl md:text-3xl">{t('verify.title')}</h1>
        {state === 'checking' && (
          <p role="status" className="mt-4" aria-busy="true">
            {t('verify.checking')}
          </p>
        )}
        {state === 'done' && (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
            {t('verify.done')}
          </p>
        )}
        {state === 'invalid' && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
            {t('verify.invalid')}
          </p>
        )}
        {state === 'failed' && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
            {message}
          </p>
        )}
        <Link to="/my-bookings" className="btn-primary mt-6 inline-flex">
          {t('verify.toBookings')}
        </Link>
      </section>
    </div>
  );
}
