import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FieldProps {
  id: string;
  label: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
  maxLength?: number;
  required?: boolean;
  children?: ReactNode;
}

/** A labelled input (or textarea) with its error right below it, announced to screen readers. */
export function FormField({
  id,
  label,
  error,
  registration,
  type = 'text',
  autoComplete,
  multiline,
  maxLength,
  required = true,
}: FieldProps) {
  const errorId = `${id}-error`;
  const common = {
    id,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorId : undefined,
    'aria-required': required,
    maxLength,
    className: 'field-input',
    ...registration,
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? (
        <textarea rows={6} {...common} />
      ) : (
        <input type={type} autoComplete={autoComplete} {...common} />
      )}
      {error?.message && (
        <p id={errorId} role="alert" className="field-error">
          {error.message}
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
