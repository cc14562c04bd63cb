import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import type { AdminBookingDetail, AdminSlip } from '@siam/contract/admin-bookings';
import type { Booking } from '@siam/contract/bookings';
import { businessRules } from '@siam/contract/business-rules';
import { countryName } from '../../../lib/country-names';
import { openPrivateFile, usePrivateFileUrl } from '../../../lib/private-files';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
import {
  Card,
  Checkbox,
  ErrorNote,
  Field,
  Loading,
  PageTitle,
  SavedNote,
  SelectField,
  useFormats,
} from '../admin-ui';
import { StatusBadge, satang } from '../bookings/booking-format';
import { HandOverCard } from '../bookings/hand-over';
import { fetchGateway } from '../../bookings/booking-api';
const HandOverView = lazy(() => import('../../bookings/hand-over-view'));

/** Shows a private file (a slip, a licence picture) fetched with the staff member's token. */
function PrivateFile({ path, alt, pdf = false }: { path: string; alt: string; pdf?: boolean }) {
  const { t } = useTranslation('admin');
  const { url, failed } = usePrivateFileUrl(`/admin${path}`);
  if (failed) return <p role="alert">{t('errorGeneric')}</p>;
  if (!url) return <Loading />;
  return pdf ? (
    <a href={url} target="_blank" rel="noreferrer" className="underline">
      {t('booking.openPdf')}
    </a>
  ) : (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={alt} className="max-h-96 rounded border" />
    </a>
  );
}

/**
 * The company a full tax invoice is made out to, its number once issued, and a button that fetches it
 * (issuing it the first time, once the booking is paid): never fetched just by opening the page.
 */
function TaxInvoiceView({
  booking,
}: {
  booking: { id: number; taxInvoice: NonNullable<Booking['taxInvoice']> };
}) {
  const { t } = useTranslation('admin');
  const [error, setError] = useState(false);
  const inv = booking.taxInvoice;
  const open = async (path = 'tax-invoice') => {
    setError(false);
    await openPrivateFile(`/admin/bookings/${booking.id}/${path}`).catch(() => setError(true));
  };
  return (
    <div data-testid="tax-invoice">
      <p>
        {inv.companyName} · {inv.taxId} · {inv.branch === '00000' ? t('booking.headOffice') : inv.branch}
      </p>
      {inv.monthly ? (
        // A company account's booking: on the company's monthly invoice (its page in Company accounts).
        <p>
          {inv.number
            ? t('booking.onMonthlyInvoiceNumber', { number: inv.number })
            : t('booking.onMonthlyInvoice')}
        </p>
      ) : (
        inv.number && <p>{t('booking.taxInvoiceNumber', { number: inv.number })}</p>
      )}
      {inv.monthly ? null : inv.ready || inv.number ? (
        <button type="button" className="btn-outline mt-1" onClick={() => void open()}>
          {t('booking.openTaxInvoice')}
        </button>
      ) : (
        <p className="text-slate-600">{t('booking.taxInvoiceWhenPaid')}</p>
      )}
      {inv.notes.map((note) => (
        <button
          key={note.number}
          type="button"
          className="btn-outline mt-1 block"
          onClick={() => void open(`tax-notes/${note.number}`)}
        >
          {t(note.kind === 'credit' ? 'booking.openCreditNote' : 'booking.openDebitNote', {
            number: note.number,
          })}
        </button>
      ))}
      {error && <p role="alert">{t('errorGeneric')}</p>}
    </div>
  );
}

function SlipView({ bookingId, slip }: { bookingId: number; slip: AdminSlip }) {
  const { t } = useTranslation('admin');
  return (
    <PrivateFile
      path={`/bookings/${bookingId}/slips/${slip.id}`}
      alt={t('booking.slipAlt', { id: slip.id })}
      pdf={slip.contentType === 'application/pdf'}
    />
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 border-b border-slate-100 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="col-span-2">{children}</dd>
    </div>
  );
}

