import { useTranslation } from '../../lib/use-translation';
import { usePageMeta } from '../../lib/use-page-meta';
import { RequireSignIn } from '../../app/session/require-sign-in';
import { BookingHistoryList } from './booking-history-list';

function MyBookings() {
  const { t } = useTranslation('booking');
  usePageMeta(t('history.metaTitle'));
  return (
    <div className="container-page py-8">
      <h1 className="mb-6 text-3xl font-semibold">{t('history.title')}</h1>
      <BookingHistoryList />
    </div>
  );
}

export function MyBookingsPage() {
  return (
    <RequireSignIn>
      <MyBookings />
    </RequireSignIn>
  );
}

export const Component = MyBookingsPage;
