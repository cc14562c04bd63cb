import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { type AddonCode, type Booking, type ChangeQuote, type WaitingChange } from '@siam/contract/bookings';
import { cardRefusal } from '@siam/contract/card-tokens';
import { ApiError } from '../../lib/api-client';
import { useMessageWords, type MessageWords, LabelledControl } from '../../lib/form-fields';
import { useTranslation } from '../../lib/use-translation';
import { changeBooking, fetchChangeOptions, fetchWaitingChange, quoteChange } from './booking-api';
import { CarAndExtras } from './change-car-and-extras';
import { ChangeMethodChoice, WaitingChangeView, useChangeMethods, type ChangeMethod } from './change-payment';
import { CardEntryFields, useCardEntry } from './card-entry';
import { useFormat } from './format';
import { TimeChoice, useBranchPickupReturn } from '../catalog/time-choice';

const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/**
 * Changing a booking before pickup (dates, times, car, extras), or extending a rental under way (the
 * terms' promise): the change, then the new total with the difference, then, when a paid booking
 * costs more, the card for the difference (tokenised in the browser, as when booking).
 */
export default function ChangePanel({
  booking,
  onClose,
}: {
  booking: Booking;
  /** Closed, with what was done (null: kept as it was). */
  onClose: (done: string | null) => void;
}) {
  const { t } = useTranslation('booking');
  const words = useMessageWords();
  const f = useFormat();
  const titleId = useId();
  const queryClient = useQueryClient();
  const extend = booking.canExtend;
  const [pickupDate, setPickup] = useState(booking.pickupDate);
  const [returnDate, setReturn] = useState(booking.returnDate);
  const [pickupTime, setPickupTime] = useState(booking.pickupTime);
  const [returnTime, setReturnTime] = useState(booking.returnTime);
  const [carModelId, setCar] = useState(booking.carModelId);
  const [extras, setExtras] = useState<AddonCode[]>(booking.addons.map((a) => a.code as AddonCode));
  // Another car or other extras only before pickup.
  const options = useQuery({
    queryKey: ['change-options', booking.id, f.lang],
    queryFn: () => fetchChangeOptions(booking.id),
    enabled: !booking.canExtend,
  });
  const wanted = {
    pickupDate,
    returnDate,
    pickupTime,
    returnTime,
    ...(!booking.canExtend && { carModelId, addons: extras.map((code) => ({ code, quantity: 1 })) }),
  };
  const pickupReturnAt = useBranchPickupReturn();
  const hoursOf = (code: string) => pickupReturnAt(code).times;
  // A change prices its pickups and returns out of hours at the fee the booking agreed, or the branch's when it
  // agreed none (booking-changes.ts, decision 3610): said when it has one or a time chosen is out of hours.
  const outOfHoursFee = booking.fees.find((fee) => fee.code === 'out_of_hours')?.amount ?? 0;
  const outOfHoursNow =
    pickupReturnAt(booking.branchCode).feeAt(pickupTime) !== null ||
    pickupReturnAt(booking.returnBranchCode).feeAt(returnTime) !== null;
  const [plan, setPlan] = useState<ChangeQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newKey());
  const card = useCardEntry(true);
  const methods = useChangeMethods();
  const [method, setMethod] = useState<ChangeMethod>('card');
  const [waiting, setWaiting] = useState<WaitingChange | null>(null);
  const already = useQuery({
    queryKey: ['waiting-change', booking.id],
    queryFn: () => fetchWaitingChange(booking.id),
  });
  const shown = waiting ?? (already.data?.status === 'awaiting_payment' ? already.data : null);
  const byCard = plan?.settle === 'card' && method === 'card';

  const say = (e: unknown) => changeRefusal(e, extend, t, words);
  const ask = useMutation({
    mutationFn: () => quoteChange(booking.id, wanted),
    onSuccess: (q) => {
      setPlan(q);
      setError(q.available ? null : t(extend ? 'change.bookedNext' : 'change.unavailable'));
    },
    onError: (e) => {
      setPlan(null);
      setError(say(e));
    },
  });
  const confirm = useMutation({
    mutationFn: async () => {
      if (plan?.settle === 'card' && method !== 'card')
        return changeBooking(booking.id, { ...wanted, paymentMethod: method }, key.current);
      let cardToken: string | undefined;
      if (plan?.settle === 'card') cardToken = await card.tokenise();
      return changeBooking(booking.id, { ...wanted, cardToken }, key.current);
    },
    onSuccess: (r) => {
      key.current = newKey();
      if (r.waiting) return setWaiting(r.waiting);
      onClose(
        [
          t('change.done', { from: f.date(r.booking.pickupDate), to: f.date(r.booking.returnDate) }),
          r.charged > 0 ? t('change.charged', { amount: f.baht(r.charged) }) : '',
          r.refunded > 0 ? t('change.refunded', { amount: f.baht(r.refunded) }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.kind === 'http') key.current = newKey();
      setError(say(e));
    },
  });

  const submit = () => {
    setError(null);
    if (byCard && !card.check()) return;
    confirm.mutate();
  };

  const pending = ask.isPending || confirm.isPending;
  if (shown)
    return (
      <section
        aria-labelledby={titleId}
        className="w-full rounded-lg border border-brand-200 bg-brand-50 p-4"
      >
        <h3 id={titleId} className="font-semibold">
          {t(extend ? 'change.extendTitle' : 'change.title', { number: booking.bookingNumber })}
        </h3>
        <WaitingChangeView
          bookingId={booking.id}
          bookingNumber={booking.bookingNumber}
          first={shown}
          onMade={(w) => {
            void queryClient.invalidateQueries({ queryKey: ['bookings'] });
            void queryClient.invalidateQueries({ queryKey: ['waiting-change', booking.id] });
            onClose(t('change.done', { from: f.date(w.pickupDate), to: f.date(w.returnDate) }));
          }}
        />
      </section>
    );
  return (
    <section aria-labelledby={titleId} className="w-full rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h3 id={titleId} className="font-semibold">
        {t(extend ? 'change.extendTitle' : 'change.title', { number: booking.bookingNumber })}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t(extend ? 'change.extendRule' : 'change.rule')}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {!extend && (
          <LabelledControl label={t('change.pickup')}>
            {(p) => (
              <input
                {...p}
                type="date"
                className="field-input"
                value={pickupDate}
                onChange={(e) => (setPickup(e.target.value), setPlan(null))}
              />
            )}
          </LabelledControl>
        )}
        {!extend && (
          <TimeChoice
            id={`${titleId}-pickup-time`}
            label={t('times.pickup')}
            value={pickupTime}
            times={hoursOf(booking.branchCode)}
            onChange={(v) => (setPickupTime(v), setPlan(null))}
          />
        )}
        <LabelledControl label={t('change.return')}>
          {(p) => (
            <input
              {...p}
              type="date"
              className="field-input"
              value={returnDate}
              onChange={(e) => (setReturn(e.target.value), setPlan(null))}
            />
          )}
        </LabelledControl>
        <TimeChoice
          id={`${titleId}-return-time`}
          label={t('times.return')}
          value={returnTime}
          times={hoursOf(booking.returnBranchCode)}
          onChange={(v) => (setReturnTime(v), setPlan(null))}
        />
      </div>
      {(outOfHoursFee > 0 || outOfHoursNow) && (
        <p className="mt-2 text-sm text-slate-700" data-testid="change-out-of-hours">
          {outOfHoursFee > 0
            ? t('change.outOfHoursKept', { fee: f.baht(outOfHoursFee) })
            : t('change.outOfHoursNone')}
        </p>
      )}
      {options.data && (
        <CarAndExtras
          options={options.data}
          carModelId={carModelId}
          extras={extras}
          onCar={(id) => (setCar(id), setPlan(null))}
          onExtras={(next) => (setExtras(next), setPlan(null))}
        />
      )}
      {plan?.available && (
        <div className="mt-3 rounded-lg bg-white p-3" data-testid="change-quote">
          {plan.carModelId !== booking.carModelId && <p className="font-semibold">{plan.carName}</p>}
          <p>
            {t('change.newTotal', {
              days: plan.days,
              total: f.baht(plan.total),
              was: f.baht(plan.currentTotal),
            })}
          </p>
          <p className="font-semibold">
            {plan.settle === 'card'
              ? t('change.payDifference', { amount: f.baht(plan.difference) })
              : plan.settle === 'refund'
                ? t('change.refundDifference', { amount: f.baht(-plan.difference) })
                : plan.settle === 'new_total'
                  ? t('change.payNewTotal', { total: f.baht(plan.total) })
                  : t('change.noDifference')}
          </p>
        </div>
      )}
      {plan?.available && plan.settle === 'card' && (
        <ChangeMethodChoice methods={methods} value={method} onChange={setMethod} />
      )}
      {plan?.available && byCard && (
        <div className="mt-3">
          <CardEntryFields entry={card} />
        </div>
      )}
      {error && (
        <p role="alert" className="field-error mt-3">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {plan?.available ? (
          <button type="button" className="btn-primary" disabled={pending} onClick={submit}>
            {t(
              plan.settle === 'card' ? (byCard ? 'change.payAndChange' : 'change.showQr') : 'change.confirm',
            )}
          </button>
        ) : (
          <button type="button" className="btn-primary" disabled={pending} onClick={() => ask.mutate()}>
            {t('change.seePrice')}
          </button>
        )}
        <button type="button" className="btn-outline" onClick={() => onClose(null)}>
          {t('change.keep')}
        </button>
      </div>
    </section>
  );
}

/** A change's refusal in this page's words: by its code, else by the contract's message it carries. */
function changeRefusal(e: unknown, extend: boolean, t: (key: string) => string, words: MessageWords): string {
  if (e instanceof ApiError) {
    if (e.code === 'CAR_UNAVAILABLE') return t(extend ? 'change.bookedNext' : 'change.unavailable');
    if (e.code === 'PAYMENT_FAILED') return t(`cardErrors.${cardRefusal(e.fieldErrors[0]?.message)}`);
    // The contract's message, as the refusal or its field carries it (`source` once the API said it
    // in the page's language, decision 3542), in the contract's words (decision 3543).
    const known = [e.serverMsg, ...e.fieldErrors.map((f) => f.source ?? f.message)].find(words.has);
    return known ? words.say(known, t) : e.message;
  }
  return e instanceof Error && e.message.startsWith('cardErrors.') ? t(e.message) : t('summary.fixErrors');
}
