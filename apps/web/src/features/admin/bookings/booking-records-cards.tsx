import type { AdminBookingDetail } from '@siam/contract/admin-bookings';
import { businessRules } from '@siam/contract/business-rules';
import { useTranslation } from '../../../lib/use-translation';
import { Card, useFormats } from '../admin-ui';
import { satang } from './booking-format';
import { SlipView } from './booking-files';
import { staffReferenceKey } from './payment-references';

/** The slips a customer sent, each with the bank's check of it and the picture. */
export function SlipsCard({ data }: { data: AdminBookingDetail }) {
  const { t } = useTranslation('admin');
  const { dateTime, money } = useFormats();
  const b = data.booking;
  return (
    <Card title={t('booking.slips')}>
      {data.slips.length === 0 ? (
        <p className="text-slate-600">{t('booking.noSlips')}</p>
      ) : (
        <ul className="space-y-4">
          {data.slips.map((s) => (
            <li key={s.id}>
              <p className="mb-1">
                {dateTime(s.createdAt)} · {t(`booking.slipStatus.${s.status}`)}
                {s.rejectReason && <> · {s.rejectReason}</>}
              </p>
              {s.check && (
                <p className={`mb-1 text-sm ${s.check === 'verified' ? 'text-green-800' : 'text-amber-900'}`}>
                  {t('booking.slipCheck.title')}: {t(`booking.slipCheck.${s.check}`)}
                  {s.slipAmount !== null && s.slipPaidAt && (
                    <>
                      {' '}
                      ·{' '}
                      {t('booking.slipCheck.bank', {
                        amount: satang(money, s.slipAmount),
                        at: dateTime(s.slipPaidAt),
                      })}
                    </>
                  )}
                </p>
              )}
              {s.status === 'pending' && s.standing && s.standing !== 'bank_confirmed' && (
                <p className="mb-1 text-sm font-semibold text-red-800" data-testid="slip-standing">
                  {t(`booking.slipStanding.${s.standing}`, {
                    hours: businessRules.uncheckedSlipHoldHours,
                  })}
                </p>
              )}
              <SlipView bookingId={b.id} slip={s} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What the payment gateway was asked and what it answered (its events), when the booking used it. */
export function GatewayCard({ data }: { data: AdminBookingDetail }) {
  const { t } = useTranslation('admin');
  const { dateTime, money } = useFormats();
  if (data.gatewayCharges.length === 0) return null;
  return (
    <Card title={t('booking.gatewayTitle')}>
      <ul className="space-y-1">
        {data.gatewayCharges.map((c) => (
          <li key={c.reference}>
            <span className="font-mono">{c.reference}</span> · {satang(money, c.amount)} ·{' '}
            {t(`booking.gatewayStatus.${c.status}`, { defaultValue: c.status })} · {dateTime(c.createdAt)}
          </li>
        ))}
      </ul>
      {data.gatewayEvents.length > 0 && (
        <>
          <h3 className="mt-3 font-semibold">{t('booking.gatewayEvents')}</h3>
          <ul className="space-y-1 text-sm">
            {data.gatewayEvents.map((e) => (
              <li key={e.id}>
                {dateTime(e.receivedAt)} ·{' '}
                {t(`booking.gatewayEventKind.${e.kind.replace('.', '_')}`, { defaultValue: e.kind })} ·{' '}
                <span className="font-mono">{e.id}</span> ·{' '}
                {t(`paymentChecks.outcome.${e.outcome}`, { defaultValue: e.outcome })}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** Every payment and refund recorded on the booking. */
export function PaymentsCard({ data }: { data: AdminBookingDetail }) {
  const { t } = useTranslation('admin');
  const { dateTime, money } = useFormats();
  const paymentReference = (reference: string) => {
    const key = staffReferenceKey(reference);
    return key ? t(`booking.paymentReference.${key}`) : reference;
  };
  return (
    <Card title={t('booking.payments')}>
      {data.payments.length === 0 ? (
        <p className="text-slate-600">{t('booking.noPayments')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.payments.map((p) => (
            <li key={p.id} className="py-1">
              {dateTime(p.createdAt)} · {t(`booking.paymentKind.${p.kind}`)} ·{' '}
              {t(`booking.methods.${p.method}`)} · {satang(money, p.amount)} ·{' '}
              {t(`booking.paymentStatus.${p.status}`, { defaultValue: p.status })}
              {p.reference && <span className="text-slate-600"> · {paymentReference(p.reference)}</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Who did what to the booking, and when: its audit trail. */
export function HistoryCard({ data }: { data: AdminBookingDetail }) {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormats();
  const b = data.booking;
  return (
    <Card title={t('booking.history')} className="lg:col-span-2">
      <ol className="divide-y divide-slate-100">
        <li className="py-1">
          {dateTime(b.createdAt)} · {t('booking.made')}
        </li>
        {[...data.history].reverse().map((h) => {
          const before = (h.before ?? {}) as { status?: string };
          const afterState = (h.after ?? {}) as { status?: string; reason?: string };
          return (
            <li key={h.id} className="py-1">
              {dateTime(h.createdAt)} ·{' '}
              {t(`booking.actionsLog.${h.action.replace('.', '_')}`, { defaultValue: h.action })} ·{' '}
              {h.actorEmail}
              {before.status && afterState.status && before.status !== afterState.status && (
                <span className="text-slate-600">
                  {' '}
                  · {t(`bookings.status.${before.status}`)} → {t(`bookings.status.${afterState.status}`)}
                </span>
              )}
              {afterState.reason && <span className="text-slate-600"> · {afterState.reason}</span>}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
