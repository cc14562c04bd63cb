import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { User } from '@siam/contract/auth';
import { ApiError } from '../../lib/api-client';
import { authApi } from './auth-api';
import { useSession } from '../../app/session/session-provider';

/** An unconfirmed address: why it matters, and the link sent again on request. */
export function ConfirmEmailNote({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const { setUser } = useSession();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'limited' | 'failed'>('idle');
  const [error, setError] = useState('');
  const send = async () => {
    setState('sending');
    try {
      const answer = await authApi.sendVerification();
      if (answer.verified) setUser({ ...user, emailVerified: true });
      else setState(answer.sent ? 'sent' : 'limited');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('profile.personal.updateFailed'));
      setState('failed');
    }
  };
  return (
    <section
      aria-labelledby="confirm-email-title"
      className="mt-4 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="confirm-email-title" className="text-lg">
        {t('profile.confirmEmail.title')}
      </h2>
      <p className="mt-1">{t('profile.confirmEmail.text', { email: user.email })}</p>
      <button
        type="button"
        className="btn-outline mt-3"
        disabled={state === 'sending'}
        onClick={() => void send()}
      >
        {t('profile.confirmEmail.resend')}
      </button>
      <p role="status" className="mt-2">
        {state === 'sent'
          ? t('profile.confirmEmail.sent', { email: user.email })
          : state === 'limited'
            ? t('profile.confirmEmail.limited')
            : ''}
      </p>
      {state === 'failed' && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </section>
  );
}
