import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminBookingDetail } from '@siam/contract/admin-bookings';
import type { ChangeOptions } from '@siam/contract/bookings';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import { fetchGateway } from '../../bookings/booking-api';
import HandOverView from '../../bookings/hand-over-view';
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

/** A booking's page: details, payments, slips, history, and what staff can do with it now. */
export function BookingPage({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const query = useAdminQuery<AdminBookingDetail>(`/bookings/${id}`);
  // The page shows once, whole (issue 32): the change card's cars and extras, the gateway's answer and
  // the hand-over's code (imported with the page, not lazily) used to land one by one after it showed,
  // each pushing the cards below it down, so a tap pressed before and released after met nothing.
  // Asked beside the booking, not after it: the options answer for a booking in any state.
  const options = useAdminQuery<ChangeOptions>(`/bookings/${id}/change/options`);
  // Whether a deposit held on a card can be kept in part: the same gateway answer the booking form reads.
  const gateway = useQuery({ queryKey: ['payment-gateway'], queryFn: fetchGateway, staleTime: Infinity });
  const [done, setDone] = useState('');

  const data = query.data;
  if (query.isPending || options.isPending || gateway.isPending) return <Loading />;
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
        <StaffChangeCard booking={b} options={options.data} onDone={setDone} />
        <HandOverCard booking={b} freeUnits={data.freeUnits}>
          <HandOverView booking={b} staff />
        </HandOverCard>
        <BookingDepositCard booking={b} partialCapture={gateway.data?.partialCapture} onDone={setDone} />
        <SlipsCard data={data} />
        <GatewayCard data={data} />
        <PaymentsCard data={data} />
        <HistoryCard data={data} />
      </div>
    </>
  );
}
