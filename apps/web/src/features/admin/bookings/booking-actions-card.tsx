import { useState, type FormEvent } from 'react';
import type { AdminBookingDetail } from '@siam/contract/admin-bookings';
import type { Booking } from '@siam/contract/bookings';
import { useTranslation } from '../../../lib/use-translation';
import { fieldErrors, useAdminMutation } from '../admin-api';
import { Card, Checkbox, ErrorNote, Field } from '../admin-ui';

/**
 * What staff can do with the booking in its status: confirm a payment or refuse its slip, take the car
 * back, cancel. The car goes out only with the pickup inspection (issue 36 part 6): a confirmed
 * booking's card sends staff to it (the hand-over card, where the unit is chosen). `onDone` shows the
 * outcome above the cards.
 */
export function BookingActionsCard({
  data,
  onDone,
}: {
  data: AdminBookingDetail;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const b = data.booking;
  const id = b.id;
  const verify = useAdminMutation<Booking>('POST', `/bookings/${id}/verify-payment`);
  const reject = useAdminMutation<Booking, { reason: string }>('POST', `/bookings/${id}/reject-slip`);
  const giveBack = useAdminMutation<Booking>('POST', `/bookings/${id}/return`);
  const cancel = useAdminMutation<Booking, { reason: string; applyFee: boolean }>(
    'POST',
    `/bookings/${id}/cancel`,
  );
  const [rejectReason, setRejectReason] = useState('');
  const [cancelReason, setCancelReason] = useState('');
  const [applyFee, setApplyFee] = useState(false);
  const pendingSlip = data.slips.some((s) => s.status === 'pending');
  const after = (message: string) => () => onDone(message);

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    reject.mutate({ reason: rejectReason }, { onSuccess: after(t('booking.rejected')) });
  };
  const submitCancel = (e: FormEvent) => {
    e.preventDefault();
    cancel.mutate({ reason: cancelReason, applyFee }, { onSuccess: after(t('booking.cancelled')) });
  };

  return (
    <Card title={t('booking.actions')}>
      <div className="space-y-4">
        {b.status === 'awaiting_payment' && (
          <div>
            <button
              type="button"
              className="btn-primary"
              disabled={verify.isPending}
              onClick={() => verify.mutate(undefined, { onSuccess: after(t('booking.verified')) })}
            >
              {t('booking.verify')}
            </button>
            <ErrorNote error={verify.error} />
          </div>
        )}
        {b.status === 'awaiting_payment' && pendingSlip && (
          <form onSubmit={submitReject} noValidate className="space-y-2">
            <Field
              label={t('booking.rejectReason')}
              value={rejectReason}
              onChange={(e) => setRejectReason(e.target.value)}
              error={fieldErrors(reject.error).reason}
            />
            <button type="submit" className="btn-outline" disabled={reject.isPending}>
              {t('booking.reject')}
            </button>
            <ErrorNote error={reject.error} />
          </form>
        )}
        {b.status === 'confirmed' && (
          <div data-testid="inspection-first">
            <p className="text-slate-700">{t('booking.inspectFirst')}</p>
            <a href="#hand-over" className="mt-1 inline-block font-semibold underline">
              {t('booking.toInspection')}
            </a>
          </div>
        )}
        {b.status === 'active' && (
          <div>
            <button
              type="button"
              className="btn-primary"
              disabled={giveBack.isPending}
              onClick={() => giveBack.mutate(undefined, { onSuccess: after(t('booking.returned')) })}
            >
              {t('booking.markReturned')}
            </button>
            <ErrorNote error={giveBack.error} />
          </div>
        )}
        {(b.status === 'awaiting_payment' || b.status === 'confirmed') && (
          <form onSubmit={submitCancel} noValidate className="space-y-2 border-t border-slate-200 pt-3">
            <Field
              label={t('booking.cancelReason')}
              value={cancelReason}
              onChange={(e) => setCancelReason(e.target.value)}
              error={fieldErrors(cancel.error).reason}
            />
            <Checkbox label={t('booking.applyFee')} checked={applyFee} onChange={setApplyFee} />
            <p className="text-sm text-slate-600">{t('booking.feeRule')}</p>
            <button type="submit" className="btn-outline" disabled={cancel.isPending}>
              {t('booking.cancel')}
            </button>
            <ErrorNote error={cancel.error} />
          </form>
        )}
        {!['awaiting_payment', 'confirmed', 'active'].includes(b.status) && (
          <p className="text-slate-600">{t('booking.nothingToDo')}</p>
        )}
      </div>
    </Card>
  );
}
