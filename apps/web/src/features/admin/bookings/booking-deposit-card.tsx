import { useState, type FormEvent } from 'react';
import type { Booking } from '@siam/contract/bookings';
import { DEPOSIT_HOLD_DAYS, type DepositMethod } from '@siam/contract/deposits';
import { useTranslation } from '../../../lib/use-translation';
import { fieldErrors, useAdminMutation } from '../admin-api';
import { Card, ErrorNote, Field, useFormats } from '../admin-ui';
import { satang } from './booking-format';

/** The deposit: taken at the counter (cash, card or PromptPay), then released after the return, in part if kept. */
export function BookingDepositCard({
  booking: b,
  partialCapture,
  onDone,
}: {
  booking: Booking;
  /** Whether a deposit held on a card can be kept in part (the gateway's answer, read with the page). */
  partialCapture: boolean | undefined;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { money, dateTime } = useFormats();
  const deposit = useAdminMutation<
    Booking,
    { action: 'take'; method: DepositMethod } | { action: 'release'; kept: number; reason?: string }
  >('POST', `/bookings/${b.id}/deposit`);
  const [kept, setKept] = useState('0');
  const [keptReason, setKeptReason] = useState('');
  const after = (message: string) => () => onDone(message);
  const submitRelease = (e: FormEvent) => {
    e.preventDefault();
    deposit.mutate(
      { action: 'release', kept: Number(kept || 0), reason: keptReason.trim() || undefined },
      { onSuccess: after(t('booking.deposit.releasedDone')) },
    );
  };

  return (
    <Card title={t('booking.deposit.title')}>
      <p data-testid="deposit-state">
        {t(`booking.deposit.state.${b.deposit.state}`, {
          amount: satang(money, b.deposit.amount),
          kept: satang(money, b.deposit.kept),
          method: b.deposit.method ? t(`booking.deposit.methods.${b.deposit.method}`) : '',
        })}
        {b.deposit.keptReason && <> ({b.deposit.keptReason})</>}
      </p>
      {b.deposit.coveredBy && (
        <p className="mt-1" data-testid="deposit-covered">
          {t('booking.deposit.coveredBy', { company: b.deposit.coveredBy })}
        </p>
      )}
      {b.deposit.authorizeUri && <p className="mt-1 text-amber-900">{t('booking.deposit.atBank')}</p>}
      {b.deposit.holdOpensAt && (
        <p className="mt-1 text-sm text-slate-700">
          {t('booking.deposit.holdOpens', { date: dateTime(b.deposit.holdOpensAt), days: DEPOSIT_HOLD_DAYS })}
        </p>
      )}
      {b.deposit.state === 'due' && ['confirmed', 'active'].includes(b.status) && b.deposit.amount > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {(['cash', 'card', 'promptpay'] as const).map((method) => (
            <button
              key={method}
              type="button"
              className="btn-outline"
              disabled={deposit.isPending}
              onClick={() =>
                deposit.mutate(
                  { action: 'take', method },
                  { onSuccess: after(t('booking.deposit.takenDone')) },
                )
              }
            >
              {t(`booking.deposit.take.${method}`)}
            </button>
          ))}
        </div>
      )}
      {b.deposit.state === 'held' && ['active', 'completed'].includes(b.status) && (
        <form onSubmit={submitRelease} noValidate className="mt-3 space-y-2">
          {b.deposit.method === 'card' && partialCapture === false && (
            <p data-testid="deposit-whole-only">{t('booking.deposit.wholeOnly')}</p>
          )}
          <Field
            label={t('booking.deposit.kept')}
            type="number"
            inputMode="numeric"
            min={0}
            step="1"
            value={kept}
            onChange={(e) => setKept(e.target.value)}
            error={fieldErrors(deposit.error).kept}
          />
          <Field
            label={t('booking.deposit.reason')}
            value={keptReason}
            onChange={(e) => setKeptReason(e.target.value)}
            error={fieldErrors(deposit.error).reason}
          />
          <button type="submit" className="btn-primary" disabled={deposit.isPending}>
            {t('booking.deposit.release')}
          </button>
        </form>
      )}
      <ErrorNote error={deposit.error} />
    </Card>
  );
}
