import { BookingHistoryList } from '../bookings/booking-history-list';

/** The profile's rental-history tab: the customer's bookings with their status labels and actions. */
export function RentalHistory() {
  return <BookingHistoryList />;
}
