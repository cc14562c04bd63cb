import { useQuery, useQueryClient } from '@tanstack/react-query';
import { personName } from '@siam/contract/person-names';
import { addonLabel } from './addon-label';
import {
  CheckCircle2,
  Download,
  Home,
  Link2,
  Mail,
  MessageCircle,
  MessagesSquare,
  Printer,
  Send,
  Star,
  Car,
  XCircle,
} from 'lucide-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../lib/use-translation';
import { PromptPayQr } from './promptpay-qr';
import { useSearchParams } from '../../lib/router';
import { Link } from '../../lib/site-link';
import { holdingStatuses, type Booking, type PaymentInstructions } from '@siam/contract/bookings';
import { cardRefusal } from '@siam/contract/card-tokens';
import { lineShareUrl, messengerShareUrl, shareLink } from '../../lib/share-link';
import { useAuthConfig } from '../../app/session/auth-config';
import { usePageMeta } from '../../lib/use-page-meta';
import { RequireSignIn } from '../../app/session/require-sign-in';
import { checkPayment, downloadReceipt, fetchBooking, fetchPaymentInstructions } from './booking-api';
import { useFormat } from './format';
import { DepositNote, PriceBreakdown, StatusBadge } from './price-breakdown';
import { SlipUpload } from './slip-upload';
import { PayAgain } from './pay-again';

