import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { TextField } from '../../../lib/form-fields';
import { useTranslation } from '../../../lib/use-translation';
import { validatePromo } from '../../bookings/booking-api';
import type { BookingForm } from '../booking-resolver';
import { FormSection } from '../form-section';
import type { BookingChoiceState } from '../use-booking-choice';

/**
 * A promotion code, behind one line ("I have a code", or the code applied). Applying asks the
 * server; a refused code's error stays only while that code is what is typed, so it never lingers
 * once the customer changes it, removes it, or is busy with other fields.
 */
export function PromoSection({ form, booking }: { form: BookingForm; booking: BookingChoiceState }) {
  const { t } = useTranslation('booking');
  const [open, setOpen] = useState(false);
  const typed = useWatch({ control: form.control, name: 'promoCode' }).trim();
  const { choice, promo, promoRefused } = booking;
  const refused = promoRefused !== undefined && typed === promoRefused;
  const apply = useMutation({
    mutationFn: (code: string) => validatePromo({ ...choice!, addons: booking.addonLines, code }),
    onSuccess: (data) => {
      booking.setPromo(data.code);
      booking.setPromoRefused(undefined);
    },
    onError: (_error, code) => {
      booking.setPromo(undefined);
      booking.setPromoRefused(code);
    },
  });
  const shown = open || refused;
  return (
    <FormSection title={t('summary.promo')}>
      {promo ? (
        <p role="status" className="flex flex-wrap items-center gap-3 text-green-800">
          {t('summary.promoApplied', { code: promo })}
          <button
            type="button"
            className="text-brand-700 underline"
            onClick={() => booking.setPromo(undefined)}
          >
            {t('summary.remove')}
          </button>
        </p>
      ) : (
        <>
          <button
            type="button"
            className="min-h-11 text-brand-700 underline"
            aria-expanded={shown}
            onClick={() => setOpen(!shown)}
          >
            {shown ? t('summary.hidePromo') : t('summary.havePromo')}
          </button>
          {shown && (
            <div className="mt-3 flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <TextField
                  label={t('summary.promoLabel')}
                  registration={form.register('promoCode')}
                  error={refused ? t('validation.promo') : undefined}
                />
              </div>
              <button
                type="button"
                className="btn-outline mt-7 mb-[2px]"
                disabled={!typed || apply.isPending}
                onClick={() => apply.mutate(typed)}
              >
                {t('summary.apply')}
              </button>
            </div>
          )}
        </>
      )}
    </FormSection>
  );
}
