import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import type { ChangeGatewayMethod, WaitingChange } from '@siam/contract/bookings';
import { useTranslation } from '../../lib/use-translation';
import { fetchGateway, fetchWaitingChange } from './booking-api';
import { useFormat } from './format';
import { PromptPayQr } from './promptpay-qr';

export type ChangeMethod = 'card' | ChangeGatewayMethod;

/** The ways the gateway takes a change's difference besides a card (the sandbox: none). */
export function useChangeMethods(): ChangeMethod[] {
  const gateway = useQuery({ queryKey: ['payment-gateway'], queryFn: fetchGateway, staleTime: 60_000 });
  const sources = gateway.data?.sources ?? [];
  return ['card', ...(['promptpay', 'alipay', 'wechat_pay'] as const).filter((m) => sources.includes(m))];
}

/**
 * How a paid booking pays a dearer change (issue 36 part 3, decision 3631): a card now, or PromptPay's
 * QR or a wallet, the change then waiting for it with the new dates held.
 */
export function ChangeMethodChoice({
  methods,
  value,
  onChange,
}: {
  methods: ChangeMethod[];
  value: ChangeMethod;
  onChange: (m: ChangeMethod) => void;
}) {
  const { t } = useTranslation('booking');
  const name = useId();
  if (methods.length < 2) return null;
  return (
    <fieldset className="mt-3">
      <legend className="field-label">{t('change.payWith')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {methods.map((m) => (
          <label key={m} className="flex cursor-pointer items-center gap-2 rounded-lg bg-white p-3">
            <input
              type="radio"
              className="size-5"
              name={name}
              checked={value === m}
              onChange={() => onChange(m)}
            />
            {t(`methods.${m}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A change waiting for its difference: the QR code (or the wallet's page) and until when the new dates
 * are held; the page asks the server every few seconds and says when the change is made or has lapsed.
 */
export function WaitingChangeView({
  bookingId,
  bookingNumber,
  first,
  onMade,
}: {
  bookingId: number;
  bookingNumber: string;
  first: WaitingChange;
  onMade: (w: WaitingChange) => void;
}) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  // Its own key: the panel's first look (['waiting-change', id]) may have cached "none" before it was asked.
  const live = useQuery({
    queryKey: ['waiting-change', bookingId, first.id],
    queryFn: () => fetchWaitingChange(bookingId),
    initialData: first,
    refetchInterval: (q) => (q.state.data?.status === 'awaiting_payment' ? 3_000 : false),
  });
  const w = live.data ?? first;
  useEffect(() => {
    if (w.status === 'applied') onMade(w);
  }, [w, onMade]);
  const amount = f.baht(w.amount);
  if (w.status === 'expired')
    return (
      <p role="alert" className="mt-3 font-semibold" data-testid="change-waiting">
        {t('change.waitingLapsed')}
      </p>
    );
  return (
    <div className="mt-3 rounded-lg bg-white p-3" data-testid="change-waiting">
      <p className="font-semibold">
        {t('change.waitingTitle', { from: f.date(w.pickupDate), to: f.date(w.returnDate), amount })}
      </p>
      <p className="mt-1">{t('change.waitingHeld', { until: f.dateTime(w.payBy) })}</p>
      {w.method === 'promptpay' && w.qrSvg && (
        <PromptPayQr
          qrSvg={w.qrSvg}
          amount={amount}
          bookingNumber={bookingNumber}
          promptpayId={null}
          slip={false}
        />
      )}
      {w.method !== 'promptpay' && w.authorizeUri && (
        <a className="btn-primary mt-3" href={w.authorizeUri}>
          {t(`success.walletGo.${w.method}`, { amount })}
        </a>
      )}
      {!w.qrSvg && !w.authorizeUri && <p className="mt-3">{t('success.walletUnavailable')}</p>}
      <p className="mt-3 text-sm text-slate-700" role="status">
        {t('change.waitingConfirms')}
      </p>
    </div>
  );
}
