import { takeTypedValue } from '../../lib/server-rendered';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation, useNavigate } from '../../lib/router';
import { Link } from '../../lib/site-link';
import { businessRules } from '@siam/contract/business-rules';
import type { CarDetails } from '@siam/contract/catalog';
import { isIsoDate, rentalDays } from '@siam/contract/catalog-rules';
import { bangkokInstant } from '@siam/contract/bangkok-time';
import { pickupReturnTimeAt, type PickupReturnHours } from '@siam/contract/pickup-return-hours';
import { TIME_OF_DAY, rentalLength } from '@siam/contract/rental-times';
import { setOrDelete, useAddressParams } from '../../lib/use-address-params';
import { useSession } from '../../app/session/session-provider';
import { useQuote } from './catalog-api';
import { formatBaht } from '../../lib/money';
import { CurrencyNote, CurrencyPicker, useDisplayCurrency } from './display-currency';
import { formatDate, todayInBangkok } from './format';
import { pickupReturnChoice, outOfHoursNote, TimeChoice, useBranchPickupReturn } from './time-choice';
import { ReturnBranchChoice, useOneWayRoutes } from './return-branch-choice';

/** The chosen times and the price the booking will charge for them (the server's quote), as they change. */
function LivePrice({
  chosen,
  quoted,
  days,
  branchChosen,
}: {
  chosen: { pickupDate: string; pickupTime: string; returnDate: string; returnTime: string } | null;
  quoted: ReturnType<typeof useQuote>['data'];
  days: number;
  branchChosen: boolean;
}) {
  const { t, i18n } = useTranslation('catalog');
  const { price } = useDisplayCurrency();
  const lang = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="mt-4 rounded-lg bg-sand-100 p-3" aria-live="polite" data-testid="live-price">
      {chosen ? (
        <>
          <p className="text-sm text-slate-700">
            {formatDate(chosen.pickupDate, lang)} {chosen.pickupTime} – {formatDate(chosen.returnDate, lang)}{' '}
            {chosen.returnTime}
          </p>
          {quoted ? (
            <p className="flex items-baseline justify-between gap-2">
              <span>{t('booking.priceFor', { count: days })}</span>
              <span className="text-xl font-semibold text-brand-900" data-testid="car-page-total">
                {price(quoted.total / 100)}
              </span>
            </p>
          ) : (
            !branchChosen && <p className="text-sm text-slate-800">{t('booking.totalAfterBranch')}</p>
          )}
          {quoted?.fees.map((fee) => (
            <p
              key={fee.code}
              className="flex justify-between gap-2 text-sm"
              data-testid={`quote-fee-${fee.code}`}
            >
              <span>{t(`booking.fees.${fee.code}`, { place: fee.label })}</span>
              <span>{price(fee.amount / 100)}</span>
            </p>
          ))}
          {quoted && (
            <p className="text-xs text-slate-700" data-testid="quote-vat">
              {t('booking.vatOf', { amount: formatBaht(quoted.vat / 100) })}
            </p>
          )}
          <p className="text-xs text-slate-700">{t('booking.beforeExtras')}</p>
          {quoted?.available === false && (
            <p role="alert" className="field-error mt-2">
              {t('booking.taken')}
            </p>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-700">{t('booking.chooseDates')}</p>
      )}
    </div>
  );
}

/** The box's refusal of a time: not when the branch hands over (open or in its out-of-hours band). */
function outsideHours(
  time: string,
  hours: PickupReturnHours,
  say: (key: string, v: Record<string, string>) => string,
) {
  if (pickupReturnTimeAt(time, hours) !== 'closed') return undefined;
  const band = hours.outOfHours ?? hours;
  return say('times.outsideHours', { opens: band.opensAt, closes: band.closesAt });
}

/** One end of the rental in the box: its day (no past days) and its time among the branch's. */
function DayAndTime(props: {
  id: string;
  /** The keys typed values are kept under before the page is live: booking-<keep>, booking-<keep>Time. */
  keep: 'pickup' | 'return';
  dateLabel: string;
  timeLabel: string;
  min: string;
  date: string;
  dateError?: string;
  time: string;
  times: string[];
  note: (time: string) => string | undefined;
  timeError?: string;
  onDate: (value: string) => void;
  onTime: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="field-label">
        {props.dateLabel}
      </label>
      <input
        id={props.id}
        data-keep={`booking-${props.keep}`}
        type="date"
        className="field-input"
        min={props.min}
        required
        value={props.date}
        aria-invalid={Boolean(props.dateError)}
        aria-describedby={props.dateError ? `${props.id}-error` : undefined}
        onChange={(e) => props.onDate(e.target.value)}
      />
      {props.dateError && (
        <p id={`${props.id}-error`} role="alert" className="field-error">
          {props.dateError}
        </p>
      )}
      <TimeChoice
        id={`${props.id}-time`}
        label={props.timeLabel}
        keep={`booking-${props.keep}Time`}
        value={props.time}
        times={props.times}
        note={props.note}
        error={props.timeError}
        onChange={props.onTime}
      />
    </div>
  );
}

/**
 * The booking box of the car page: branch, pickup and return dates and times (Bangkok wall clock;
 * no past dates; the times the branch is open, not on a day it is closed; a same-day rental at
 * least the branch's minimum hours) and a live price. The choice lives in the page's own query
 * string, so a customer sent to log in comes back to the same choice. The server decides again.
 */
export function BookingBox({ car }: { car: CarDetails }) {
  const { t } = useTranslation('catalog');
  const { price } = useDisplayCurrency();
  const id = useId();
  const [params, changeParams] = useAddressParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [message, setMessage] = useState<'missing' | 'login' | null>(null);

  const today = todayInBangkok();
  const pickup = params.get('pickup') ?? '';
  const ret = params.get('return') ?? '';
  const requested = params.get('branch') ?? '';
  const branch = car.branches.some((b) => b.code === requested)
    ? requested
    : car.branches.length === 1
      ? car.branches[0]!.code
      : '';
  const branchInfo = car.branches.find((b) => b.code === branch);
  const timeParam = (key: string, fallback: string) => {
    const value = params.get(key) ?? '';
    return TIME_OF_DAY.test(value) ? value : fallback;
  };
  const pickupTime = timeParam('pickupTime', businessRules.pickupTime);
  const returnTime = timeParam('returnTime', businessRules.returnTime);
  const pickupReturn = pickupReturnChoice(branchInfo);
  const { opensAt, closesAt, outOfHours: band } = pickupReturn.hours;
  const note = outOfHoursNote(pickupReturn, t);
  // A one-way return (issue 36 part 5): a branch the pickup branch has a route to, else the pickup branch.
  const routes = useOneWayRoutes(branch);
  const askedReturn = params.get('returnBranch') ?? '';
  const returnBranch = routes.data?.some((r) => r.branchCode === askedReturn) ? askedReturn : '';
  const pickupReturnAt = useBranchPickupReturn();
  const back = returnBranch ? pickupReturnAt(returnBranch) : pickupReturn;

  // Chosen before the page was live (a slow phone shows the box before its code runs): kept.
  useEffect(() => {
    const typed = (['branch', 'returnBranch', 'pickup', 'return', 'pickupTime', 'returnTime'] as const)
      .map((key) => [key, takeTypedValue(`booking-${key}`)] as const)
      .filter(([, value]) => value);
    if (typed.length)
      changeParams(
        (next) => {
          for (const [key, value] of typed) next.set(key, value!);
          return next;
        },
        { replace: true },
      );
  }, [changeParams]);

  const set = (
    key: 'pickup' | 'return' | 'branch' | 'returnBranch' | 'pickupTime' | 'returnTime',
    value: string,
  ) => {
    changeParams((next) => setOrDelete(next, key, value), { replace: true });
    setMessage(null);
  };

  let pickupError: string | undefined;
  let returnError: string | undefined;
  if (pickup && (!isIsoDate(pickup) || pickup < today)) pickupError = t('dates.pickupPast');
  else if (pickup && branchInfo?.closed_on.includes(pickup)) pickupError = t('times.closedDay');
  if (ret && pickup && ret < pickup) returnError = t('dates.returnBeforePickup');
  else if (ret && pickup && !pickupError && rentalDays(pickup, ret) > businessRules.maxRentalDays)
    returnError = t('dates.tooLong', { days: businessRules.maxRentalDays });
  else if (ret && branchInfo?.closed_on.includes(ret)) returnError = t('times.closedDay');
  const pickupTimeError = outsideHours(pickupTime, pickupReturn.hours, t);
  let returnTimeError = outsideHours(returnTime, back.hours, t);
  if (!returnTimeError && pickup && ret === pickup && !returnError && isIsoDate(ret)) {
    const hours =
      (bangkokInstant(ret, returnTime).getTime() - bangkokInstant(pickup, pickupTime).getTime()) / 3_600_000;
    const minHours = branchInfo?.min_rental_hours ?? 1;
    if (hours <= 0) returnTimeError = t('times.returnBeforePickup');
    else if (hours < minHours) returnTimeError = t('times.tooShort', { count: minHours });
  }
  const datesOk = Boolean(
    pickup && ret && !pickupError && !returnError && !pickupTimeError && !returnTimeError && isIsoDate(ret),
  );
  const chosen = { pickupDate: pickup, pickupTime, returnDate: ret, returnTime };
  // The days before the server's quote says them (without a late-return rule the site cannot know).
  const days = datesOk ? rentalLength(chosen, null).days : 0;
  const daily = car.hot_deal?.price_per_day ?? car.price_per_day;
  // Prices come from the server's quote only, the one the booking uses (seasons, weekends, tiers:
  // decision 3531); until a branch is chosen the box asks for one rather than guess.
  const quote = useQuote(
    datesOk && branch
      ? {
          carModelId: car.car_model_id,
          branchCode: branch,
          ...(returnBranch && { returnBranchCode: returnBranch }),
          ...chosen,
          addons: [],
        }
      : undefined,
  );
  const quoted = datesOk && branch ? quote.data : undefined;
  const shownDays = quoted?.days ?? days;
  const taken = quoted?.available === false;

  const choiceQuery = new URLSearchParams({
    pickup,
    return: ret,
    branch,
    ...(returnBranch && { returnBranch }),
    pickupTime,
    returnTime,
  }).toString();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pickup || !ret || !branch) return setMessage('missing');
    if (!datesOk || taken) return;
    if (!user) return setMessage('login');
    navigate(`/booking/${car.car_model_id}?${choiceQuery}`);
  };
  const from = `${location.pathname}?${choiceQuery}`;
  const disabled = car.is_active !== 1 || car.branches.length === 0;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="booking-box"
    >
      <h2 id={`${id}-title`} className="text-xl">
        {t('booking.title')}
      </h2>
      <p className="mt-1">
        <span className="text-2xl font-semibold text-brand-800" data-testid="car-page-price">
          {price(quoted ? Math.round(quoted.total / quoted.days) / 100 : daily)}
        </span>
        <span className="text-slate-700">{t(quoted ? 'card.perDayAverage' : 'perDay')}</span>
        {car.hot_deal && !quoted && (
          <span className="ml-2 text-sm text-slate-600 line-through">
            <span className="sr-only">{t('card.was')} </span>
            {price(car.price_per_day)}
          </span>
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-testid="deposit">
        {t('booking.deposit', { amount: price(car.deposit) })}
      </p>
      <CurrencyPicker className="mt-3 flex-wrap" />
      <CurrencyNote className="mt-2" />
      <div className="mt-4 space-y-4">
        <div>
          <label htmlFor={`${id}-branch`} className="field-label">
            {t('booking.branch')}
          </label>
          <select
            id={`${id}-branch`}
            data-keep="booking-branch"
            className="field-input"
            value={branch}
            required
            onChange={(e) => set('branch', e.target.value)}
          >
            <option value="">{t('booking.chooseBranch')}</option>
            {car.branches.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <ReturnBranchChoice
          id={`${id}-return-branch`}
          pickupName={branchInfo?.name ?? ''}
          value={returnBranch}
          routes={routes.data ?? []}
          noRoute={Boolean(askedReturn && routes.data && !returnBranch)}
          onChange={(v) => set('returnBranch', v)}
        />
        <div className="grid grid-cols-2 gap-3">
          <DayAndTime
            id={`${id}-pickup`}
            keep="pickup"
            dateLabel={t('dates.pickup')}
            timeLabel={t('times.pickup')}
            min={today}
            date={pickup}
            dateError={pickupError}
            time={pickupTime}
            times={pickupReturn.times}
            note={note}
            timeError={pickupTimeError}
            onDate={(v) => set('pickup', v)}
            onTime={(v) => set('pickupTime', v)}
          />
          <DayAndTime
            id={`${id}-return`}
            keep="return"
            dateLabel={t('dates.return')}
            timeLabel={t('times.return')}
            min={pickup || today}
            date={ret}
            dateError={returnError}
            time={returnTime}
            times={back.times}
            note={outOfHoursNote(back, t)}
            timeError={returnTimeError}
            onDate={(v) => set('return', v)}
            onTime={(v) => set('returnTime', v)}
          />
        </div>
        <p className="text-xs text-slate-700" data-testid="branch-hours">
          {branchInfo
            ? t('times.hours', { opens: opensAt, closes: closesAt, count: branchInfo.min_rental_hours })
            : t('times.dayRule')}
          {band &&
            ` ${t('times.band', { opens: band.opensAt, closes: band.closesAt, fee: price(band.feeSatang / 100) })}`}
        </p>
      </div>
      <LivePrice
        chosen={datesOk ? chosen : null}
        quoted={quoted}
        days={shownDays}
        branchChosen={Boolean(branch)}
      />
      {message === 'missing' && (
        <p role="alert" className="field-error mt-3">
          {t('booking.missing')}
        </p>
      )}
      {message === 'login' && (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-slate-900">
          {t('booking.loginFirst')}{' '}
          <Link to="/login" state={{ from, tab: 'login' }} className="font-semibold text-brand-700 underline">
            {t('booking.loginLink')}
          </Link>
        </p>
      )}
      <button type="submit" className="btn-action mt-4 w-full" disabled={disabled || taken}>
        {disabled || taken ? t('booking.unavailable') : t('booking.bookNow')}
      </button>
      <p className="mt-2 text-center text-xs text-slate-700">{t('booking.vatIncluded')}</p>
    </form>
  );
}
