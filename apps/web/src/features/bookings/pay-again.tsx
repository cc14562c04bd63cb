import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { payAgainMethods, walletMethods, type Booking, type GatewaySource } from '@siam/contract/bookings';
import { cardRefusal } from '@siam/contract/card-tokens';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { fetchGateway, payAgain } from './booking-api';
import { CardEntryFields, useCardEntry } from './card-entry';
import { useFormat } from './format';

type Method = (typeof payAgainMethods)[number];

function newKey() {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A booking whose card was refused keeps its car until its time to pay runs out (docs/decisions/3530):
 * here it is paid again, with another card or another way, on the same booking. The card becomes the
 * gateway's token in the browser, as on the booking form.
 */
export function PayAgain({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<Method>('card');
  const [error, setError] = useState<string | null>(null);
  const card = useCardEntry(true);
  const key = useRef(newKey());
  const gateway = useQuery({ queryKey: ['payment-gateway'], queryFn: fetchGateway, staleTime: Infinity });
  // Wallets only when the gateway takes them (the sandbox takes none).
  const sources = gateway.data?.sources ?? [];
  const offered = payAgainMethods.filter(
    (m) => !(walletMethods as readonly string[]).includes(m) || sources.includes(m as GatewaySource),
  );
  const amount = f.baht(booking.total);
  const pay = useMutation({
    mutationFn: async () =>
      payAgain(
        booking.id,
        method === 'card'
          ? { paymentMethod: 'card', cardToken: await card.tokenise() }
          : { paymentMethod: method },
        key.current,
      ),
    onSuccess: (data) => {
      key.current = newKey();
      const bank = data.instructions.card?.authorizeUri;
      if (bank) return window.location.assign(bank);
      queryClient.setQueryData(['bookings', 'one', booking.bookingNumber, f.lang], data.booking);
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (e) => {
      if (!(e instanceof ApiError)) {
        setError(e.message.startsWith('cardErrors.') ? t(e.message) : t('summary.fixErrors'));
        return;
      }
      key.current = newKey();
      // Refused again: the page's heading says the new refusal; the words stay beside the button.
      if (e.code === 'PAYMENT_FAILED') {
        setError(t(`cardErrors.${cardRefusal(e.fieldErrors[0]?.message)}`));
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      } else if (e.code === 'CONFLICT') {
        setError(t('payAgain.closed'));
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      } else setError(e.message);
    },
  });
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 print:hidden"
      data-testid="pay-again"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {t('payAgain.title')}
      </h2>
      {booking.payBy && (
        <p className="mt-1 text-amber-950">{t('payAgain.heldUntil', { time: f.dateTime(booking.payBy) })}</p>
      )}
      <fieldset className="mt-3">
        <legend className="font-semibold">{t('payAgain.method')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {offered.map((m) => (
            <label
              key={m}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border p-3 ${method === m ? 'border-brand-700 bg-white' : 'border-slate-300'}`}
            >
              <input
                type="radio"
                name={`${titleId}-method`}
                value={m}
                checked={method === m}
                onChange={() => (setMethod(m), setError(null))}
                className="size-5"
              />
              <span>{t(`methods.${m}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {method === 'card' ? (
        <div className="mt-4">
          {gateway.data?.sandbox !== false && <p className="mb-3 text-sm text-amber-950">{t('sandbox')}</p>}
          <CardEntryFields entry={card} />
        </div>
      ) : (
        // The deadline stays the booking's own (shown above), whatever the way: the car is held that long.
        <p className="mt-3 text-slate-700">{t('payAgain.otherWay', { method: t(`methods.${method}`) })}</p>
      )}
      {error && (
        <p role="alert" className="field-error mt-3">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn-action mt-4"
        disabled={pay.isPending}
        onClick={() => {
          setError(null);
          if (method !== 'card' || card.check()) pay.mutate();
        }}
      >
        {method === 'card'
          ? t('payAgain.payCard', { amount })
          : t('payAgain.switch', { method: t(`methods.${method}`) })}
      </button>
    </section>
  );
}
