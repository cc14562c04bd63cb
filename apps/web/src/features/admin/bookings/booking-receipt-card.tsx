import { useState } from 'react';
import type { AdminBookingDetail } from '@siam/contract/admin-bookings';
import { openPrivateFile } from '../../../lib/private-files';
import { useTranslation } from '../../../lib/use-translation';
import { Card } from '../admin-ui';

/**
 * The booking's receipt (issue 36 part 6, decision 3660): printed at the desk right after the counter
 * payment, and where it was sent: mailed (and by LINE when the account is linked) to the email the
 * booking has, or, when none was given, a plain word that staff print it for the customer.
 */
export function BookingReceiptCard({ data }: { data: AdminBookingDetail }) {
  const { t } = useTranslation('admin');
  const [error, setError] = useState(false);
  const b = data.booking;
  // A receipt says money was received: none before payment, none for a company's monthly invoice.
  if (!b.paid || b.paymentMethod === 'company_account') return null;
  const open = () => {
    setError(false);
    openPrivateFile(`/admin/bookings/${b.id}/receipt`).catch(() => setError(true));
  };
  return (
    <Card title={t('receipt.title')}>
      <p data-testid="receipt-sent" className="mb-2 text-slate-700">
        {data.mailedTo ? t('receipt.mailedTo', { email: data.mailedTo }) : t('receipt.noEmail')}
      </p>
      <button type="button" className="btn-outline" onClick={open}>
        {t('receipt.print')}
      </button>
      {error && <p role="alert">{t('errorGeneric')}</p>}
    </Card>
  );
}
