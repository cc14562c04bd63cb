import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import {
  CHARGE_STAFF_CHECK_MINUTES,
  type PaymentCheck,
  type ReconcileResult,
  type Reconciliation,
  type RefundUnmatchedResult,
  type SettleCheckResult,
} from '@siam/contract/admin-payment-checks';
import { useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Loading, PageTitle, useFormats } from '../admin-ui';
import { RefundsToSend } from './refunds-to-send';

/**
 * Card payments whose answer the gateway never gave (issue 19): each booking
 * keeps its car while the server asks the gateway every minute; staff see who
 * is waiting and can ask at once, e.g. when a customer calls.
 */
export function PaymentChecksPage() {
  const { t } = useTranslation('admin');
  const { money, dateTime } = useFormats();
  const list = useAdminQuery<PaymentCheck[]>('/payment-checks');
  const reconcile = useAdminMutation<ReconcileResult, { bookingId: number }>(
    'POST',
    '/payment-checks/reconcile',
  );
  // "Charged? check" settled by staff (decision 3413): the gateway asked once more, and the booking paid or let go.
  const settle = useAdminMutation<SettleCheckResult, { bookingId: number }>('POST', '/payment-checks/settle');
  // The answer shown is the last one asked for.
  const [last, setLast] = useState<'reconcile' | 'settle'>('reconcile');
  const settled = last === 'settle' ? settle.data : undefined;
  return (
    <>
      <PageTitle title={t('paymentChecks.title')} />
      <p className="mb-4 max-w-3xl text-slate-700">
        {t('paymentChecks.intro', { minutes: CHARGE_STAFF_CHECK_MINUTES })}
      </p>
      <ErrorNote error={list.error ?? (last === 'settle' ? settle.error : reconcile.error)} />
      <p role="status" className="mb-4" data-testid="payment-check-result">
        {settled
          ? t(
              `paymentChecks.settled.${settled.outcome === 'paid' ? 'paid' : settled.released ? 'released' : 'notCharged'}`,
              { number: settled.bookingNumber },
            )
          : last === 'reconcile' && reconcile.data
            ? t('paymentChecks.result', reconcile.data)
            : ''}
      </p>
      {list.isPending && <Loading />}
      {list.data && (
        <Card title={t('paymentChecks.waiting', { count: list.data.length })}>
          {list.data.length === 0 ? (
            <p>{t('paymentChecks.none')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('paymentChecks.title')}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="p-2">
                      {t('paymentChecks.booking')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('paymentChecks.customer')}
                    </th>
                    <th scope="col" className="p-2 text-right">
                      {t('paymentChecks.amount')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('paymentChecks.since')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('paymentChecks.lastChecked')}
                    </th>
                    <th scope="col" className="p-2">
                      <span className="sr-only">{t('paymentChecks.checkNow')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((p) => (
                    <tr key={p.bookingId} className="border-b border-slate-100">
                      <th scope="row" className="p-2 font-mono font-semibold">
                        <Link to={`/admin/bookings/${p.bookingId}`} className="text-brand-700 underline">
                          {p.bookingNumber}
                        </Link>
                      </th>
                      <td className="p-2">{p.customerName}</td>
                      <td className="p-2 text-right">{money(p.amount / 100)}</td>
                      <td className="p-2">{dateTime(p.since)}</td>
                      <td className="p-2">
                        {p.lastCheckedAt
                          ? t('paymentChecks.checked', { time: dateTime(p.lastCheckedAt), count: p.checks })
                          : t('paymentChecks.notYet')}
                        {p.staffCheck && (
                          <>
                            <strong className="mt-1 block text-amber-800">
                              {t('paymentChecks.staffCheck')}
                            </strong>
                            <span className="mt-1 block text-slate-700">
                              {t('paymentChecks.settleIntro')}
                            </span>
                          </>
                        )}
                      </td>
                      <td className="p-2">
                        {p.staffCheck ? (
                          <button
                            type="button"
                            className="btn-primary"
                            disabled={settle.isPending}
                            aria-label={t('paymentChecks.settleOne', { number: p.bookingNumber })}
                            onClick={() => {
                              setLast('settle');
                              settle.mutate({ bookingId: p.bookingId });
                            }}
                          >
                            {t('paymentChecks.settle')}
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="btn-outline"
                            disabled={reconcile.isPending}
                            aria-label={t('paymentChecks.checkOne', { number: p.bookingNumber })}
                            onClick={() => {
                              setLast('reconcile');
                              reconcile.mutate({ bookingId: p.bookingId });
                            }}
                          >
                            {t('paymentChecks.checkNow')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      )}
      <RefundsToSend />
      <MoneyTrail />
    </>
  );
}

/**
 * The money trail's loose ends (issue 16): money the gateway took that paid no booking (paid after the
 * booking ended, or not its total), refunded by itself when it came in and listed here when the gateway
 * refused then (staff refund it from here), and bookings paid more than once, which staff settle by hand.
 */
function MoneyTrail() {
  const { t } = useTranslation('admin');
  const { money, dateTime } = useFormats();
  const trail = useAdminQuery<Reconciliation>('/payment-checks/reconciliation');
  const refund = useAdminMutation<RefundUnmatchedResult, { reference: string }>(
    'POST',
    '/payment-checks/refunds',
  );
  const bookingLink = (id: number, number: string) => (
    <Link to={`/admin/bookings/${id}`} className="font-mono font-semibold text-brand-700 underline">
      {number}
    </Link>
  );
  if (trail.isPending) return <Loading />;
  if (!trail.data) return <ErrorNote error={trail.error} />;
  const { unmatchedCharges, paidTwice } = trail.data;
  return (
    <>
      <Card title={t('paymentChecks.unmatchedTitle')}>
        <p className="mb-2 text-slate-700">{t('paymentChecks.unmatchedIntro')}</p>
        <ErrorNote error={refund.error} />
        <p role="status" className="mb-2">
          {refund.data ? t(`paymentChecks.refundResult.${refund.data.outcome}`) : ''}
        </p>
        {unmatchedCharges.length === 0 ? (
          <p>{t('paymentChecks.unmatchedNone')}</p>
        ) : (
          <ul className="space-y-2">
            {unmatchedCharges.map((c) => (
              <li key={c.reference}>
                {bookingLink(c.bookingId, c.bookingNumber)} · {money(c.amount / 100)} · {c.gateway}{' '}
                <span className="font-mono">{c.reference}</span>
                {c.paidAt && <> · {dateTime(c.paidAt)}</>}
                {c.outcome && (
                  <> · {t(`paymentChecks.outcome.${c.outcome}`, { defaultValue: c.outcome })}</>
                )}{' '}
                <button
                  type="button"
                  className="btn-outline ml-2"
                  disabled={refund.isPending}
                  aria-label={t('paymentChecks.refundOne', {
                    number: c.bookingNumber,
                    amount: money(c.amount / 100),
                  })}
                  onClick={() => refund.mutate({ reference: c.reference })}
                >
                  {t('paymentChecks.refund')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('paymentChecks.paidTwiceTitle')}>
        {paidTwice.length === 0 ? (
          <p>{t('paymentChecks.paidTwiceNone')}</p>
        ) : (
          <ul className="space-y-2">
            {paidTwice.map((b) => (
              <li key={b.bookingId}>
                {bookingLink(b.bookingId, b.bookingNumber)} ·{' '}
                {t('paymentChecks.paymentsIn', { count: b.paymentsIn })}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