/** A wallet's charge at the gateway: WeChat Pay's QR code to scan, or the way to Alipay's page. */
function WalletPayment({
  wallet,
  amount,
}: {
  wallet: NonNullable<PaymentInstructions['wallet']>;
  amount: string;
}) {
  const { t } = useTranslation('booking');
  if (wallet.authorizeUri)
    return (
      <a className="btn-action mt-3" href={wallet.authorizeUri}>
        {t(`success.walletGo.${wallet.method}`, { amount })}
      </a>
    );
  if (!wallet.qrSvg) return null;
  return (
    <figure className="mt-3">
      <figcaption className="font-semibold">
        {t(`success.walletScan.${wallet.method}`, { amount })}
      </figcaption>
      <img
        className="mt-2 size-60 bg-white"
        width={240}
        height={240}
        alt={t('success.walletQrAlt', { method: t(`methods.${wallet.method}`), amount })}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(wallet.qrSvg)}`}
      />
    </figure>
  );
}

function PaymentBox({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const instructions = useQuery({
    queryKey: ['payment-instructions', booking.id, f.lang],
    queryFn: () => fetchPaymentInstructions(booking.id),
  });
  const amount = f.baht(booking.total);
  return (
    <section
      aria-labelledby="pay-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 print:hidden"
    >
      <h2 id="pay-title" className="text-xl font-semibold">
        {t('success.howToPay')}
      </h2>
      {booking.payBy && (
        <p className="mt-1 text-amber-950">{t('details.payBy', { time: f.dateTime(booking.payBy) })}</p>
      )}
      {instructions.data?.bankAccount && (
        <div className="mt-3">
          <p className="font-semibold">{t('success.bankAccount', { amount })}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt>{t('success.bank')}</dt>
            <dd>{instructions.data.bankAccount.bank}</dd>
            <dt>{t('success.accountName')}</dt>
            <dd>{instructions.data.bankAccount.accountName}</dd>
            <dt>{t('success.accountNumber')}</dt>
            <dd className="font-mono text-lg" data-testid="bank-account-number">
              {instructions.data.bankAccount.accountNumber}
            </dd>
          </dl>
        </div>
      )}
      {instructions.data?.promptpay && (
        <PromptPayQr
          qrSvg={instructions.data.promptpay.qrSvg}
          amount={amount}
          bookingNumber={booking.bookingNumber}
          promptpayId={instructions.data.promptpay.id ?? null}
          slip={!instructions.data.promptpay.viaGateway}
        />
      )}
      {instructions.data?.wallet && <WalletPayment wallet={instructions.data.wallet} amount={amount} />}
      {instructions.isSuccess &&
        !instructions.data.wallet &&
        (booking.paymentMethod === 'wechat_pay' || booking.paymentMethod === 'alipay') && (
          <p role="alert" className="mt-3">
            {t('success.walletUnavailable')}
          </p>
        )}
      {instructions.data?.promptpay?.viaGateway || instructions.data?.wallet ? (
        // Paid through the gateway: its webhook confirms the booking, and this page follows by itself.
        <p className="mt-4 text-slate-800">{t('success.confirmsItself')}</p>
      ) : booking.canUploadSlip || booking.slipUploaded ? (
        <div className="mt-5">
          <h3 className="mb-2 font-semibold">{t('slip.title')}</h3>
          {booking.canUploadSlip ? (
            <SlipUpload booking={booking} />
          ) : (
            <p role="status">{t('history.slipPending')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

/**
 * What a cancellation left, from the booking's own figures and the server's rule (decision 3503):
 * the fee it kept, and what was paid minus that fee going back the way it was paid. A company
 * account was never charged: its monthly invoice bills the fee, if any.
 */
function CancelOutcome({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const fee = b.cancellationFee ?? 0;
  const refund = Math.max(b.total - fee, 0);
  const text =
    b.paymentMethod === 'company_account'
      ? fee > 0
        ? t('success.cancelledCompanyFee', { fee: f.baht(fee) })
        : t('success.cancelledNothing')
      : !b.paid
        ? t('success.cancelledNothing')
        : refund === 0
          ? t('success.cancelledFeeOnly', { fee: f.baht(fee) })
          : fee === 0
            ? t('success.cancelledRefund', { refund: f.baht(refund) })
            : t('success.cancelledFeeRefund', { fee: f.baht(fee), refund: f.baht(refund) });
  return (
    <p className="mt-1 text-slate-800" data-testid="cancel-outcome">
      {text}
    </p>
  );
}

/** The phone's share sheet, else the link copied, and a word that it was. */
function CopyLinkButton(link: { title: string; text: string; url: string }) {
  const { t } = useTranslation('booking');
  const [copied, setCopied] = useState(false);
  const share = async () => {
    if ((await shareLink(link)) !== 'copied') return;
    setCopied(true);
    setTimeout(() => setCopied(false), 4000);
  };
  return (
    <>
      <button type="button" className="btn-outline" onClick={() => void share()}>
        <Link2 aria-hidden="true" size={18} /> {t('success.shareCopy')}
      </button>
      <p role="status" className="basis-full text-sm text-green-800">
        {copied ? t('success.linkCopied') : ''}
      </p>
    </>
  );
}

/** The receipt (once paid; a company account's month has its own invoice), print, and the ways on. */
function BookingActions({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const [receiptError, setReceiptError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2 print:hidden">
      {/* A company account's booking has no receipt: nothing was paid; its monthly invoice is the document. */}
      {b.paid && b.paymentMethod !== 'company_account' && (
        <button
          type="button"
          className="btn-primary"
          onClick={() => downloadReceipt(b).catch((e: Error) => setReceiptError(e.message))}
        >
          <Download aria-hidden="true" size={18} /> {t('success.receipt')}
        </button>
      )}
      {receiptError && (
        <p role="alert" className="field-error">
          {receiptError}
        </p>
      )}
      <button type="button" className="btn-outline" onClick={() => window.print()}>
        <Printer aria-hidden="true" size={18} /> {t('success.print')}
      </button>
      <Link to="/" className="btn-outline">
        <Home aria-hidden="true" size={18} /> {t('success.home')}
      </Link>
      <Link to="/cars" className="btn-action">
        <Car aria-hidden="true" size={18} /> {t('success.bookMore')}
      </Link>
    </div>
  );
}

/** Sharing a live booking with the people travelling: WhatsApp, LINE, Messenger (when set up), mail, a link. */
function ShareBooking({
  booking: b,
  url,
  shareText,
  messenger,
}: {
  booking: Booking;
  url: string;
  shareText: string;
  messenger: string | null | undefined;
}) {
  const { t } = useTranslation('booking');
  return (
    <section aria-labelledby="share-title" className="print:hidden">
      <h2 id="share-title" className="mb-2 font-semibold">
        {t('success.share')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <a
          className="btn-outline"
          target="_blank"
          rel="noopener noreferrer"
          href={`https://wa.me/?text=${encodeURIComponent(`${shareText} ${url}`)}`}
        >
          <MessageCircle aria-hidden="true" size={18} /> {t('success.shareWhatsapp')}
        </a>
        <a
          className="btn-outline"
          target="_blank"
          rel="noopener noreferrer"
          href={lineShareUrl(`${shareText} ${url}`)}
        >
          <Send aria-hidden="true" size={18} /> {t('success.shareLine')}
        </a>
        {messenger && (
          <a className="btn-outline" target="_blank" rel="noopener noreferrer" href={messenger}>
            <MessagesSquare aria-hidden="true" size={18} /> {t('success.shareMessenger')}
          </a>
        )}
        <a
          className="btn-outline"
          href={`mailto:?subject=${encodeURIComponent(b.bookingNumber)}&body=${encodeURIComponent(`${shareText}\n${url}`)}`}
        >
          <Mail aria-hidden="true" size={18} /> {t('success.shareEmail')}
        </a>
        <CopyLinkButton title={b.bookingNumber} text={shareText} url={url} />
      </div>
    </section>
  );
}

