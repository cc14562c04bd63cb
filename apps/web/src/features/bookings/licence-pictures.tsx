import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Booking } from '@siam/contract/bookings';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { uploadLicencePicture } from './booking-api';

const MAX = 5 * 1024 * 1024;

/**
 * Pictures of the drivers' licences, sent before arrival so the counter is quicker (optional): a
 * JPEG, PNG or WebP up to 5 MB, at most six; kept privately, without the picture's metadata.
 */
export function LicencePictures({ booking }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('booking');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (file: File) => uploadLicencePicture(booking.id, file),
    onSuccess: () => {
      if (input.current) input.current.value = '';
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (e) =>
      setError(
        e instanceof ApiError && e.httpStatus === 413
          ? t('licencePictures.tooBig')
          : e instanceof ApiError && e.httpStatus === 415
            ? t('licencePictures.badType')
            : e instanceof ApiError && e.httpStatus === 409
              ? t('licencePictures.full')
              : e.message,
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const file = input.current?.files?.[0];
    if (!file) return setError(t('licencePictures.choose'));
    if (file.size > MAX) return setError(t('licencePictures.tooBig'));
    send.mutate(file);
  };
  const count = booking.licencePictures.length;
  return (
    <div className="w-full">
      {count > 0 && (
        <p role="status" className="text-green-800" data-testid="licence-pictures">
          {t('licencePictures.sent', { count })}
        </p>
      )}
      {booking.canSendLicencePicture && !open && (
        <button type="button" className="btn-outline mt-2" onClick={() => setOpen(true)}>
          {t('licencePictures.open')}
        </button>
      )}
      {booking.canSendLicencePicture && open && (
        <form onSubmit={submit} noValidate className="mt-2 space-y-2">
          <label htmlFor={id} className="field-label">
            {t('licencePictures.label')}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {t('licencePictures.hint')}
          </p>
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="field-input"
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            aria-invalid={error ? true : undefined}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="field-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn-outline" disabled={send.isPending}>
            {t('licencePictures.send')}
          </button>
        </form>
      )}
    </div>
  );
}
