import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { User } from '@siam/contract/auth';
import { ApiError } from '../../lib/api-client';
import { completeSecondFactor } from './password-sign-in';

/**
 * The second step of a staff sign-in with two-step sign-in on: the code from
 * the authenticator app, or a recovery code. Used by the site's sign-in page
 * and the back office's.
 */
export function SecondFactorForm({
  ticket,
  onSignedIn,
  onRestart,
}: {
  ticket: string;
  onSignedIn: (token: string, user: User) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 6) {
      setError(t('secondFactor.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const res = await completeSecondFactor(ticket, code.trim());
      onSignedIn(res.token, res.user);
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus === 401) {
        const tooLate = err.code === 'SIGN_IN_EXPIRED';
        setExpired(tooLate);
        setError(tooLate ? t('secondFactor.expired') : t('secondFactor.wrong'));
      } else setError(err instanceof ApiError ? err.message : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('secondFactor.title')}
      </h2>
      <p className="text-slate-700">{t('secondFactor.intro')}</p>
      <div>
        <label htmlFor={`${id}-code`} className="field-label">
          {t('secondFactor.code')}
        </label>
        <input
          id={`${id}-code`}
          className="field-input"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      {expired ? (
        <button type="button" className="btn-primary w-full" onClick={onRestart}>
          {t('secondFactor.restart')}
        </button>
      ) : (
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t('secondFactor.submitting') : t('secondFactor.submit')}
        </button>
      )}
    </form>
  );
}
