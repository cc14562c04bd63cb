import { bangkokDate, bangkokInstant } from '@siam/contract/bangkok-time';
import { formatBaht } from '../../lib/money';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';

export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('admin');
  usePageMeta(`${title} · ${t('meta.backOffice')}`);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation('admin');
  return (
    <p className="py-8 text-slate-600" aria-busy="true" role="status">
      {t('loading')}
    </p>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : t('errorGeneric');
  return (
    <p role="alert" className="my-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
      {message}
    </p>
  );
}

export function SavedNote({ show, children }: { show: boolean; children?: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <p role="status" className="min-h-6 text-sm font-semibold text-green-800">
      {show ? (children ?? t('saved')) : ''}
    </p>
  );
}

/** What a labelled control needs from its frame: its id, and what describes it. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, a control, an optional hint and an optional error, wired together
 * for screen readers; Field, TextAreaField and SelectField differ only in the control.
 */
function LabelledControl({
  label,
  error,
  hint,
  className,
  control,
}: {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  control: (wiring: ControlWiring) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type Labelled = { label: string; error?: string; hint?: string };

export function Field({
  label,
  error,
  hint,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & Labelled) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(wiring) => <input className="field-input" {...wiring} {...input} />}
    />
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(wiring) => <textarea className="field-input min-h-28" {...wiring} {...textarea} />}
    />
  );
}

export function SelectField({
  label,
  error,
  hint,
  className = '',
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & Labelled & { children: ReactNode }) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(wiring) => (
        <select className="field-input" {...wiring} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2">
      <input
        type="checkbox"
        name={name}
        className="size-5 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

export function Card({
  title,
  children,
  className = '',
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}
    >
      {title && (
        <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

/** Formats for the active language, in Bangkok time. */
const locales = { th: 'th-TH', en: 'en-GB', zh: 'zh-CN' } as const;

/** Day and month only, as a chart's axis labels its days ("7 พ.ย.", "7 Nov", "11月7日"). */
export const dayMonth = (lng: 'th' | 'en' | 'zh', isoDate: string) =>
  new Intl.DateTimeFormat(locales[lng], { day: 'numeric', month: 'short', timeZone: 'Asia/Bangkok' }).format(
    bangkokInstant(isoDate, '12:00'),
  );

export function useFormats() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const locale = lng === 'th' ? 'th-TH' : lng === 'zh' ? 'zh-CN' : 'en-GB';
  return {
    lng: lng as 'th' | 'en' | 'zh',
    money: formatBaht,
    date: (iso: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Bangkok' }).format(
        iso.length === 10 ? bangkokInstant(iso, '12:00') : new Date(iso),
      ),
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Bangkok',
      }).format(new Date(iso)),
  };
}

/** Today in Bangkok, `YYYY-MM-DD`. */
export const bangkokToday = () => bangkokDate(new Date());

/** Previous / "page X of Y" / next under a list; shown only when there is more than one page. */
export function Pager({
  label,
  page,
  totalPages,
  onPage,
}: {
  /** What the pages are of, for screen readers ("Booking pages"). */
  label: string;
  page: number;
  totalPages: number | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  if (!totalPages || totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center gap-3">
      <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.pageOf', { page, pages: totalPages })}</span>
      <button
        type="button"
        className="btn-outline"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
