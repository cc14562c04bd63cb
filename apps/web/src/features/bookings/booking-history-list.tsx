import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addonLabel } from './addon-label';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../lib/site-link';
import { historyGroupOf, historyGroups, type Booking } from '@siam/contract/bookings';
import { DEPOSIT_HOLD_DAYS } from '@siam/contract/deposits';
import {
  cancelBooking,
  checkPayment,
  downloadReceipt,
  downloadTaxInvoice,
  downloadTaxNote,
  fetchBookings,
  fetchGateway,
} from './booking-api';
// Opened by few, and they bring the card form (and its rules): loaded when asked for.
import { BookingRefunds } from './booking-refunds';
const ChangePanel = lazy(() => import('./booking-change'));
const DepositHoldPanel = lazy(() => import('./deposit-hold'));
const DepositPromptPayPanel = lazy(() => import('./deposit-promptpay'));
// The hand-over (photos, charges, the agreement to sign): only rentals under way or done have one.
const HandOverView = lazy(() => import('./hand-over-view'));
import { useFormat } from './format';
import { DepositNote, StatusBadge } from './price-breakdown';
import { LicencePictures } from './licence-pictures';
import { SlipUpload } from './slip-upload';
import { ReviewForm } from '../reviews/review-form';

/**
 * A button that opens a panel loaded on demand; what the panel did is said once it closes, and stays
 * said when what the panel did takes the offer away (a deposit paid: the list refreshes without it).
 */
function OnRequest({
  label,
  offered = true,
  children,
}: {
  label: string;
  offered?: boolean;
  children: (close: (done: string | null) => void) => ReactNode;
}) {
  const { t } = useTranslation('booking');
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (open)
    return (
      <Suspense fallback={<p aria-busy="true">{t('common:loading')}</p>}>
        {children((message) => {
          setDone(message);
          setOpen(false);
        })}
      </Suspense>
    );
  if (!offered && !done) return null;
  return (
    <>
      {offered && (
        <button type="button" className="btn-outline" onClick={() => (setOpen(true), setDone(null))}>
          {label}
        </button>
      )}
      {done && (
        <p role="status" className="w-full text-green-800">
          {done}
        </p>
      )}
    </>
  );
}

