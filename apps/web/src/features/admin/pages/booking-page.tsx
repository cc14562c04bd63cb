import { lazy, Suspense, useState } from 'react';
import type { AdminBookingDetail } from '@siam/contract/admin-bookings';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import { useAdminQuery } from '../admin-api';
import { ErrorNote, Loading, PageTitle, SavedNote } from '../admin-ui';
import { BookingActionsCard } from '../bookings/booking-actions-card';
import { BookingDepositCard } from '../bookings/booking-deposit-card';
import { BookingDetailsCard } from '../bookings/booking-details-card';
import { BookingReceiptCard } from '../bookings/booking-receipt-card';
import { StaffChangeCard } from '../bookings/staff-change-card';
import { GatewayCard, HistoryCard, PaymentsCard, SlipsCard } from '../bookings/booking-records-cards';
import { StatusBadge } from '../bookings/booking-format';
import { HandOverCard } from '../bookings/hand-over';
const HandOverView = lazy(() => import('../../bookings/hand-over-view'));

/** A booking's page: details, payments, slips, history, and what staff can do with it now. */
export function BookingPage({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const query = useAdminQuery<AdminBookingDetail>(`/bookings/${id}`);
  const [done, setDone] = useState('');

  const data = query.data;
  if (query.isPending) return <Loading />;
  if (!data) return <ErrorNote error={query.error} />;
  const b = data.booking;

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/bookings" className="underline">
          {t('booking.back')}
        </Link>
      </p>
      <PageTitle title={t('booking.title', { number: b.bookingNumber })}>
        <span data-testid="booking-status">
          <StatusBadge status={b.status} />
        </span>
      </PageTitle>
      <SavedNote show={!!done}>{done}</SavedNote>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <BookingDetailsCard data={data} />
        <BookingActionsCard data={data} onDone={setDone} />
        <BookingReceiptCard data={data} />
        <StaffChangeCard booking={b} onDone={setDone} />
        <HandOverCard booking={b} freeUnits={data.freeUnits}>
          <Suspense fallback={<Loading />}>
            <HandOverView booking={b} staff />
          </Suspense>
        </HandOverCard>
        <BookingDepositCard booking={b} onDone={setDone} />
        <SlipsCard data={data} />
        <GatewayCard data={data} />
        <PaymentsCard data={data} />
        <HistoryCard data={data} />
      </div>
    </>
  );
}
