import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import { refundPaidWays, type StaffRefund } from '@siam/contract/refunds';
import { useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Field, Loading, SelectField, useFormats } from '../admin-ui';

type Paid = { id: number; bookingNumber: string; amount: number };
type Way = (typeof refundPaidWays)[number];

/**
 * Refunds staff send by hand (decision 3650): money the gateway cannot give back. Each shows the
 * customer's PromptPay ID and a PromptPay QR for it and the amount (the bank app scans it), or that the
 * customer has not given one yet; staff mark it paid with the bank's transfer reference.
 */
export function RefundsToSend() {
  const { t } = useTranslation('admin');
  const { money } = useFormats();
  const list = useAdminQuery<StaffRefund[]>('/refunds');
  const paid = useAdminMutation<Paid, { id: number; way: Way; reference: string }>(
    'POST',
    ({ id }) => `/refunds/${id}/paid`,
  );
  return (
    <Card title={t('refunds.title')}>
      <p className="mb-2 text-slate-700">{t('refunds.intro')}</p>
      <ErrorNote error={list.error ?? paid.error} />
      <p role="status" className="mb-2" data-testid="refund-paid-result">
        {paid.data
          ? t('refunds.done', { number: paid.data.bookingNumber, amount: money(paid.data.amount / 100) })
          : ''}
      </p>
      {list.isPending && <Loading />}
      {list.data?.length === 0 && <p>{t('refunds.none')}</p>}
      <ul className="space-y-4">
        {list.data?.map((r) => (
          <RefundToSend key={r.id} refund={r} busy={paid.isPending} onPaid={(v) => paid.mutate(v)} />
        ))}
      </ul>
    </Card>
  );
}

function RefundToSend({
  refund: r,
  busy,
  onPaid,
}: {
  refund: StaffRefund;
  busy: boolean;
  onPaid: (v: { id: number; way: Way; reference: string }) => void;
}) {
  const { t } = useTranslation('admin');
  const { money } = useFormats();
  const [way, setWay] = useState<Way>(r.promptpayId ? 'promptpay' : 'bank_transfer');
  const [reference, setReference] = useState('');
  const amount = money(r.amount / 100);
  return (
    <li className="rounded border border-slate-200 p-3" data-testid={`refund-${r.bookingNumber}`}>
      <p>
        <Link
          to={`/admin/bookings/${r.bookingId}`}
          className="font-mono font-semibold text-brand-700 underline"
        >
          {r.bookingNumber}
        </Link>{' '}
        · {r.customerName} · <strong>{amount}</strong>
      </p>
      {r.promptpayId ? (
        <div className="mt-2 flex flex-wrap items-start gap-3">
          {r.qrSvg && (
            <img
              className="size-40 bg-white"
              width={160}
              height={160}
              alt={t('refunds.qrAlt', { id: r.promptpayId, amount })}
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(r.qrSvg)}`}
            />
          )}
          <p>
            {t('refunds.promptpayId')}: <span className="font-mono">{r.promptpayId}</span>
            <br />
            {t('refunds.accountName')}: {r.accountName}
          </p>
        </div>
      ) : (
        <p className="mt-2 text-amber-800">{t('refunds.waitingForId')}</p>
      )}
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onPaid({ id: r.id, way, reference });
        }}
      >
        <SelectField label={t('refunds.way')} value={way} onChange={(e) => setWay(e.target.value as Way)}>
          {refundPaidWays.map((w) => (
            <option key={w} value={w}>
              {t(`refunds.ways.${w}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('refunds.reference')}
          value={reference}
          required
          maxLength={100}
          onChange={(e) => setReference(e.target.value)}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {t('refunds.markPaid', { amount })}
        </button>
      </form>
    </li>
  );
}
