import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { Booking } from '@siam/contract/bookings';
import { ApiError } from '../../lib/api-client';
import { uploadSlip } from './booking-api';

const MAX = 5 * 1024 * 1024;

/**
 * The transfer slip form (JPEG, PNG, WebP or PDF up to 5 MB). The server checks the bytes again, reads
 * the bank's QR code and asks the bank: a slip that pays the booking confirms it at once.
 */
export function SlipUpload({ booking, onDone }: { booking: Booking; onDone?: (b: Booking) => void }) {
  const { t } = useTranslation('booking');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (file: File) => uploadSlip(booking.id, file),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      onDone?.(updated);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.httpStatus === 413) setError(t('slip.tooBig'));
      else if (e instanceof ApiError && e.code === 'SLIP_INVALID') setError(t('slip.invalid'));
      else if (e instanceof ApiError && e.code === 'SLIP_NO_QR') setError(t('slip.noQr'));
      else if (e instanceof ApiError && e.code === 'SLIP_ALREADY_USED') setError(t('slip.alreadyUsed'));
      else if (e instanceof ApiError && e.httpStatus === 415) setError(t('slip.badType'));
      else setError(e.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const file = input.current?.files?.[0];
    if (!file) return setError(t('slip.choose'));
    if (file.size > MAX) return setError(t('slip.tooBig'));
    mutation.mutate(file);
  };
  if (mutation.isSuccess)
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
        {mutation.data.status === 'confirmed' ? t('slip.verified') : t('slip.done')}
      </p>
    );
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={id} className="field-label">
        {t('slip.label')}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('slip.hint')}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,application/pdf"
        className="field-input"
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={mutation.isPending}>
        {mutation.isPending ? t('slip.uploading') : t('slip.upload')}
      </button>
    </form>
  );
}
