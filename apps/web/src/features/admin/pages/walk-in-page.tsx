import { useState, type FormEvent } from 'react';
import { businessRules } from '@siam/contract/business-rules';
import type { AddonCode, Booking, QuoteBody } from '@siam/contract/bookings';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from '../../../lib/router';
import { fieldErrors, useAdminMutation } from '../admin-api';
import { ErrorNote, PageTitle, bangkokToday } from '../admin-ui';
import { noDeliveryPlan, type DeliveryChoice } from '../../bookings/delivery-fields';
import { WalkInDriver, emptyDriver } from '../walk-in/walk-in-driver';
import { WalkInMoreDrivers, type MoreDriverDraft } from '../walk-in/walk-in-more-drivers';
import { WalkInPayment, type CounterPayment } from '../walk-in/walk-in-payment';
import { WalkInPrice } from '../walk-in/walk-in-price';
import { WalkInTrip, type TripDraft } from '../walk-in/walk-in-trip';

/** A delivery or collection's zone for the quote (its fee), where the booking takes the address too. */
const zoneOf = (leg: DeliveryChoice | null) => (leg?.zoneId ? { zoneId: leg.zoneId } : undefined);

/** The quote the trip asks for, once car, branch and dates are chosen (the site's own quote call). */
function quoteOf(trip: TripDraft): QuoteBody | undefined {
  if (!trip.carModelId || !trip.branchCode || !trip.pickupDate || !trip.returnDate) return undefined;
  const { deliveryPlan } = trip;
  return {
    carModelId: Number(trip.carModelId),
    branchCode: trip.branchCode,
    pickupDate: trip.pickupDate,
    returnDate: trip.returnDate,
    pickupTime: trip.pickupTime,
    returnTime: trip.returnTime,
    addons: Object.entries(trip.extras)
      .filter(([, quantity]) => quantity > 0)
      .map(([code, quantity]) => ({ code: code as AddonCode, quantity })),
    ...(deliveryPlan.returnBranch && { returnBranchCode: deliveryPlan.returnBranch }),
    ...(zoneOf(deliveryPlan.delivery) && { delivery: zoneOf(deliveryPlan.delivery) }),
    ...(zoneOf(deliveryPlan.collection) && { collection: zoneOf(deliveryPlan.collection) }),
  };
}

/** A leg as the booking takes it: the zone and where (the address, the hotel or the flight). */
const legOf = (leg: DeliveryChoice | null) => (leg ? { ...leg, zoneId: leg.zoneId ?? 0 } : undefined);

/**
 * A phone or walk-in booking: the same rules as the site (prices, free cars, dates, times, extras,
 * one-way) through the same booking call, its price shown live from the site's quote before any money
 * is taken; paid by card terminal, PromptPay, cash or transfer, now or later (issue 36 part 6).
 */
export function WalkInPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  // One key per form: a double click or a retry cannot book twice.
  const [keyHeader] = useState(() => ({ 'idempotency-key': `walkin-${crypto.randomUUID()}` }));
  const create = useAdminMutation<Booking, Record<string, unknown>>('POST', '/bookings', keyHeader);
  const [trip, setTrip] = useState<TripDraft>({
    carModelId: '',
    branchCode: '',
    pickupDate: bangkokToday(),
    pickupTime: businessRules.pickupTime,
    returnDate: '',
    returnTime: businessRules.returnTime,
    extras: {},
    deliveryPlan: noDeliveryPlan,
  });
  const [customerEmail, setCustomerEmail] = useState('');
  const [payment, setPayment] = useState<CounterPayment>({
    method: 'card_terminal',
    reference: '',
    paid: true,
  });
  const [driver, setDriver] = useState(emptyDriver);
  const [permit, setPermit] = useState(false);
  const [moreDrivers, setMoreDrivers] = useState<MoreDriverDraft[]>([]);
  const errors = fieldErrors(create.error);
  const quote = quoteOf(trip);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        ...(quote ?? {
          carModelId: Number(trip.carModelId),
          branchCode: trip.branchCode,
          pickupDate: trip.pickupDate,
          returnDate: trip.returnDate,
        }),
        delivery: legOf(trip.deliveryPlan.delivery),
        collection: legOf(trip.deliveryPlan.collection),
        customerEmail,
        paymentMethod: payment.method,
        ...(payment.reference.trim() && { terminalReference: payment.reference }),
        paid: payment.method !== 'company_account' && payment.paid,
        driver: { ...driver, internationalPermit: permit },
        additionalDrivers: moreDrivers.map(({ permit: idp, ...d }) => ({ ...d, internationalPermit: idp })),
      },
      { onSuccess: (b) => navigate(`/admin/bookings/${b.id}`) },
    );
  };

  return (
    <>
      <PageTitle title={t('walkIn.title')} />
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('walkIn.title')}>
        <WalkInTrip trip={trip} setTrip={setTrip} errors={errors} quoteBody={quote} />
        <WalkInPrice body={quote} />
        <WalkInDriver
          driver={driver}
          setDriver={setDriver}
          permit={permit}
          setPermit={setPermit}
          customerEmail={customerEmail}
          onCustomerEmail={setCustomerEmail}
          errors={errors}
        />
        <WalkInMoreDrivers drivers={moreDrivers} setDrivers={setMoreDrivers} errors={errors} />
        <WalkInPayment value={payment} onChange={setPayment} errors={errors} />
        <ErrorNote error={create.error} />
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {t('walkIn.submit')}
        </button>
      </form>
    </>
  );
}