/** A one-way rental's return branch and its counter's place (decision 3611). */
function ReturnRows({ b }: { b: Booking }) {
  const { t } = useTranslation('booking');
  return (
    <>
      <dt className="text-slate-600">{t('details.returnTo')}</dt>
      <dd data-testid="return-branch">{b.returnBranchName}</dd>
      <PlaceRow
        label={t('details.returnCounter')}
        place={b.collection ? null : b.returnCounterPlace}
        testId="return-counter-place"
      />
    </>
  );
}

/** A counter's place as a row of the booking's details (decision 3611); nothing when there is none. */
function PlaceRow({ label, place, testId }: { label: string; place: string | null; testId: string }) {
  if (!place) return null;
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd data-testid={testId}>{place}</dd>
    </>
  );
}

function BookingSuccess() {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const [params] = useSearchParams();
  const number = params.get('booking') ?? '';
  const queryClient = useQueryClient();
  // The site's Facebook app id, if any: Messenger's share on a computer needs it.
  const authConfig = useAuthConfig();
  const query = useQuery({
    queryKey: ['bookings', 'one', number, f.lang],
    queryFn: () => fetchBooking(number),
    enabled: /^[A-Za-z0-9-]{3,40}$/.test(number),
    retry: false,
    // A PromptPay, wallet or 3-D Secure card payment is confirmed by the gateway (or staff) while the
    // customer pays: the page asks again every few seconds, so it turns to "paid" without a reload.
    refetchInterval: (q) =>
      q.state.data?.status === 'awaiting_payment' &&
      (q.state.data.paymentChecking ||
        ['promptpay', 'wechat_pay', 'alipay'].includes(q.state.data.paymentMethod))
        ? 4000
        : false,
  });
  const b0 = query.data;
  // Back from the bank's page (3-D Secure) or Alipay's: the gateway is asked once, at once, rather
  // than waiting for its webhook.
  const backFromGateway =
    b0?.status === 'awaiting_payment' && (b0.paymentChecking || b0.paymentMethod === 'alipay') ? b0.id : null;
  const checked = useRef<number | null>(null);
  const lang = f.lang;
  useEffect(() => {
    if (backFromGateway === null || checked.current === backFromGateway) return;
    checked.current = backFromGateway;
    checkPayment(backFromGateway)
      .then((fresh) => queryClient.setQueryData(['bookings', 'one', number, lang], fresh))
      .catch(() => undefined);
  }, [backFromGateway, queryClient, number, lang]);
  // A card waiting for the bank's approval: the bank's page, again (the customer left it before approving).
  const approval = useQuery({
    queryKey: ['payment-instructions', b0?.id, f.lang],
    queryFn: () => fetchPaymentInstructions(b0!.id),
    enabled: b0?.status === 'awaiting_payment' && b0.paymentMethod === 'card' && b0.paymentChecking,
  });
  const bankPage = approval.data?.card?.authorizeUri;
  usePageMeta(t('success.metaTitle'));
  if (!number || query.isError)
    return (
      <div className="container-page py-12 text-center">
        <p role="alert">{t('success.notFound')}</p>
        <Link to="/my-bookings" className="btn-outline mt-4">
          {t('history.title')}
        </Link>
      </div>
    );
  if (query.isPending) return <div className="container-page min-h-[60vh] py-12" aria-busy="true" />;
  const b = query.data;
  const cancelled = b.status === 'cancelled';
  // The card was refused: waiting to be paid again (the car held), or ended so (decision 3530).
  const refused = b.paymentRefusal ?? (b.status === 'payment_failed' ? cardRefusal(b.cancelReason) : null);
  // Sharing and the booking's rules are for a booking that still holds its car; the review hint is
  // for one not picked up yet (reviews open once the car is picked up).
  // A booking whose card was refused is still to be paid: nothing to share, no review to look forward to.
  const live = holdingStatuses.includes(b.status) && !b.paymentRefusal;
  const beforePickup = (b.status === 'awaiting_payment' && !b.paymentRefusal) || b.status === 'confirmed';
  const url = `${window.location.origin}/booking-success?booking=${encodeURIComponent(b.bookingNumber)}`;
  const messenger = messengerShareUrl(url, authConfig.data?.facebook?.appId);
  const shareText = t('success.shareText', {
    number: b.bookingNumber,
    car: b.carName,
    from: f.date(b.pickupDate),
    to: f.date(b.returnDate),
  });
  return (
    <div className="container-page py-8">
      <div className="flex items-start gap-3">
        {cancelled || refused ? (
          <XCircle aria-hidden="true" className="mt-1 shrink-0 text-red-700" size={36} />
        ) : (
          <CheckCircle2 aria-hidden="true" className="mt-1 shrink-0 text-green-700" size={36} />
        )}
        {/* Announced when a payment confirmed elsewhere (the gateway, staff) turns the page to "paid". */}
        <div aria-live="polite">
          <h1 className="text-3xl font-semibold">
            {cancelled
              ? t('success.titleCancelled')
              : b.paid
                ? t('success.titlePaid')
                : refused
                  ? t('success.titleFailed')
                  : b.paymentChecking
                    ? t('success.titleChecking')
                    : t('success.title')}
          </h1>
          {cancelled ? (
            <CancelOutcome booking={b} />
          ) : (
            <p className="mt-1 text-slate-700">
              {refused ? (
                <>
                  <span role="alert">{t(`cardErrors.${refused}`)}</span>
                  {b.status === 'payment_failed' && <> {t('success.failedEnded')}</>}
                </>
              ) : bankPage ? (
                t('success.approvingText')
              ) : b.paymentChecking ? (
                t('success.checkingText')
              ) : (
                t('success.emailSent')
              )}
            </p>
          )}
          {bankPage && b.paymentChecking && (
            <a className="btn-action mt-3" href={bankPage}>
              {t('success.approveAtBank')}
            </a>
          )}
          {b.status === 'payment_failed' && (
            <Link to={`/cars/${b.carModelId}`} className="btn-action mt-3">
              {t('success.tryAgain')}
            </Link>
          )}
        </div>
      </div>
      <p className="mt-6 text-lg">
        {t('success.number')}:{' '}
        <strong className="font-mono text-2xl" data-testid="booking-number">
          {b.bookingNumber}
        </strong>{' '}
        <StatusBadge status={b.status} />
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section
            aria-labelledby="details-title"
            className="rounded-xl border border-slate-200 bg-white p-5"
          >
            <h2 id="details-title" className="text-xl font-semibold text-brand-800">
              {b.carName}
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 wrap-anywhere">
              <dt className="text-slate-600">{t('details.branch')}</dt>
              <dd>{b.branchName}</dd>
              <PlaceRow
                label={t('details.counter')}
                place={b.delivery ? null : b.counterPlace}
                testId="counter-place"
              />
              <dt className="text-slate-600">{t('details.pickup')}</dt>
              <dd>
                {f.date(b.pickupDate)} {b.pickupTime}
              </dd>
              <dt className="text-slate-600">{t('details.return')}</dt>
              <dd>
                {f.date(b.returnDate)} {b.returnTime}
              </dd>
              <dt className="text-slate-600">{t('details.driver')}</dt>
              <dd>
                {personName(b.driver.firstName, b.driver.lastName)} · {b.driver.phone} · {b.driver.email}
              </dd>
              {b.returnBranchCode !== b.branchCode && <ReturnRows b={b} />}
              {b.flightNumber && (
                <>
                  <dt className="text-slate-600">{t('details.arrivingFlight')}</dt>
                  <dd data-testid="flight-number">{b.flightNumber}</dd>
                </>
              )}
              {(['delivery', 'collection'] as const).map(
                (leg) =>
                  b[leg] && (
                    <Fragment key={leg}>
                      <dt className="text-slate-600">{t(`details.${leg}`)}</dt>
                      <dd>
                        {b[leg].zoneName} ·{' '}
                        {b[leg].kind === 'flight'
                          ? t('details.flight', { flight: b[leg].flightNumber })
                          : b[leg].address}
                      </dd>
                    </Fragment>
                  ),
              )}
              {b.drivers.length > 1 && (
                <>
                  <dt className="text-slate-600">{t('details.drivers')}</dt>
                  <dd>{b.drivers.map((d) => personName(d.firstName, d.lastName)).join(', ')}</dd>
                </>
              )}
              <dt className="text-slate-600">{t('details.addons')}</dt>
              <dd>{b.addons.length ? b.addons.map(addonLabel).join(', ') : t('details.noAddons')}</dd>
              <dt className="text-slate-600">{t('details.payment')}</dt>
              <dd>
                {t(`methods.${b.paymentMethod}`)}
                {b.payment?.cardLast4 ? ` · ${b.payment.cardBrand ?? ''} •••• ${b.payment.cardLast4}` : ''}
              </dd>
            </dl>
            {live && (
              <ul className="mt-4 list-disc pl-5 text-sm text-slate-700">
                <li>{t('rules.times')}</li>
                <li>{t('rules.cancellation')}</li>
                <li>{t('rules.dateChange')}</li>
                <li>{t('rules.lateReturn')}</li>
              </ul>
            )}
          </section>
          {b.status === 'awaiting_payment' && b.paymentRefusal && <PayAgain booking={b} />}
          {b.status === 'awaiting_payment' && b.paymentMethod !== 'card' && <PaymentBox booking={b} />}
        </div>
        <aside className="space-y-4">
          <section
            className="rounded-xl border border-slate-200 bg-sand-50 p-5"
            aria-label={t('summary.priceTitle')}
          >
            <PriceBreakdown price={{ ...b, promoCode: b.promoCode }} />
            {!['cancelled', 'expired', 'payment_failed'].includes(b.status) && (
              <DepositNote deposit={b.deposit} />
            )}
          </section>
          {b.taxInvoice?.monthly && (
            <p className="text-slate-800" data-testid="on-monthly-invoice">
              {t('history.onMonthlyInvoice', { company: b.taxInvoice.companyName })}
            </p>
          )}
          <BookingActions booking={b} />
          {/* Reviews open once the car is picked up (the booking is active), so say when. */}
          {beforePickup && (
            <p className="flex items-start gap-2 text-slate-800 print:hidden" data-testid="review-later">
              <Star aria-hidden="true" size={18} className="mt-1 shrink-0 text-action-600" />
              <span>
                <Trans
                  t={t}
                  i18nKey="success.reviewLater"
                  values={{ date: f.date(b.pickupDate) }}
                  components={{
                    bookings: <Link to="/my-bookings" className="font-semibold text-brand-700 underline" />,
                  }}
                />
              </span>
            </p>
          )}
          {live && <ShareBooking booking={b} url={url} shareText={shareText} messenger={messenger} />}
        </aside>
      </div>
    </div>
  );
}

export function BookingSuccessPage() {
  return (
    <RequireSignIn>
      <BookingSuccess />
    </RequireSignIn>
  );
}

export const Component = BookingSuccessPage;
