import { useTranslation } from '../../../lib/use-translation';
import type { BookingStatus } from '@siam/contract/bookings';

const tone: Record<string, string> = {
  awaiting_payment: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-sky-100 text-sky-900',
  active: 'bg-green-100 text-green-900',
  completed: 'bg-slate-200 text-slate-900',
  cancelled: 'bg-red-100 text-red-900',
  expired: 'bg-red-100 text-red-900',
  payment_failed: 'bg-red-100 text-red-900',
};

/** A booking's status as a small coloured label (text, not colour alone, carries it). */
export function StatusBadge({ status }: { status: BookingStatus | string }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${tone[status] ?? 'bg-slate-100'}`}
      data-status={status}
    >
      {t(`bookings.status.${status}`)}
    </span>
  );
}

/** Satang to a baht amount in the active language. */
export const satang = (money: (n: number) => string, amount: number) => money(amount / 100);