/** A booking's page: details, payments, slips, history, and what staff can do with it now. */
export function BookingPage({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const { date, dateTime, money, lng } = useFormats();
  const query = useAdminQuery<AdminBookingDetail>(`/bookings/${id}`);
  // Whether a deposit held on a card can be kept in part: the same gateway answer the booking form reads.
  const gateway = useQuery({ queryKey: ['payment-gateway'], queryFn: fetchGateway, staleTime: Infinity });
  const verify = useAdminMutation<Booking>('POST', `/bookings/${id}/verify-payment`);
  const reject = useAdminMutation<Booking, { reason: string }>('POST', `/bookings/${id}/reject-slip`);
  const pickUp = useAdminMutation<Booking, { unitId?: number }>('POST', `/bookings/${id}/pick-up`);
  const giveBack = useAdminMutation<Booking>('POST', `/bookings/${id}/return`);
  const cancel = useAdminMutation<Booking, { reason: string; applyFee: boolean }>(
    'POST',
    `/bookings/${id}/cancel`,
  );
  const deposit = useAdminMutation<
    Booking,
    { action: 'take'; method: 'cash' | 'card' } | { action: 'release'; kept: number; reason?: string }
  >('POST', `/bookings/${id}/deposit`);
  const [kept, setKept] = useState('0');
  const [keptReason, setKeptReason] = useState('');
  const [rejectReason, setRejectReason] = useState('');
  const [cancelReason, setCancelReason] = useState('');
  const [applyFee, setApplyFee] = useState(false);
  const [unitId, setUnitId] = useState('');
  const [done, setDone] = useState('');

  const data = query.data;
  if (query.isPending) return <Loading />;
  if (!data) return <ErrorNote error={query.error} />;
  const b = data.booking;
  const pendingSlip = data.slips.some((s) => s.status === 'pending');
  const after = (message: string) => () => setDone(message);

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    reject.mutate({ reason: rejectReason }, { onSuccess: after(t('booking.rejected')) });
  };
  const submitCancel = (e: FormEvent) => {
    e.preventDefault();
    cancel.mutate({ reason: cancelReason, applyFee }, { onSuccess: after(t('booking.cancelled')) });
  };
  const submitRelease = (e: FormEvent) => {
    e.preventDefault();
    deposit.mutate(
      { action: 'release', kept: Number(kept || 0), reason: keptReason.trim() || undefined },
      { onSuccess: after(t('booking.deposit.releasedDone')) },
    );
  };
  const submitPickUp = (e: FormEvent) => {
    e.preventDefault();
    pickUp.mutate(unitId ? { unitId: Number(unitId) } : {}, { onSuccess: after(t('booking.pickedUp')) });
  };

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
        <Card title={t('booking.details')}>
          <dl>
            <Row label={t('bookings.car')}>
              {b.carName}
              {data.unit && <> · {data.unit.plate}</>}
            </Row>
            <Row label={t('today.branch')}>{b.branchName}</Row>
            <Row label={t('bookings.dates')}>
              {date(b.pickupDate)} {b.pickupTime} – {date(b.returnDate)} {b.returnTime} (
              {t('booking.days', { count: b.days })})
            </Row>
            <Row label={t('booking.driver')}>
              {b.driver.firstName} {b.driver.lastName} · {b.driver.phone} · {b.driver.email}
            </Row>
            {b.licencePictures.length > 0 && (
              <Row label={t('booking.licencePictures')}>
                <div className="flex flex-wrap gap-2">
                  {b.licencePictures.map((p, i) => (
                    <PrivateFile
                      key={p.id}
                      path={`/bookings/${b.id}/licence-pictures/${p.id}`}
                      alt={t('booking.licencePictureAlt', { n: i + 1 })}
                    />
                  ))}
                </div>
              </Row>
            )}
            {b.taxInvoice && (
              <Row label={t('booking.taxInvoice')}>
                <TaxInvoiceView booking={{ id: b.id, taxInvoice: b.taxInvoice }} />
              </Row>
            )}
            {b.returnBranchCode !== b.branchCode && (
              <Row label={t('booking.returnTo')}>{b.returnBranchName}</Row>
            )}
            {(['delivery', 'collection'] as const).map(
              (leg) =>
                b[leg] && (
                  <Row key={leg} label={t(`booking.${leg}`)}>
                    {b[leg].zoneName} ·{' '}
                    {b[leg].kind === 'flight'
                      ? t('booking.flight', { flight: b[leg].flightNumber })
                      : `${t(`booking.kinds.${b[leg].kind}`)}: ${b[leg].address}`}
                  </Row>
                ),
            )}
            {b.drivers.map((d, i) => (
              <Row key={i} label={t('booking.driverN', { n: i + 1 })}>
                {d.firstName} {d.lastName} · {t('booking.born', { date: date(d.birthDate) })}
                <br />
                {t('booking.licence', {
                  number: d.licenceNumber,
                  country: countryName(d.licenceCountry, lng),
                  issued: date(d.licenceIssued),
                  expiry: date(d.licenceExpiry),
                })}
                {d.internationalPermit && <> · {t('booking.permit')}</>}
              </Row>
            ))}
            {data.customerAccountEmail && <Row label={t('booking.account')}>{data.customerAccountEmail}</Row>}
            <Row label={t('booking.method')}>{t(`booking.methods.${b.paymentMethod}`)}</Row>
            <Row label={t('bookings.total')}>
              {satang(money, b.total)} ({t('booking.vatIncluded')})
            </Row>
            {b.promoCode && <Row label={t('booking.promo')}>{b.promoCode}</Row>}
            {b.cancelReason && <Row label={t('booking.cancelReason')}>{b.cancelReason}</Row>}
            {b.status === 'cancelled' && b.cancellationFee !== null && (
              <Row label={t('booking.fee')}>{satang(money, b.cancellationFee)}</Row>
            )}
          </dl>
        </Card>

        <Card title={t('booking.actions')}>
          <div className="space-y-4">
            {b.status === 'awaiting_payment' && (
              <div>
                <button
                  type="button"
                  className="btn-primary"
                  disabled={verify.isPending}
                  onClick={() => verify.mutate(undefined, { onSuccess: after(t('booking.verified')) })}
                >
                  {t('booking.verify')}
                </button>
                <ErrorNote error={verify.error} />
              </div>
            )}
            {b.status === 'awaiting_payment' && pendingSlip && (
              <form onSubmit={submitReject} noValidate className="space-y-2">
                <Field
                  label={t('booking.rejectReason')}
                  value={rejectReason}
                  onChange={(e) => setRejectReason(e.target.value)}
                  error={fieldErrors(reject.error).reason}
                />
                <button type="submit" className="btn-outline" disabled={reject.isPending}>
                  {t('booking.reject')}
                </button>
                <ErrorNote error={reject.error} />
              </form>
            )}
            {b.status === 'confirmed' && (
              <form onSubmit={submitPickUp} className="space-y-2">
                <SelectField
                  label={t('booking.unit')}
                  value={unitId}
                  onChange={(e) => setUnitId(e.target.value)}
                >
                  {data.freeUnits.map((u) => (
                    <option key={u.id} value={u.current ? '' : String(u.id)}>
                      {u.plate}
                      {u.current ? ` (${t('booking.currentUnit')})` : ''}
                    </option>
                  ))}
                </SelectField>
                <button type="submit" className="btn-primary" disabled={pickUp.isPending}>
                  {t('booking.pickUp')}
                </button>
                <ErrorNote error={pickUp.error} />
              </form>
            )}
            {b.status === 'active' && (
              <div>
                <button
                  type="button"
                  className="btn-primary"
                  disabled={giveBack.isPending}
                  onClick={() => giveBack.mutate(undefined, { onSuccess: after(t('booking.returned')) })}
                >
                  {t('booking.markReturned')}
                </button>
                <ErrorNote error={giveBack.error} />
              </div>
            )}
            {(b.status === 'awaiting_payment' || b.status === 'confirmed') && (
              <form onSubmit={submitCancel} noValidate className="space-y-2 border-t border-slate-200 pt-3">
                <Field
                  label={t('booking.cancelReason')}
                  value={cancelReason}
                  onChange={(e) => setCancelReason(e.target.value)}
                  error={fieldErrors(cancel.error).reason}
                />
                <Checkbox label={t('booking.applyFee')} checked={applyFee} onChange={setApplyFee} />
                <p className="text-sm text-slate-600">{t('booking.feeRule')}</p>
                <button type="submit" className="btn-outline" disabled={cancel.isPending}>
                  {t('booking.cancel')}
                </button>
                <ErrorNote error={cancel.error} />
              </form>
            )}
            {!['awaiting_payment', 'confirmed', 'active'].includes(b.status) && (
              <p className="text-slate-600">{t('booking.nothingToDo')}</p>
            )}
          </div>
        </Card>

        <HandOverCard booking={b}>
          <Suspense fallback={<Loading />}>
            <HandOverView booking={b} staff />
          </Suspense>
        </HandOverCard>

        <Card title={t('booking.deposit.title')}>
          <p data-testid="deposit-state">
            {t(`booking.deposit.state.${b.deposit.state}`, {
              amount: satang(money, b.deposit.amount),
              kept: satang(money, b.deposit.kept),
              method: b.deposit.method ? t(`booking.deposit.methods.${b.deposit.method}`) : '',
            })}
            {b.deposit.keptReason && <> ({b.deposit.keptReason})</>}
          </p>
          {b.deposit.state === 'due' &&
            ['confirmed', 'active'].includes(b.status) &&
            b.deposit.amount > 0 && (
              <div className="mt-3 flex flex-wrap gap-2">
                {(['cash', 'card'] as const).map((method) => (
                  <button
                    key={method}
                    type="button"
                    className="btn-outline"
                    disabled={deposit.isPending}
                    onClick={() =>
                      deposit.mutate(
                        { action: 'take', method },
                        { onSuccess: after(t('booking.deposit.takenDone')) },
                      )
                    }
                  >
                    {t(`booking.deposit.take.${method}`)}
                  </button>
                ))}
              </div>
            )}
          {b.deposit.state === 'held' && ['active', 'completed'].includes(b.status) && (
            <form onSubmit={submitRelease} noValidate className="mt-3 space-y-2">
              {b.deposit.method === 'card' && gateway.data?.partialCapture === false && (
                <p data-testid="deposit-whole-only">{t('booking.deposit.wholeOnly')}</p>
              )}
              <Field
                label={t('booking.deposit.kept')}
                type="number"
                inputMode="numeric"
                min={0}
                step="1"
                value={kept}
                onChange={(e) => setKept(e.target.value)}
                error={fieldErrors(deposit.error).kept}
              />
              <Field
                label={t('booking.deposit.reason')}
                value={keptReason}
                onChange={(e) => setKeptReason(e.target.value)}
                error={fieldErrors(deposit.error).reason}
              />
              <button type="submit" className="btn-primary" disabled={deposit.isPending}>
                {t('booking.deposit.release')}
              </button>
            </form>
          )}
          <ErrorNote error={deposit.error} />
        </Card>

        <Card title={t('booking.slips')}>
          {data.slips.length === 0 ? (
            <p className="text-slate-600">{t('booking.noSlips')}</p>
          ) : (
            <ul className="space-y-4">
              {data.slips.map((s) => (
                <li key={s.id}>
                  <p className="mb-1">
                    {dateTime(s.createdAt)} · {t(`booking.slipStatus.${s.status}`)}
                    {s.rejectReason && <> · {s.rejectReason}</>}
                  </p>
                  {s.check && (
                    <p
                      className={`mb-1 text-sm ${s.check === 'verified' ? 'text-green-800' : 'text-amber-900'}`}
                    >
                      {t('booking.slipCheck.title')}: {t(`booking.slipCheck.${s.check}`)}
                      {s.slipAmount !== null && s.slipPaidAt && (
                        <>
                          {' '}
                          ·{' '}
                          {t('booking.slipCheck.bank', {
                            amount: satang(money, s.slipAmount),
                            at: dateTime(s.slipPaidAt),
                          })}
                        </>
                      )}
                    </p>
                  )}
                  {s.status === 'pending' && s.standing && s.standing !== 'bank_confirmed' && (
                    <p className="mb-1 text-sm font-semibold text-red-800" data-testid="slip-standing">
                      {t(`booking.slipStanding.${s.standing}`, {
                        hours: businessRules.uncheckedSlipHoldHours,
                      })}
                    </p>
                  )}
                  <SlipView bookingId={b.id} slip={s} />
                </li>
              ))}
            </ul>
          )}
        </Card>

        {data.gatewayCharges.length > 0 && (
          <Card title={t('booking.gatewayTitle')}>
            <ul className="space-y-1">
              {data.gatewayCharges.map((c) => (
                <li key={c.reference}>
                  <span className="font-mono">{c.reference}</span> · {satang(money, c.amount)} · {c.status} ·{' '}
                  {dateTime(c.createdAt)}
                </li>
              ))}
            </ul>
            {data.gatewayEvents.length > 0 && (
              <>
                <h3 className="mt-3 font-semibold">{t('booking.gatewayEvents')}</h3>
                <ul className="space-y-1 text-sm">
                  {data.gatewayEvents.map((e) => (
                    <li key={e.id}>
                      {dateTime(e.receivedAt)} · {e.kind} · <span className="font-mono">{e.id}</span> ·{' '}
                      {t(`paymentChecks.outcome.${e.outcome}`, { defaultValue: e.outcome })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Card>
        )}

        <Card title={t('booking.payments')}>
          {data.payments.length === 0 ? (
            <p className="text-slate-600">{t('booking.noPayments')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.payments.map((p) => (
                <li key={p.id} className="py-1">
                  {dateTime(p.createdAt)} · {t(`booking.paymentKind.${p.kind}`)} ·{' '}
                  {t(`booking.methods.${p.method}`)} · {satang(money, p.amount)} · {p.status}
                  {p.reference && <span className="text-slate-600"> · {p.reference}</span>}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={t('booking.history')} className="lg:col-span-2">
          <ol className="divide-y divide-slate-100">
            <li className="py-1">
              {dateTime(b.createdAt)} · {t('booking.made')}
            </li>
            {[...data.history].reverse().map((h) => {
              const before = (h.before ?? {}) as { status?: string };
              const afterState = (h.after ?? {}) as { status?: string; reason?: string };
              return (
                <li key={h.id} className="py-1">
                  {dateTime(h.createdAt)} ·{' '}
                  {t(`booking.actionsLog.${h.action.replace('.', '_')}`, { defaultValue: h.action })} ·{' '}
                  {h.actorEmail}
                  {before.status && afterState.status && before.status !== afterState.status && (
                    <span className="text-slate-600">
                      {' '}
                      · {t(`bookings.status.${before.status}`)} → {t(`bookings.status.${afterState.status}`)}
                    </span>
                  )}
                  {afterState.reason && <span className="text-slate-600"> · {afterState.reason}</span>}
                </li>
              );
            })}
          </ol>
        </Card>
      </div>
    </>
  );
}
