import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { i18n as I18n } from 'i18next';
import { messageKeyOptions } from '@siam/contract/message-words';
import { i18n as siteI18n } from './i18n';
import { useTranslation } from './use-translation';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  hint?: string;
}

/**
 * A labelled input (or, multiline, a textarea) with its hint and its error right below it,
 * the error announced (role="alert") and tied to the field by aria-describedby.
 * The site's one set of form fields: sign-in, profile, contact, corporate.
 */
export function TextField({
  label,
  error,
  registration,
  hint,
  multiline,
  ...input
}: FieldProps & { multiline?: boolean }) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    className: 'field-input',
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy,
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? (
        <textarea
          rows={6}
          {...shared}
          maxLength={input.maxLength}
          aria-required={input['aria-required']}
          {...registration}
        />
      ) : (
        <input {...shared} {...input} {...registration} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled select with its error, wired like TextField. */
export function SelectField({
  label,
  error,
  registration,
  hint,
  children,
}: Omit<FieldProps, 'registration'> & { registration: UseFormRegisterReturn; children: ReactNode }) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        {...registration}
      >
        {children}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Any control (a select, a textarea, a date) with its label and its error below, tied by
 * aria-describedby: the render function gets the id and aria attributes to spread on it.
 */
export function LabelledControl({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, registration, hint, ...input }: FieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className="field-input pr-12"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          {...input}
          {...registration}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-600 hover:text-brand-700"
          aria-label={visible ? t('hidePassword', { field: label }) : t('showPassword', { field: label })}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {visible ? <EyeOff aria-hidden size={20} /> : <Eye aria-hidden size={20} />}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The spam trap: a field people never see or reach, which bots fill in. */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}

export const PHONE_PATTERN = /^(0[2-9]\d{7,8}|\+\d{8,15})$/;

/**
 * The contract's messages, said in the language of the moment from the contract's own word files
 * (decision 3543): the words the API answers with, so a form's own check and the server's refusal of
 * the same thing read alike and no page keeps a table from the contract's English to texts of its own.
 * They arrive as the `messages` namespace with the first form that says one (here, not in the entry
 * the home page loads); in English a message is its own words.
 */
const wordFiles: Record<string, () => Promise<{ default: Record<string, string> }>> = {
  th: () => import('@siam/contract/words/th.json'),
  zh: () => import('@siam/contract/words/zh.json'),
};
const arriving = new Map<string, Promise<unknown>>();
function messagesIn(instance: I18n, lng: string): Promise<unknown> | undefined {
  if (instance.hasResourceBundle(lng, 'messages')) return undefined;
  let promise = arriving.get(lng);
  if (!promise) {
    promise = wordFiles[lng === 'zh' ? 'zh' : 'th']!().then(
      ({ default: words }) =>
        instance.addResourceBundle(
          lng,
          'messages',
          lng === 'en' ? Object.fromEntries(Object.keys(words).map((m) => [m, m])) : words,
        ),
      () => arriving.delete(lng),
    );
    arriving.set(lng, promise);
  }
  return promise;
}

/** Whether a message is the contract's, with words (in the language of the moment: a form has loaded them). */
export const hasWords = (message: string | undefined): message is string =>
  Boolean(message) && siteI18n.exists(message!, messageKeyOptions);

/** For a page that says contract messages: their words (suspends until they have arrived). */
export function useMessageWords() {
  const { t, i18n: instance } = useTranslation('common');
  const pending = messagesIn(instance, instance.resolvedLanguage ?? instance.language);
  if (pending) throw pending;
  const has = (message: string | undefined): message is string =>
    Boolean(message) && instance.exists(message!, messageKeyOptions);
  const words = (message: string) => t(message, messageKeyOptions);
  return {
    has,
    /** A contract message in its words, or anything else as `otherwise` says it (a text key of the page). */
    say: (text: string, otherwise: (key: string) => string) => (has(text) ? words(text) : otherwise(text)),
    /** A refused request's field error: the contract's words for its message, else the API's words as sent. */
    field: (error: { source?: string; message: string }) =>
      has(error.source ?? error.message) ? words(error.source ?? error.message) : error.message,
  };
}
export type MessageWords = ReturnType<typeof useMessageWords>;
