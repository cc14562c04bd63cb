import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CustomerRefund } from '@siam/contract/refunds';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { fetchMyRefunds, giveRefundPromptPayId } from './booking-api';
import { useFormat } from './format';

const myRefundsKey = ['bookings', 'refunds'];

/**
 * A booking's refunds on My bookings (decision 3650): what was given back, and money staff send by
 * hand, which asks for the PromptPay ID (a mobile number or a 13-digit ID) and the name on the account.
 * Nothing shows for a booking with none.
 */
export function BookingRefunds({ bookingId }: { bookingId: number }) {
  // One query key for every booking on the page: the customer's refunds are asked for once.
  const refunds = useQuery({ queryKey: myRefundsKey, queryFn: fetchMyRefunds });
  const own = refunds.data?.filter((r) => r.bookingId === bookingId) ?? [];
  if (!own.length) return null;
  return (
    <ul className="mt-3 space-y-3" data-testid="booking-refunds">
      {own.map((r) => (
        <RefundItem key={r.id} bookingId={bookingId} refund={r} />
      ))}
    </ul>
  );
}

function RefundItem({ bookingId, refund }: { bookingId: number; refund: CustomerRefund }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const amount = f.baht(refund.amount);
  const [editing, setEditing] = useState(false);
  const state =
    refund.state === 'paid'
      ? t('refunds.paid', { amount, date: refund.paidAt ? f.dateTime(refund.paidAt) : '' })
      : refund.state === 'being_sent'
        ? t('refunds.beingSent', { amount, id: refund.promptpayId, name: refund.accountName })
        : t('refunds.needsId', { amount });
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid={`refund-${refund.id}`}>
      <p className={refund.state === 'needs_promptpay_id' ? 'text-amber-900' : 'text-slate-800'}>{state}</p>
      {refund.state !== 'paid' &&
        (refund.state === 'needs_promptpay_id' || editing ? (
          <PromptPayIdForm bookingId={bookingId} refund={refund} onDone={() => setEditing(false)} />
        ) : (
          <button type="button" className="btn-outline mt-2" onClick={() => setEditing(true)}>
            {t('refunds.change')}
          </button>
        ))}
    </li>
  );
}

function PromptPayIdForm({
  bookingId,
  refund,
  onDone,
}: {
  bookingId: number;
  refund: CustomerRefund;
  onDone: () => void;
}) {
  const { t } = useTranslation('booking');
  const ids = { promptpayId: useId(), accountName: useId() };
  const queryClient = useQueryClient();
  const [promptpayId, setPromptpayId] = useState(refund.promptpayId ?? '');
  const [accountName, setAccountName] = useState(refund.accountName ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => giveRefundPromptPayId(bookingId, refund.id, { promptpayId, accountName }),
    onSuccess: (fresh) => {
      // The answer is this booking's refunds: they replace its own in the customer's list.
      queryClient.setQueryData<CustomerRefund[]>(myRefundsKey, (all) => [
        ...(all ?? []).filter((r) => r.bookingId !== bookingId),
        ...fresh,
      ]);
      onDone();
    },
    onError: (e) => {
      // Field errors carry the words in the page's language (message); anything else is said once.
      const fields = e instanceof ApiError ? e.fieldErrors : [];
      setErrors(
        fields.length
          ? Object.fromEntries(fields.map((x) => [x.path, x.message]))
          : { form: e.message || t('summary.fixErrors') },
      );
    },
  });
  return (
    <form
      className="mt-2 grid gap-2 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        save.mutate();
      }}
    >
      {(['promptpayId', 'accountName'] as const).map((field) => (
        <div key={field}>
          <label htmlFor={ids[field]} className="block text-sm font-medium">
            {t(`refunds.${field}`)}
          </label>
          <input
            id={ids[field]}
            className="field-input w-full"
            inputMode={field === 'promptpayId' ? 'numeric' : undefined}
            autoComplete={field === 'accountName' ? 'name' : 'off'}
            value={field === 'promptpayId' ? promptpayId : accountName}
            onChange={(e) => (field === 'promptpayId' ? setPromptpayId : setAccountName)(e.target.value)}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${ids[field]}-error` : undefined}
            required
          />
          {errors[field] && (
            <p id={`${ids[field]}-error`} className="field-error">
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      {errors.form && (
        <p role="alert" className="field-error sm:col-span-2">
          {errors.form}
        </p>
      )}
      <p className="text-sm text-slate-700 sm:col-span-2">{t('refunds.hint')}</p>
      <div>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {t('refunds.save')}
        </button>
      </div>
    </form>
  );
}
