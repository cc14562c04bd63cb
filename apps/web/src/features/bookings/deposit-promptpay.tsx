import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import type { Booking } from '@siam/contract/bookings';
import { useTranslation } from '../../lib/use-translation';
import { fetchDepositPromptPay, payDepositByPromptPay } from './booking-api';
import { useFormat } from './format';
import { PromptPayQr } from './promptpay-qr';

/**
 * The security deposit paid by PromptPay before pickup (decision 3652): the deposit's own QR at the
 * gateway for the amount the server says, until when it can be paid, and the panel asks every 3
 * seconds until the payment has arrived (the gateway's webhook, or the server asking it), then closes
 * saying so. A QR that lapsed unpaid is replaced on asking.
 */
export default function DepositPromptPayPanel({
  booking,
  onClose,
}: {
  booking: Booking;
  onClose: (done: string | null) => void;
}) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const titleId = useId();
  const queryClient = useQueryClient();
  const ask = useMutation({ mutationFn: () => payDepositByPromptPay(booking.id) });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    ask.mutate();
  }, [ask]);
  const look = useQuery({
    queryKey: ['deposit-promptpay', booking.id, ask.data?.qr?.validUntil],
    queryFn: () => fetchDepositPromptPay(booking.id),
    enabled: ask.isSuccess,
    initialData: ask.data,
    refetchInterval: (q) => (q.state.data?.qr ? 3_000 : false),
  });
  const state = look.data ?? ask.data;
  const amount = f.baht(state?.qr?.amount ?? booking.deposit.amount);
  const paid = state && state.deposit.state !== 'due';
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    onClose(t('depositPromptPay.paid', { amount }));
  }, [paid, amount, onClose, queryClient, t]);
  return (
    <section
      aria-labelledby={titleId}
      className="w-full rounded-lg border border-brand-200 bg-brand-50 p-4"
      data-testid="deposit-promptpay"
    >
      <h3 id={titleId} className="font-semibold">
        {t('depositPromptPay.title', { amount })}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('depositPromptPay.how', { amount })}</p>
      {ask.isPending && <p aria-busy="true">{t('common:loading')}</p>}
      {ask.isError && (
        <p role="alert" className="field-error mt-3">
          {ask.error.message}
        </p>
      )}
      {state?.qr && (
        <>
          <PromptPayQr
            qrSvg={state.qr.qrSvg}
            amount={amount}
            bookingNumber={booking.bookingNumber}
            promptpayId={null}
            slip={false}
          />
          <p className="mt-3 font-semibold" data-testid="deposit-qr-valid">
            {t('depositPromptPay.validUntil', { time: f.dateTime(state.qr.validUntil) })}
          </p>
          <p className="mt-1 text-sm text-slate-700" role="status">
            {t('depositPromptPay.waiting')}
          </p>
        </>
      )}
      {state && !state.qr && !paid && (
        <p role="alert" className="mt-3">
          {t('depositPromptPay.lapsed')}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {state && !state.qr && !paid && (
          <button type="button" className="btn-primary" onClick={() => ask.mutate()}>
            {t('depositPromptPay.again')}
          </button>
        )}
        <button type="button" className="btn-outline" onClick={() => onClose(null)}>
          {t('depositHold.later')}
        </button>
      </div>
    </section>
  );
}
