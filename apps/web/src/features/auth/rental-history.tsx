import { CarFront } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The profile's rental-history tab. The bookings module replaces this body
 * with the customer's bookings and their status labels (completed, active,
 * cancelled); until bookings exist, an empty history is the truth.
 */
export function RentalHistory() {
  const { t } = useTranslation('auth');
  return (
    <div
      className="rounded-xl border border-dashed border-slate-300 p-8 text-center"
      data-testid="rental-history-empty"
    >
      <CarFront aria-hidden size={40} className="mx-auto text-brand-700" />
      <p className="mt-3 text-lg font-semibold text-brand-900">{t('profile.history.emptyTitle')}</p>
      <p className="mt-1 text-slate-700">{t('profile.history.emptyText')}</p>
      <Link to="/" className="btn-action mt-4">
        {t('profile.history.browse')}
      </Link>
    </div>
  );
}
