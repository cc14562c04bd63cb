import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Booking } from '@siam/contract/bookings';
import { cardRefusal } from '@siam/contract/card-tokens';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { holdDepositOnCard } from './booking-api';
import { CardEntryFields, useCardEntry } from './card-entry';
import { useFormat } from './format';

/**
 * The security deposit held on the customer's card before pickup, instead of at the counter: an
 * authorisation at the payment gateway, nothing charged unless staff keep part of it at return.
 */
export default function DepositHoldPanel({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const card = useCardEntry(true);
  const amount = f.baht(booking.deposit.amount);
  const hold = useMutation({
    mutationFn: async () => holdDepositOnCard(booking.id, await card.tokenise()),
    onSuccess: (fresh) => {
      // The card's bank asks the customer to approve the hold (3-D Secure): its page, and back to My
      // bookings, where the hold is asked after (decision 3413).
      const bank = fresh.deposit.authorizeUri;
      if (bank) {
        window.location.assign(bank);
        return;
      }
      onClose();
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (e) =>
      setError(
        e instanceof ApiError
          ? e.code === 'PAYMENT_FAILED'
            ? t(`cardErrors.${cardRefusal(e.fieldErrors[0]?.message)}`)
            : e.message
          : e.message.startsWith('cardErrors.')
            ? t(e.message)
            : t('summary.fixErrors'),
      ),
  });
  return (
    <section aria-labelledby={titleId} className="w-full rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h3 id={titleId} className="font-semibold">
        {t('depositHold.title', { amount })}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('depositHold.how', { amount })}</p>
      <div className="mt-3">
        <CardEntryFields entry={card} />
      </div>
      {error && (
        <p role="alert" className="field-error mt-3">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={hold.isPending}
          onClick={() => {
            setError(null);
            if (card.check()) hold.mutate();
          }}
        >
          {t('depositHold.submit', { amount })}
        </button>
        <button type="button" className="btn-outline" onClick={onClose}>
          {t('depositHold.later')}
        </button>
      </div>
    </section>
  );
}