function CancelAction({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => cancelBooking(booking.id),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
  const fee = booking.cancellationFee ?? 0;
  if (!open)
    return (
      <button type="button" className="btn-outline" onClick={() => setOpen(true)}>
        {t('history.cancel')}
      </button>
    );
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="w-full rounded-lg border border-red-300 bg-red-50 p-4"
    >
      <p id={titleId} className="font-semibold">
        {t('history.cancelTitle', { number: booking.bookingNumber })}
      </p>
      <p className="mt-1" data-testid="cancel-fee">
        {fee === 0
          ? t('history.feeFree')
          : t('history.feeAmount', { fee: f.baht(fee), refund: f.baht(Math.max(booking.total - fee, 0)) })}
      </p>
      {fee === 0 && booking.paid && (
        <p className="text-sm text-slate-700">
          {t('history.freeUntil', {
            time: f.dateTime(booking.freeCancellationUntil),
            fee: f.baht(booking.lateCancellationFee),
          })}
        </p>
      )}
      {mutation.isError && (
        <p role="alert" className="field-error">
          {mutation.error.message}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn bg-red-700 text-white hover:bg-red-800"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {t('history.confirmCancel')}
        </button>
        <button type="button" className="btn-outline" onClick={() => setOpen(false)}>
          {t('history.keep')}
        </button>
      </div>
    </div>
  );
}

/**
 * A deposit hold waiting for the card's bank (3-D Secure, decision 3413): the bank's page again, and
 * the hold asked after once when the page opens (the customer is back from the bank), as the webhook
 * would; or, while the hold cannot last until the return yet, from when it can be made.
 */
function DepositHoldState({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const queryClient = useQueryClient();
  const asked = useRef(false);
  const { authorizeUri, holdOpensAt } = booking.deposit;
  const amount = f.baht(booking.deposit.amount);
  useEffect(() => {
    if (!authorizeUri || asked.current) return;
    asked.current = true;
    checkPayment(booking.id)
      .then(() => queryClient.invalidateQueries({ queryKey: ['bookings'] }))
      .catch(() => undefined);
  }, [authorizeUri, booking.id, queryClient]);
  if (authorizeUri)
    return (
      <p className="mt-2 text-amber-900" data-testid="deposit-at-bank">
        {t('depositHold.atBank', { amount })}{' '}
        <a className="font-semibold underline" href={authorizeUri}>
          {t('depositHold.toBank')}
        </a>
      </p>
    );
  if (holdOpensAt)
    return (
      <p className="mt-2 text-sm text-slate-700" data-testid="deposit-hold-opens">
        {t('depositHold.opensAt', { amount, date: f.dateTime(holdOpensAt), days: DEPOSIT_HOLD_DAYS })}
      </p>
    );
  return null;
}

function BookingCard({
  booking,
  promptPayOnline,
}: {
  booking: Booking;
  /** Whether the gateway takes PromptPay: the deposit by PromptPay online only then (decision 3652). */
  promptPayOnline: boolean;
}) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const [slipOpen, setSlipOpen] = useState(false);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label={`${booking.bookingNumber} ${booking.carName}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-slate-600">
            {t('details.number')}:{' '}
            <span className="font-mono font-semibold text-slate-900">{booking.bookingNumber}</span>
          </p>
          <h3 className="text-lg font-semibold">{booking.carName}</h3>
        </div>
        <StatusBadge status={booking.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-slate-800 sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">{t('details.pickup')}: </dt>
          <dd className="inline">
            {f.date(booking.pickupDate)} {booking.pickupTime}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('details.return')}: </dt>
          <dd className="inline">
            {f.date(booking.returnDate)} {booking.returnTime}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('details.branch')}: </dt>
          <dd className="inline">{booking.branchName}</dd>
        </div>
        {booking.counterPlace && !booking.delivery && (
          <div data-testid="history-counter-place">
            <dt className="inline text-slate-600">{t('details.counter')}: </dt>
            <dd className="inline">{booking.counterPlace}</dd>
          </div>
        )}
        {booking.returnBranchCode !== booking.branchCode && (
          <div data-testid="history-return-branch">
            <dt className="inline text-slate-600">{t('details.returnTo')}: </dt>
            <dd className="inline">{booking.returnBranchName}</dd>
          </div>
        )}
        {booking.returnBranchCode !== booking.branchCode &&
          booking.returnCounterPlace &&
          !booking.collection && (
            <div data-testid="history-return-counter-place">
              <dt className="inline text-slate-600">{t('details.returnCounter')}: </dt>
              <dd className="inline">{booking.returnCounterPlace}</dd>
            </div>
          )}
        <div>
          <dt className="inline text-slate-600">{t('details.total')}: </dt>
          <dd className="inline font-semibold">{f.baht(booking.total)}</dd>
        </div>
        {booking.addons.length > 0 && (
          <div className="sm:col-span-2" data-testid="history-extras">
            <dt className="inline text-slate-600">{t('details.addons')}: </dt>
            <dd className="inline">{booking.addons.map(addonLabel).join(', ')}</dd>
          </div>
        )}
      </dl>
      {booking.paymentChecking && <p className="mt-2 text-amber-900">{t('history.checking')}</p>}
      {booking.taxInvoice?.monthly && (
        <p className="mt-2 text-slate-800" data-testid="on-monthly-invoice">
          {booking.taxInvoice.number
            ? t('history.onMonthlyInvoiceNumber', {
                company: booking.taxInvoice.companyName,
                number: booking.taxInvoice.number,
              })
            : t('history.onMonthlyInvoice', { company: booking.taxInvoice.companyName })}
        </p>
      )}
      {['confirmed', 'active', 'completed'].includes(booking.status) && (
        <DepositNote deposit={booking.deposit} />
      )}
      {['confirmed', 'active'].includes(booking.status) && <DepositHoldState booking={booking} />}
      {booking.status !== 'awaiting_payment' && <BookingRefunds bookingId={booking.id} />}
      {booking.status === 'awaiting_payment' && booking.payBy && !booking.paymentChecking && (
        <p className="mt-2 text-amber-900">
          {booking.slipUploaded && !booking.canUploadSlip
            ? t('history.slipPending')
            : t('details.payBy', { time: f.dateTime(booking.payBy) })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          className="btn-outline"
          to={`/booking-success?booking=${encodeURIComponent(booking.bookingNumber)}`}
        >
          {t('history.details')}
        </Link>
        {booking.canUploadSlip && !slipOpen && (
          <button type="button" className="btn-primary" onClick={() => setSlipOpen(true)}>
            {t('history.uploadSlip')}
          </button>
        )}
        {booking.paid && booking.paymentMethod !== 'company_account' && (
          <button
            type="button"
            className="btn-outline"
            onClick={() => downloadReceipt(booking).catch((e: Error) => setReceiptError(e.message))}
          >
            {t('history.receipt')}
          </button>
        )}
        {/* An invoice once issued stays the customer's, with the notes that corrected it since. */}
        {!booking.taxInvoice?.monthly && (booking.taxInvoice?.ready || booking.taxInvoice?.number) && (
          <button
            type="button"
            className="btn-outline"
            onClick={() => downloadTaxInvoice(booking).catch((e: Error) => setReceiptError(e.message))}
          >
            {t('history.taxInvoice')}
          </button>
        )}
        {booking.taxInvoice?.notes.map((note) => (
          <button
            key={note.number}
            type="button"
            className="btn-outline"
            onClick={() =>
              downloadTaxNote(booking, note.number).catch((e: Error) => setReceiptError(e.message))
            }
          >
            {t(note.kind === 'credit' ? 'history.creditNote' : 'history.debitNote', { number: note.number })}
          </button>
        ))}
        <OnRequest
          label={t('depositPromptPay.open', { amount: f.baht(booking.deposit.amount) })}
          offered={booking.deposit.canPayByPromptPay && promptPayOnline}
        >
          {(close) => <DepositPromptPayPanel booking={booking} onClose={close} />}
        </OnRequest>
        {booking.deposit.canHoldOnCard && (
          <OnRequest label={t('depositHold.open', { amount: f.baht(booking.deposit.amount) })}>
            {(close) => <DepositHoldPanel booking={booking} onClose={() => close(null)} />}
          </OnRequest>
        )}
        {(booking.canChange || booking.canExtend) && (
          <OnRequest label={t(booking.canExtend ? 'change.extend' : 'change.open')}>
            {(close) => <ChangePanel booking={booking} onClose={close} />}
          </OnRequest>
        )}
        {booking.canCancel && <CancelAction booking={booking} />}
        {(booking.status === 'active' || booking.status === 'completed') && !reviewOpen && (
          <button type="button" className="btn-action" onClick={() => setReviewOpen(true)}>
            {t('history.writeReview')}
          </button>
        )}
      </div>
      {booking.status === 'confirmed' && (
        <p className="mt-2 text-sm text-slate-700">
          {t('history.reviewFrom', { date: f.date(booking.pickupDate) })}
        </p>
      )}
      {reviewOpen && (
        <div className="mt-4">
          <ReviewForm bookingId={booking.id} />
        </div>
      )}
      {(booking.canSendLicencePicture || booking.licencePictures.length > 0) && (
        <div className="mt-3">
          <LicencePictures booking={booking} />
        </div>
      )}
      {(booking.conditionReports.length > 0 || booking.charges.length > 0 || booking.agreement) && (
        // Suspends the whole list (below), not this card: it shows once, with the hand-over in place.
        <HandOverView booking={booking} />
      )}
      {receiptError && (
        <p role="alert" className="field-error">
          {receiptError}
        </p>
      )}
      {/* Kept once a slip is in: its answer (checked with the bank and confirmed, or waiting for staff) stays in view. */}
      {slipOpen && (booking.canUploadSlip || booking.slipUploaded) && (
        <div className="mt-4">
          <SlipUpload booking={booking} />
        </div>
      )}
    </li>
  );
}

/** A customer's bookings with what each status allows; /my-bookings and the profile's rental-history tab show it. */
export function BookingHistoryList() {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const query = useQuery({
    queryKey: ['bookings', f.lang],
    queryFn: fetchBookings,
    // A deposit hold at the card's bank is settled by the gateway (its webhook): asked again meanwhile.
    refetchInterval: (q) => (q.state.data?.some((b) => b.deposit.authorizeUri) ? 5000 : false),
  });
  // Whether the gateway takes PromptPay (a booking's deposit may then be paid by it online), read beside
  // the bookings: the list shows once both are in, so the offer never lands late and pushes what is below.
  const gateway = useQuery({ queryKey: ['payment-gateway'], queryFn: fetchGateway, staleTime: 60_000 });
  const loading = (
    <div aria-busy="true" className="space-y-3">
      {[0, 1].map((i) => (
        <div key={i} className="h-40 animate-pulse rounded-xl bg-slate-100" />
      ))}
    </div>
  );
  if (query.isPending || gateway.isPending) return loading;
  const promptPayOnline = gateway.data?.sources.includes('promptpay') ?? false;
  if (query.isError)
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4">
        <p>
          {t('history.loadError')} {query.error.message}
        </p>
        <button type="button" className="btn-outline mt-2" onClick={() => void query.refetch()}>
          {t('history.retry')}
        </button>
      </div>
    );
  if (query.data.length === 0)
    return (
      <div className="rounded-xl bg-sand-50 p-6 text-center">
        <p>{t('history.empty')}</p>
        <Link to="/cars" className="btn-action mt-3">
          {t('history.browse')}
        </Link>
      </div>
    );
  // The spec's three groups (§ booking statuses: completed, active, cancelled); each booking's own
  // status (awaiting payment, expired, payment failed…) is the detail on its card.
  const groups = historyGroups
    .map((group) => ({ group, list: query.data.filter((b) => historyGroupOf(b.status) === group) }))
    .filter((g) => g.list.length > 0);
  // The list shows once its bookings' hand-over code is in (issue 32): landing inside a card after the
  // list showed, it pushed every booking below down, and a tap on one of them met nothing.
  return (
    <Suspense fallback={loading}>
      <div className="space-y-8">
        {groups.map(({ group, list }) => (
          <section key={group} aria-labelledby={`history-${group}`} data-testid={`history-${group}`}>
            <h2 id={`history-${group}`} className="mb-3 text-xl font-semibold">
              {t(`history.groups.${group}`)}
            </h2>
            <ul className="space-y-4">
              {list.map((b) => (
                <BookingCard key={b.id} booking={b} promptPayOnline={promptPayOnline} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Suspense>
  );
}
