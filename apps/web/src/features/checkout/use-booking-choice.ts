import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AddonCode } from '@siam/contract/bookings';
import { businessRules } from '@siam/contract/business-rules';
import { TIME_OF_DAY } from '@siam/contract/rental-times';
import { isIsoDate } from '@siam/contract/catalog-rules';
import { ApiError } from '../../lib/api-client';
import { useParams, useSearchParams } from '../../lib/router';
import { fetchQuote } from '../bookings/booking-api';
import { useFormat } from '../bookings/format';
import { noDeliveryPlan, type DeliveryPlan } from '../bookings/delivery-fields';
import { timeRefusal } from '../catalog/time-choice';

/** The car, branch, dates and times the address names; null when any is missing or malformed. */
export function readChoice(carId: string | undefined, params: URLSearchParams) {
  const carModelId = Number(carId);
  const pickupDate = params.get('pickup') ?? '';
  const returnDate = params.get('return') ?? '';
  const branchCode = params.get('branch') ?? '';
  const time = (key: string, fallback: string) => {
    const value = params.get(key) ?? '';
    return TIME_OF_DAY.test(value) ? value : fallback;
  };
  const ok =
    Number.isInteger(carModelId) &&
    carModelId > 0 &&
    isIsoDate(pickupDate) &&
    isIsoDate(returnDate) &&
    returnDate >= pickupDate &&
    /^[a-zA-Z0-9_-]{1,32}$/.test(branchCode);
  return ok
    ? {
        carModelId,
        pickupDate,
        returnDate,
        branchCode,
        pickupTime: time('pickupTime', businessRules.pickupTime),
        returnTime: time('returnTime', businessRules.returnTime),
      }
    : null;
}
export type BookingChoice = NonNullable<ReturnType<typeof readChoice>>;

/** The quote's refusals of the times, as the contract's messages by field. */
function timeErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (error instanceof ApiError)
    for (const e of error.fieldErrors)
      if (timeRefusal(e.source ?? e.message)) found[e.path] ??= timeRefusal(e.source ?? e.message)!;
  return found;
}

/**
 * What is being booked and what it costs: the car, branch, dates and times from the address (a
 * time chosen here goes back into it, as the car page's box does), the extras, delivery and
 * collection, the applied code, and the server's quote for all of them, asked afresh at each change.
 */
export function useBookingChoice() {
  const f = useFormat();
  const { carId } = useParams();
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => readChoice(carId, params), [carId, params]);
  // How many of each extra: 0 or 1 for most, 0 to childSeatRules.maxPerKind for each kind of child seat.
  const [quantities, setQuantities] = useState<Partial<Record<AddonCode, number>>>({});
  const addons = (Object.keys(quantities) as AddonCode[]).filter((code) => (quantities[code] ?? 0) > 0);
  const setQuantity = (code: AddonCode, quantity: number) =>
    setQuantities((q) => ({ ...q, [code]: quantity }));
  // A return branch chosen in the search, the listing or the car page comes in the address (issue 36 part 5).
  const [deliveryPlan, setDeliveryPlan] = useState<DeliveryPlan>(() => ({
    ...noDeliveryPlan,
    returnBranch: params.get('returnBranch') ?? '',
  }));
  const [promo, setPromo] = useState<string | undefined>();
  // The code the server last refused: its error shows while that code is still what is typed.
  const [promoRefused, setPromoRefused] = useState<string | undefined>();

  const addonLines = addons.map((code) => ({ code, quantity: quantities[code]! }));
  // The quote prices the zones; where exactly (the address, the flight) goes with the booking.
  const quoteBody = choice
    ? {
        ...choice,
        addons: addonLines,
        promoCode: promo,
        returnBranchCode: deliveryPlan.returnBranch || undefined,
        delivery: deliveryPlan.delivery?.zoneId ? { zoneId: deliveryPlan.delivery.zoneId } : undefined,
        collection: deliveryPlan.collection?.zoneId ? { zoneId: deliveryPlan.collection.zoneId } : undefined,
      }
    : null;
  const quote = useQuery({
    queryKey: ['quote', quoteBody, f.lang],
    queryFn: () => fetchQuote(quoteBody!),
    enabled: quoteBody !== null,
    retry: false,
    // Each choice (an extra, a code, a time) asks the price again. Meanwhile the last price of this car
    // stays, said to be updating, instead of the breakdown going and coming back: on a desktop that moved
    // the pay button under it up and down at every tick, under a reader's eyes and a finger's tap.
    placeholderData: (previous) => (previous?.carModelId === choice?.carModelId ? previous : undefined),
  });
  const timeProblems = timeErrors(quote.error);

  return {
    choice,
    addons,
    quantities,
    addonLines,
    setQuantity,
    deliveryPlan,
    setDeliveryPlan,
    promo,
    setPromo,
    promoRefused,
    setPromoRefused,
    quote,
    /** The quote's refusal of the times, by field; a refusal said there is not said again elsewhere. */
    timeProblems,
    setTime: (key: 'pickupTime' | 'returnTime', value: string) => {
      const next = new URLSearchParams(params);
      next.set(key, value);
      setParams(next, { replace: true });
    },
  };
}
export type BookingChoiceState = ReturnType<typeof useBookingChoice>;

/**
 * What the price says when the quote is refused and no field says it: the seats' shortage in the
 * page's language (the extras name the kind and how many are left), else the API error's own words.
 */
export const quoteProblemText = (error: Error, t: (key: string) => string) =>
  error instanceof ApiError && error.code === 'SEATS_SHORT' ? t('summary.seatsShort') : error.message;
