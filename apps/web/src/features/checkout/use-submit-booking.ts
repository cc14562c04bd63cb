import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useNavigate } from '../../lib/router';
import { createBooking } from '../bookings/booking-api';
import type { CardVault } from '@siam/contract/card-tokens';
import type { VaultRefusal } from '../bookings/card-vault';
import type { DeliveryErrors } from '../bookings/delivery-fields';
import { timeRefusal } from '../catalog/time-choice';
import { formPathOf, taxBuyerOf, type FormValues } from './booking-form-values';
import type { BookingForm } from './booking-resolver';
import type { BookingChoiceState } from './use-booking-choice';

/** The gateway's vault did not make a token of the card: nothing was sent to us, nothing charged. */
class CardNotTokenised extends Error {
  constructor(readonly reason: VaultRefusal) {
    super(reason);
  }
}

function newKey() {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Business outcomes the form says above the fields, by the API's code (never by its English text). */
const outcomeKeys: Partial<Record<string, string>> = {
  CAR_UNAVAILABLE: 'summary.unavailable',
  TOO_MANY_UNPAID_BOOKINGS: 'summary.tooManyUnpaid',
  UNPAID_HOLDS_FULL: 'summary.unpaidHoldsFull',
  UNPAID_HOLDS_FROM_NETWORK: 'summary.unpaidFromNetwork',
  RENTAL_CLOSED: 'closed',
  SEATS_SHORT: 'summary.seatsShort',
};

/**
 * Sends the booking: the card to the gateway's vault first (its token only comes to us), then the
 * booking under one idempotency key per attempt. Each problem is said once, where it is: a field's
 * at the field, the rest above the form; `onProblem` then takes the customer to the first of them.
 */
export function useSubmitBooking({
  form,
  booking,
  free,
  cardVault,
  refreshCompany,
  onProblem,
}: {
  form: BookingForm;
  booking: BookingChoiceState;
  free: boolean;
  cardVault: () => Promise<CardVault | undefined>;
  /** Asks afresh whether the customer's company account still pays (true: still a member). */
  refreshCompany: () => Promise<boolean>;
  onProblem: () => void;
}) {
  const navigate = useNavigate();
  // What went wrong as a text key (or the API's error, whose words follow the language too).
  const [formError, setFormError] = useState<string | ApiError | null>(null);
  const [taken, setTaken] = useState(false);
  const [deliveryErrors, setDeliveryErrors] = useState<DeliveryErrors>({});
  // One key per attempt: kept after a network failure or time-out (a retry is the same request), renewed after an answer.
  const idempotencyKey = useRef(newKey());
  const { choice, deliveryPlan, promo } = booking;

  const fail = (error: string | ApiError | null) => {
    setFormError(error);
    onProblem();
  };

  const submit = useMutation({
    mutationFn: async (values: FormValues) => {
      let cardToken: string | undefined;
      if (values.method === 'card' && !free) {
        // The card goes from here to the gateway's vault only; we are sent its token.
        const vault = await cardVault();
        if (!vault) throw new CardNotTokenised('vault_unreachable');
        const { createCardToken } = await import('../bookings/card-vault');
        const made = await createCardToken(vault, values.card);
        if ('refused' in made) throw new CardNotTokenised(made.refused);
        cardToken = made.token;
      }
      return createBooking(
        {
          ...choice!,
          addons: booking.addonLines,
          promoCode: promo,
          driver: values.driver,
          additionalDrivers: values.additionalDrivers,
          returnBranchCode: deliveryPlan.returnBranch || undefined,
          flightNumber: deliveryPlan.flightNumber.trim() || undefined,
          delivery: deliveryPlan.delivery
            ? { ...deliveryPlan.delivery, zoneId: deliveryPlan.delivery.zoneId ?? 0 }
            : undefined,
          collection: deliveryPlan.collection
            ? { ...deliveryPlan.collection, zoneId: deliveryPlan.collection.zoneId ?? 0 }
            : undefined,
          // The server confirms a free booking whatever the method; a transfer asks for no card.
          paymentMethod: free ? 'bank_transfer' : values.method,
          cardToken,
          acceptTerms: true,
          taxInvoice:
            values.company.wanted && values.method !== 'company_account'
              ? taxBuyerOf(values.company)
              : undefined,
        },
        idempotencyKey.current,
      );
    },
    onSuccess: (data) => {
      idempotencyKey.current = newKey();
      // The card's bank asks the customer to approve (3-D Secure): its page, then back to the booking's.
      const bank = data.instructions.card?.authorizeUri;
      if (bank) window.location.assign(bank);
      else navigate(`/booking-success?booking=${encodeURIComponent(data.booking.bookingNumber)}`);
    },
    onError: async (error, values) => {
      // Loaded with the form's checks (booking-form-page.tsx), not with the page.
      const [{ problemText }, { cardRefusal }, { refusedBookingPath }] = await Promise.all([
        import('./car-figure-words'),
        import('@siam/contract/card-tokens'),
        import('@siam/contract/bookings'),
      ]);
      if (error instanceof CardNotTokenised) return fail(`cardErrors.${error.reason}`);
      if (!(error instanceof ApiError)) return fail('summary.fixErrors');
      if (error.kind === 'http') idempotencyKey.current = newKey();
      const outcome = error.code && outcomeKeys[error.code];
      if (outcome) {
        if (error.code === 'CAR_UNAVAILABLE') setTaken(true);
        // Another family took the seats meanwhile: the quote, asked again, says which kind and how many are left.
        if (error.code === 'SEATS_SHORT') void booking.quote.refetch();
        return fail(outcome);
      }
      if (error.code === 'PAYMENT_FAILED') {
        // The booking was made and keeps its car while it is paid again: its page says why the
        // card was refused and takes another card or another way (docs/decisions/3530).
        const held = error.fieldErrors.find((e) => e.path === refusedBookingPath)?.message;
        if (held) return navigate(`/booking-success?booking=${encodeURIComponent(held)}`);
        return fail(`cardErrors.${cardRefusal(error.fieldErrors[0]?.message)}`);
      }
      if (error.code === 'DRIVER_NOT_ELIGIBLE') {
        for (const e of error.fieldErrors)
          form.setError(e.path as 'driver.birthDate', {
            type: 'server',
            message: problemText(e.source ?? e.message, 'validation.check'),
          });
        return fail('summary.driverNotEligible');
      }
      if (values.method === 'company_account' && error.fieldErrors.some((e) => e.path === 'paymentMethod')) {
        // The company's account was suspended, or the customer taken off it, since the page opened:
        // asked afresh, it says which (and the method is no longer offered).
        void refreshCompany().then((member) =>
          fail(member ? 'summary.companySuspended' : 'summary.companyNotMember'),
        );
        return;
      }
      if (error.code === 'PROMOTION_INVALID') {
        // The applied code went meanwhile: its error shows at the code's field, and only there.
        booking.setPromo(undefined);
        if (promo) {
          form.setValue('promoCode', promo);
          booking.setPromoRefused(promo);
        }
        return fail(null);
      }
      // Each field's problem at its field; above the form only what no field can say.
      const where: DeliveryErrors = {};
      let unplaced = error.fieldErrors.length === 0;
      for (const e of error.fieldErrors) {
        if (/^(delivery|collection)\.|^returnBranchCode$|^flightNumber$/.test(e.path))
          where[e.path] = problemText(e.source ?? e.message, 'validation.check');
        else if (problemText(e.source ?? e.message))
          form.setError(formPathOf(e.path) as 'driver.firstName', {
            type: 'server',
            message: problemText(e.source ?? e.message),
          });
        // The times' refusals are said at the times, from the quote.
        else if (!timeRefusal(e.source ?? e.message)) unplaced = true;
      }
      setDeliveryErrors(where);
      fail(unplaced ? error : null);
    },
  });

  /** Checks everything here first (the deliveryPlan legs are not form fields), then sends once. */
  const deliveryProblems = () => import('./booking-resolver').then((m) => m.checkDeliveries(deliveryPlan));
  const onSubmit = form.handleSubmit(
    async (values) => {
      const where = await deliveryProblems();
      setDeliveryErrors(where);
      if (Object.keys(where).length) return fail('summary.fixErrors');
      if (submit.isPending) return;
      setFormError(null);
      submit.mutate(values);
    },
    async () => {
      setDeliveryErrors(await deliveryProblems());
      fail('summary.fixErrors');
    },
  );

  return { submit, onSubmit, formError, setFormError, taken, deliveryErrors, setDeliveryErrors };
}
