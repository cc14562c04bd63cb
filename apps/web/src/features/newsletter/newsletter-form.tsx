import { isEmail } from '@siam/contract/email';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useFormToken } from '../../lib/use-form-token';
import { useChangedBeforeLive } from '../../lib/server-rendered';

/**
 * The newsletter sign-up used in the footer and on the home page. The server
 * sends a confirmation email (double opt-in); the answer never says whether
 * the address was already known.
 */
export function NewsletterForm({ variant = 'dark' }: { variant?: 'dark' | 'light' }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  // What went wrong, not its words: the words are chosen at each render, in the language of the moment.
  const [failure, setError] = useState<'invalid' | 'unexpected' | ApiError>();
  const error =
    failure === 'invalid'
      ? t('footer.invalidEmail')
      : failure === 'unexpected'
        ? t('errors.unexpected')
        : failure?.message;
  // A spam trap people never see; bots fill every field.
  const [website, setWebsite] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const formToken = useFormToken(formRef);
  // The server's HTML, and this form until its code has run (it hydrates when the browser is free,
  // docs/decisions/1402), shows the button not ready: a tap then would send the page, not the form.
  const [live, setLive] = useState(false);
  // An address typed into the server's HTML before the form came to life is the one it sends.
  const emailField = useRef<HTMLInputElement>(null);
  useChangedBeforeLive([emailField], ([typed]) => {
    if (typed !== undefined) setEmail(typed);
  });
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the one switch from the server's markup to live
    setLive(true);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isEmail(email)) {
      setError('invalid');
      return;
    }
    setError(undefined);
    setState('sending');
    try {
      await apiRequest('/guest/newsletter', {
        method: 'POST',
        body: {
          email: email.trim(),
          language: i18n.resolvedLanguage,
          website,
          formToken: await formToken.token(),
        },
      });
      formToken.spent();
      setState('done');
    } catch (err) {
      setError(err instanceof ApiError ? err : 'unexpected');
      setState('idle');
    }
  };

  const dark = variant === 'dark';
  if (state === 'done')
    return (
      <p role="status" className={dark ? 'text-white' : 'text-brand-900'}>
        {t('footer.subscribed')}
      </p>
    );
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <label htmlFor={`${id}-email`} className={`field-label ${dark ? 'text-white' : ''}`}>
          {t('footer.emailLabel')}
        </label>
        <input
          ref={emailField}
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('footer.emailPlaceholder')}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field-input"
          maxLength={254}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className={dark ? 'mt-1 text-sm text-amber-200' : 'field-error'}>
            {error}
          </p>
        )}
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <button type="submit" className="btn-action sm:mt-7" disabled={!live || state === 'sending'}>
        {state === 'sending' ? t('footer.subscribing') : t('footer.subscribe')}
      </button>
    </form>
  );
}
